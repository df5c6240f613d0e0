// The REPL's lesson commands driven on a session with a simulated cuda:0 and a temporary
// progress file: :lessons, :lesson N, :show, :check before and after the step's code,
// expect-error steps, :next/:back, :hint, saved progress, malformed instructor lessons, and
// the note a lesson that needs more GPUs (`gpus: N`) gives in a session with fewer.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/device_registry.h"
#include "repl/lesson/lesson_commands.h"

using namespace tp;
using namespace tp::repl;

namespace {

// A learner's session: a Python session whose errors reach the lesson state, as in main.cpp.
struct Learner {
  explicit Learner(const std::string& dir, const std::string& extra = "") {
    configure_devices(DeviceConfig{});
    lessons.progress_path = dir + "/.tensorplay/progress";
    lessons.extra_dir = extra;
    I.set_output(&printed, &printed);
    I.set_run_observer([this](const RunOutcome& o) {
      lessons.note_run(o);
    });
  }
  std::string meta(const std::string& line) {
    std::ostringstream out;
    MetaContext ctx{I, out, nullptr};
    ctx.lessons = &lessons;
    CHECK(run_meta_command(line, ctx));
    return out.str();
  }
  void type(const std::string& code) { I.run_interactive(code); }
  PythonSession I;
  lesson::LessonSession lessons;
  std::ostringstream printed;
};

std::string fresh_dir(const char* name) {
  auto dir = std::filesystem::temp_directory_path() / name;
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir.string();
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE(":lessons lists number, title, minutes and progress") {
  std::string dir = fresh_dir("tp_lesson_cmd_list");
  Learner L(dir);
  std::string list = L.meta(":lessons");
  CHECK(has(list, "  4  The same-device rule"));
  CHECK(has(list, " 10 min  not started\n"));
  CHECK(has(list, ":lesson N starts or resumes lesson N\n"));
  L.meta(":lesson 4");
  CHECK(has(L.meta(":lessons"), " 10 min  step 1 of 6\n"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("a lesson step by step: :lesson, :check, :next, :back, :hint, :show") {
  std::string dir = fresh_dir("tp_lesson_cmd_steps");
  {  // this session's device tensors must be gone before the next configures the devices
    Learner L(dir);
    CHECK(L.meta(":check") == "no lesson open: :lessons lists them, :lesson N opens one\n");
    CHECK(L.meta(":lesson 99") == "no lesson 99 (:lessons lists them)\n");

    std::string start = L.meta(":lesson 4");
    CHECK(start.rfind("Lesson 4: The same-device rule (10 min)\n\nStep 1 of 6: Make it crash\n", 0) ==
          0);
    // The code as it is, no indent: it can be copied from the screen and pasted.
    CHECK(has(start, "Type or paste (or :run it):\n\nimport torch\nX = torch.ones(2, 3)\n"));
    CHECK(has(start, "This code should raise an error.\n"));
    CHECK(has(start, "See it: :mem lists your tensors and where they live.\n"));  // view: memory
    CHECK(has(start, ":check when you are done, :next to move on.\n"));
    CHECK_FALSE(has(start, ":hint"));
    CHECK(L.meta(":hint") == "No hint for this step.\n");
    CHECK(L.meta(":back") == "This is the first step.\n");

    // expect-error: not yet, then after the learner hits the error.
    CHECK(L.meta(":check") == "not yet: run the step's code; it should raise an error containing "
                              "\"Expected all tensors to be on the same device\"\n");
    // :run runs the step's code as if typed: its error reaches the lesson.
    CHECK(L.meta(":run") == ":check to see whether the step is done.\n");
    CHECK(has(L.printed.str(), "RuntimeError: Expected all tensors to be on the same device"));
    CHECK(has(L.lessons.last_error, "RuntimeError: Expected all tensors to be on the same device"));
    CHECK(L.meta(":check") == "ok: you hit the expected error\nStep 1 done! :next for the next step.\n");

    // A check step: false before the code, true after.
    CHECK(L.meta(":next").rfind("Step 2 of 6: Read the message\n", 0) == 0);
    std::string before = L.meta(":check");
    CHECK(before == "not yet: run this step's code (or your own version of it): `message` has not "
                    "been set since the step began\n");
    L.type("try:\n    X + Y\nexcept RuntimeError as e:\n    message = str(e)\n\n");
    CHECK(L.meta(":check") == "Step 2 done! :next for the next step.\n");

    // Step 3 has a hint; a false check is named.
    std::string step3 = L.meta(":next");
    CHECK(has(step3, "A hint is available: :hint\n"));
    CHECK(L.meta(":hint") ==
          "hint: This is usually the right fix: move the data once, keep it on the GPU.\n");
    // A Z left over from step 1 does not count, nor does a statement that raised.
    L.type("Z = X.to('cuda') + 1\n");
    L.meta(":back");
    L.meta(":next");
    CHECK(has(L.meta(":check"), "`Z` has not been set since the step began\n"));
    L.type("Z = X + ones(2, 3, device='cuda')\n");
    CHECK(has(L.meta(":check"), "`Z` has not been set since the step began\n"));
    L.type("Z = X + 1\n");
    CHECK(L.meta(":check") == "still false: Z.device.type == 'cuda'\n");
    CHECK(L.meta(":show") == step3);
    CHECK(L.meta(":back").rfind("Step 2 of 6", 0) == 0);
    CHECK(has(L.meta(":lessons"), "step 2 of 6"));
  }

  // Progress is saved: a new REPL resumes at step 2, and offers to replay step 1's code.
  Learner again(dir);
  CHECK(has(again.meta(":lessons"), "step 2 of 6"));
  std::string resumed = again.meta(":lesson 4");
  CHECK(has(resumed, "Resuming at step 2. If the code of step 1 has not run in this session, "
                     ":replay runs it now.\n\nStep 2 of 6: Read the message\n"));
  CHECK(again.lessons.progress["04_same_device_rule"].done == std::set<int>{1, 2});
  CHECK_FALSE(again.I.get_global("Y"));
  CHECK(again.meta(":replay") == "Ran the code of step 1. Now this step's.\n");
  CHECK(again.I.get_global("Y"));  // step 1's variables are back (its expected error raised)
  again.type("try:\n    X + Y\nexcept RuntimeError as e:\n    message = str(e)\n\n");
  CHECK(again.meta(":check") == "Step 2 done! :next for the next step.\n");
  std::filesystem::remove_all(dir);
}

TEST_CASE("lesson prose in the terminal: no **bold** or *emphasis* markers") {
  CHECK(terminal_prose("A **CPU** is like a *Ferrari*: fast.") == "A CPU is like a Ferrari: fast.");
  // Inside `code`, and a * between spaces (a product), stay.
  CHECK(terminal_prose("`x * 2` and `*args`; 2 * 3 is *six*") == "`x * 2` and `*args`; 2 * 3 is six");
}

TEST_CASE("a corrupt progress file and malformed instructor lessons are reported, not fatal") {
  std::string dir = fresh_dir("tp_lesson_cmd_bad");
  std::filesystem::create_directories(dir + "/.tensorplay");
  std::ofstream(dir + "/.tensorplay/progress") << "nonsense\n";
  std::string extra = dir + "/mine";
  std::filesystem::create_directories(extra);
  std::ofstream(extra + "/50_mine.lesson") << "# Mine\nminutes: 3\n\n## Step: One\nHello.\n"
                                              "check: 1 + 1 == 2\n";
  std::ofstream(extra + "/51_broken.lesson") << "# Broken\nminutes: soon\n";
  Learner L(dir, extra);
  std::string list = L.meta(":lessons");
  CHECK(has(list, "lesson skipped: " + extra + "/51_broken.lesson:2: "));
  CHECK(has(list, "lesson progress file " + dir + "/.tensorplay/progress is corrupt (line 1: "
                  "expected 'lesson step done-steps'); starting fresh\n"));
  CHECK(has(list, " 50  Mine"));
  CHECK(has(list, "  3 min  not started\n"));
  CHECK_FALSE(has(L.meta(":lessons"), "skipped"));  // reported once
  // ...and kept for the GUI's lesson list
  REQUIRE(L.lessons.load_errors.size() == 1);
  CHECK(has(L.lessons.load_errors[0], "/51_broken.lesson:2: "));
  L.meta(":lesson 50");
  CHECK(L.meta(":check") == "Step 1 done! That was the last step: done.\n");
  CHECK(L.meta(":next") == "That was the last step of this lesson. :lessons lists the others.\n");
  CHECK(has(L.meta(":lessons"), "  3 min  done\n"));
  std::filesystem::remove_all(dir);
}

TEST_CASE("without lesson state the commands say so") {
  configure_devices(DeviceConfig{});
  PythonSession I;
  std::ostringstream out;
  MetaContext ctx{I, out, nullptr};
  CHECK(run_meta_command(":lessons", ctx));
  CHECK(out.str() == "lessons are not available here\n");
}

TEST_CASE("a lesson that needs more GPUs than the session has says how to get them") {
  lesson::Lesson two;
  two.number = 9;
  two.gpus = 2;
  CHECK(lesson::missing_gpus_note(two, 2, false) == "");
  CHECK(lesson::missing_gpus_note(two, 4, true) == "");
  CHECK(lesson::missing_gpus_note(two, 1, false) ==
        "This lesson needs 2 GPUs; this session has 1, so its code will fail here. Restart with "
        "`tensorplay --sim-gpus 2 --lesson 9`.");
  // One real GPU: simulated ones have to replace it.
  CHECK(has(lesson::missing_gpus_note(two, 1, true), "`tensorplay --sim --sim-gpus 2 --lesson 9`"));
  CHECK(has(lesson::missing_gpus_note(two, 1, false, "tensorplay-gui"),
            "`tensorplay-gui --sim-gpus 2 --lesson 9`"));
  lesson::Lesson one;
  one.number = 3;
  CHECK(has(lesson::missing_gpus_note(one, 0, false), "needs 1 GPU; this session has 0,"));

  std::string dir = fresh_dir("tp_lesson_cmd_gpus");
  std::string extra = dir + "/mine";
  std::filesystem::create_directories(extra);
  std::ofstream(extra + "/60_two.lesson") << "# Two GPUs\nminutes: 5\ngpus: 2\n\n## Step: One\n"
                                             "check: torch.cuda.device_count() >= 2\n";
  {
    Learner L(dir, extra);  // one simulated GPU
    std::string start = L.meta(":lesson 60");
    CHECK(start.rfind("Lesson 60: Two GPUs (5 min)\n\nThis lesson needs 2 GPUs; this session has 1,", 0) == 0);
    CHECK(has(start, "Step 1 of 1: One\n"));  // the lesson still opens, to be read
    CHECK(L.meta(":check") == "still false: torch.cuda.device_count() >= 2\n");
    CHECK_FALSE(has(L.meta(":lesson 4"), "GPUs"));
  }
  DeviceConfig two_gpus;
  two_gpus.force_sim = true;
  two_gpus.sim_gpus = 2;
  configure_devices(two_gpus);
  {
    PythonSession I;
    std::ostringstream out;
    lesson::LessonSession lessons;
    lessons.extra_dir = extra;
    MetaContext ctx{I, out, nullptr};
    ctx.lessons = &lessons;
    run_meta_command(":lesson 60", ctx);
    CHECK_FALSE(has(out.str(), "needs"));
    out.str("");
    run_meta_command(":check", ctx);
    CHECK(out.str() == "Step 1 done! That was the last step: done.\n");
  }
  configure_devices(DeviceConfig{});
  std::filesystem::remove_all(dir);
}

TEST_CASE(":lesson N STEP opens a step; a notebook's check moves on when it passes") {
  std::string dir = fresh_dir("tp_lesson_cmd_open_at");
  Learner L(dir);
  CHECK(L.meta(":lesson 4 7") == "lesson 4 has steps 1-6\n");
  CHECK(L.meta(":lesson 4 x") == "usage: :lesson N [STEP] (:lessons lists them)\n");
  CHECK(L.meta(":lesson 4 1 2") == "usage: :lesson N [STEP] (:lessons lists them)\n");
  CHECK(L.meta(":lesson") == "usage: :lesson N [STEP] (:lessons lists them)\n");
  CHECK(L.meta(":lesson 4 3").rfind(
            "Lesson 4: The same-device rule (10 min)\n\nAt step 3. If the code of steps 1-2 has not run in this "
            "session, :replay runs it now.\n\nStep 3 of 6: Fix 1: bring the CPU tensor to the GPU\n",
            0) == 0);
  CHECK(L.meta(":lesson 4 1").rfind("Lesson 4: The same-device rule (10 min)\n\nStep 1 of 6: Make it crash\n", 0) == 0);

  auto notebook_check = [&] {
    std::ostringstream out;
    MetaContext ctx{L.I, out, nullptr};
    ctx.lessons = &L.lessons;
    const bool passed = check_step(ctx, true);
    return std::make_pair(passed, out.str());
  };
  CHECK(notebook_check() == std::make_pair(false, std::string("not yet: run the step's code; it should raise an error "
                                                              "containing \"Expected all tensors to be on the same device\"\n")));
  L.meta(":run");
  CHECK(notebook_check() == std::make_pair(true, std::string("ok: you hit the expected error\nStep 1 done! Now step 2 "
                                                             "of 6: Read the message\n")));
  CHECK(L.lessons.step == 1);
  CHECK(L.lessons.progress["04_same_device_rule"].current == 2);
  CHECK(L.lessons.progress["04_same_device_rule"].done == std::set<int>{1});
  std::filesystem::remove_all(dir);
}
