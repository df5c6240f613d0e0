// The lesson meta commands: list, open, move through and check the steps of a lesson in the
// learner's own session, saving progress after every change.
#include "repl/lesson/lesson_commands.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <ostream>
#include <sstream>

#include "core/cuda_api.h"
#include "core/device_registry.h"

namespace tp::lesson {

namespace {

// The top-level names `source` binds (tensorplay/assigned.py); none when Python fails.
std::vector<std::string> bound_names(const std::string& source) {
  std::vector<std::string> names;
  try {
    for (py::handle n : py::module_::import("tensorplay.assigned").attr("assigned_names")(source))
      names.push_back(py::str(n));
  } catch (const py::error_already_set&) {  // never disturb the session
  }
  return names;
}

}  // namespace

void LessonSession::note_run(const RunOutcome& outcome) {
  if (outcome.exited) return;
  if (!outcome.ok) {
    note_error(error_text(outcome));
    return;
  }
  if (!active) return;
  for (std::string& n : bound_names(outcome.source)) names_set.insert(std::move(n));
}

void LessonSession::note_error(const std::string& text) {
  last_error = text;
  if (active && !active->steps[step].expect_error.empty() &&
      text.find(active->steps[step].expect_error) != std::string::npos)
    expected_error_hit = true;
}

void LessonSession::begin_step(int index) {
  step = index;
  expected_error_hit = false;
  names_set.clear();
}

std::vector<std::string> names_not_set(const LessonSession& s) {
  std::vector<std::string> missing;
  if (!s.active) return missing;
  const Step& st = s.active->steps[s.step];
  if (!st.expect_error.empty()) return missing;
  for (const std::string& n : bound_names(st.code))
    if (!s.names_set.count(n)) missing.push_back(n);
  return missing;
}

std::string missing_gpus_note(const Lesson& l, int have, bool real, const std::string& program) {
  if (have >= l.gpus) return "";
  auto gpus = [](int n) { return std::to_string(n) + (n == 1 ? " GPU" : " GPUs"); };
  // Devices are set up when the program starts, so getting more means a restart; with real
  // GPUs present, --sim swaps them for simulated ones.
  std::string flags = std::string(real ? "--sim " : "") + "--sim-gpus " + std::to_string(l.gpus);
  return "This lesson needs " + gpus(l.gpus) + "; this session has " + std::to_string(have) +
         ", so its code will fail here. Restart with `" + program + " " + flags + " --lesson " +
         std::to_string(l.number) + "`.";
}

std::string error_text(const RunOutcome& outcome) {
  if (outcome.ok || outcome.exited) return "";
  std::string text = outcome.exc_type;
  if (!outcome.message.empty()) text += ": " + outcome.message;
  return text;
}

}  // namespace tp::lesson

