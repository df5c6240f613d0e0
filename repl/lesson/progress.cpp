// Reading and writing the per-user lesson progress file.
#include "repl/lesson/progress.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <system_error>

namespace tp::lesson {

namespace {

const char* const kHeader = "# tensorplay lesson progress: lesson current-step done-steps";

// A positive step number, or 0 when `s` is not one.
int step_number(const std::string& s) {
  if (s.empty() || s.size() > 6 || s.find_first_not_of("0123456789") != std::string::npos) return 0;
  return std::atoi(s.c_str());
}

}  // namespace

std::string default_progress_path() {
  const char* home = std::getenv("HOME");
  if (!home || !*home) return "";
  return std::string(home) + "/.tensorplay/progress";
}

std::string format_progress(const Progress& p) {
  std::ostringstream os;
  os << kHeader << "\n";
  for (const auto& [id, lp] : p) {
    os << id << " " << lp.current << " ";
    if (lp.done.empty()) os << "-";
    bool first = true;
    for (int s : lp.done) {
      os << (first ? "" : ",") << s;
      first = false;
    }
    os << "\n";
  }
  return os.str();
}

bool parse_progress(const std::string& text, Progress& out, std::string& error) {
  out.clear();
  std::istringstream in(text);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string id, current, done, extra;
    fields >> id >> current >> done;
    if (done.empty() || (fields >> extra)) {
      error = "line " + std::to_string(n) + ": expected 'lesson step done-steps'";
      return false;
    }
    LessonProgress lp;
    lp.current = step_number(current);
    if (lp.current == 0) {
      error = "line " + std::to_string(n) + ": bad step number '" + current + "'";
      return false;
    }
    if (done != "-") {
      std::istringstream steps(done);
      for (std::string s; std::getline(steps, s, ',');) {
        int k = step_number(s);
        if (k == 0) {
          error = "line " + std::to_string(n) + ": bad step number '" + s + "'";
          return false;
        }
        lp.done.insert(k);
      }
    }
    out[id] = lp;
  }
  return true;
}

Progress load_progress(const std::string& path, std::string& warning) {
  Progress p;
  if (path.empty()) return p;
  std::ifstream in(path);
  if (!in) return p;  // no progress yet
  std::ostringstream text;
  text << in.rdbuf();
  std::string error;
  if (parse_progress(text.str(), p, error)) return p;
  warning = "lesson progress file " + path + " is corrupt (" + error + "); starting fresh";
  p.clear();
  std::string ignored;
  save_progress(path, p, ignored);
  return p;
}

bool save_progress(const std::string& path, const Progress& p, std::string& warning) {
  if (path.empty()) return true;
  std::error_code ec;
  std::filesystem::path file(path);
  if (file.has_parent_path()) std::filesystem::create_directories(file.parent_path(), ec);
  // A temporary file, then rename: a crash or a full disk halfway leaves the old progress.
  const std::string tmp = path + ".tmp";
  std::ofstream out(tmp, std::ios::trunc);
  if (out) out << format_progress(p);
  out.close();
  if (!out || std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::filesystem::remove(tmp, ec);
    warning = "warning: could not save lesson progress to " + path;
    return false;
  }
  return true;
}

}  // namespace tp::lesson
