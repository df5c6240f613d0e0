// The lesson format and runner (repl/lesson/lesson.h): parsing good and malformed lesson
// text, loading a directory that holds a bad file, and every shipped lesson played top to
// bottom on simulated GPUs (as many as its `gpus:` asks) with all of its checks true and its
// expected errors hit.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <regex>
#include <set>

#include "core/device_registry.h"
#include "core/machine_clock.h"
#include "repl/lesson/lesson.h"

namespace {

using tp::lesson::parse_lesson;

const char* const kGood = R"(# A small lesson
minutes: 5
gpus: 2

## Step: First
Some *prose* with `code`.
- a list item

```python
x = 1 + 1
```
check: x == 2
check: x > 1
hint: Add them.
view: grid

## Step: Second
```text
check: shown, not a key
```
```python
y = 1 / 0
```
expect-error: division by zero
view: timings
)";

// The message parse_lesson throws for `text` ("" when it parses).
std::string parse_error(const std::string& text) {
  try {
    parse_lesson(text, "bad.lesson");
  } catch (const tp::lesson::LessonError& e) {
    return e.what();
  }
  return "";
}

void write_file(const std::filesystem::path& p, const std::string& text) {
  std::ofstream f(p);
  f << text;
}

// Plays a shipped lesson in a fresh session on as many simulated GPUs as it asks for, and
// checks every step: its code ran (or raised the expected error) and its checks are true.
void play_shipped_lesson(const tp::lesson::Lesson& lesson) {
  INFO("lesson ", lesson.number, ": ", lesson.path);
  tp::DeviceConfig config;
  config.force_sim = true;  // the same simulated GPUs on every machine
  config.sim_gpus = lesson.gpus;
  tp::configure_devices(config);
  tp::PythonSession session;
  auto results = tp::lesson::run_lesson(session, lesson);
  REQUIRE(results.size() == lesson.steps.size());
  for (size_t i = 0; i < results.size(); ++i) {
    const auto& r = results[i];
    const auto& step = lesson.steps[i];
    INFO(lesson.path, ", step '", r.step, "'\noutput:\n", r.output, "\nerror:\n", r.error);
    if (step.expect_error.empty()) {
      CHECK(r.code_ok);
    } else {
      CHECK(r.expected_error_hit);
    }
    REQUIRE(r.checks.size() == step.checks.size());
    for (const auto& c : r.checks) {
      INFO("check: ", c.expr, "\n", c.error);
      CHECK(c.passed);
    }
    CHECK(r.passed());
  }
}

}  // namespace

TEST_CASE("a well-formed lesson parses into title, minutes and steps") {
  auto l = parse_lesson(kGood, "good.lesson");
  CHECK(l.title == "A small lesson");
  CHECK(parse_lesson("# T\nminutes: 1\n## Step: a\n", "t.lesson").gpus == 1);  // the default
  CHECK(l.minutes == 5);
  CHECK(l.gpus == 2);
  CHECK(l.path == "good.lesson");
  REQUIRE(l.steps.size() == 2);
  const auto& a = l.steps[0];
  CHECK(a.name == "First");
  CHECK(a.line == 5);
  CHECK(a.prose == "Some *prose* with `code`.\n- a list item");
  CHECK(a.code == "x = 1 + 1\n");
  CHECK(a.code_line == 10);
  REQUIRE(a.checks.size() == 2);
  CHECK(a.checks[0].expr == "x == 2");
  CHECK(a.checks[1].line == 13);
  CHECK(a.hint == "Add them.");
  CHECK(a.view == tp::lesson::View::Grid);
  CHECK(a.expect_error.empty());
  const auto& b = l.steps[1];
  CHECK(b.prose == "```text\ncheck: shown, not a key\n```");
  CHECK(b.checks.empty());
  CHECK(b.code == "y = 1 / 0\n");
  CHECK(b.expect_error == "division by zero");
  CHECK(std::string(tp::lesson::view_name(b.view)) == "timings");
}

