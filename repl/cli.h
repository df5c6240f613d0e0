// The tensorplay command line: what to run and how the devices are set up.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/device_registry.h"

namespace tp::cli {

// The launcher's flags (torchrun's): with nproc_per_node > 0, `run FILE` starts that many
// worker processes instead of running the script here.
struct LaunchOptions {
  int nproc_per_node = 0;                 // --nproc-per-node N; 0: no launcher
  int nnodes = 1;                         // --nnodes N
  int node_rank = 0;                      // --node-rank R
  std::string master_addr = "127.0.0.1";  // --master-addr HOST
  int master_port = 29500;                // --master-port PORT (torchrun's default)
  bool standalone = false;                // --standalone: one node, a free port
};

struct Options {
  enum class Mode {
    Interactive, RunFile, RunCode, RunStdin, Help, Version,
    Kernel,         // --kernel FILE: a Jupyter kernel on the connection file FILE
    InstallKernel,  // --install-kernel [--user | --prefix DIR]: the Jupyter kernelspecs
    ExportLessons,  // --export-lessons DIR: each lesson as a notebook in DIR
  };
  Mode mode = Mode::Interactive;
  std::string file;               // run FILE; --kernel FILE; --export-lessons DIR
  std::string code;               // -c CODE
  std::vector<std::string> args;  // sys.argv[1:] for the script
  DeviceConfig devices;           // device flags over the TENSORPLAY_* environment
  bool hints = false;             // --hints: device-error hints in scripts too
  bool color = true;              // off with --no-color or NO_COLOR
  std::string lessons_dir;        // --lessons DIR: more lessons, listed with the shipped ones
  std::string lesson;             // --lesson N: open lesson N at the prompt (as :lesson N)
  bool install_user = false;      // --install-kernel --user: for this user only
  std::string install_prefix;     // --install-kernel --prefix DIR: under DIR/share/jupyter
  LaunchOptions launch;           // --nproc-per-node N and the other launcher flags
  std::vector<std::string> worker_argv;  // argv less the launcher's flags: what each worker runs
};

// Parses argv; a bad flag gives std::nullopt and an explanation in `error`.
// `stdin_is_tty` decides between the interactive prompt and running piped input.
std::optional<Options> parse(const std::vector<std::string>& argv, bool stdin_is_tty,
                             std::string& error);

// The --help text.
std::string usage();

}  // namespace tp::cli
