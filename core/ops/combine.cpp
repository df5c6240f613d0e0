// outer, meshgrid and repeat_interleave composed from view, expand, mul and index_select, as
// ATen's CompositeImplicit kernels are, with ATen's checks and texts.
#include "core/ops/combine.h"

#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/ops/index_dim.h"
#include "core/ops/shape.h"
#include "core/printing.h"

namespace tp {

Tensor outer(const Tensor& self, const Tensor& vec2) {
  TP_CHECK(self.dim() == 1, RuntimeError, "outer: Expected 1-D argument self, but got ", self.dim(), "-D");
  TP_CHECK(vec2.dim() == 1, RuntimeError, "outer: Expected 1-D argument vec2, but got ", vec2.dim(), "-D");
  return mul(reshape(self, {-1, 1}), vec2);
}

std::vector<Tensor> meshgrid(const std::vector<Tensor>& tensors, const std::string& indexing) {
  TP_CHECK(!tensors.empty(), RuntimeError, "meshgrid expects a non-empty TensorList");
  for (const Tensor& t : tensors) {
    TP_CHECK(t.dtype() == tensors[0].dtype(), RuntimeError,
             "meshgrid expects all tensors to have the same dtype");
    TP_CHECK(t.device() == tensors[0].device(), RuntimeError,
             "meshgrid expects all tensors to have the same device");
  }
  for (const Tensor& t : tensors) {
    TP_CHECK(t.dim() <= 1, RuntimeError,
             "torch.meshgrid: Expected 0D or 1D tensor in the tensor list but got: ", tensor_repr(t));
  }
  TP_CHECK(indexing == "ij" || indexing == "xy", RuntimeError,
           "torch.meshgrid: indexing must be one of \"xy\" or \"ij\", but received: ", indexing);
  // "xy" is "ij" of the inputs with the first two swapped, its first two outputs swapped back.
  const bool swap = indexing == "xy" && tensors.size() >= 2;
  std::vector<Tensor> in = tensors;
  if (swap) std::swap(in[0], in[1]);
  Shape grid;
  for (const Tensor& t : in) grid.push_back(t.numel());
  std::vector<Tensor> out;
  for (size_t i = 0; i < in.size(); ++i) {
    Shape view_shape(in.size(), 1);
    view_shape[i] = -1;
    out.push_back(expand(view(in[i], view_shape), grid));
  }
  if (swap) std::swap(out[0], out[1]);
  return out;
}

Tensor repeat_interleave(const Tensor& self, int64_t repeats, std::optional<int64_t> dim) {
  TP_CHECK(repeats >= 0, RuntimeError, "Repeats must be non-negative");
  Tensor input = self;
  int64_t d = 0;
  if (dim) {
    d = wrap_dim(*dim, self.dim());
  } else {
    input = flatten(self);
  }
  // (..., n, ...) -> (..., n, 1, ...) -> expanded to r -> a contiguous copy -> (..., n * r, ...)
  Tensor unsqueezed = unsqueeze(input, d + 1);
  Shape expanded = unsqueezed.sizes();
  expanded[d + 1] = repeats;
  return flatten(clone(expand(unsqueezed, expanded)), d, d + 1);
}

Tensor repeat_interleave(const Tensor& repeats) {
  TP_CHECK(repeats.dim() == 1, RuntimeError, "repeat_interleave only accept 1D vector as repeat");
  TP_CHECK(repeats.dtype() == DType::Int64 || repeats.dtype() == DType::Int32, NotImplementedError,
           "\"repeat_interleave_cpu\" not implemented for '", dtype_legacy_name(repeats.dtype()), "'");
  // The output's length is the counts' sum, so the counts come to the host (as in ATen); the
  // index is allocated as a tensor, so an absurd sum is the allocator's error, not a crash.
  Tensor counts = contiguous(to(repeats, Device::cpu(), DType::Int64));  // may be an expanded view
  const int64_t* c = counts.data<int64_t>();
  // The sum wraps as ATen's int64 cumsum does, and empty() refuses a negative or unallocatable
  // length with PyTorch's texts; a sum that wrapped back into range, ATen's kernel then refuses.
  int64_t total = 0;
  bool wrapped = false;
  for (int64_t i = 0; i < counts.numel(); ++i) {
    TP_CHECK(c[i] >= 0, RuntimeError, "repeats can not be negative");
    wrapped |= __builtin_add_overflow(total, c[i], &total);
  }
  Tensor index = empty({total}, TensorOptions(DType::Int64));
  TP_CHECK(!wrapped, RuntimeError, "repeats can not be negative");
  int64_t* out = index.data<int64_t>();
  for (int64_t i = 0, at = 0; i < counts.numel(); ++i) {
    for (int64_t k = 0; k < c[i]; ++k) out[at++] = i;
  }
  return to(index, repeats.device(), repeats.dtype());
}

Tensor repeat_interleave(const Tensor& self, const Tensor& repeats, std::optional<int64_t> dim) {
  TP_CHECK(repeats.dim() <= 1, RuntimeError, "repeats must be 0-dim or 1-dim tensor");
  Tensor input = dim ? self : flatten(self);
  const int64_t d = dim ? wrap_dim(*dim, self.dim()) : 0;
  Tensor counts = repeats;
  if (repeats.dim() == 0 || repeats.numel() == 1) {
    counts = expand(reshape(repeats, {1}), {input.size(d)});
  }
  TP_CHECK(counts.size(0) == input.size(d), RuntimeError,
           "repeats must have the same size as input along dim, but got repeats.size(0) = ",
           counts.size(0), " and input.size(", d, ") = ", input.size(d));
  return index_select(input, d, repeat_interleave(counts));
}

}  // namespace tp