TEST_CASE("a malformed lesson names the file and the line") {
  CHECK(parse_error("\n\nminutes: 5\n") ==
        "bad.lesson:3: a lesson starts with its title line: '# Title'");
  CHECK(parse_error("") == "bad.lesson: empty lesson file (expected '# Title', 'minutes: N', steps)");
  CHECK(parse_error("# T\n\n## Step: a\n") ==
        "bad.lesson:3: missing 'minutes: N' between the title and the first step");
  CHECK(parse_error("# T\nminutes: ten\n") ==
        "bad.lesson:2: 'minutes:' needs a whole number of minutes, got 'ten'");
  CHECK(parse_error("# T\nminutes: 5\nminutes: 6\n") == "bad.lesson:3: 'minutes:' given twice");
  CHECK(parse_error("# T\nminutes: 5\nintro text\n") ==
        "bad.lesson:3: expected 'minutes: N', 'gpus: N' or '## Step: name' after the title");
  CHECK(parse_error("# T\nminutes: 5\ngpus: two\n") ==
        "bad.lesson:3: 'gpus:' needs a whole number of GPUs, got 'two'");
  CHECK(parse_error("# T\nminutes: 5\ngpus: 0\n") ==
        "bad.lesson:3: 'gpus:' needs a whole number of GPUs, got '0'");
  CHECK(parse_error("# T\ngpus: 2\nminutes: 5\ngpus: 2\n") == "bad.lesson:4: 'gpus:' given twice");
  // `gpus:` inside a step is prose, not a header key.
  CHECK(parse_lesson("# T\nminutes: 5\n## Step: a\ngpus: 2\n", "t.lesson").steps[0].prose == "gpus: 2");
  CHECK(parse_error("# T\nminutes: 5\n") ==
        "bad.lesson:2: a lesson needs at least one '## Step: name'");
  CHECK(parse_error("# T\nminutes: 5\n## Steps\n") ==
        "bad.lesson:3: a '## ' heading must be '## Step: name' (use '### ' inside a step)");
  CHECK(parse_error("# T\nminutes: 5\n## Step:   \n") == "bad.lesson:3: '## Step:' needs a name");
  CHECK(parse_error("# T\nminutes: 5\n## Step: a\ncheck:\n") ==
        "bad.lesson:4: 'check:' needs a value");
  CHECK(parse_error("# T\nminutes: 5\n## Step: a\nview: graph\n") ==
        "bad.lesson:4: unknown view 'graph' (expected grid, timings, memory, timeline, devices or kernel)");
  CHECK(parse_error("# T\nminutes: 5\n## Step: a\nview: grid\nview: memory\n") ==
        "bad.lesson:5: a step has at most one 'view:'");
  CHECK(parse_error("# T\nminutes: 5\n## Step: a\nhint: x\nhint: y\n") ==
        "bad.lesson:5: a step has at most one 'hint:'");
  CHECK(parse_error("# T\nminutes: 5\n## Step: a\n```python\nx\n```\nexpect-error: a\nexpect-error: b\n") ==
        "bad.lesson:8: a step has at most one 'expect-error:'");
  CHECK(parse_error("# T\nminutes: 5\n## Step: a\nexpect-error: boom\n## Step: b\n") ==
        "bad.lesson:4: 'expect-error:' needs a ```python code block in its step");
  CHECK(parse_error("# T\nminutes: 5\n## Step: a\n```python\nx = 1\n```\n```python\ny = 2\n```\n") ==
        "bad.lesson:7: a step has at most one ```python code block");
  CHECK(parse_error("# T\nminutes: 5\n## Step: a\n```python\nx = 1\n") ==
        "bad.lesson:4: code block not closed with ```");
}

