// The lesson panel's state: the step it shows, the live check mark, the hint, and the moves
// (open, Next, Back, close), all over the session's one LessonSession, so `:lesson 3` or
// `:next` typed in the console and the panel's buttons move the same lesson. Plain data and
// logic over a Session, testable without a window; lesson_view.cpp draws it from this copy
// alone, so it can draw while code runs.
#pragma once

#include <string>
#include <vector>

#include "gui/lesson_text.h"
#include "gui/session.h"
#include "repl/lesson/lesson.h"

namespace tp::gui {

// One row of the lesson list.
struct LessonRow {
  int number = 0;
  std::string title;
  int minutes = 0;
  std::string status;  // "not started", "step 2 of 6", "done" (the REPL's :lessons)
  bool open = false;   // the lesson open now
};

struct LessonPanel {
  // The step shown, compared with the session's lesson state to notice console commands.
  const lesson::Lesson* lesson = nullptr;
  int step = -1;
  std::vector<TextBlock> text;  // the step's prose, parsed
  bool hint_open = false;
  bool code_ran = false;  // the step's code ran from the Run button without an error
  bool scroll_to_check = false;  // the Run button was pressed: show the check's outcome
  // The live check, evaluated after each console run (a check runs Python, so never once
  // per frame); empty until the first run after the step was shown.
  std::vector<lesson::CheckResult> checks;
  // The names the step's code binds that no clean input has set since it began (read with
  // Python when a step is shown and after each run, never per frame).
  std::vector<std::string> unset_names;
  bool passed = false;
  // The session's lesson flags as sync() last read them.
  bool expected_error_hit = false;   // the step's expected error was raised
  bool earlier_steps_unrun = false;  // resumed: the earlier steps' code has not run here
  std::string wanted_view;  // the step's view, set when a step is shown; the app selects it
  std::string notes;        // problems to show in the console (skipped files, unsaved progress)

  // True when a lesson is open (the panel's column is shown), as sync() last saw it.
  bool active() const { return lesson != nullptr; }
  // The step shown (a lesson must be open).
  const lesson::Step& current() const { return lesson->steps[size_t(step)]; }
  int step_count() const { return lesson ? int(lesson->steps.size()) : 0; }

  // Follows the session: reads its lesson flags, and when another lesson or step is open than
  // the one shown, shows it (text, view, the mark as saved). True when the step changed.
  bool sync(Session& s);
  // Opens lesson `number` at its saved step (as :lesson N); false when there is none.
  bool open(Session& s, int number);
  // Goes to step `index` (from 0) of the open lesson, as :next / :back do.
  void go_to(Session& s, int index);
  // Next (+1) / Back (-1); false at either end.
  bool move(Session& s, int delta);
  // Closes the lesson: the panel's column goes away (progress stays).
  void close(Session& s);
  // After any console input: follows :lesson/:next typed there, then re-checks. `step_code`
  // says the input was this step's code sent by the Run button.
  void after_run(Session& s, const RunReport& report, bool step_code);
  // Evaluates the step's checks now; the step is recorded done (and saved) once it passes.
  void refresh_check(Session& s);
  // The lessons, with the saved progress; reads them on first use.
  std::vector<LessonRow> rows(Session& s);
  // "Step 2 of 6".
  std::string step_label() const;
  // What the step still wants, for the line beside the check mark.
  std::string check_summary() const;
};

// Code as the console echoes typed input: ">>> " before the first line, "... " before the
// others.
std::string console_echo(const std::string& code);

}  // namespace tp::gui
