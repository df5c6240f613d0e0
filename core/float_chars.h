// Doubles to and from text exactly, as std::to_chars and std::from_chars do where the C++
// library has them for floating types (native); emscripten's libc++ lacks them, and there the
// C library's printf and strtod stand in.
#pragma once

#include <string>
#include <string_view>

namespace tp {

// The shortest scientific digits of v that read back to it ("-1.2345e-05"), as Python's
// repr chooses them.
std::string shortest_scientific(double v);

// The whole of `text` as a decimal number (from_chars' general format: no leading space or
// '+', no hex); false when it is not one.
bool parse_double(std::string_view text, double& value);

}  // namespace tp
