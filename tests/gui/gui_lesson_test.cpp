// The GUI's lessons without a window: the step text parsed and wrapped as the panel draws
// it, what the panel shows for a step, the live check mark after running the code (or
// hitting the expected error), one lesson state shared with :lesson / :next / :back typed
// in the console, the saved progress, the new flags, and the presenter's demo state.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/device_registry.h"
#include "gui/demo_state.h"
#include "gui/lesson_panel.h"
#include "gui/lesson_text.h"
#include "gui/options.h"
#include "gui/session.h"
#include "repl/lesson/lesson_commands.h"
#include "repl/lesson/progress.h"

using namespace tp;
using namespace tp::gui;

namespace {

// A lesson of our own in a fresh folder (the shipped ones change as they are written), and a
// progress file beside it, removed at the end.
struct LessonDir {
  std::filesystem::path dir;
  LessonDir() {
    dir = std::filesystem::temp_directory_path() /
          ("tp-gui-lesson-" + std::to_string(reinterpret_cast<uintptr_t>(this)));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir / "lessons");
    std::ofstream(dir / "lessons" / "901_panel.lesson") << R"(# Panel lesson
minutes: 5

## Step: Make a tensor
Some *text* with `code`.

```python
a = torch.ones(2)
print(a.sum().item())
```
check: a.sum().item() == 2.0
view: memory
hint: Press **Run**.

## Step: Break it
```python
b = a.to('cuda') + a
```
expect-error: Expected all tensors to be on the same device
view: devices

## Step: Just read
### Nothing to run
- one
- two
)";
  }
  ~LessonDir() { std::filesystem::remove_all(dir); }
  std::string lessons() const { return (dir / "lessons").string(); }
  std::string progress() const { return (dir / "progress").string(); }
};

// One simulated GPU, configured before the session starts.
struct OneSimGpu {
  OneSimGpu() { configure_devices(DeviceConfig{}); }
};

// A session whose lessons include the folder's, with progress saved there.
struct LessonSessionFixture {
  LessonDir d;
  OneSimGpu gpu;
  Session s{DeviceConfig{}};
  LessonPanel p;
  LessonSessionFixture() {
    s.lessons().extra_dir = d.lessons();
    s.lessons().progress_path = d.progress();
  }
  lesson::LessonProgress saved() {
    std::string warning;
    return lesson::load_progress(d.progress(), warning)["901_panel"];
  }
};

float chars(const std::string& t, SpanStyle) { return float(t.size()); }

std::string joined(const std::vector<TextSpan>& line) {
  std::string s;
  for (const TextSpan& t : line) s += t.text;
  return s;
}

}  // namespace

TEST_CASE("step text: headings, emphasis, inline code, lists and code blocks") {
  std::vector<TextBlock> b = parse_prose(
      "A **CPU** is like a *Ferrari*,\nand `x.to(y.device)` moves x.\n\n### Sub\n- one\n  more\n"
      "1. first\n\n    C[i, j] = sum\n\n```text\nverbatim *not emphasis*\n```\n2 * 3 stays");
  REQUIRE(b.size() == 7);
  CHECK(b[0].kind == BlockKind::Paragraph);
  REQUIRE(b[0].spans.size() == 7);
  CHECK(b[0].spans[1].text == "CPU");
  CHECK(b[0].spans[1].style == SpanStyle::Strong);
  CHECK(b[0].spans[3].text == "Ferrari");
  CHECK(b[0].spans[3].style == SpanStyle::Emphasis);
  CHECK(b[0].spans[4].text == ", and ");  // the lines of a paragraph are joined
  CHECK(b[0].spans[5].text == "x.to(y.device)");
  CHECK(b[0].spans[5].style == SpanStyle::Code);
  CHECK(b[1].kind == BlockKind::Heading);
  CHECK(b[1].spans[0].text == "Sub");
  CHECK(b[2].kind == BlockKind::Bullet);
  CHECK(b[2].spans[0].text == "one more");
  CHECK(b[3].kind == BlockKind::Numbered);
  CHECK(b[3].marker == "1.");
  CHECK(b[4].kind == BlockKind::Code);
  CHECK(b[4].code == std::vector<std::string>{"C[i, j] = sum"});
  CHECK(b[5].kind == BlockKind::Code);
  CHECK(b[5].code == std::vector<std::string>{"verbatim *not emphasis*"});
  CHECK(b[6].spans.size() == 1);
  CHECK(b[6].spans[0].text == "2 * 3 stays");
  // Unmatched markers stay as they are.
  CHECK(parse_inline("a `b and *c")[0].text == "a `b and *c");
}

