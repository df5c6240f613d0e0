// tensorplay-gui's command line: presenter mode, the scripted screenshot and frame-time
// runs used by tests and instructors, the start view and grid, lessons and the presenter's
// demo, and the device flags.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/device_registry.h"

namespace tp::gui {

struct GuiOptions {
  bool help = false;
  bool present = false;             // --present
  std::string screenshot;           // --screenshot FILE: PNG after --frames frames, then exit
  int frames = 0;                   // --frames N (default 3 with --screenshot)
  std::string view;                 // --view NAME
  std::vector<std::string> exec;    // --exec CODE (repeatable), run in the console at start
  int bench_frames = 0;             // --bench-frames N: 64x64 grid animating, prints median
  int width = 1280, height = 800;   // --size WxH
  std::string dump_layout;          // --dump-layout FILE: where the grid and Play button are
  std::string signal_shots;         // --signal-screenshots PREFIX: SIGUSR1 writes PREFIX-k.png
  int grid_n = 0;                   // --grid-n N (0: remembered setting)
  std::string mode;                 // --mode cpu|gpu
  std::string kernel;               // --kernel naive|coalesced|tiled
  bool play = false;                // --play: start the grid animation
  bool no_config = false;           // --no-config: neither read nor write settings
  std::string bench_file;           // --bench-file FILE: load recorded benchmark results
  std::string record_bench;         // --record-bench FILE: run the benchmark, save, exit (no window)
  bool bench_large = false;         // --bench-4096: the benchmark goes up to 4096
  std::string lessons_dir;          // --lessons DIR: more lessons (an instructor's own)
  int lesson = 0;                   // --lesson N: open lesson N at start (0: none)
  int demo = 0;                     // --demo N: play lesson N as a presenter's scripted demo
  DeviceConfig devices;
};

// Parses argv (without the program name); nullopt with `error` for a bad flag.
std::optional<GuiOptions> parse_gui_options(const std::vector<std::string>& args, std::string& error);

std::string gui_usage();

}  // namespace tp::gui
