// Command-line parsing for tensorplay; device flags override TENSORPLAY_* variables.
#include "repl/cli.h"

#include <cstdlib>
#include <map>

namespace tp::cli {

std::string usage() {
  return R"(usage: tensorplay [options] [run FILE [args...] | -c CODE]

Learn where tensors live: PyTorch-style code on a CPU and a real or simulated GPU.

  tensorplay                 start the interactive prompt (or run piped input)
  tensorplay run FILE        run a script
  tensorplay -c CODE         run CODE
  tensorplay --nproc-per-node N run FILE
                             run FILE as N processes of one torch.distributed job

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

several processes (like torchrun; see lessons/09_several_gpus.lesson):
  --nproc-per-node N         run FILE as N worker processes on this machine, each with
                             RANK, LOCAL_RANK, WORLD_SIZE, LOCAL_WORLD_SIZE, MASTER_ADDR and
                             MASTER_PORT set; worker LOCAL_RANK uses cuda:LOCAL_RANK (N
                             simulated GPUs unless --sim-gpus says otherwise). If a worker
                             fails, the others are stopped and the failure is reported
  --standalone               one machine: the rendezvous on a free port of 127.0.0.1
  --nnodes N                 machines in the job (default 1); start the launcher on each
  --node-rank R              this machine's place among them (0 hosts the rendezvous)
  --master-addr HOST         the machine of node rank 0 (default 127.0.0.1)
  --master-port PORT         its rendezvous port (default 29500)

Jupyter (needs Debian's python3-ipykernel; see README):
  --install-kernel           install the kernels 'tensorplay (simulated GPU)' and
                             'tensorplay (2 simulated GPUs)' for all users
    --user                   ... for this user only
    --prefix DIR             ... under DIR/share/jupyter
  --kernel FILE              run as a Jupyter kernel on connection file FILE (what the
                             kernelspecs start; device flags before it apply)
  --export-lessons DIR       write each lesson as a notebook (DIR/lesson_NN.ipynb)

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

namespace {

// The launcher's flags that take a value, spelled as torchrun spells them (both - and _).
enum class LaunchFlag { NprocPerNode, Nnodes, NodeRank, MasterAddr, MasterPort };
const std::map<std::string, LaunchFlag>& launch_flags() {
  static const std::map<std::string, LaunchFlag> flags{
      {"--nproc-per-node", LaunchFlag::NprocPerNode}, {"--nproc_per_node", LaunchFlag::NprocPerNode},
      {"--nnodes", LaunchFlag::Nnodes},               {"--node-rank", LaunchFlag::NodeRank},
      {"--node_rank", LaunchFlag::NodeRank},          {"--master-addr", LaunchFlag::MasterAddr},
      {"--master_addr", LaunchFlag::MasterAddr},      {"--master-port", LaunchFlag::MasterPort},
      {"--master_port", LaunchFlag::MasterPort}};
  return flags;
}

bool parse_int(const std::string& text, int low, int high, int& out) {
  try {
    size_t used = 0;
    long v = std::stol(text, &used);
    if (used != text.size() || v < low || v > high) return false;
    out = static_cast<int>(v);
    return true;
  } catch (const std::exception&) {
    return false;
  }
}

// Takes the launcher's flags out of `args` into `launch`; the rest is returned in order.
// "--flag VALUE" and "--flag=VALUE" both work, as with torchrun.
std::optional<std::vector<std::string>> take_launch_flags(const std::vector<std::string>& args,
                                                           LaunchOptions& launch, std::string& error) {
  std::vector<std::string> rest;
  for (size_t i = 0; i < args.size(); ++i) {
    std::string name = args[i], value;
    const size_t eq = name.find('=');
    const bool inline_value = name.rfind("--", 0) == 0 && eq != std::string::npos;
    if (inline_value) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
    }
    if (name == "--standalone" && !inline_value) {
      launch.standalone = true;
      continue;
    }
    auto flag = launch_flags().find(name);
    if (flag == launch_flags().end()) {
      rest.push_back(args[i]);
      continue;
    }
    if (!inline_value) {
      if (i + 1 >= args.size()) {
        error = name + " needs a value";
        return std::nullopt;
      }
      value = args[++i];
    }
    bool ok = true;
    switch (flag->second) {
      case LaunchFlag::NprocPerNode: ok = parse_int(value, 1, 1024, launch.nproc_per_node); break;
      case LaunchFlag::Nnodes: ok = parse_int(value, 1, 65536, launch.nnodes); break;
      case LaunchFlag::NodeRank: ok = parse_int(value, 0, 65535, launch.node_rank); break;
      case LaunchFlag::MasterPort: ok = parse_int(value, 1, 65535, launch.master_port); break;
      case LaunchFlag::MasterAddr: launch.master_addr = value; ok = !value.empty(); break;
    }
    if (!ok) {
      error = "invalid value for " + name + ": '" + value + "'";
      return std::nullopt;
    }
  }
  return rest;
}

// The launcher's flags make sense together and with `run FILE`.
bool check_launch(const Options& o, std::string& error) {
  const LaunchOptions& l = o.launch;
  const LaunchOptions defaults;
  const bool launcher_flags = l.nnodes != defaults.nnodes || l.node_rank != defaults.node_rank ||
                              l.master_addr != defaults.master_addr ||
                              l.master_port != defaults.master_port || l.standalone;
  if (l.nproc_per_node == 0) {
    if (launcher_flags) error = "--nnodes, --node-rank, --master-addr, --master-port and --standalone need --nproc-per-node N";
  } else if (o.mode != Options::Mode::RunFile) {
    error = "--nproc-per-node needs a script: tensorplay --nproc-per-node N run FILE";
  } else if (l.standalone && l.nnodes != 1) {
    error = "--standalone runs on one machine: it cannot be used with --nnodes " + std::to_string(l.nnodes);
  } else if (l.node_rank >= l.nnodes) {
    error = "--node-rank must be below --nnodes (" + std::to_string(l.nnodes) + "), got " + std::to_string(l.node_rank);
  }
  return error.empty();
}

}  // namespace

std::optional<Options> parse(const std::vector<std::string>& argv, bool stdin_is_tty,
                             std::string& error) {
  Options o;
  // Options come before `run FILE` / `-c CODE`; what follows belongs to the script.
  size_t split = 0;
  while (split < argv.size() && argv[split] != "run" && argv[split] != "-c") ++split;
  std::vector<std::string> options(argv.begin(), argv.begin() + static_cast<long>(split));
  auto non_launch = take_launch_flags(options, o.launch, error);
  if (!non_launch) return std::nullopt;
  // A worker runs the same command less the launcher's flags.
  o.worker_argv = *non_launch;
  o.worker_argv.insert(o.worker_argv.end(), argv.begin() + static_cast<long>(split), argv.end());
  std::vector<std::string> rest;
  try {
    o.devices = DeviceConfig::from_environment();
    rest = apply_device_flags(o.devices, *non_launch);  // the one place device flags are read
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
    } else if (a == "--kernel" || a == "--export-lessons" || a == "--prefix") {
      if (i + 1 >= rest.size()) {
        error = a + (a == "--kernel" ? " needs a connection FILE" : " needs a DIR");
        return std::nullopt;
      }
      if (a == "--prefix") {
        o.install_prefix = rest[++i];
      } else {
        o.mode = a == "--kernel" ? Options::Mode::Kernel : Options::Mode::ExportLessons;
        o.file = rest[++i];
      }
    } else if (a == "--install-kernel") {
      o.mode = Options::Mode::InstallKernel;
    } else if (a == "--user") {
      o.install_user = true;
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
  const bool install = o.mode == Options::Mode::InstallKernel;
  if ((o.install_user || !o.install_prefix.empty()) && !install) {
    error = std::string(o.install_user ? "--user" : "--prefix") + " goes with --install-kernel";
    return std::nullopt;
  }
  if (o.install_user && !o.install_prefix.empty()) {
    error = "--install-kernel takes --user or --prefix DIR, not both";
    return std::nullopt;
  }
  if (o.mode != Options::Mode::Interactive && split < argv.size()) {
    error = std::string(install ? "--install-kernel" : o.mode == Options::Mode::Kernel ? "--kernel" : "--export-lessons") +
            " cannot be combined with run FILE or -c CODE";
    return std::nullopt;
  }
  if (o.mode != Options::Mode::Interactive) {
    if (!check_launch(o, error)) return std::nullopt;
    return o;
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
  if (!check_launch(o, error)) return std::nullopt;
  return o;
}

}  // namespace tp::cli
