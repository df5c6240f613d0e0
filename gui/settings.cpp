// Reading and writing gui.conf.
#include "gui/settings.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace tp::gui {

std::string config_dir() {
  if (const char* x = std::getenv("XDG_CONFIG_HOME"); x && *x) return std::string(x) + "/tensorplay";
  if (const char* h = std::getenv("HOME"); h && *h) return std::string(h) + "/.config/tensorplay";
  return "";
}

static std::string trim(const std::string& s) {
  size_t a = s.find_first_not_of(" \t\r"), b = s.find_last_not_of(" \t\r");
  return a == std::string::npos ? "" : s.substr(a, b - a + 1);
}

Settings parse_settings(const std::string& text) {
  Settings s;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    size_t eq = line.find('=');
    if (line.empty() || line[0] == '#' || eq == std::string::npos) continue;
    const std::string key = trim(line.substr(0, eq)), value = trim(line.substr(eq + 1));
    try {
      if (key == "presenter") s.presenter = value == "true" || value == "1";
      if (key == "view") s.view = value;
      if (key == "grid_n") s.grid_n = std::clamp(std::stoi(value), 2, 64);
      if (key == "speed") s.speed = std::clamp(std::stof(value), 0.01f, 100.0f);
    } catch (const std::exception&) {  // a bad number keeps the default
    }
  }
  return s;
}

std::string format_settings(const Settings& s) {
  std::ostringstream o;
  o << "# tensorplay-gui settings\n";
  o << "presenter = " << (s.presenter ? "true" : "false") << "\n";
  o << "view = " << s.view << "\n";
  o << "grid_n = " << s.grid_n << "\n";
  o << "speed = " << s.speed << "\n";
  return o.str();
}

Settings load_settings(const std::string& path) {
  std::ifstream in(path);
  if (!in) return Settings{};
  std::ostringstream ss;
  ss << in.rdbuf();
  return parse_settings(ss.str());
}

bool save_settings(const Settings& s, const std::string& path) {
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  std::ofstream out(path);
  if (!out) return false;
  out << format_settings(s);
  return bool(out);
}

}  // namespace tp::gui
