// diagonal as a strided view; diag_embed and diag write into a diagonal view of zeros; trace
// sums the diagonal in double as ATen's trace_cpu does; roll is ATen's narrow + cat, rot90
// its flip + transpose.
#include "core/ops/diagonal.h"

#include <algorithm>

#include "core/autograd/autograd.h"
#include "core/autograd/grad_utils.h"
#include "core/error.h"
#include "core/ops/complex.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/rearrange.h"
#include "core/ops/reduce.h"
#include "core/ops/shape.h"

namespace tp {
namespace {

using G = const TensorList&;
using N = const Node&;

Tensor diagonal_view(const Tensor& self, int64_t offset, int64_t d1, int64_t d2) {
  const int64_t n1 = self.size(d1), n2 = self.size(d2);
  int64_t length = 0, start = self.storage_offset();
  if (offset >= 0) {
    length = std::max<int64_t>(std::min(n1, n2 - offset), 0);
    if (length > 0) start += offset * self.stride(d2);
  } else {
    length = std::max<int64_t>(std::min(n1 + offset, n2), 0);
    if (length > 0) start -= offset * self.stride(d1);
  }
  Shape sizes, strides;
  for (int64_t d = 0; d < self.dim(); ++d) {
    if (d == d1 || d == d2) continue;
    sizes.push_back(self.size(d));
    strides.push_back(self.stride(d));
  }
  sizes.push_back(length);
  strides.push_back(self.stride(d1) + self.stride(d2));
  return self.view_of(sizes, strides, start);
}

// Zeros of `shape` with `g` written onto the diagonal (offset, d1, d2): diagonal's adjoint.
Tensor onto_diagonal(const Tensor& g, const Shape& shape, int64_t offset, int64_t d1, int64_t d2) {
  Tensor z = zeros(shape, TensorOptions(g.dtype(), g.device()));
  copy_(diagonal_view(z, offset, d1, d2), g);
  return z;
}

void check_dims(int64_t d1, int64_t d2) {
  TP_CHECK(d1 != d2, RuntimeError, "diagonal dimensions cannot be identical ", d1, ", ", d2);
}

}  // namespace

Tensor diagonal(const Tensor& self, int64_t offset, int64_t dim1, int64_t dim2) {
  const int64_t d1 = wrap_dim(dim1, self.dim()), d2 = wrap_dim(dim2, self.dim());
  check_dims(d1, d2);
  Shape in = self.sizes();
  return autograd::record_op(
      {self}, [&] { return diagonal_view(self, offset, d1, d2); },
      [&](const Tensor&) {
        return autograd::make_node("DiagonalBackward0", {}, [in, offset, d1, d2](G g, G, N) {
          Tensor placed = autograd::linear_in_grad(
              "DiagonalBackwardBackward0", g[0], [&] { return onto_diagonal(g[0], in, offset, d1, d2); },
              [offset, d1, d2](const Tensor& gg) { return diagonal(gg, offset, d1, d2); });
          return TensorList{placed};
        });
      });
}

Tensor diag_embed(const Tensor& self, int64_t offset, int64_t dim1, int64_t dim2) {
  const int64_t out_dim = self.dim() + 1;
  const int64_t d1 = wrap_dim(dim1, out_dim), d2 = wrap_dim(dim2, out_dim);
  check_dims(d1, d2);
  // The last dim goes on the diagonal; the other dims keep their order around d1 and d2.
  // size + |offset| with ATen's wrap-around for absurd offsets (the shape check then refuses).
  const uint64_t magnitude = offset < 0 ? 0 - static_cast<uint64_t>(offset) : static_cast<uint64_t>(offset);
  const int64_t n = self.dim() == 0 ? 1 : static_cast<int64_t>(static_cast<uint64_t>(self.size(-1)) + magnitude);
  Shape shape;
  int64_t next = 0;
  for (int64_t d = 0; d < out_dim; ++d) {
    if (d == d1 || d == d2) {
      shape.push_back(n);
    } else {
      shape.push_back(self.size(next++));
    }
  }
  return autograd::record_op(
      {self}, [&] { return onto_diagonal(self, shape, offset, d1, d2); },
      [&](const Tensor&) {
        return autograd::make_node("DiagEmbedBackward0", {}, [offset, d1, d2](G g, G, N) {
          return TensorList{diagonal(g[0], offset, d1, d2)};
        });
      });
}

Tensor diag(const Tensor& self, int64_t offset) {
  TP_CHECK(self.dim() == 1 || self.dim() == 2, RuntimeError, "diag(): Supports 1D or 2D tensors. Got ",
           self.dim(), "D");
  if (self.dim() == 1) return diag_embed(self, offset, 0, 1);
  Shape in = self.sizes();
  return autograd::record_op(
      {self}, [&] { return clone(diagonal_view(self, offset, 0, 1)); },
      [&](const Tensor&) {
        return autograd::make_node("DiagonalBackward0_copy", {}, [in, offset](G g, G, N) {
          Tensor placed = autograd::linear_in_grad(
              "DiagonalBackwardBackward0", g[0], [&] { return onto_diagonal(g[0], in, offset, 0, 1); },
              [offset](const Tensor& gg) { return diagonal(gg, offset, 0, 1); });
          return TensorList{placed};
        });
      });
}

Tensor trace(const Tensor& self) {
  TP_CHECK(self.dim() == 2, RuntimeError, "trace: expected a matrix, but got tensor with dim ", self.dim());
  if (is_complex(self.dtype())) return complex_ops::named(sum(diagonal(self, 0, 0, 1)), "TraceBackward0");
  Shape in = self.sizes();
  return autograd::record_op(
      {self},
      [&] {
        // trace_cpu accumulates floats in double and integers in int64.
        Tensor d = diagonal_view(self, 0, 0, 1);
        if (!is_floating(self.dtype())) return sum(d, DType::Int64);
        return to(sum(to(d, self.device(), DType::Float64)), self.device(), self.dtype());
      },
      [&](const Tensor&) {
        return autograd::make_node("TraceBackward0", {}, [in](G g, G, N) {
          Tensor placed = autograd::linear_in_grad(
              "TraceBackwardBackward0", g[0],
              [&] { return onto_diagonal(expand(g[0], {std::min(in[0], in[1])}), in, 0, 0, 1); },
              [](const Tensor& gg) { return trace(gg); });
          return TensorList{placed};
        });
      });
}

namespace {

// ATen's roll_common for one dim: the last `shift` elements moved to the front.
Tensor roll_one(const Tensor& self, int64_t shift, int64_t dim) {
  const int64_t size = self.size(dim);
  if (size == 0) return clone(self);
  int64_t start = (size - shift % size) % size;  // shift reduced first: no overflow
  if (start < 0) start += size;
  return cat({narrow(self, dim, start, size - start), narrow(self, dim, 0, start)}, dim);
}

Tensor roll_values(const Tensor& self, const Shape& shifts, const Shape& dims) {
  if (dims.empty()) return view(roll_one(flatten(self), shifts[0], 0), self.sizes());
  Tensor out = self;
  for (size_t i = 0; i < dims.size(); ++i) out = roll_one(out, shifts[i], wrap_dim(dims[i], self.dim()));
  return out;
}

}  // namespace

Tensor roll(const Tensor& self, const Shape& shifts, const Shape& dims) {
  TP_CHECK(!shifts.empty(), RuntimeError, "`shifts` required");
  if (dims.empty()) {
    TP_CHECK(shifts.size() == 1, RuntimeError, "shifts and dimensions must align. shifts: ", shifts.size(),
             ", dims:", dims.size());
  } else {
    TP_CHECK(shifts.size() == dims.size(), RuntimeError, "shifts and dimensions must align. shifts: ",
             shifts.size(), ", dims:", dims.size());
    for (int64_t d : dims) wrap_dim(d, self.dim());
  }
  return autograd::record_op(
      {self}, [&] { return roll_values(self, shifts, dims); },
      [&](const Tensor&) {
        return autograd::make_node("RollBackward0", {}, [shifts, dims](G g, G, N) {
          Shape back;
          for (int64_t s : shifts) back.push_back(-s);
          return TensorList{roll(g[0], back, dims)};
        });
      });
}

Tensor rot90(const Tensor& self, int64_t k, const Shape& dims) {
  const int64_t ndim = self.dim();
  TP_CHECK(dims.size() == 2, RuntimeError, "expected total rotation dims == 2, but got dims = ", dims.size());
  TP_CHECK(ndim >= 2, RuntimeError, "expected total dims >= 2, but got total dims = ", ndim);
  // |dims[0] - dims[1]| in unsigned arithmetic: exact for any two int64 (no overflow).
  const uint64_t apart = dims[0] >= dims[1] ? static_cast<uint64_t>(dims[0]) - static_cast<uint64_t>(dims[1])
                                            : static_cast<uint64_t>(dims[1]) - static_cast<uint64_t>(dims[0]);
  TP_CHECK(dims[0] != dims[1] && apart != static_cast<uint64_t>(ndim), RuntimeError,
           "expected rotation dims to be different, but got dim0 = ", dims[0], " and dim1 = ", dims[1]);
  const int64_t d0 = wrap_dim(dims[0], ndim), d1 = wrap_dim(dims[1], ndim);
  const int64_t turns = ((k % 4) + 4) % 4;
  return autograd::record_op(
      {self},
      [&] {
        switch (turns) {
          case 1: return transpose(flip(self, {d1}), d0, d1);
          case 2: return flip(self, {d0, d1});
          case 3: return transpose(flip(self, {d0}), d0, d1);
          default: return clone(self);
        }
      },
      [&](const Tensor&) {
        return autograd::make_node("Rot90Backward0", {}, [k, dims](G g, G, N) {
          return TensorList{rot90(g[0], -k, dims)};
        });
      });
}

}  // namespace tp
