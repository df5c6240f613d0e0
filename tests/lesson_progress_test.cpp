// The per-user lesson progress file: round trip, missing file, corrupt file (reported in
// one line and reset), and a file that cannot be written.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "repl/lesson/progress.h"

using namespace tp::lesson;

namespace {

std::string temp_dir() {
  auto dir = std::filesystem::temp_directory_path() / "tp_progress_test";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir.string();
}

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

TEST_CASE("format and parse round trip") {
  Progress p;
  p["04_same_device_rule"] = {3, {1, 2}};
  p["01_why_gpus"] = {1, {}};
  std::string text = format_progress(p);
  CHECK(text.find("\n01_why_gpus 1 -\n04_same_device_rule 3 1,2\n") != std::string::npos);
  Progress back;
  std::string error;
  REQUIRE(parse_progress(text, back, error));
  CHECK(back.size() == 2);
  CHECK(back["04_same_device_rule"].current == 3);
  CHECK(back["04_same_device_rule"].done == std::set<int>{1, 2});
  CHECK(back["01_why_gpus"].done.empty());
}

TEST_CASE("malformed text names the line") {
  Progress p;
  std::string error;
  CHECK_FALSE(parse_progress("# c\nx 2\n", p, error));
  CHECK(error == "line 2: expected 'lesson step done-steps'");
  CHECK_FALSE(parse_progress("x zero -\n", p, error));
  CHECK(error == "line 1: bad step number 'zero'");
  CHECK_FALSE(parse_progress("x 1 1,,2\n", p, error));
  CHECK(error == "line 1: bad step number ''");
}

TEST_CASE("save, load, missing file") {
  std::string dir = temp_dir();
  std::string path = dir + "/sub/progress";
  std::string warning;
  CHECK(load_progress(path, warning).empty());
  CHECK(warning.empty());
  Progress p;
  p["02_devices"] = {2, {1}};
  REQUIRE(save_progress(path, p, warning));
  Progress back = load_progress(path, warning);
  CHECK(warning.empty());
  CHECK(back["02_devices"].current == 2);
  CHECK(back["02_devices"].done == std::set<int>{1});
  std::filesystem::remove_all(dir);
}

TEST_CASE("a corrupt file is reported in one line and reset") {
  std::string dir = temp_dir();
  std::string path = dir + "/progress";
  std::ofstream(path) << "02_devices 2 1\ngarbage\x01 here\n";
  std::string warning;
  Progress p = load_progress(path, warning);
  CHECK(p.empty());
  CHECK(warning == "lesson progress file " + path +
                       " is corrupt (line 2: expected 'lesson step done-steps'); starting fresh");
  CHECK(warning.find('\n') == std::string::npos);
  // Reset: the next load is clean.
  std::string again;
  CHECK(load_progress(path, again).empty());
  CHECK(again.empty());
  CHECK(read(path).find("02_devices") == std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE("a write failure is a one-line warning") {
  std::string dir = temp_dir();
  std::ofstream(dir + "/file") << "x";
  std::string path = dir + "/file/progress";  // a folder that is a file
  std::string warning;
  CHECK_FALSE(save_progress(path, Progress{{"a", {1, {}}}}, warning));
  CHECK(warning == "warning: could not save lesson progress to " + path);
  std::filesystem::remove_all(dir);
}
