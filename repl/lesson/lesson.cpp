// Reading lesson files: the line-by-line parser of the format in lessons/README.md and the
// loader that collects the lessons of the search directories, keeping the good ones when a
// file is malformed.
#include "repl/lesson/lesson.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace tp::lesson {

namespace {

std::string trim(const std::string& s) {
  size_t b = 0, e = s.size();
  while (b < e && std::isspace(static_cast<unsigned char>(s[b]))) ++b;
  while (e > b && std::isspace(static_cast<unsigned char>(s[e - 1]))) --e;
  return s.substr(b, e - b);
}

bool starts_with(const std::string& s, const std::string& prefix) {
  return s.starts_with(prefix);
}

// Drops blank lines at both ends of a block of text.
std::string trim_blank_lines(const std::string& text) {
  size_t b = text.find_first_not_of("\n");
  if (b == std::string::npos) return "";
  size_t e = text.find_last_not_of("\n");
  return text.substr(b, e - b + 1);
}

std::string fmt_error(const std::string& file, int line, const std::string& message) {
  if (line <= 0) return file + ": " + message;
  return file + ":" + std::to_string(line) + ": " + message;
}

// Parses `text` line by line; one Parser per file.
struct Parser {
  const std::string& file;
  Lesson lesson;
  int minutes_line = 0;
  int gpus_line = 0;
  int expect_error_line = 0;  // of the current step, to report it when the step has no code

  [[noreturn]] void fail_at(int line, const std::string& message) {
    throw LessonError(file, line, message);
  }

  void finish_step() {
    if (lesson.steps.empty()) return;
    Step& s = lesson.steps.back();
    s.prose = trim_blank_lines(s.prose);
    if (!s.expect_error.empty() && s.code.empty())
      fail_at(expect_error_line, "'expect-error:' needs a ```python code block in its step");
  }

  // The positive whole number after `key` on a header line ("minutes: 10" -> 10).
  int whole_number(const std::string& line, int n, const std::string& key, const std::string& what) {
    std::string v = trim(line.substr(key.size()));
    bool digits = !v.empty() && v.size() < 5 &&
                  std::all_of(v.begin(), v.end(), [](char c) { return c >= '0' && c <= '9'; });
    if (!digits || std::stoi(v) == 0)
      fail_at(n, "'" + key + "' needs a whole number of " + what + ", got '" + v + "'");
    return std::stoi(v);
  }

  // A `key: value` line inside a step; false when the line is not one of the known keys.
  bool field(const std::string& line, int n) {
    static const char* keys[] = {"check:", "expect-error:", "hint:", "view:"};
    for (const char* key : keys) {
      if (!starts_with(line, key)) continue;
      std::string value = trim(line.substr(std::string(key).size()));
      std::string k(key);
      if (value.empty()) fail_at(n, "'" + k + "' needs a value");
      Step& s = lesson.steps.back();
      if (k == "check:") {
        s.checks.push_back(Check{value, n});
      } else if (k == "expect-error:") {
        if (!s.expect_error.empty()) fail_at(n, "a step has at most one 'expect-error:'");
        s.expect_error = value;
        expect_error_line = n;
      } else if (k == "hint:") {
        if (!s.hint.empty()) fail_at(n, "a step has at most one 'hint:'");
        s.hint = value;
      } else {
        if (s.view != View::None) fail_at(n, "a step has at most one 'view:'");
        if (value == "grid") s.view = View::Grid;
        else if (value == "timings") s.view = View::Timings;
        else if (value == "memory") s.view = View::Memory;
        else if (value == "timeline") s.view = View::Timeline;
        else if (value == "devices") s.view = View::Devices;
        else if (value == "kernel") s.view = View::Kernel;
        else fail_at(n, "unknown view '" + value + "' (expected grid, timings, memory, timeline, devices or kernel)");
      }
      return true;
    }
    return false;
  }

