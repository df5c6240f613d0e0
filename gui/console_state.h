// The console's state: its scrollback (each line tagged input/output/error/hint so the view
// can colour it), the pending multi-line input, history browsing and completion. Plain data.
#pragma once

#include <string>
#include <vector>

namespace tp::gui {

// How a scrollback line is shown.
enum class LineKind { Input, Output, Error, Hint, Info };

struct ConsoleLine {
  LineKind kind = LineKind::Output;
  std::string text;
};

struct ConsoleState {
  std::vector<ConsoleLine> lines;
  std::vector<std::string> history;  // oldest first
  int history_pos = -1;              // -1: not browsing
  std::string pending;               // lines of an unfinished block ("for i in ...:")
  bool scroll_to_bottom = false;
  static constexpr size_t kMaxLines = 5000;

  // Appends text split into lines; for error text, "hint:"/"note:" lines become Hint.
  void add(LineKind kind, const std::string& text);
  // The input line typed; `needs_more` is PythonSession::needs_more_input(pending + line + "\n").
  // Returns the complete input to run, or "" while a block goes on (prompt "... ").
  std::string submit(const std::string& line, bool needs_more);
  const char* prompt() const { return pending.empty() ? ">>> " : "... "; }
  // History: the previous/next entry for the input box (Up/Down).
  std::string history_prev();
  std::string history_next();
};

// The longest common prefix of the candidates ("" for none).
std::string common_prefix(const std::vector<std::string>& candidates);

// `line` with its last word replaced by `completion` (which carries the whole dotted word).
std::string apply_completion(const std::string& line, const std::string& completion);

}  // namespace tp::gui
