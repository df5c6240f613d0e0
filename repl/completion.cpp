// Tab completion: the last word of a line against meta commands, or (through
// tensorplay/completion.py) names in scope and the attributes of a plain dotted name.
#include "repl/completion.h"

#include "repl/meta_commands.h"

namespace tp::repl {

std::vector<std::string> complete_line(PythonSession& session, const std::string& line) {
  if (!line.empty() && line[0] == ':' && line.find(' ') == std::string::npos) {
    return complete_meta(line);
  }
  size_t start = line.find_last_of(" \t\n\"'`@$><=;|&{(,[+-*/%");
  std::string word = start == std::string::npos ? line : line.substr(start + 1);
  std::vector<std::string> out;
  size_t dot = word.rfind('.');
  // Only a plain dotted name is followed: nothing with calls or subscripts is evaluated.
  if (dot != std::string::npos &&
      word.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.") !=
          std::string::npos) {
    return out;
  }
  try {
    py::module_ completion = py::module_::import("tensorplay.completion");
    py::object found = dot == std::string::npos
                           ? completion.attr("names")(word, session.globals())
                           : completion.attr("attributes")(word.substr(0, dot), word.substr(dot + 1),
                                                           session.globals());
    for (py::handle name : found) out.push_back(py::str(name));
  } catch (const py::error_already_set&) {  // completion must never disturb the session
  }
  return out;
}

}  // namespace tp::repl