TEST_CASE("wrapping: no line wider than the column, words kept whole, code cut by characters") {
  auto lines = wrap_spans(parse_inline("The quick **brown** fox jumps over `the lazy` dog"), 11, chars);
  REQUIRE(lines.size() == 5);
  CHECK(joined(lines[0]) == "The quick");
  CHECK(joined(lines[1]) == "brown fox");
  CHECK(lines[1][0].style == SpanStyle::Strong);
  CHECK(joined(lines[2]) == "jumps over");
  CHECK(joined(lines[3]) == "the lazy");  // the space inside code keeps the code style
  CHECK(lines[3].size() == 1);
  CHECK(joined(lines[4]) == "dog");
  for (const auto& l : lines) CHECK(joined(l).size() <= 11);
  // Punctuation glued to code moves with it; a word wider than the column is broken.
  lines = wrap_spans(parse_inline("see `x.cuda()`: yes"), 10, chars);
  REQUIRE(lines.size() == 3);
  CHECK(joined(lines[1]) == "x.cuda():");
  lines = wrap_spans(parse_inline("see `RuntimeError`: ok"), 10, chars);
  REQUIRE(lines.size() == 3);
  CHECK(joined(lines[0]) == "see");
  CHECK(joined(lines[1]) == "RuntimeErr");
  CHECK(joined(lines[2]) == "or: ok");
  CHECK(wrap_code_line("abcdefg", 3) == std::vector<std::string>{"abc", "def", "g"});
  CHECK(wrap_code_line("W = torch.zeros(3, 4, device=device)", 20) ==
        std::vector<std::string>{"W = torch.zeros(3, ", "  4, device=device)"});
  for (const std::string& piece : wrap_code_line("x = torch.randn(1000, 1000, device='cuda') @ w.t() + b", 16)) {
    CHECK(piece.size() <= 16);
  }
  CHECK(wrap_code_line("", 3) == std::vector<std::string>{""});
}

TEST_CASE("lesson panel: what it shows for a step, Run, the live check mark, the hint's step") {
  LessonSessionFixture f;
  CHECK_FALSE(f.p.active());
  std::vector<LessonRow> rows = f.p.rows(f.s);
  bool listed = false;
  for (const LessonRow& r : rows) {
    if (r.number != 901) continue;
    listed = true;
    CHECK(r.title == "Panel lesson");
    CHECK(r.status == "not started");
  }
  CHECK(listed);
  CHECK_FALSE(f.p.open(f.s, 9999));
  REQUIRE(f.p.open(f.s, 901));
  CHECK(f.p.active());
  CHECK(f.p.step == 0);
  CHECK(f.p.step_label() == "Step 1 of 3");
  CHECK(f.p.current().name == "Make a tensor");
  CHECK(f.p.wanted_view == "memory");
  REQUIRE(f.p.text.size() == 1);
  CHECK(f.p.text[0].spans[1].style == SpanStyle::Emphasis);
  // Nothing evaluated before the learner's first input: no mark.
  CHECK_FALSE(f.p.passed);
  CHECK(f.p.checks.empty());
  CHECK(f.p.check_summary() == "Run this step's code: a has not been set since the step began.");
  // An input that leaves the check false (it raises: no `a` yet).
  f.p.after_run(f.s, f.s.run("z = 1\n"), false);
  CHECK_FALSE(f.p.passed);
  REQUIRE(f.p.checks.size() == 1);
  CHECK_FALSE(f.p.checks[0].passed);
  CHECK(f.p.check_summary() == "Run this step's code: a has not been set since the step began.");
  // An `a` that makes the check true, set before the step began, does not count.
  f.s.run("a = torch.ones(2)\n");
  REQUIRE(f.p.move(f.s, +1));
  REQUIRE(f.p.move(f.s, -1));
  f.p.after_run(f.s, f.s.run("z = 2\n"), false);
  CHECK(f.p.checks[0].passed);
  CHECK_FALSE(f.p.passed);
  CHECK(f.saved().done.empty());

  // Run: the code goes through the console's path; the mark turns on and is saved.
  CHECK(console_echo(f.p.current().code) == ">>> a = torch.ones(2)\n... print(a.sum().item())\n");
  RunReport r = f.s.run(f.p.current().code);
  CHECK(r.out == "2.0\n");
  f.p.after_run(f.s, r, true);
  CHECK(f.p.passed);
  CHECK(f.p.checks[0].passed);
  CHECK(f.p.check_summary() == "Done! Next when you are ready.");
  CHECK(f.saved().done == std::set<int>{1});
  for (const LessonRow& row : f.p.rows(f.s)) {
    if (row.number == 901) CHECK(row.status == "step 1 of 3");
  }
  // A step passed before shows its mark again, from the saved progress.
  REQUIRE(f.p.move(f.s, +1));
  CHECK_FALSE(f.p.passed);
  REQUIRE(f.p.move(f.s, -1));
  CHECK(f.p.passed);
  CHECK(f.p.checks.empty());
}

