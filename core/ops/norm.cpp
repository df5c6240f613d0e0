// Vector norms as ATen's linalg_vector_norm computes them (LinearAlgebra.cpp), with its
// checks and texts, and the gradient of derivatives.yaml's norm_backward.
#include "core/ops/norm.h"

#include <cmath>

#include "core/autograd/autograd.h"
#include "core/autograd/formulas.h"
#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/elementwise.h"

namespace tp {

namespace {

// The norm of the already-cast input, without a gradient node of its own.
Tensor norm_value(const Tensor& x, double ord, const DimList& dims, bool keepdim) {
  if (ord == 2) return sqrt(sum(mul(x, x), dims, keepdim));
  Tensor a = abs(x);
  if (ord == 1) return sum(a, dims, keepdim);
  if (std::isinf(ord)) return ord > 0 ? amax(a, dims, keepdim) : amin(a, dims, keepdim);
  if (ord == 0) return sum(cast(ne(x, Scalar(0)), x.dtype()), dims, keepdim);
  return pow(sum(pow(a, Scalar(ord)), dims, keepdim), Scalar(1.0 / ord));
}

}  // namespace

Tensor vector_norm(const Tensor& x, double ord, const DimList& dims, bool keepdim, std::optional<DType> dtype) {
  TP_CHECK(is_floating(x.dtype()), NotImplementedError,
           "linalg.vector_norm: Expected a floating point or complex tensor as input. Got ", dtype_legacy_name(x.dtype()));
  if (dtype) {
    TP_CHECK(is_floating(*dtype), RuntimeError,
             "linalg.vector_norm: dtype should be floating point or complex. Got ", dtype_legacy_name(*dtype));
  }
  if (x.numel() == 0 && (ord < 0 || std::isinf(ord))) {
    TP_CHECK(!dims.empty(), RuntimeError, "linalg.vector_norm cannot compute the ", ord,
             " norm on an empty tensor because the operation does not have an identity");
  }
  Tensor in = dtype && *dtype != x.dtype() ? cast(x, *dtype) : x;
  return autograd::record_op(
      {in}, [&] { return norm_value(in, ord, dims, keepdim); },
      [&](const Tensor& out) { return autograd::norm_node(in, ord, dims, keepdim, out); });
}

}  // namespace tp
