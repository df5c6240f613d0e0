// f-strings: splits an f-string's source body into literal text and {expression} fields.
#pragma once

#include <string>
#include <vector>

#include "repl/lang/ast.h"

namespace tp::lang {

// Appends the parts of body (the text between the quotes) to `out`; raises SyntaxError
// with Python's "f-string: ..." messages. line/col locate the string for errors.
void parse_fstring_body(const std::string& body, bool raw, int line, int col,
                        std::vector<FStringPart>& out);

}  // namespace tp::lang