TEST_CASE("lesson panel: an expected error turns the mark on; a step without checks after Run") {
  LessonSessionFixture f;
  REQUIRE(f.p.open(f.s, 901));
  f.p.after_run(f.s, f.s.run("a = torch.ones(2)\n"), false);
  REQUIRE(f.p.move(f.s, +1));
  CHECK(f.p.step == 1);
  CHECK(f.p.wanted_view == "devices");
  CHECK_FALSE(f.p.passed);
  CHECK(f.p.check_summary() == "Run the code: it should raise this error.");
  // Another error is not the one the step wants.
  f.p.after_run(f.s, f.s.run("undefined_name\n"), false);
  CHECK_FALSE(f.p.passed);
  RunReport r = f.s.run(f.p.current().code);
  CHECK_FALSE(r.ok);
  CHECK(r.err.find("hint:") != std::string::npos);  // errors and hints as typed input shows them
  f.p.after_run(f.s, r, true);
  CHECK(f.s.lessons().expected_error_hit);
  CHECK(f.p.passed);
  // The last step has no code and no checks: done as soon as it is shown.
  REQUIRE(f.p.move(f.s, +1));
  CHECK(f.p.passed);
  CHECK(f.p.text[0].kind == BlockKind::Heading);
  CHECK_FALSE(f.p.move(f.s, +1));  // the end
  CHECK(f.p.check_summary() == "Done! That was the last step.");
  // Step 1 counted too: its check became true when `a` was typed in the console.
  CHECK(f.saved().done == std::set<int>{1, 2, 3});
  for (const LessonRow& row : f.p.rows(f.s)) {
    if (row.number == 901) CHECK(row.status == "done");
  }
}

TEST_CASE("one lesson state: :lesson and :next in the console move the panel, its buttons move :show") {
  LessonSessionFixture f;
  RunReport r = f.s.run(":lesson 901\n");  // as --exec sends it
  CHECK(r.out.find("Step 1 of 3: Make a tensor") != std::string::npos);
  f.p.after_run(f.s, r, false);
  CHECK(f.p.lesson != nullptr);
  CHECK(f.p.step == 0);
  CHECK(f.p.wanted_view == "memory");
  f.p.wanted_view.clear();
  f.p.after_run(f.s, f.s.run(":next"), false);
  CHECK(f.p.step == 1);
  CHECK(f.p.wanted_view == "devices");
  // Step 3 names no view: the request not yet drawn stays.
  f.p.after_run(f.s, f.s.run(":next"), false);
  CHECK(f.p.step == 2);
  CHECK(f.p.wanted_view == "devices");
  REQUIRE(f.p.move(f.s, -1));
  // The panel's Back is what :show and :check see next.
  REQUIRE(f.p.move(f.s, -1));
  CHECK(f.s.run(":show").out.find("Step 1 of 3: Make a tensor") != std::string::npos);
  f.s.run("a = torch.ones(2)\n");
  CHECK(f.s.run(":check").out.find("Step 1 done!") != std::string::npos);
  REQUIRE(f.p.move(f.s, +1));
  CHECK(f.s.run(":show").out.find("Step 2 of 3: Break it") != std::string::npos);
  CHECK(f.saved().current == 2);  // progress saved as the REPL saves it
  // Reopening resumes at the saved step; closing hides the column, :show says so.
  f.p.close(f.s);
  CHECK_FALSE(f.p.active());
  CHECK(f.s.run(":show").out.find("no lesson open") != std::string::npos);
  REQUIRE(f.p.open(f.s, 901));
  CHECK(f.p.step == 1);
  // :lessons shows the same progress as the panel's list.
  CHECK(f.s.run(":lessons").out.find("step 2 of 3") != std::string::npos);
}

