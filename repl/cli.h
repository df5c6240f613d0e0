// The tensorplay command line: what to run and how the devices are set up.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/device_registry.h"

namespace tp::cli {

struct Options {
  enum class Mode { Interactive, RunFile, RunCode, RunStdin, Help, Version };
  Mode mode = Mode::Interactive;
  std::string file;               // run FILE
  std::string code;               // -c CODE
  std::vector<std::string> args;  // sys.argv[1:] for the script
  DeviceConfig devices;           // device flags over the TENSORPLAY_* environment
  bool hints = false;             // --hints: device-error hints in scripts too
  bool color = true;              // off with --no-color or NO_COLOR
  std::string lessons_dir;        // --lessons DIR: more lessons, listed with the shipped ones
  std::string lesson;             // --lesson N: open lesson N at the prompt (as :lesson N)
};

// Parses argv; a bad flag gives std::nullopt and an explanation in `error`.
// `stdin_is_tty` decides between the interactive prompt and running piped input.
std::optional<Options> parse(const std::vector<std::string>& argv, bool stdin_is_tty,
                             std::string& error);

// The --help text.
std::string usage();

}  // namespace tp::cli
