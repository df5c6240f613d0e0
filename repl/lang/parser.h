// The parser: tokens to a syntax tree. Statements by recursive descent, expressions by
// precedence climbing over Python's grammar levels. Errors are Python 3.11's texts.
#pragma once

#include <memory>
#include <string>

#include "repl/lang/ast.h"
#include "repl/lang/lexer.h"

namespace tp::lang {

// Parses a file or a REPL input; raises SyntaxError (kind "SyntaxError",
// "IndentationError" or "TabError") at the first mistake.
std::unique_ptr<Module> parse(const std::string& source, const std::string& filename);

// Parses one expression (an eval() input or an f-string's field).
ExprPtr parse_expression(const std::string& source);

}  // namespace tp::lang