TEST_CASE("a lesson that needs more GPUs says how to restart the GUI with enough") {
  lesson::Lesson l;
  l.number = 9;
  l.gpus = 2;
  const std::string gui = "tensorplay-gui";
  CHECK(lesson::missing_gpus_note(l, 2, false, gui).empty());
  CHECK(lesson::missing_gpus_note(l, 1, false, gui) ==
        "This lesson needs 2 GPUs; this session has 1, so its code will fail here. "
        "Restart with `tensorplay-gui --sim-gpus 2 --lesson 9`.");
  CHECK(lesson::missing_gpus_note(l, 1, true, gui).find("`tensorplay-gui --sim --sim-gpus 2 --lesson 9`") !=
        std::string::npos);
}

TEST_CASE("command line: --lessons, --lesson, --demo") {
  std::string error;
  auto o = parse_gui_options({"--lessons", "/tmp/mine", "--lesson", "4"}, error);
  REQUIRE(o);
  CHECK(o->lessons_dir == "/tmp/mine");
  CHECK(o->lesson == 4);
  CHECK(o->demo == 0);
  o = parse_gui_options({"--demo", "2"}, error);
  REQUIRE(o);
  CHECK(o->demo == 2);
  CHECK_FALSE(parse_gui_options({"--lesson", "0"}, error));
  CHECK(error == "--lesson expects a number from 1 to 999999, got '0'");
  CHECK_FALSE(parse_gui_options({"--demo", "x"}, error));
  CHECK_FALSE(parse_gui_options({"--lesson", "1", "--demo", "2"}, error));
  CHECK(error == "--lesson and --demo both open a lesson: give one of them");
  CHECK(gui_usage().find("--demo N") != std::string::npos);
}

