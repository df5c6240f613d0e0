// Tokens of tensorplay's Python subset, with the position each came from.
#pragma once

#include <string>

namespace tp::lang {

enum class TokenKind {
  Name, Int, Float, String, Op, Newline, Indent, Dedent, End,
};

struct Token {
  TokenKind kind = TokenKind::End;
  std::string text;    // name, operator, literal source, or a string's decoded value
  std::string prefix;  // string prefix letters, lowercased ("f", "r", "rb", ...)
  int line = 1;        // 1-based
  int col = 0;         // 0-based, as Python's col_offset
};

}  // namespace tp::lang