namespace tp::repl {

namespace {

using lesson::Lesson;
using lesson::LessonSession;
using lesson::Step;

// The state, or null after saying lessons are not available here.
LessonSession* state(MetaContext& ctx) {
  if (!ctx.lessons) ctx.out << "lessons are not available here\n";
  return ctx.lessons;
}

// Reads the lessons (reporting malformed files once) and the saved progress.
void ensure_loaded(LessonSession& s, std::ostream& out) {
  if (s.loaded) return;
  s.loaded = true;
  lesson::LoadResult r = lesson::load_lessons(lesson::lesson_dirs(s.extra_dir));
  s.lessons = std::move(r.lessons);
  s.load_errors = r.errors;
  for (const std::string& e : r.errors) out << "lesson skipped: " << e << "\n";
  std::string warning;
  s.progress = lesson::load_progress(s.progress_path, warning);
  if (!warning.empty()) out << warning << "\n";
}

std::string lesson_id(const Lesson& l) { return std::filesystem::path(l.path).stem().string(); }

void save(LessonSession& s, std::ostream& out) {
  std::string warning;
  if (!lesson::save_progress(s.progress_path, s.progress, warning)) out << warning << "\n";
}

// Records the current step as the one to resume at.
void remember_step(LessonSession& s, std::ostream& out) {
  s.progress[lesson_id(*s.active)].current = s.step + 1;
  save(s, out);
}

std::string status_of(const LessonSession& s, const Lesson& l) {
  auto it = s.progress.find(lesson_id(l));
  if (it == s.progress.end()) return "not started";
  int n = static_cast<int>(l.steps.size());
  bool all = true;
  for (int k = 1; k <= n; ++k)
    if (!it->second.done.count(k)) all = false;
  if (all) return "done";
  return "step " + std::to_string(std::min(it->second.current, n)) + " of " + std::to_string(n);
}

}  // namespace

std::string terminal_prose(const std::string& prose) {
  // Outside `code` spans, **bold** and *emphasis* lose their markers; a * between spaces
  // (a product) stays.
  std::string out;
  bool in_code = false;
  for (size_t i = 0; i < prose.size(); ++i) {
    const char c = prose[i];
    if (c == '`') in_code = !in_code;
    if (c == '*' && !in_code) {
      const bool opens = i + 1 < prose.size() && prose[i + 1] != ' ' && prose[i + 1] != '\n';
      const bool closes = i > 0 && prose[i - 1] != ' ' && prose[i - 1] != '\n';
      if (opens || closes) continue;
    }
    out += c;
  }
  return out;
}

namespace {

void show_step(LessonSession& s, std::ostream& out) {
  const Step& st = s.active->steps[s.step];
  out << "Step " << s.step + 1 << " of " << s.active->steps.size() << ": " << st.name << "\n";
  if (!st.prose.empty()) out << "\n" << terminal_prose(st.prose) << "\n";
  // Code is shown as it is, without an indent, so that it can be copied and pasted.
  if (!st.code.empty()) out << "\nType or paste (or :run it):\n\n" << st.code;
  if (!st.expect_error.empty()) out << "\nThis code should raise an error.\n";
  // The GUI opens a view with the step; a command shows the same in text.
  switch (st.view) {
    case lesson::View::Grid: out << "\nSee it: :grid shows which GPU thread computes which element of A @ B.\n"; break;
    case lesson::View::Memory: out << "\nSee it: :mem lists your tensors and where they live.\n"; break;
    case lesson::View::Devices: out << "\nSee it: :devices lists the devices and their memory.\n"; break;
    case lesson::View::Timings: out << "\nSee it: :time STMT shows the host's and the device's time.\n"; break;
    case lesson::View::Kernel:
      out << "\nSee it: :kernel shows what your last kernel's warps did: memory transactions, bank conflicts, "
             "occupancy and its modeled time.\n";
      break;
    case lesson::View::Timeline: case lesson::View::None: break;
  }
  out << "\n";
  if (!st.hint.empty()) out << "A hint is available: :hint\n";
  out << ":check when you are done, :next to move on.\n";
}

// The open lesson, or null after saying there is none.
LessonSession* open_lesson(MetaContext& ctx) {
  LessonSession* s = state(ctx);
  if (!s) return nullptr;
  if (!s->active) {
    ctx.out << "no lesson open: :lessons lists them, :lesson N opens one\n";
    return nullptr;
  }
  return s;
}

void go_to(LessonSession& s, int step, std::ostream& out) {
  s.begin_step(step);
  remember_step(s, out);
  show_step(s, out);
}

}  // namespace

void cmd_lessons(MetaContext& ctx, const std::string&) {
  LessonSession* s = state(ctx);
  if (!s) return;
  ensure_loaded(*s, ctx.out);
  if (s->lessons.empty()) {
    ctx.out << "no lessons found\n";
    return;
  }
  size_t wt = 5;
  for (const Lesson& l : s->lessons) wt = std::max(wt, l.title.size());
  for (const Lesson& l : s->lessons) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%3d  ", l.number);
    ctx.out << buf << l.title << std::string(wt - l.title.size() + 2, ' ');
    std::snprintf(buf, sizeof buf, "%3d min  ", l.minutes);
    ctx.out << buf << status_of(*s, l) << "\n";
  }
  ctx.out << ":lesson N starts or resumes lesson N\n";
}

void cmd_lesson(MetaContext& ctx, const std::string& arg) { open_lesson_command(ctx, arg, true); }

