// The one table of torch functions and Tensor methods: each op is declared once with its
// name, binding and one-line help; the torch module, Tensor attribute lookup, dir()/tab
// completion and :help listings are all derived from it.
#pragma once

#include <string>
#include <vector>

#include "repl/torch/torch_types.h"

namespace tp::torchlang {

// Where an op is visible: torch.name(...), tensor.name(...), or both.
enum class OpWhere { Function, Method, Both };

struct OpSpec {
  const char* name;
  lang::NativeFn fn;  // called with the tensor first for a method call (x.add(y) == add(x, y))
  OpWhere where;
  const char* help;   // one line for :help and listings
};

// The whole table, in declaration order (creation, math, tensor ops).
const std::vector<OpSpec>& op_table();
// The op called `name` visible as a function (method=false) or a Tensor method; or null.
const OpSpec* find_op(const std::string& name, bool method);
// The shared builtin-function value of an op (created once).
Value op_value(const OpSpec& op);

// The table's parts, each defined beside its bindings.
std::vector<OpSpec> creation_ops();  // ops_creation.cpp
std::vector<OpSpec> math_ops();      // ops_math.cpp
std::vector<OpSpec> tensor_ops();    // ops_tensor.cpp

}  // namespace tp::torchlang
