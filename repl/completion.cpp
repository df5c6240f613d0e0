// Tab completion: the last word of a line against meta commands, names in scope or the
// attributes of a plain dotted name.
#include "repl/completion.h"

#include <sstream>

#include "repl/meta_commands.h"

namespace tp::repl {

std::vector<std::string> complete_line(lang::Interpreter& interp, const std::string& line) {
  if (!line.empty() && line[0] == ':' && line.find(' ') == std::string::npos) {
    return complete_meta(line);
  }
  size_t start = line.find_last_of(" \t\n\"'`@$><=;|&{(,[+-*/%");
  std::string word = start == std::string::npos ? line : line.substr(start + 1);
  std::vector<std::string> out;
  size_t dot = word.rfind('.');
  if (dot == std::string::npos) {
    for (const std::string& name : interp.names_in_scope()) {
      if (name.rfind(word, 0) == 0) out.push_back(name);
    }
    return out;
  }
  // Attributes: evaluate the object only when it is a plain dotted name (no calls).
  std::string base = word.substr(0, dot), prefix = word.substr(dot + 1);
  if (base.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.") !=
      std::string::npos) {
    return out;
  }
  try {
    // Follow the dotted name through globals and attributes, without calling anything.
    std::istringstream parts(base);
    std::string part;
    std::getline(parts, part, '.');
    lang::Value v = interp.get_global(part);
    while (!v.is_unbound() && std::getline(parts, part, '.')) v = interp.getattr_opt(v, part);
    if (v.is_unbound()) return out;
    for (const std::string& attr : interp.dir_names(v)) {
      if (attr.rfind(prefix, 0) == 0 && (prefix.rfind("_", 0) == 0 || attr.rfind("_", 0) != 0)) {
        out.push_back(base + "." + attr);
      }
    }
  } catch (...) {  // completion must never disturb the session
  }
  return out;
}

}  // namespace tp::repl
