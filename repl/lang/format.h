// Python's format-spec mini-language (format(), f'{x:.4f}', str.format) for int, float
// and str, and printf-style '%' formatting of strings.
#pragma once

#include <string>

#include "repl/lang/value.h"

namespace tp::lang {

class Interpreter;

// format(v, spec) for an int (or bool), a float or a str; raises ValueError as CPython.
std::string format_int(Interpreter& I, int64_t v, const std::string& spec);
std::string format_float(Interpreter& I, double v, const std::string& spec);
std::string format_str(Interpreter& I, const std::string& s, const std::string& spec);
// fmt % args ("%d items, %.2f" % (n, x)).
std::string percent_format(Interpreter& I, const std::string& fmt, const Value& args);

}  // namespace tp::lang
