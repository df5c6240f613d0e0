// LineEditor without libedit (the web build, where a page or node feeds standard input): the
// prompt, then one line read as is; history lives for the session only, no completion.
#include <cstdio>
#include <iostream>

#include "repl/line_editor.h"

namespace tp::repl {

LineEditor::LineEditor(Completer) {}

LineEditor::~LineEditor() = default;

std::optional<std::string> LineEditor::read(const std::string& prompt) {
  std::fputs(prompt.c_str(), stdout);
  std::fflush(stdout);
  std::string line;
  if (!std::getline(std::cin, line)) return std::nullopt;
  return line;
}

void LineEditor::add_history(const std::string&) {}

}  // namespace tp::repl