void open_lesson_command(MetaContext& ctx, const std::string& arg, bool show) {
  LessonSession* s = state(ctx);
  if (!s) return;
  ensure_loaded(*s, ctx.out);
  // "N", or "N STEP" to open at a given step (a lesson's notebook starts at step 1).
  std::istringstream words(arg);
  std::string number, step_word, extra;
  words >> number >> step_word >> extra;
  auto small_number = [](const std::string& w) {
    return !w.empty() && w.size() < 6 && w.find_first_not_of("0123456789") == std::string::npos;
  };
  const Lesson* found = nullptr;
  for (const Lesson& l : s->lessons)
    if (small_number(number) && l.number == std::atoi(number.c_str())) found = &l;
  if (!found || !extra.empty() || (!step_word.empty() && !small_number(step_word))) {
    ctx.out << (arg.empty() || !extra.empty() || (found && !step_word.empty()) ? "usage: :lesson N [STEP]"
                                                                                 : "no lesson " + number)
            << " (:lessons lists them)\n";
    return;
  }
  const int steps = static_cast<int>(found->steps.size());
  const int step = step_word.empty() ? 0 : std::atoi(step_word.c_str());
  if (!step_word.empty() && (step < 1 || step > steps)) {
    ctx.out << "lesson " << found->number << " has steps 1-" << steps << "\n";
    return;
  }
  lesson::open_at_saved_step(*s, *found);
  if (step > 0) {
    s->begin_step(step - 1);
    s->earlier_steps_unrun = step > 1;
  }
  const int resume = s->step + 1;
  ctx.out << "Lesson " << found->number << ": " << found->title << " (" << found->minutes
          << " min)\n\n";
  std::string note = lesson::missing_gpus_note(*found, cuda::device_count(), cuda_devices_are_real());
  if (!note.empty()) ctx.out << note << "\n\n";
  if (resume > 1) {
    // A new session has none of the earlier steps' variables.
    ctx.out << (step > 0 ? "At step " : "Resuming at step ") << resume << ". If the code of "
            << lesson::earlier_steps(resume - 1) << " has not run in this session, :replay runs it now.\n\n";
  }
  remember_step(*s, ctx.out);
  if (show) show_step(*s, ctx.out);
}

void cmd_replay(MetaContext& ctx, const std::string&) {
  LessonSession* s = open_lesson(ctx);
  if (!s) return;
  if (s->step == 0) {
    ctx.out << "This is the first step: nothing before it to replay.\n";
    return;
  }
  ctx.out << lesson::replay_earlier_steps(ctx.session, *s);
}

void cmd_show(MetaContext& ctx, const std::string&) {
  if (LessonSession* s = open_lesson(ctx)) show_step(*s, ctx.out);
}

void cmd_run(MetaContext& ctx, const std::string&) {
  LessonSession* s = open_lesson(ctx);
  if (!s) return;
  const Step& st = s->active->steps[s->step];
  if (st.code.empty()) {
    ctx.out << "This step has no code to run.\n";
    return;
  }
  // As if typed: the prompt's observer sees an error (an expect-error step's, too).
  ctx.session.run_interactive(st.code);
  ctx.out << ":check to see whether the step is done.\n";
}

void cmd_next(MetaContext& ctx, const std::string&) {
  LessonSession* s = open_lesson(ctx);
  if (!s) return;
  if (s->step + 1 >= static_cast<int>(s->active->steps.size())) {
    ctx.out << "That was the last step of this lesson. :lessons lists the others.\n";
    return;
  }
  go_to(*s, s->step + 1, ctx.out);
}

void cmd_back(MetaContext& ctx, const std::string&) {
  LessonSession* s = open_lesson(ctx);
  if (!s) return;
  if (s->step == 0) {
    ctx.out << "This is the first step.\n";
    return;
  }
  go_to(*s, s->step - 1, ctx.out);
}

void cmd_hint(MetaContext& ctx, const std::string&) {
  LessonSession* s = open_lesson(ctx);
  if (!s) return;
  const Step& st = s->active->steps[s->step];
  ctx.out << (st.hint.empty() ? "No hint for this step." : "hint: " + st.hint) << "\n";
}

void cmd_check(MetaContext& ctx, const std::string&) { check_step(ctx, false); }

