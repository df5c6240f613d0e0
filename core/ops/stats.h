// Summary reductions that PyTorch offers as ops of their own: std_mean / var_mean and
// aminmax (two results from one call, one grad_fn for both), and count_nonzero.
#pragma once

#include <utility>

#include "core/ops/reduce.h"

namespace tp {

// (std, mean) / (var, mean) over dims (empty: every dim), Bessel's correction as std/var.
std::pair<Tensor, Tensor> std_mean(const Tensor& t, const DimList& dims = {}, int64_t correction = 1,
                                   bool keepdim = false);
std::pair<Tensor, Tensor> var_mean(const Tensor& t, const DimList& dims = {}, int64_t correction = 1,
                                   bool keepdim = false);
// (min, max) over every element, or along one dim.
std::pair<Tensor, Tensor> aminmax(const Tensor& t, std::optional<int64_t> dim = {}, bool keepdim = false);
// How many elements are nonzero (NaN counts), over dims (empty: every dim); int64.
Tensor count_nonzero(const Tensor& t, const DimList& dims = {});

}  // namespace tp
