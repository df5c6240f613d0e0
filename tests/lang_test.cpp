// Runs every tests/lang/NNN_topic.py through the interpreter and compares what it prints
// (stdout and tracebacks together) with NNN_topic.expected, recorded from CPython 3.11
// by tests/lang/gen_expected.py. Object addresses (0x...) are masked on both sides.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "repl/lang/interpreter.h"
#include "tests/lang_scripts.h"

namespace {

using tp::test::mask_addresses;
using tp::test::read_file;
using tp::test::run_script;
const std::filesystem::path& kDir = tp::test::kLangDir;

}  // namespace

TEST_CASE("language scripts print what CPython 3.11 prints") {
  std::vector<std::filesystem::path> scripts;
  for (auto& e : std::filesystem::directory_iterator(kDir)) {
    std::string n = e.path().filename().string();
    if (e.path().extension() == ".py" && n.size() > 4 && std::isdigit(static_cast<unsigned char>(n[0]))) {
      scripts.push_back(e.path());
    }
  }
  std::sort(scripts.begin(), scripts.end());
  REQUIRE(scripts.size() >= 25);
  for (auto& p : scripts) {
    std::string name = p.filename().string();
    auto expected_path = p;
    expected_path.replace_extension(".expected");
    REQUIRE_MESSAGE(std::filesystem::exists(expected_path), name);
    std::string got = mask_addresses(run_script(read_file(p), name));
    std::string want = mask_addresses(read_file(expected_path));
    INFO("script: ", name);
    CHECK(got == want);
  }
}

TEST_CASE("interactive input echoes expression values like the Python REPL") {
  std::ostringstream out;
  tp::lang::Interpreter interp;
  interp.set_output(&out, &out);
  CHECK(interp.run_interactive("x = 2\nx * 3\nNone\n'a'\n"));
  CHECK(out.str() == "6\n'a'\n");
  CHECK(interp.get_global("x").as_int() == 2);
  interp.set_global("y", tp::lang::Value::integer(5));
  out.str("");
  CHECK(interp.run_interactive("y + x"));
  CHECK(out.str() == "7\n");
  auto names = interp.names_in_scope();
  CHECK(std::find(names.begin(), names.end(), "y") != names.end());
  CHECK(std::find(names.begin(), names.end(), "print") != names.end());
}

TEST_CASE("the interrupt flag raises KeyboardInterrupt in a loop") {
  std::ostringstream out;
  tp::lang::Interpreter interp;
  interp.set_output(&out, &out);
  interp.interrupt();  // a run clears a stale request first ...
  CHECK(interp.run_interactive("1"));
  // ... so request it from inside the running program through a builtin.
  interp.add_builtin("request_stop", tp::lang::Value::object(new tp::lang::BuiltinFunction(
      "request_stop", +[](tp::lang::Interpreter& I, tp::lang::Args) {
        I.interrupt();
        return tp::lang::Value();
      })));
  out.str("");
  CHECK_FALSE(interp.run_interactive("i = 0\nwhile True:\n    i += 1\n    if i == 3:\n        request_stop()\n"));
  CHECK(out.str() ==
        "Traceback (most recent call last):\n"
        "  File \"<stdin>\", line 2, in <module>\n"
        "    while True:\n"
        "KeyboardInterrupt\n");
  CHECK(interp.get_global("i").as_int() == 3);
}

TEST_CASE("syntax errors print the line and a caret") {
  std::ostringstream out;
  tp::lang::Interpreter interp;
  interp.set_output(&out, &out);
  CHECK_FALSE(interp.run_interactive("x = = 1"));
  CHECK(out.str() ==
        "  File \"<stdin>\", line 1\n"
        "    x = = 1\n"
        "        ^\n"
        "SyntaxError: invalid syntax\n");
}
