// Parsing tensorplay-gui's flags.
#include "gui/options.h"

#include <cstdlib>

namespace tp::gui {

std::string gui_usage() {
  return "usage: tensorplay-gui [options] [device flags]\n"
         "  --present                presenter mode: large font, high contrast\n"
         "  --view NAME              start on a view: lesson grid timings memory timeline console devices\n"
         "  --exec CODE              run CODE in the console at start (repeatable)\n"
         "  --screenshot FILE        render --frames N frames (default 3), write a PNG, exit\n"
         "  --frames N\n"
         "  --size WxH               window size (default 1280x800)\n"
         "  --grid-n N --mode cpu|gpu --kernel naive|coalesced|tiled|numba --play\n"
         "                           the thread grid's problem size, mode, kernel, and playing\n"
         "  --bench-frames N         animate a 64x64 grid for N frames, print the median frame time\n"
         "  --dump-layout FILE       write where the grid and its Play button are (for tests)\n"
         "  --signal-screenshots P   each SIGUSR1 writes P-1.png, P-2.png, ... (for tests)\n"
         "  --lessons DIR            add the lessons in DIR (an instructor's own) to the shipped ones\n"
         "  --lesson N               open lesson N beside the views (at its saved step)\n"
         "  --demo N                 presenter's demo of lesson N: each step shown, its code run,\n"
         "                           then Space/Right/PageDown next, Left/PageUp back, Esc ends\n"
         "                           (presenter mode; the presenter's own progress is not touched)\n"
         "  --no-config              do not read or write the remembered settings or lesson progress\n"
         "  --bench-file FILE        show recorded benchmark results (JSON) in the timings view\n"
         "  --record-bench FILE      run the benchmark without a window, save it as JSON, exit\n"
         "  --bench-4096             the benchmark goes up to N = 4096\n"
         "device flags: --sim-gpus N --sim --no-sim --gpu-profile NAME --sim-mps --sim-memory SIZE\n"
         "              --sim-simt --wall-clock\n"
         "keys: Space play/pause, Left/Right step, Page Up/Down lesson step, F11 full screen\n"
         "      (in a demo: Space/Right/Page Down next, Left/Page Up back, Esc end)\n";
}

std::optional<GuiOptions> parse_gui_options(const std::vector<std::string>& args, std::string& error) {
  GuiOptions o;
  o.devices = DeviceConfig::from_environment();
  std::vector<std::string> rest;
  try {
    rest = apply_device_flags(o.devices, args);
  } catch (const std::exception& e) {
    error = e.what();
    return std::nullopt;
  }
  auto number = [&](const std::string& flag, const std::string& v, int lo, int hi, int& out) {
    char* end = nullptr;
    long n = std::strtol(v.c_str(), &end, 10);
    if (v.empty() || *end != '\0' || n < lo || n > hi) {
      error = flag + " expects a number from " + std::to_string(lo) + " to " + std::to_string(hi) +
              ", got '" + v + "'";
      return false;
    }
    out = int(n);
    return true;
  };
  for (size_t i = 0; i < rest.size(); ++i) {
    const std::string& a = rest[i];
    const bool has_value = i + 1 < rest.size();
    auto value = [&]() -> std::optional<std::string> {
      if (!has_value) {
        error = a + " expects a value";
        return std::nullopt;
      }
      return rest[++i];
    };
    if (a == "-h" || a == "--help") {
      o.help = true;
    } else if (a == "--present") {
      o.present = true;
    } else if (a == "--play") {
      o.play = true;
    } else if (a == "--no-config") {
      o.no_config = true;
    } else if (a == "--bench-4096") {
      o.bench_large = true;
    } else if (a == "--screenshot" || a == "--view" || a == "--exec" || a == "--dump-layout" ||
               a == "--signal-screenshots" || a == "--mode" || a == "--kernel" || a == "--bench-file" ||
               a == "--record-bench" || a == "--lessons") {
      std::optional<std::string> v = value();
      if (!v) return std::nullopt;
      if (a == "--screenshot") o.screenshot = *v;
      if (a == "--view") o.view = *v;
      if (a == "--exec") o.exec.push_back(*v);
      if (a == "--dump-layout") o.dump_layout = *v;
      if (a == "--signal-screenshots") o.signal_shots = *v;
      if (a == "--mode") o.mode = *v;
      if (a == "--kernel") o.kernel = *v;
      if (a == "--bench-file") o.bench_file = *v;
      if (a == "--record-bench") o.record_bench = *v;
      if (a == "--lessons") o.lessons_dir = *v;
      if ((a == "--mode" && *v != "cpu" && *v != "gpu") ||
          (a == "--kernel" && *v != "naive" && *v != "coalesced" && *v != "tiled" && *v != "numba")) {
        error = a + ": unknown value '" + *v + "'";
        return std::nullopt;
      }
    } else if (a == "--frames" || a == "--bench-frames" || a == "--grid-n") {
      std::optional<std::string> v = value();
      if (!v) return std::nullopt;
      int& target = a == "--frames" ? o.frames : a == "--bench-frames" ? o.bench_frames : o.grid_n;
      if (!number(a, *v, a == "--grid-n" ? 2 : 1, a == "--grid-n" ? 64 : 1000000, target)) return std::nullopt;
    } else if (a == "--lesson" || a == "--demo") {
      std::optional<std::string> v = value();
      if (!v || !number(a, *v, 1, 999999, a == "--lesson" ? o.lesson : o.demo)) return std::nullopt;
    } else if (a == "--size") {
      std::optional<std::string> v = value();
      if (!v) return std::nullopt;
      size_t x = v->find('x');
      if (x == std::string::npos || !number(a, v->substr(0, x), 320, 8192, o.width) ||
          !number(a, v->substr(x + 1), 240, 8192, o.height)) {
        error = "--size expects WxH, e.g. 1280x800, got '" + *v + "'";
        return std::nullopt;
      }
    } else {
      error = "unknown option '" + a + "' (see --help)";
      return std::nullopt;
    }
  }
  if (o.lesson > 0 && o.demo > 0) {
    error = "--lesson and --demo both open a lesson: give one of them";
    return std::nullopt;
  }
  if (!o.screenshot.empty() && o.frames == 0) o.frames = 3;
  return o;
}

}  // namespace tp::gui