TEST_CASE("loading a directory keeps the good lessons, sorted, and reports the bad ones") {
  auto dir = std::filesystem::temp_directory_path() / "tp_lesson_test_dir";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  write_file(dir / "10_later.lesson", "# Later\nminutes: 1\n## Step: s\ntext\n");
  write_file(dir / "2_first.lesson", "# First\nminutes: 1\n## Step: s\ntext\n");
  write_file(dir / "05_broken.lesson", "# Broken\nminutes: 1\n## Step: s\nview: nowhere\n");
  write_file(dir / "notes.lesson", "# No number\nminutes: 1\n## Step: s\n");
  write_file(dir / "README.md", "not a lesson");
  auto loaded = tp::lesson::load_lessons({dir.string(), (dir / "missing").string()});
  REQUIRE(loaded.lessons.size() == 2);
  CHECK(loaded.lessons[0].title == "First");
  CHECK(loaded.lessons[0].number == 2);
  CHECK(loaded.lessons[1].number == 10);
  REQUIRE(loaded.errors.size() == 2);
  CHECK(loaded.errors[0] == (dir / "05_broken.lesson").string() +
                                ":4: unknown view 'nowhere' (expected grid, timings, memory, timeline, devices or kernel)");
  CHECK(loaded.errors[1] == (dir / "notes.lesson").string() +
                                ": the file name must start with the lesson's number (e.g. 01_topic.lesson)");
  std::filesystem::remove_all(dir);
}

TEST_CASE("the search directories are the shipped lessons and --lessons DIR") {
  auto dirs = tp::lesson::lesson_dirs("/somewhere/mine");
  REQUIRE(dirs.size() == 2);
  CHECK(std::filesystem::exists(std::filesystem::path(dirs[0]) / "01_why_gpus.lesson"));
  CHECK(dirs[1] == "/somewhere/mine");
  CHECK(tp::lesson::lesson_dirs().size() == 1);
  auto loaded = tp::lesson::load_lessons(tp::lesson::lesson_dirs());
  CHECK(loaded.errors.empty());
  std::vector<int> numbers;
  for (auto& l : loaded.lessons) numbers.push_back(l.number);
  CHECK(numbers == std::vector<int>{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14});
}

TEST_CASE("lessons/COVERAGE.md points at steps that exist, in every shipped lesson") {
  auto loaded = tp::lesson::load_lessons(tp::lesson::lesson_dirs());
  std::map<int, size_t> steps;  // lesson number -> its number of steps
  for (const auto& l : loaded.lessons) steps[l.number] = l.steps.size();
  std::ifstream f(std::filesystem::path(tp::lesson::lesson_dirs()[0]) / "COVERAGE.md");
  REQUIRE(f);
  std::set<int> cited;
  int rows = 0;
  const std::regex ref(R"((\d+)\.(\d+))");
  for (std::string line; std::getline(f, line);) {
    // A table row's last cell lists "lesson.step" references ("5.3, 5.4").
    if (line.rfind("| ", 0) != 0 || line.find("---") != std::string::npos) continue;
    std::string cell = line.substr(0, line.size() - 1);
    cell = cell.substr(cell.rfind('|') + 1);
    if (cell.find("taught in") != std::string::npos) continue;
    ++rows;
    int refs = 0;
    for (std::sregex_iterator it(cell.begin(), cell.end(), ref), end; it != end; ++it, ++refs) {
      int lesson = std::stoi((*it)[1]);
      size_t step = std::stoul((*it)[2]);
      INFO("COVERAGE.md: ", line);
      REQUIRE(steps.count(lesson));
      CHECK(step >= 1);
      CHECK(step <= steps[lesson]);
      cited.insert(lesson);
    }
    INFO("COVERAGE.md row without a lesson.step: ", line);
    CHECK(refs > 0);
  }
  CHECK(rows > 40);
  for (const auto& [number, count] : steps) {
    INFO("lesson ", number, " is not cited in COVERAGE.md");
    CHECK(cited.count(number));
  }
}

