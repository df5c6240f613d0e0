// Console scrollback, block input, history and completion helpers.
#include "gui/console_state.h"

#include <algorithm>

namespace tp::gui {

void ConsoleState::add(LineKind kind, const std::string& text) {
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    LineKind k = kind;
    if (kind == LineKind::Error && (line.rfind("hint:", 0) == 0 || line.rfind("note:", 0) == 0)) {
      k = LineKind::Hint;
    }
    lines.push_back({k, line});
    start = end + 1;
  }
  if (lines.size() > kMaxLines) lines.erase(lines.begin(), lines.begin() + (lines.size() - kMaxLines));
  scroll_to_bottom = true;
}

std::string ConsoleState::submit(const std::string& line, bool needs_more) {
  lines.push_back({LineKind::Input, std::string(prompt()) + line});
  scroll_to_bottom = true;
  history_pos = -1;
  // A blank line ends a block; a meta command is complete at once.
  if (pending.empty() && !line.empty() && line[0] == ':') {
    history.push_back(line);
    return line;
  }
  pending += line + "\n";
  if (needs_more) return "";  // the caller asked PythonSession::needs_more_input(pending)
  std::string input = pending;
  pending.clear();
  std::string entry = input.substr(0, input.size() - 1);
  while (!entry.empty() && entry.back() == '\n') entry.pop_back();
  if (!entry.empty() && (history.empty() || history.back() != entry)) history.push_back(entry);
  return input;
}

std::string ConsoleState::history_prev() {
  if (history.empty()) return "";
  if (history_pos == -1) {
    history_pos = int(history.size()) - 1;
  } else if (history_pos > 0) {
    --history_pos;
  }
  return history[size_t(history_pos)];
}

std::string ConsoleState::history_next() {
  if (history_pos == -1) return "";
  if (++history_pos >= int(history.size())) {
    history_pos = -1;
    return "";
  }
  return history[size_t(history_pos)];
}

std::string common_prefix(const std::vector<std::string>& candidates) {
  if (candidates.empty()) return "";
  std::string p = candidates[0];
  for (const std::string& c : candidates) {
    size_t i = 0;
    while (i < p.size() && i < c.size() && p[i] == c[i]) ++i;
    p.resize(i);
  }
  return p;
}

std::string apply_completion(const std::string& line, const std::string& completion) {
  if (!line.empty() && line[0] == ':' && line.find(' ') == std::string::npos) return completion;
  size_t start = line.find_last_of(" \t\n\"'`@$><=;|&{(,[+-*/%");
  return start == std::string::npos ? completion : line.substr(0, start + 1) + completion;
}

}  // namespace tp::gui
