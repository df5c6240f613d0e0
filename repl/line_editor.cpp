// libedit through its readline-compatible interface. The history file is libedit's format
// ("_HiStOrY_V2_", then one entry per line with spaces, newlines and backslashes as octal
// escapes), but each entry is appended as it is added: a killed terminal loses nothing typed
// before, and no exit ever rewrites (or truncates) the file.
#include "repl/line_editor.h"

#include <editline/readline.h>
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace tp::repl {

namespace {

LineEditor::Completer* g_completer = nullptr;
std::vector<std::string> g_matches;

char* next_match(const char* /*text*/, int state) {
  static size_t i;
  if (state == 0) i = 0;
  if (i < g_matches.size()) return strdup(g_matches[i++].c_str());
  return nullptr;
}

char** attempt_completion(const char* text, int /*start*/, int end) {
  rl_attempted_completion_over = 1;  // no filename completion
  rl_completion_append_character = '\0';  // x.t<Tab> -> x.to, no space
  if (!g_completer) return nullptr;
  std::string before(rl_line_buffer, static_cast<size_t>(end));
  g_matches = (*g_completer)(before);
  (void)text;
  return rl_completion_matches(text, next_match);
}

// How many entries the file keeps; it is cut back to this when it has grown to twice as many.
constexpr int kHistoryKeep = 1000;

// One entry as libedit's read_history reads it back: visible ASCII as is, anything else
// (space, newline, bytes of UTF-8) and the backslash as \ooo.
std::string encode_entry(const std::string& entry) {
  std::string out;
  for (unsigned char c : entry) {
    if (c > ' ' && c < 0x7f && c != '\\') {
      out += static_cast<char>(c);
    } else {
      char code[5];
      std::snprintf(code, sizeof code, "\\%03o", c);
      out += code;
    }
  }
  return out;
}

// Appends one entry (and the format's first line to a new file) in a single write.
bool append_entry(const std::string& path, const std::string& entry) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT, 0600);
  if (fd < 0) return false;
  std::string text = ::lseek(fd, 0, SEEK_END) == 0 ? "_HiStOrY_V2_\n" : "";
  text += encode_entry(entry) + "\n";
  const bool ok = ::write(fd, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  return ::close(fd) == 0 && ok;
}

// Rewrites the file with the last kHistoryKeep entries: a temporary file, then rename, so
// the history is never lost halfway.
bool compact_history(const std::string& path) {
  stifle_history(kHistoryKeep);
  const std::string tmp = path + ".tmp";
  if (write_history(tmp.c_str()) != 0) return false;
  return std::rename(tmp.c_str(), path.c_str()) == 0;
}

}  // namespace

LineEditor::LineEditor(Completer complete) {
  g_completer = new Completer(std::move(complete));
  rl_readline_name = const_cast<char*>("tensorplay");
  rl_attempted_completion_function = attempt_completion;
  // Word breaks as Python's rlcompleter: keep dots so `x.t<Tab>` completes attributes.
  rl_basic_word_break_characters = const_cast<char*>(" \t\n\"\\'`@$><=;|&{(");
  // SIGINT stays with the program (main.cpp): libedit's own handler would re-send it to
  // the whole process group.
  rl_catch_signals = 0;
  using_history();
  const char* home = std::getenv("HOME");
  if (home && *home) {
    history_path_ = std::string(home) + "/.tensorplay_history";
    if (read_history(history_path_.c_str()) != 0 && errno != ENOENT) {
      warning_ = "warning: could not read history file " + history_path_;
    } else if (history_length > 2 * kHistoryKeep && !compact_history(history_path_)) {
      warning_ = "warning: could not shorten history file " + history_path_;
    }
    stifle_history(kHistoryKeep);
  }
}

LineEditor::~LineEditor() {
  delete g_completer;
  g_completer = nullptr;
}

std::optional<std::string> LineEditor::read(const std::string& prompt) {
  char* line = readline(prompt.c_str());
  if (!line) return std::nullopt;
  std::string s(line);
  std::free(line);
  return s;
}

void LineEditor::add_history(const std::string& entry) {
  if (entry.empty()) return;
  ::add_history(entry.c_str());
  if (history_path_.empty() || append_entry(history_path_, entry) || history_warned_) return;
  history_warned_ = true;  // once: the session goes on without saving
  std::fprintf(stderr, "warning: could not save history to %s\n", history_path_.c_str());
}

}  // namespace tp::repl
