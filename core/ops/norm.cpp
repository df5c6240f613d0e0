// Vector norms as ATen's linalg_vector_norm computes them (LinearAlgebra.cpp), with its
// checks and texts, and the gradient of derivatives.yaml's norm_backward.
#include "core/ops/norm.h"

#include <cmath>

#include "core/autograd/autograd.h"
#include "core/autograd/formulas.h"
#include "core/backends/backend.h"
#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/ops/shape.h"

namespace tp {

namespace {

// x's elements as contiguous rows of the dims reduced, when ATen's CPU kernel sums them as
// one contiguous last dim: x contiguous and, size-1 dims aside, every reduced dim after
// every kept one (dims empty: all of them, one flat row). The result's shape with it.
struct NormRows {
  int64_t count = 1, length = 1;
  Shape out_shape;
};
std::optional<NormRows> contiguous_norm_rows(const Tensor& x, const DimList& dims, bool keepdim) {
  if (!x.is_contiguous()) return std::nullopt;
  const int64_t ndim = x.dim();
  std::vector<bool> reduced(static_cast<size_t>(ndim), dims.empty());
  for (int64_t d : dims) {
    const int64_t w = wrap_dim(d, ndim);
    if (ndim == 0) continue;                   // a 0-dim tensor: dim 0 / -1 reduce nothing
    if (reduced[w]) return std::nullopt;       // repeated: sum refuses it with ATen's text
    reduced[w] = true;
  }
  NormRows rows;
  bool reduced_seen = false;
  for (int64_t d = 0; d < ndim; ++d) {
    const int64_t size = x.sizes()[d];
    if (reduced[d]) {
      rows.length *= size;
      if (keepdim) rows.out_shape.push_back(1);
    } else {
      rows.count *= size;
      rows.out_shape.push_back(size);
    }
    if (size == 1) continue;
    if (!reduced[d] && reduced_seen) return std::nullopt;
    reduced_seen = reduced_seen || reduced[d];
  }
  return rows;
}

// The 2-norm: float32/float64 rows in ATen's CPU summation order (the backend's norm2_rows),
// any other layout as sqrt(sum(x^2)), whose float32 digits can differ in the last bit.
Tensor norm2_value(const Tensor& x, const DimList& dims, bool keepdim) {
  const bool row_dtype = x.dtype() == DType::Float32 || x.dtype() == DType::Float64;
  std::optional<NormRows> rows = row_dtype ? contiguous_norm_rows(x, dims, keepdim) : std::nullopt;
  if (!rows) return sqrt(sum(mul(x, x), dims, keepdim));
  Tensor out = empty({rows->count}, TensorOptions(x.dtype(), x.device()));
  backend_for(x.device()).norm2_rows(reshape(x, {rows->count, rows->length}), out);
  return reshape(out, rows->out_shape);
}

// The norm of the already-cast input, without a gradient node of its own.
Tensor norm_value(const Tensor& x, double ord, const DimList& dims, bool keepdim) {
  if (ord == 2) return norm2_value(x, dims, keepdim);
  Tensor a = abs(x);
  if (ord == 1) return sum(a, dims, keepdim);
  if (std::isinf(ord)) return ord > 0 ? amax(a, dims, keepdim) : amin(a, dims, keepdim);
  if (ord == 0) return sum(cast(ne(x, Scalar(0)), x.dtype()), dims, keepdim);
  return pow(sum(pow(a, Scalar(ord)), dims, keepdim), Scalar(1.0 / ord));
}

}  // namespace

Tensor vector_norm(const Tensor& x, double ord, const DimList& dims, bool keepdim, std::optional<DType> dtype) {
  // complex: the norm of the moduli, as ATen takes it (a real result)
  if (is_complex(x.dtype()) && !dtype) return vector_norm(abs(x), ord, dims, keepdim, std::nullopt);
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