TEST_CASE("the example in lessons/README.md is a valid lesson") {
  std::ifstream f(std::filesystem::path(tp::lesson::lesson_dirs()[0]) / "README.md");
  std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  size_t begin = text.find("````\n");
  REQUIRE(begin != std::string::npos);
  begin += 5;
  size_t end = text.find("````\n", begin);
  REQUIRE(end != std::string::npos);
  auto l = parse_lesson(text.substr(begin, end - begin), "README.md");
  CHECK(l.title == "The same-device rule");
  REQUIRE(l.steps.size() == 1);
  CHECK(l.steps[0].expect_error == "Expected all tensors to be on the same device");
  CHECK(l.steps[0].view == tp::lesson::View::Devices);
}

TEST_CASE("the runner reports code, errors and checks step by step") {
  tp::PythonSession session;
  auto l = parse_lesson(kGood, "good.lesson");
  l.steps[0].code = "x = 1 + 1\nprint('hi')\n";
  l.steps[0].checks.push_back({"x == 3", 0});
  l.steps[0].checks.push_back({"undefined_name", 0});
  auto results = tp::lesson::run_lesson(session, l);
  REQUIRE(results.size() == 2);
  const auto& a = results[0];
  CHECK(a.has_code);
  CHECK(a.code_ok);
  CHECK(a.output == "hi\n");
  REQUIRE(a.checks.size() == 4);
  CHECK(a.checks[0].passed);
  CHECK(a.checks[1].passed);
  CHECK_FALSE(a.checks[2].passed);
  CHECK(a.checks[2].error.empty());
  CHECK_FALSE(a.checks[3].passed);
  CHECK(a.checks[3].error.find("NameError: name 'undefined_name' is not defined") != std::string::npos);
  CHECK_FALSE(a.passed());
  const auto& b = results[1];
  CHECK_FALSE(b.code_ok);
  CHECK(b.error.find("ZeroDivisionError: division by zero") != std::string::npos);
  CHECK(b.expected_error_hit);
  CHECK(b.passed());
  // Checks are evaluated, not run: they leave no name behind in the learner's session.
  CHECK(session.globals().size() == 3);  // __name__, __builtins__, x
  // A step whose code raises something else than expected is not passed.
  tp::lesson::Step wrong;
  wrong.code = "z = [][1]\n";
  wrong.expect_error = "division by zero";
  auto w = tp::lesson::run_step(session, wrong);
  CHECK_FALSE(w.expected_error_hit);
  CHECK_FALSE(w.passed());
}

// ctest runs this once per lesson file with TP_LESSON=N (lesson_01, lesson_02, ... in
// tests/CMakeLists.txt), so each lesson passes or fails on its own; without TP_LESSON it
// plays them all.
TEST_CASE("shipped lessons play top to bottom on simulated GPUs") {
  // As a learner plays them: the machine's clock runs (the CPU's work is measured), so a
  // learner-style time.time() race of the CPU against the modeled GPU is real.
  tp::machine_clock().freeze_host(false);
  auto loaded = tp::lesson::load_lessons(tp::lesson::lesson_dirs());
  CHECK(loaded.errors.empty());
  const char* only = std::getenv("TP_LESSON");
  int played = 0;
  for (const auto& lesson : loaded.lessons) {
    if (only && lesson.number != std::atoi(only)) continue;
    // Lessons 11 and 12 time modeled GPU work only (a wait against a queued launch, copies
    // beside kernels), by margins of a few modeled ms that a loaded machine's host noise can
    // tip: they play with the host's time frozen, so their figures are the model's alone.
    tp::machine_clock().freeze_host(lesson.number == 11 || lesson.number == 12);
    play_shipped_lesson(lesson);
    ++played;
  }
  INFO("TP_LESSON=", only ? only : "(unset)");
  CHECK(played >= 1);
  tp::machine_clock().freeze_host(true);
}
