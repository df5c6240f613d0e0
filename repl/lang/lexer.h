// The lexer: Python's tokenizer rules for the subset tensorplay runs — indentation
// (INDENT/DEDENT, tabs vs spaces errors), implicit joining inside brackets, backslash
// continuation, comments, numbers, strings with prefixes (f, r, b) and escapes.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "repl/lang/token.h"

namespace tp::lang {

// A SyntaxError (or IndentationError/TabError) at a source position.
struct SyntaxError : std::runtime_error {
  SyntaxError(std::string kind, const std::string& msg, int line, int col)
      : std::runtime_error(msg), kind(std::move(kind)), line(line), col(col) {}
  std::string kind;  // "SyntaxError", "IndentationError" or "TabError"
  int line, col;
};

// Decodes a string literal's body (backslash escapes unless raw), as Python does.
std::string decode_escapes(const std::string& body, bool raw, int line, int col);

// Splits source into tokens; raises SyntaxError with Python's messages.
std::vector<Token> tokenize(const std::string& source);

// True when `source` is an unfinished statement an interactive prompt should continue
// (open brackets, a trailing backslash, an open triple-quoted string, or a block header).
bool needs_more_input(const std::string& source);

}  // namespace tp::lang
