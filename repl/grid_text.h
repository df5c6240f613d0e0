// The terminal's stand-in for the GUI's thread grid (:grid): which block and thread of the
// naive kernel compute each element of C = A @ B, named by the rule the GUI's grid shows
// (core/teaching.h), with the dot product each one works out.
#pragma once

#include <string>

#include "core/tensor.h"

namespace tp::repl {

// The text for C = a @ b (`a_name` and `b_name` as the learner calls them); raises mm's
// errors when the two cannot be multiplied.
std::string grid_text(const Tensor& a, const Tensor& b, const std::string& a_name, const std::string& b_name);

}  // namespace tp::repl
