// libedit through its readline-compatible interface.
#include "repl/line_editor.h"

#include <editline/readline.h>

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
    }
  }
}

LineEditor::~LineEditor() {
  if (!history_path_.empty()) {
    stifle_history(1000);
    if (write_history(history_path_.c_str()) != 0) {
      std::fprintf(stderr, "warning: could not save history to %s\n", history_path_.c_str());
    }
  }
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
  if (!entry.empty()) ::add_history(entry.c_str());
}

}  // namespace tp::repl
