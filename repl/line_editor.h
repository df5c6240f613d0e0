// Interactive line input through libedit: prompts, history kept in a file in the user's
// home (each entry appended as it is added; a failure to write is a warning, never fatal),
// and tab completion.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace tp::repl {

class LineEditor {
 public:
  // `complete(text_before_cursor)` returns candidate completions for the last word.
  using Completer = std::function<std::vector<std::string>(const std::string& line)>;

  explicit LineEditor(Completer complete);
  ~LineEditor();

  // One line without its newline; nullopt at end of input (Ctrl-D).
  std::optional<std::string> read(const std::string& prompt);
  void add_history(const std::string& entry);
  // A warning to show once, if the history file could not be read or written.
  const std::string& warning() const { return warning_; }

 private:
  std::string history_path_;
  std::string warning_;
  bool history_warned_ = false;  // the append failure was reported
};

}  // namespace tp::repl