bool check_step(MetaContext& ctx, bool move_on) {
  LessonSession* s = open_lesson(ctx);
  if (!s) return false;
  const Step& st = s->active->steps[s->step];
  bool ok = true;
  if (!st.expect_error.empty()) {
    if (s->expected_error_hit) {
      ctx.out << "ok: you hit the expected error\n";
    } else {
      ok = false;
      ctx.out << "not yet: run the step's code; it should raise an error containing \""
              << st.expect_error << "\"\n";
    }
  }
  // Checks could hold on what earlier steps left: the step's own names come first.
  if (const std::vector<std::string> missing = lesson::names_not_set(*s); !missing.empty()) {
    ctx.out << "not yet: run this step's code (or your own version of it): `" << missing[0]
            << "` has not been set since the step began\n";
    return false;
  }
  for (const lesson::CheckResult& c : lesson::evaluate_checks(ctx.session, st)) {
    if (c.passed) continue;
    ok = false;
    if (c.error.empty()) {
      ctx.out << "still false: " << c.expr << "\n";
    } else {
      // The traceback's last line says what went wrong ("NameError: name 'Z' is not defined").
      std::string e = c.error;
      while (!e.empty() && e.back() == '\n') e.pop_back();
      ctx.out << "still failing: " << c.expr << " (" << e.substr(e.find_last_of('\n') + 1)
              << ")\n";
    }
  }
  if (!ok) return false;
  lesson::record_step_done(*s, ctx.out);
  const int next = s->step + 1;
  if (next >= static_cast<int>(s->active->steps.size())) {
    ctx.out << "Step " << next << " done! That was the last step: " << status_of(*s, *s->active) << ".\n";
  } else if (!move_on) {
    ctx.out << "Step " << next << " done! :next for the next step.\n";
  } else {
    ctx.out << "Step " << next << " done! Now step " << next + 1 << " of " << s->active->steps.size() << ": "
            << s->active->steps[next].name << "\n";
    lesson::set_step(*s, next, ctx.out);  // the notebook's cells show the step itself
  }
  return true;
}

}  // namespace tp::repl

// The same state changes as the commands above, without their printing: the GUI's lesson
// panel shows the step itself. Only problems (a skipped lesson file, progress that cannot be
// saved) go to `out`.
namespace tp::lesson {

void load_lessons_once(LessonSession& s, std::ostream& out) { repl::ensure_loaded(s, out); }

void open_at_saved_step(LessonSession& s, const Lesson& l) {
  s.active = &l;
  const int n = static_cast<int>(l.steps.size());
  auto it = s.progress.find(repl::lesson_id(l));
  const int resume = it == s.progress.end() ? 1 : std::max(1, std::min(it->second.current, n));
  s.begin_step(resume - 1);
  // A new session has none of the earlier steps' variables until they are replayed.
  s.earlier_steps_unrun = resume > 1;
}

bool start_lesson(LessonSession& s, int number, std::ostream& out) {
  repl::ensure_loaded(s, out);
  for (const Lesson& l : s.lessons) {
    if (l.number != number) continue;
    open_at_saved_step(s, l);
    repl::remember_step(s, out);
    return true;
  }
  return false;
}

void set_step(LessonSession& s, int step, std::ostream& out) {
  s.begin_step(step);
  repl::remember_step(s, out);
}

void record_step_done(LessonSession& s, std::ostream& out) {
  LessonProgress& lp = s.progress[repl::lesson_id(*s.active)];
  lp.done.insert(s.step + 1);
  lp.current = s.step + 1;
  repl::save(s, out);
}

std::string progress_status(const LessonSession& s, const Lesson& l) { return repl::status_of(s, l); }

bool step_done_before(const LessonSession& s) {
  auto it = s.progress.find(repl::lesson_id(*s.active));
  return it != s.progress.end() && it->second.done.count(s.step + 1);
}

std::string earlier_steps(int step) { return step == 1 ? "step 1" : "steps 1-" + std::to_string(step); }

std::string replay_earlier_steps(PythonSession& session, LessonSession& s) {
  const int current = s.step;
  std::string failures;
  for (int k = 0; k < current; ++k) {
    const Step& st = s.active->steps[k];
    if (st.code.empty()) continue;
    const StepResult r = run_step(session, st);  // output captured: only the outcome is told
    const bool as_meant = st.expect_error.empty() ? r.code_ok : r.expected_error_hit;
    if (!as_meant) {
      std::string e = r.error;
      while (!e.empty() && e.back() == '\n') e.pop_back();
      failures += "step " + std::to_string(k + 1) + " raised: " + e.substr(e.find_last_of('\n') + 1) + "\n";
    }
  }
  s.begin_step(current);  // the replay is not this step's work
  s.earlier_steps_unrun = false;
  const std::string steps = earlier_steps(current);
  return failures.empty() ? "Ran the code of " + steps + ". Now this step's.\n"
                          : "Ran the code of " + steps + ", but\n" + failures;
}

}  // namespace tp::lesson
