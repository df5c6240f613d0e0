// Shared by the runners of the language scripts in tests/lang/ (lang_test, torch_lang_test):
// where they are, reading them, running one, and masking object addresses.
#pragma once

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "repl/lang/interpreter.h"

namespace tp::test {

inline const std::filesystem::path kLangDir = std::filesystem::path(TP_FIXTURES_DIR) / ".." / "lang";

inline std::string read_file(const std::filesystem::path& p) {
  std::ifstream f(p);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

// Object addresses differ run to run: "0x7f..." becomes "0x...".
inline std::string mask_addresses(const std::string& s) {
  static const std::regex hex("0x[0-9a-f]+");
  return std::regex_replace(s, hex, "0x...");
}

// What a script prints (stdout and tracebacks together) in a fresh session.
inline std::string run_script(const std::string& source, const std::string& name) {
  std::ostringstream out;
  tp::lang::Interpreter interp;
  interp.set_output(&out, &out);
  interp.run_file(source, name);
  return out.str();
}

}  // namespace tp::test
