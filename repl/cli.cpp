// Command-line parsing for tensorplay; device flags override TENSORPLAY_* variables.
#include "repl/cli.h"

#include <cstdlib>

namespace tp::cli {

std::string usage() {
  return R"(usage: tensorplay [options] [run FILE [args...] | -c CODE]

Learn where tensors live: PyTorch-style code on a CPU and a real or simulated GPU.

  tensorplay                 start the interactive prompt (or run piped input)
  tensorplay run FILE        run a script
  tensorplay -c CODE         run CODE

devices:
  --sim-gpus N               simulate N GPUs when no real GPU is used (default 1)
  --sim                      simulate GPUs even when a real one is present
  --no-sim                   no GPUs at all, like CPU-only PyTorch
  --gpu-profile NAME         the GPU a simulated device models (default t4);
                             see assets/gpus/ for the list
  --sim-mps                  add a simulated Apple 'mps' device
  --sim-memory SIZE          memory each simulated device may use, e.g. 2GiB
                             (default: the profile's, at most a quarter of RAM)
  --sim-simt                 run every simulated kernel thread by thread on the SIMT
                             executor (slow; same results; for checking the simulator)

timing:
  With simulated GPUs, time.time(), time.perf_counter() and time.monotonic() read the
  simulated machine's clock: the host's own work as measured, the GPU's modeled, plus
  the modeled waits at synchronize(), .item(), .cpu() and blocking copies. So your own
  CPU-vs-GPU timing shows the modeled GPU (:time shows both clocks).
  --wall-clock               they read the host's real clock instead

other:
  --lessons DIR              also offer the lessons in DIR (see lessons/README.md)
  --lesson N                 open lesson N at the prompt (as :lesson N does)
  --hints                    explain device errors in scripts too (always on at the prompt)
  --no-color                 plain output (also when NO_COLOR is set)
  --version                  print the version and exit
  -h, --help                 print this help and exit

Environment: TENSORPLAY_SIM_GPUS, TENSORPLAY_SIM, TENSORPLAY_NO_SIM,
TENSORPLAY_GPU_PROFILE, TENSORPLAY_SIM_MPS, TENSORPLAY_SIM_MEMORY, TENSORPLAY_SIM_SIMT,
TENSORPLAY_WALL_CLOCK, NO_COLOR.
)";
}

std::optional<Options> parse(const std::vector<std::string>& argv, bool stdin_is_tty,
                             std::string& error) {
  Options o;
  // Options come before `run FILE` / `-c CODE`; what follows belongs to the script.
  size_t split = 0;
  while (split < argv.size() && argv[split] != "run" && argv[split] != "-c") ++split;
  std::vector<std::string> options(argv.begin(), argv.begin() + static_cast<long>(split));
  std::vector<std::string> rest;
  try {
    o.devices = DeviceConfig::from_environment();
    rest = apply_device_flags(o.devices, options);  // the one place device flags are read
  } catch (const std::exception& e) {
    error = e.what();
    return std::nullopt;
  }
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color && *no_color) o.color = false;
  for (size_t i = 0; i < rest.size(); ++i) {
    const std::string& a = rest[i];
    if (a == "-h" || a == "--help") {
      o.mode = Options::Mode::Help;
      return o;
    }
    if (a == "--version") {
      o.mode = Options::Mode::Version;
      return o;
    }
    if (a == "--hints") {
      o.hints = true;
    } else if (a == "--no-color") {
      o.color = false;
    } else if (a == "--lessons") {
      if (i + 1 >= rest.size()) {
        error = "--lessons needs a DIR";
        return std::nullopt;
      }
      o.lessons_dir = rest[++i];
    } else if (a == "--lesson") {
      if (i + 1 >= rest.size()) {
        error = "--lesson needs a lesson number";
        return std::nullopt;
      }
      o.lesson = rest[++i];
    } else {
      error = "unknown option '" + a + "' (see tensorplay --help)";
      return std::nullopt;
    }
  }
  if (split < argv.size()) {
    const bool is_run = argv[split] == "run";
    if (split + 1 >= argv.size()) {
      error = is_run ? "run needs a FILE" : "-c needs CODE";
      return std::nullopt;
    }
    o.mode = is_run ? Options::Mode::RunFile : Options::Mode::RunCode;
    (is_run ? o.file : o.code) = argv[split + 1];
    o.args.assign(argv.begin() + static_cast<long>(split) + 2, argv.end());
  } else if (!stdin_is_tty) {
    o.mode = Options::Mode::RunStdin;
  }
  return o;
}

}  // namespace tp::cli