TEST_CASE("demo: shows a step, types and runs its code once after a pause, waits for the key") {
  DemoState d;
  CHECK_FALSE(d.active());
  DemoCommand c = d.start(4, {20, 0, 10});
  CHECK(c.kind == DemoCommand::Show);
  CHECK(c.step == 0);
  CHECK(d.phase() == DemoPhase::Reading);
  CHECK(d.typed_chars() == 0);
  CHECK(d.status() == "Demo: step 1 of 3 \xe2\x80\x94 running its code (Space: at once)");
  // The pause, then typing (20 chars at 40/s: half a second), then one Run.
  CHECK(d.update(1.0).kind == DemoCommand::None);
  CHECK(d.update(0.6).kind == DemoCommand::None);
  CHECK(d.phase() == DemoPhase::Typing);
  CHECK(d.update(0.125).kind == DemoCommand::None);
  CHECK(d.typed_chars() > 0);
  CHECK(d.typed_chars() < 20);
  c = d.update(0.5);
  CHECK(c.kind == DemoCommand::Run);
  CHECK(c.step == 0);
  CHECK(d.phase() == DemoPhase::Waiting);
  CHECK(d.typed_chars() == 20);
  CHECK(d.status() == "Demo: step 1 of 3 \xe2\x80\x94 press Space for the next step");
  for (int i = 0; i < 100; ++i) CHECK(d.update(0.1).kind == DemoCommand::None);  // waits
  // Next: step 2 has no code: after the pause it waits, with nothing to run.
  c = d.key(DemoKey::Next);
  CHECK(c.kind == DemoCommand::Show);
  CHECK(c.step == 1);
  CHECK(d.update(2.0).kind == DemoCommand::None);
  CHECK(d.phase() == DemoPhase::Waiting);
  // Back to step 1: shown again, its code not run twice.
  c = d.key(DemoKey::Back);
  CHECK(c.kind == DemoCommand::Show);
  CHECK(c.step == 0);
  CHECK(d.phase() == DemoPhase::Waiting);
  for (int i = 0; i < 50; ++i) CHECK(d.update(0.1).kind == DemoCommand::None);
  CHECK(d.key(DemoKey::Back).kind == DemoCommand::None);  // the first step
  // Next twice: to step 3; Space before its pause ends runs it at once.
  CHECK(d.key(DemoKey::Next).step == 1);
  CHECK(d.key(DemoKey::Next).step == 2);
  c = d.key(DemoKey::Next);
  CHECK(c.kind == DemoCommand::Run);
  CHECK(c.step == 2);
  CHECK(d.status() == "Demo: step 3 of 3 \xe2\x80\x94 press Space to finish");
  // The end: past the last step, Left comes back, Esc ends.
  CHECK(d.key(DemoKey::Next).kind == DemoCommand::None);
  CHECK(d.phase() == DemoPhase::Finished);
  CHECK(d.status() == "Demo: lesson 4 done \xe2\x80\x94 Left goes back, Esc ends the demo");
  CHECK(d.key(DemoKey::Back).kind == DemoCommand::None);
  CHECK(d.phase() == DemoPhase::Waiting);
  CHECK(d.step() == 2);
  CHECK(d.key(DemoKey::Next).kind == DemoCommand::None);
  c = d.key(DemoKey::End);
  CHECK(c.kind == DemoCommand::End);
  CHECK_FALSE(d.active());
  CHECK(d.status().empty());
  CHECK(d.key(DemoKey::Next).kind == DemoCommand::None);
}

TEST_CASE("demo: follows a step chosen in the console, then runs that step's code") {
  DemoState d;
  d.start(1, {5, 5});
  d.key(DemoKey::Next);  // run step 1 at once
  CHECK(d.ran(0));
  CHECK(d.follow(1).kind == DemoCommand::None);  // already shown by the panel
  CHECK(d.step() == 1);
  CHECK(d.phase() == DemoPhase::Reading);
  d.update(d.read_seconds);
  CHECK(d.update(1.0).kind == DemoCommand::Run);
  CHECK(d.follow(7).kind == DemoCommand::None);  // no such step: ignored
  CHECK(d.step() == 1);
}

TEST_CASE("lesson panel: a lesson resumed in a new session offers to run the earlier steps") {
  LessonSessionFixture f;
  REQUIRE(f.p.open(f.s, 901));
  CHECK_FALSE(f.s.lessons().earlier_steps_unrun);  // at step 1 there is nothing before
  f.p.after_run(f.s, f.s.run(f.p.current().code), true);
  REQUIRE(f.p.move(f.s, +1));

  // A new session (the window started again) resumes at step 2 without step 1's `a`.
  Session again{DeviceConfig{}};
  again.lessons().extra_dir = f.d.lessons();
  again.lessons().progress_path = f.d.progress();
  LessonPanel p;
  REQUIRE(p.open(again, 901));
  CHECK(p.step == 1);
  CHECK(again.lessons().earlier_steps_unrun);
  CHECK_FALSE(again.python().get_global("a"));
  CHECK(p.earlier_steps_unrun);
  // The panel's button runs :replay, as typed in the console: one flag, shared with the prompt.
  RunReport r = again.run(":replay");
  CHECK(r.out.find("Ran the code of step 1. Now this step's.\n") != std::string::npos);
  p.after_run(again, r, false);
  CHECK_FALSE(again.lessons().earlier_steps_unrun);
  CHECK_FALSE(p.earlier_steps_unrun);
  CHECK(again.python().get_global("a"));
}
