// Gradient formulas of narrow_copy, unfold, as_strided and block_diag. unfold and as_strided
// scatter-add g by storage position (index_add of a positions tensor), which every backend
// has; as_strided's is composed of recorded ops so create_graph differentiates it as is.
#include "core/autograd/layout_grads.h"

#include <algorithm>
#include <numeric>

#include "core/autograd/grad_utils.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/ops/index_dim.h"
#include "core/ops/shape.h"
#include "core/ops/strided_views.h"

namespace tp::autograd {

namespace {

using G = const TensorList&;
using N = const Node&;

// The storage position of each element of the geometry (sizes, strides, offset), as an int64
// tensor of shape `sizes` on `device`.
Tensor storage_positions(const Shape& sizes, const Shape& strides, int64_t offset, Device device) {
  Tensor pos = full({}, Scalar(offset), DType::Int64, device);
  for (size_t d = 0; d < sizes.size(); ++d) {
    Tensor along = mul(arange(Scalar(sizes[d]), DType::Int64, device), Scalar(strides[d]));
    pos = add(unsqueeze(pos, -1), along);
  }
  return pos;
}

// ATen's _maybe_overlapping_memory: whether two elements of the geometry may share a position.
bool maybe_overlapping(const Shape& sizes, const Shape& strides) {
  std::vector<size_t> order(sizes.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return strides[a] < strides[b]; });
  int64_t max_index_in_slice = 0;
  for (size_t d : order) {
    if (strides[d] <= max_index_in_slice) return true;
    max_index_in_slice += strides[d] * (sizes[d] - 1);
  }
  return false;
}

}  // namespace

std::shared_ptr<Node> narrow_copy_node(const Tensor& self, int64_t dim, int64_t start, int64_t length) {
  Shape in = self.sizes();
  return make_node("NarrowCopyBackward0", {}, [in, dim, start, length](G g, G, N) {
    // derivatives.yaml: slice_backward, so a second order shows SliceBackwardBackward0.
    Tensor placed = linear_in_grad(
        "SliceBackwardBackward0", g[0],
        [&] {
          Tensor z = zeros(in, TensorOptions(g[0].dtype(), g[0].device()));
          copy_(narrow(z, dim, start, length), g[0]);
          return z;
        },
        [dim, start, length](const Tensor& gg) { return narrow(gg, dim, start, length); });
    return TensorList{placed};
  });
}

std::shared_ptr<Node> unfold_node(const Tensor& self, int64_t dim, int64_t size, int64_t step) {
  Shape in = self.sizes();
  return make_node("UnfoldBackward0", {}, [in, dim, size, step](G g, G, N) {
    Tensor placed = linear_in_grad(
        "UnfoldBackwardBackward0", g[0],
        [&] {
          // Each window element's position in a contiguous input, then a scatter-add there.
          const int64_t numel = shape_numel(in);
          Tensor positions = unfold(view(arange(Scalar(numel), DType::Int64, g[0].device()), in), dim, size, step);
          Tensor flat = zeros({numel}, TensorOptions(g[0].dtype(), g[0].device()));
          return view(index_add(flat, 0, reshape(positions, {-1}), reshape(g[0], {-1})), in);
        },
        [dim, size, step](const Tensor& gg) { return unfold(gg, dim, size, step); });
    return TensorList{placed};
  });
}

std::shared_ptr<Node> as_strided_node(const Tensor& self, const Shape& sizes, const Shape& strides, int64_t offset) {
  Shape in_sizes = self.sizes(), in_strides = self.strides();
  int64_t in_offset = self.storage_offset();
  return make_node("AsStridedBackward0", {}, [=](G g, G, N) {
    const Device device = g[0].device();
    const int64_t extent =
        std::max(storage_extent(in_sizes, in_strides, in_offset), storage_extent(sizes, strides, offset));
    Tensor out_positions = reshape(storage_positions(sizes, strides, offset, device), {-1});
    Tensor storage = zeros({extent}, TensorOptions(g[0].dtype(), device));
    storage = index_add(storage, 0, out_positions, reshape(g[0], {-1}));
    if (maybe_overlapping(in_sizes, in_strides)) {
      // Positions self reaches k times would otherwise hand their gradient out k times.
      Tensor in_positions = reshape(storage_positions(in_sizes, in_strides, in_offset, device), {-1});
      Tensor ones_in = ones({in_positions.numel()}, TensorOptions(g[0].dtype(), device));
      Tensor count = index_add(zeros({extent}, TensorOptions(g[0].dtype(), device)), 0, in_positions, ones_in);
      storage = div(storage, maximum(count, ones({1}, TensorOptions(g[0].dtype(), device))));
    }
    // Read back through self's own geometry, as ATen does (AsStridedBackward0 under create_graph).
    return TensorList{as_strided(storage, in_sizes, in_strides, in_offset)};
  });
}

std::shared_ptr<Node> block_diag_node(const std::vector<Tensor>& tensors) {
  std::vector<Shape> shapes;
  std::vector<DType> dtypes;
  for (const Tensor& t : tensors) {
    shapes.push_back(t.sizes());
    dtypes.push_back(t.dtype());
  }
  return make_node("BlockDiagBackward0", {}, [shapes, dtypes](G g, G, N) {
    TensorList out;
    int64_t row = 0, col = 0;
    for (size_t i = 0; i < shapes.size(); ++i) {
      const Shape& s = shapes[i];
      // 0-D and 1-D inputs were placed as 1x1 and 1xN blocks.
      const int64_t rows = s.size() == 2 ? s[0] : 1;
      const int64_t cols = s.empty() ? 1 : s.back();
      Tensor block = reshape(narrow(narrow(g[0], 0, row, rows), 1, col, cols), s);
      out.push_back(block.dtype() == dtypes[i] ? block : cast(block, dtypes[i]));
      row += rows;
      col += cols;
    }
    return out;
  });
}

}  // namespace tp::autograd
