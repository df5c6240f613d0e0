// The lesson panel's moves and its live check over the session's LessonSession (the drawing
// is in lesson_view.cpp).
#include "gui/lesson_panel.h"

#include <sstream>

#include "repl/lesson/lesson_commands.h"

namespace tp::gui {

bool LessonPanel::sync(Session& s) {
  const lesson::LessonSession& ls = s.lessons();
  expected_error_hit = ls.expected_error_hit;
  earlier_steps_unrun = ls.earlier_steps_unrun;
  if (ls.active == lesson && (!lesson || ls.step == step)) return false;
  lesson = ls.active;
  step = lesson ? ls.step : -1;
  text.clear();
  checks.clear();
  unset_names.clear();
  hint_open = false;
  code_ran = false;
  passed = false;
  if (!lesson) return true;
  text = parse_prose(current().prose);
  // A step without a view keeps the view on screen, or one a step just before it asked for
  // and the window has not drawn yet (`--exec ":next"` before the first frame).
  if (current().view != lesson::View::None) wanted_view = lesson::view_name(current().view);
  // The checks are first evaluated after the learner's next input: a check that happens to
  // hold already would otherwise mark a step done before anything was tried. A step done
  // before shows its mark from the saved progress; one with nothing to do is done at once.
  const lesson::Step& st = current();
  unset_names = lesson::names_not_set(ls);
  passed = lesson::step_done_before(ls);
  if (st.code.empty() && st.checks.empty() && st.expect_error.empty()) refresh_check(s);
  return true;
}

bool LessonPanel::open(Session& s, int number) {
  std::ostringstream out;
  const bool found = lesson::start_lesson(s.lessons(), number, out);
  notes += out.str();
  // Reopening the step already shown still shows its view again.
  lesson = nullptr;
  sync(s);
  return found;
}

void LessonPanel::go_to(Session& s, int index) {
  if (!s.lessons().active) return;
  std::ostringstream out;
  lesson::set_step(s.lessons(), index, out);
  notes += out.str();
  lesson = nullptr;  // shown afresh even when it is the same step
  sync(s);
}

bool LessonPanel::move(Session& s, int delta) {
  sync(s);
  if (!lesson) return false;
  const int to = step + delta;
  if (to < 0 || to >= step_count()) return false;
  go_to(s, to);
  return true;
}

void LessonPanel::close(Session& s) {
  s.lessons().active = nullptr;
  sync(s);
}

void LessonPanel::after_run(Session& s, const RunReport& report, bool step_code) {
  if (sync(s) || !lesson) return;  // a new step was just shown and checked
  if (step_code && report.ok) code_ran = true;
  if (step_code) scroll_to_check = true;
  refresh_check(s);
}

void LessonPanel::refresh_check(Session& s) {
  if (!lesson) return;
  const lesson::Step& st = current();
  checks = lesson::evaluate_checks(s.python(), st);
  unset_names = lesson::names_not_set(s.lessons());
  bool all = true;
  for (const lesson::CheckResult& c : checks) all = all && c.passed;
  bool now;
  if (!unset_names.empty()) {
    now = false;  // the checks could only be holding on what earlier steps left
  } else if (!st.expect_error.empty()) {
    now = all && s.lessons().expected_error_hit;
  } else if (st.checks.empty()) {
    now = st.code.empty() || code_ran;  // nothing to check: done once its code ran
  } else {
    now = all;
  }
  if (now && !passed) {
    std::ostringstream out;
    lesson::record_step_done(s.lessons(), out);
    notes += out.str();
  }
  passed = now;
}

std::vector<LessonRow> LessonPanel::rows(Session& s) {
  std::ostringstream out;
  lesson::load_lessons_once(s.lessons(), out);
  notes += out.str();
  std::vector<LessonRow> r;
  for (const lesson::Lesson& l : s.lessons().lessons) {
    r.push_back({l.number, l.title, l.minutes, lesson::progress_status(s.lessons(), l),
                 s.lessons().active == &l});
  }
  return r;
}

std::string LessonPanel::step_label() const {
  if (!lesson) return "";
  return "Step " + std::to_string(step + 1) + " of " + std::to_string(step_count());
}

std::string LessonPanel::check_summary() const {
  if (!lesson) return "";
  const lesson::Step& st = current();
  if (passed) {
    return step + 1 < step_count() ? "Done! Next when you are ready." : "Done! That was the last step.";
  }
  if (!st.expect_error.empty() && !expected_error_hit) {
    return "Run the code: it should raise this error.";
  }
  if (!unset_names.empty()) {
    return "Run this step's code: " + unset_names[0] + " has not been set since the step began.";
  }
  for (const lesson::CheckResult& c : checks) {
    if (!c.passed) return "Not yet true: " + c.expr;
  }
  return "Run the code to finish this step.";
}

std::string console_echo(const std::string& code) {
  std::string out;
  std::string body = code;
  while (!body.empty() && body.back() == '\n') body.pop_back();
  size_t start = 0;
  bool first = true;
  while (start <= body.size()) {
    size_t end = body.find('\n', start);
    if (end == std::string::npos) end = body.size();
    out += (first ? ">>> " : "... ") + body.substr(start, end - start) + "\n";
    first = false;
    start = end + 1;
  }
  return out;
}

}  // namespace tp::gui
