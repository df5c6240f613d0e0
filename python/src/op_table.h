// The one table of torch functions and Tensor methods: each op is declared once with its
// name, binding and one-line help; torch.NAME, Tensor.NAME, dir()/tab completion and :help
// listings are all derived from it.
#pragma once

#include <pybind11/pybind11.h>

#include <string>
#include <vector>

namespace tp::torchpy {

namespace py = pybind11;

// Where an op is visible: torch.name(...), tensor.name(...), or both.
enum class OpWhere { Function, Method, Both };

// A binding: called with the tensor first for a method call (x.add(y) == add(x, y)).
using NativeFn = py::object (*)(const py::args& a, const py::kwargs& kw);

struct OpSpec {
  const char* name;
  NativeFn fn;
  OpWhere where;
  const char* help;  // one line for :help, listings and the docstring
};

// The whole table, in declaration order (creation, math, unary, tensor ops).
const std::vector<OpSpec>& op_table();

// The table's parts, each defined beside its bindings.
std::vector<OpSpec> creation_ops();  // ops_creation.cpp
std::vector<OpSpec> math_ops();      // ops_math.cpp
std::vector<OpSpec> unary_ops();     // ops_unary.cpp: the rows of core/backends/unary_ops.def
std::vector<OpSpec> tensor_ops();    // ops_tensor.cpp
std::vector<OpSpec> index_ops();     // ops_index.cpp
std::vector<OpSpec> combine_ops();   // ops_combine.cpp
std::vector<OpSpec> einsum_ops();    // ops_einsum.cpp
std::vector<OpSpec> elementwise_ops();  // ops_elementwise.cpp
std::vector<OpSpec> random_ops();    // ops_random.cpp
std::vector<OpSpec> stats_ops();     // ops_stats.cpp
std::vector<OpSpec> dtype_ops();     // ops_dtype.cpp
std::vector<OpSpec> broadcast_ops(); // ops_broadcast.cpp
std::vector<OpSpec> layout_ops();    // ops_layout.cpp
std::vector<OpSpec> vision_ops();    // ops_vision.cpp
std::vector<OpSpec> take_ops();      // ops_take.cpp
std::vector<OpSpec> search_ops();    // ops_search.cpp
std::vector<OpSpec> distance_ops();  // ops_distance.cpp
std::vector<OpSpec> apply_ops();     // ops_apply.cpp: Tensor.apply_ / map_ (Python callables)
std::vector<OpSpec> linalg_ops();    // ops_linalg.cpp
std::vector<OpSpec> complex_ops();   // ops_complex.cpp

}  // namespace tp::torchpy
