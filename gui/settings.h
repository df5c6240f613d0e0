// Settings the GUI remembers between runs (presenter mode, the last view, the grid's size
// and speed), kept as `key = value` lines in $XDG_CONFIG_HOME/tensorplay/gui.conf beside
// ImGui's own imgui.ini (window layout).
#pragma once

#include <string>

namespace tp::gui {

struct Settings {
  bool presenter = false;
  std::string view = "grid";  // grid, timings, memory, console, devices, lesson
  int grid_n = 16;
  float speed = 1.0f;
};

// The folder settings live in (created on save): $XDG_CONFIG_HOME/tensorplay, else
// ~/.config/tensorplay; "" when neither is known.
std::string config_dir();

// Parses `key = value` lines; unknown keys and bad values are ignored (defaults stay).
Settings parse_settings(const std::string& text);
std::string format_settings(const Settings& s);

Settings load_settings(const std::string& path);
bool save_settings(const Settings& s, const std::string& path);

}  // namespace tp::gui
