// The REPL's lesson commands (:lessons, :lesson N, :next, :back, :show, :run, :check, :hint)
// and the state they share: the loaded lessons, the open lesson and step, the learner's saved
// progress, and what the learner's inputs did since the step began: the errors they hit (for
// expect-error steps) and the names they set (a step's checks count only for its own work).
#pragma once

#include <iosfwd>
#include <set>
#include <string>
#include <vector>

#include "repl/lesson/lesson.h"
#include "repl/lesson/progress.h"
#include "repl/meta_commands.h"

namespace tp::lesson {

// Lesson state of one REPL; it outlives :reset (progress is the learner's, not the session's).
struct LessonSession {
  std::string extra_dir;      // --lessons DIR, or ""
  std::string progress_path;  // where progress is saved ("" : not saved)

  bool loaded = false;  // lessons and progress are read on the first lesson command
  std::vector<Lesson> lessons;
  std::vector<std::string> load_errors;  // "FILE:LINE: message" per lesson file skipped
  Progress progress;
  const Lesson* active = nullptr;  // the open lesson, or null
  int step = 0;                    // its current step, from 0
  bool expected_error_hit = false;  // the step's expect-error text was seen since it began
  std::string last_error;           // the last uncaught error, "Type: message"
  std::set<std::string> names_set;  // top-level names inputs that ran cleanly set since then
  bool earlier_steps_unrun = false;  // resumed past step 1 in this session, not yet replayed

  // Called after each input: an error is remembered (and whether it is the step's), the
  // names a clean input bound are noted.
  void note_run(const RunOutcome& outcome);
  void note_error(const std::string& text);
  // Forgets what the inputs did: a step begins.
  void begin_step(int index);
};

// The names the open step's code binds that no clean input has set since the step began:
// until they are, its checks could only be holding on leftovers. Empty for a step that is
// meant to raise, or with no lesson open.
std::vector<std::string> names_not_set(const LessonSession& s);

// What to tell a learner whose session has `have` GPUs when `l` needs more: how to restart
// `program` (tensorplay or tensorplay-gui) with enough simulated ones (with --sim when the
// GPUs are `real`) and the lesson open; "" when there are enough.
std::string missing_gpus_note(const Lesson& l, int have, bool real,
                              const std::string& program = "tensorplay");

// "RuntimeError: message" for the error of a failed run (empty when it succeeded).
std::string error_text(const RunOutcome& outcome);

// For front ends that show the step themselves (the GUI's lesson panel): the commands' state
// changes without their printing; problems (a skipped file, unsaved progress) go to `out`.
// Reads the lessons and the saved progress on the first call.
void load_lessons_once(LessonSession& s, std::ostream& out);
// Opens `l` at its saved step (noting when earlier steps have not run here), unprinted.
void open_at_saved_step(LessonSession& s, const Lesson& l);
// Opens lesson `number` at its saved step (as :lesson N); false when there is no such lesson.
bool start_lesson(LessonSession& s, int number, std::ostream& out);
// Moves the open lesson to `step` (from 0) and remembers it (as :next / :back).
void set_step(LessonSession& s, int step, std::ostream& out);
// Marks the open lesson's current step passed and saves (as a successful :check).
void record_step_done(LessonSession& s, std::ostream& out);
// "not started", "step 2 of 6" or "done" (as :lessons shows it).
std::string progress_status(const LessonSession& s, const Lesson& l);
// The open lesson's current step is marked passed in the progress.
bool step_done_before(const LessonSession& s);
// "step 1" or "steps 1-N": the steps before step `step` (from 0; at least 1).
std::string earlier_steps(int step);
// Runs the code of the open lesson's steps before the current one in `session` (a resumed
// lesson in a new session has none of their variables), output captured; says which ran
// and any that did not end as meant.
std::string replay_earlier_steps(PythonSession& session, LessonSession& s);

}  // namespace tp::lesson

namespace tp::repl {

// A step's prose for the terminal: **bold** and *emphasis* without their markers.
std::string terminal_prose(const std::string& prose);

// The handlers for the meta command table; each needs ctx.lessons.
void cmd_lessons(MetaContext& ctx, const std::string& arg);
void cmd_lesson(MetaContext& ctx, const std::string& arg);
void cmd_next(MetaContext& ctx, const std::string& arg);
void cmd_back(MetaContext& ctx, const std::string& arg);
void cmd_show(MetaContext& ctx, const std::string& arg);
void cmd_run(MetaContext& ctx, const std::string& arg);
void cmd_replay(MetaContext& ctx, const std::string& arg);
void cmd_check(MetaContext& ctx, const std::string& arg);
void cmd_hint(MetaContext& ctx, const std::string& arg);

// :lesson's work; with `show` false the step itself is not printed (a lesson's notebook
// shows each step in its own cells).
void open_lesson_command(MetaContext& ctx, const std::string& arg, bool show);

// :check's work: says what is still missing, or marks the step passed; true when it passed.
// With `move_on` (a notebook's %check, where the cells show each step) a passed step goes on
// to the next one at once.
bool check_step(MetaContext& ctx, bool move_on);

}  // namespace tp::repl
