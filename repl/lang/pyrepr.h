// Python's repr() of floats and strings, which learners see in printed values.
#pragma once

#include <string>

namespace tp::lang {

// repr(float): the shortest digits that round-trip, '1.0', '1e-05', '1e+16', 'inf', 'nan'.
std::string float_repr(double value);
// repr(str): single quotes unless the text has ' and no ", with Python's escapes.
std::string str_repr(const std::string& text);

}  // namespace tp::lang