  void parse(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) {
      if (!l.empty() && l.back() == '\r') l.pop_back();
      lines.push_back(l);
    }
    bool have_title = false;
    int fence_line = 0;        // the opening ``` line while inside a fence, else 0
    bool fence_is_code = false;
    for (int i = 0; i < static_cast<int>(lines.size()); ++i) {
      const std::string& line = lines[i];
      const int n = i + 1;
      if (fence_line) {  // inside a fenced block: everything is verbatim until ```
        Step& s = lesson.steps.back();
        if (trim(line) == "```") {
          if (!fence_is_code) s.prose += line + "\n";
          fence_line = 0;
        } else if (fence_is_code) {
          s.code += line + "\n";
        } else {
          s.prose += line + "\n";
        }
        continue;
      }
      if (!have_title) {
        if (trim(line).empty()) continue;
        if (!starts_with(line, "# ") || trim(line.substr(2)).empty())
          fail_at(n, "a lesson starts with its title line: '# Title'");
        lesson.title = trim(line.substr(2));
        have_title = true;
        continue;
      }
      if (starts_with(line, "## ")) {
        if (!starts_with(line, "## Step:"))
          fail_at(n, "a '## ' heading must be '## Step: name' (use '### ' inside a step)");
        if (lesson.minutes == 0)
          fail_at(n, "missing 'minutes: N' between the title and the first step");
        std::string name = trim(line.substr(8));
        if (name.empty()) fail_at(n, "'## Step:' needs a name");
        finish_step();
        Step step;
        step.name = name;
        step.line = n;
        lesson.steps.push_back(step);
        continue;
      }
      if (lesson.steps.empty()) {  // the header: `minutes:`, `gpus:` and blank lines
        if (trim(line).empty()) continue;
        if (starts_with(line, "minutes:")) {
          if (minutes_line) fail_at(n, "'minutes:' given twice");
          lesson.minutes = whole_number(line, n, "minutes:", "minutes");
          minutes_line = n;
          continue;
        }
        if (starts_with(line, "gpus:")) {
          if (gpus_line) fail_at(n, "'gpus:' given twice");
          lesson.gpus = whole_number(line, n, "gpus:", "GPUs");
          gpus_line = n;
          continue;
        }
        fail_at(n, "expected 'minutes: N', 'gpus: N' or '## Step: name' after the title");
      }
      Step& s = lesson.steps.back();
      if (starts_with(line, "```")) {
        std::string lang = trim(line.substr(3));
        fence_line = n;
        fence_is_code = (lang == "python");
        if (fence_is_code) {
          if (!s.code.empty() || s.code_line) fail_at(n, "a step has at most one ```python code block");
          s.code_line = n + 1;
        } else {
          s.prose += line + "\n";
        }
        continue;
      }
      if (field(line, n)) continue;
      s.prose += line + "\n";
    }
    if (fence_line) fail_at(fence_line, "code block not closed with ```");
    if (!have_title) fail_at(0, "empty lesson file (expected '# Title', 'minutes: N', steps)");
    if (lesson.steps.empty())
      fail_at(static_cast<int>(lines.size()), "a lesson needs at least one '## Step: name'");
    finish_step();
  }
};

// The number prefix of a file name ("01_why_gpus.lesson" -> 1), or -1 when there is none.
int number_prefix(const std::string& name) {
  size_t k = 0;
  while (k < name.size() && k < 6 && std::isdigit(static_cast<unsigned char>(name[k]))) ++k;
  if (k == 0) return -1;
  return std::stoi(name.substr(0, k));
}

}  // namespace

const char* view_name(View v) {
  switch (v) {
    case View::None: return "";
    case View::Grid: return "grid";
    case View::Timings: return "timings";
    case View::Memory: return "memory";
    case View::Timeline: return "timeline";
    case View::Devices: return "devices";
    case View::Kernel: return "kernel";
  }
  return "";
}

LessonError::LessonError(const std::string& file_, int line_, const std::string& message_)
    : std::runtime_error(fmt_error(file_, line_, message_)),
      file(file_), line(line_), message(message_) {}

Lesson parse_lesson(const std::string& text, const std::string& file) {
  Parser p{file, {}};
  p.parse(text);
  p.lesson.path = file;
  return p.lesson;
}

Lesson load_lesson_file(const std::string& path) {
  std::ifstream f(path);
  if (!f) throw LessonError(path, 0, "cannot read the file");
  std::stringstream ss;
  ss << f.rdbuf();
  std::string name = std::filesystem::path(path).filename().string();
  int number = number_prefix(name);
  if (number < 0)
    throw LessonError(path, 0, "the file name must start with the lesson's number (e.g. 01_topic.lesson)");
  Lesson lesson = parse_lesson(ss.str(), path);
  lesson.number = number;
  return lesson;
}

LoadResult load_lessons(const std::vector<std::string>& dirs) {
  LoadResult result;
  for (const std::string& dir : dirs) {
    std::error_code ec;
    if (!std::filesystem::is_directory(dir, ec)) continue;
    std::vector<std::string> files;
    for (auto& e : std::filesystem::directory_iterator(dir, ec))
      if (e.path().extension() == ".lesson") files.push_back(e.path().string());
    std::sort(files.begin(), files.end());  // a stable order for equal numbers
    for (const std::string& path : files) {
      try {
        result.lessons.push_back(load_lesson_file(path));
      } catch (const LessonError& e) {
        result.errors.push_back(e.what());
      }
    }
  }
  std::stable_sort(result.lessons.begin(), result.lessons.end(),
                   [](const Lesson& a, const Lesson& b) { return a.number < b.number; });
  return result;
}

std::vector<std::string> lesson_dirs(const std::string& extra) {
  std::vector<std::string> dirs{TP_LESSONS_DIR};
  if (!extra.empty()) dirs.push_back(extra);
  return dirs;
}

}  // namespace tp::lesson
