// flip/repeat/tile/tril/triu with ATen's checks and texts (TensorTransformations.cpp,
// TensorShape.cpp, TriangularOps.cpp).
#include "core/ops/rearrange.h"

#include <vector>

#include "core/autograd/autograd.h"
#include "core/autograd/grad_utils.h"
#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/ops/index_dim.h"
#include "core/ops/reduce.h"
#include "core/ops/shape.h"
#include "core/ops/limited_dtypes.h"

namespace tp {

namespace {

using autograd::make_node;
using G = const TensorList&;
using N = const Node&;

std::vector<int64_t> wrapped_unique(const Shape& dims, int64_t ndim) {
  std::vector<int64_t> out;
  std::vector<bool> seen(static_cast<size_t>(std::max<int64_t>(ndim, 1)), false);
  for (int64_t d : dims) {
    int64_t w = wrap_dim(d, ndim);
    TP_CHECK(!seen[w], RuntimeError, "dim ", w, " appears multiple times in the list of dims");
    seen[w] = true;
    out.push_back(w);
  }
  return out;
}

Tensor flip_values(const Tensor& x, const std::vector<int64_t>& dims) {
  Tensor out = x;
  for (int64_t d : dims) {
    const int64_t n = x.sizes()[d];
    out = index_select(out, d, arange(Scalar(n - 1), Scalar(int64_t{-1}), Scalar(int64_t{-1}), DType::Int64, x.device()));
  }
  return dims.empty() ? clone(x) : out;
}

// Where element [.., i, j] of the last two dims lies on or below (lower) / above (upper)
// the given diagonal.
Tensor triangle_mask(const Tensor& x, int64_t diagonal, bool lower) {
  const int64_t rows = x.sizes()[x.dim() - 2], cols = x.sizes()[x.dim() - 1];
  Tensor i = reshape(arange(Scalar(rows), DType::Int64, x.device()), {rows, 1});
  Tensor j = reshape(arange(Scalar(cols), DType::Int64, x.device()), {1, cols});
  Tensor offset = sub(j, i);  // j - i
  return lower ? le(offset, Scalar(diagonal)) : ge(offset, Scalar(diagonal));
}

Tensor triangle(const char* name, const char* node, const Tensor& x, int64_t diagonal, bool lower) {
  TP_CHECK(x.dim() >= 2, RuntimeError, name, ": input tensor must have at least 2 dimensions");
  limited::refuse(name, x.dtype(), x.device());
  return autograd::record_op(
      {x}, [&] { return where(triangle_mask(x, diagonal, lower), x, zeros({}, TensorOptions(x.dtype(), x.device()))); },
      [&](const Tensor&) {
        return make_node(node, {}, [diagonal, lower](G g, G, N) {
          return TensorList{lower ? tril(g[0], diagonal) : triu(g[0], diagonal)};
        });
      });
}

}  // namespace

Tensor flip(const Tensor& x, const Shape& dims) {
  const std::vector<int64_t> wrapped = wrapped_unique(dims, x.dim());
  return autograd::record_op(
      {x}, [&] { return x.dim() == 0 ? clone(x) : flip_values(x, wrapped); },
      [&](const Tensor&) {
        Shape d(wrapped.begin(), wrapped.end());
        return make_node("FlipBackward0", {}, [d](G g, G, N) { return TensorList{flip(g[0], d)}; });
      });
}

Tensor repeat(const Tensor& x, const Shape& repeats) {
  const int64_t extra = static_cast<int64_t>(repeats.size()) - x.dim();
  TP_CHECK(extra >= 0, RuntimeError,
           "Number of dimensions of repeat dims can not be smaller than number of dimensions of tensor");
  Shape padded(static_cast<size_t>(extra), 1);  // x's shape with leading 1s
  for (int64_t s : x.sizes()) padded.push_back(s);
  Shape target;
  // Multiplied as ATen does, wrapping on overflow: the result then reads as negative below.
  for (size_t d = 0; d < repeats.size(); ++d)
    target.push_back(static_cast<int64_t>(static_cast<uint64_t>(repeats[d]) * static_cast<uint64_t>(padded[d])));
  for (int64_t s : target)
    TP_CHECK(s >= 0, RuntimeError, "Trying to create tensor with negative dimension ", s, ": ", shape_str(target));
  // (r0, s0, r1, s1, ...): each dim's copies next to it, then merged.
  Shape interleaved_in, interleaved_out;
  for (size_t d = 0; d < repeats.size(); ++d) {
    interleaved_in.insert(interleaved_in.end(), {1, padded[d]});
    interleaved_out.insert(interleaved_out.end(), {repeats[d], padded[d]});
  }
  return autograd::record_op(
      {x}, [&] { return contiguous(reshape(expand(reshape(x, interleaved_in), interleaved_out), target)); },
      [&](const Tensor&) {
        Shape in_shape = x.sizes();
        return make_node("RepeatBackward0", {}, [interleaved_out, in_shape](G g, G, N) {
          std::vector<int64_t> copies;
          for (size_t k = 0; k < interleaved_out.size(); k += 2) copies.push_back(static_cast<int64_t>(k));
          Tensor summed = sum(reshape(g[0], interleaved_out), copies);
          return TensorList{reshape(summed, in_shape)};
        });
      });
}

Tensor tile(const Tensor& x, const Shape& reps) {
  Shape padded = reps;
  while (static_cast<int64_t>(padded.size()) < x.dim()) padded.insert(padded.begin(), 1);
  return repeat(x, padded);
}

Tensor tril(const Tensor& x, int64_t diagonal) { return triangle("tril", "TrilBackward0", x, diagonal, true); }
Tensor triu(const Tensor& x, int64_t diagonal) { return triangle("triu", "TriuBackward0", x, diagonal, false); }

}  // namespace tp
