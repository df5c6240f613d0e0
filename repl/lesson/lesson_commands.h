// The REPL's lesson commands (:lessons, :lesson N, :next, :back, :show, :check, :hint) and
// the state they share: the loaded lessons, the open lesson and step, the learner's saved
// progress, and the errors the learner hit since the step began (for expect-error steps).
#pragma once

#include <iosfwd>
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
  Progress progress;
  const Lesson* active = nullptr;  // the open lesson, or null
  int step = 0;                    // its current step, from 0
  bool expected_error_hit = false;  // the step's expect-error text was seen since it began
  std::string last_error;           // the last uncaught error, "Type: message"

  // Called after each input that raised: remembers it, and whether it is the step's error.
  void note_error(const std::string& text);
};

// "RuntimeError: message" for the error of a failed run (empty when it succeeded).
std::string error_text(lang::Interpreter& I, const lang::RunOutcome& outcome);

}  // namespace tp::lesson

namespace tp::repl {

// The handlers for the meta command table; each needs ctx.lessons.
void cmd_lessons(MetaContext& ctx, const std::string& arg);
void cmd_lesson(MetaContext& ctx, const std::string& arg);
void cmd_next(MetaContext& ctx, const std::string& arg);
void cmd_back(MetaContext& ctx, const std::string& arg);
void cmd_show(MetaContext& ctx, const std::string& arg);
void cmd_check(MetaContext& ctx, const std::string& arg);
void cmd_hint(MetaContext& ctx, const std::string& arg);

}  // namespace tp::repl
