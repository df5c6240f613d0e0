// Lesson progress saved per user ($HOME/.tensorplay/progress): for each lesson the step the
// learner is on and the steps already passed, in a small text format that a hand edit or a
// crash may break, so a corrupt file is reported and reset, never fatal.
#pragma once

#include <map>
#include <set>
#include <string>

namespace tp::lesson {

// One lesson's progress; steps are numbered from 1.
struct LessonProgress {
  int current = 1;      // the step shown by :lesson N
  std::set<int> done;   // steps whose checks passed
};

// Progress by lesson id (the file name without .lesson: "04_same_device_rule").
using Progress = std::map<std::string, LessonProgress>;

// $HOME/.tensorplay/progress, or "" when HOME is not set (progress is then not saved).
std::string default_progress_path();

// The file text: a comment line, then one "ID CURRENT DONE" line per lesson, DONE being
// comma-separated step numbers or "-" ("04_same_device_rule 3 1,2").
std::string format_progress(const Progress& p);
// Parses format_progress's text; false with `error` ("line 2: ...") when it is malformed.
bool parse_progress(const std::string& text, Progress& out, std::string& error);

// Reads `path`. A missing file is empty progress; a corrupt one gives empty progress, is
// rewritten empty, and `warning` says so in one line.
Progress load_progress(const std::string& path, std::string& warning);
// Writes `path` (creating its folder); false with a one-line `warning` when it cannot.
bool save_progress(const std::string& path, const Progress& p, std::string& warning);

}  // namespace tp::lesson
