// max_unpool2d: ATen's checks (max_unpooling2d_forward_out_cpu), then a scatter of each plane's
// values into zeros; the gradient is the gather at the same indices.
#include "core/nn/max_unpool.h"

#include "core/autograd/autograd.h"
#include "core/autograd/grad_utils.h"
#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/index_dim.h"
#include "core/ops/shape.h"

namespace tp::nn::functional {

namespace {

using G = const TensorList&;
using N = const Node&;

// The index PyTorch's CPU kernel names for an out-of-range one: in the first plane holding
// one, its last (read on the host). `rows`: (planes, H*W) indices.
std::optional<int64_t> invalid_index(const Tensor& rows, int64_t plane) {
  Tensor host = contiguous(to(rows, Device::cpu(), std::nullopt));
  const int64_t* p = static_cast<const int64_t*>(host.data_ptr());
  const int64_t width = host.size(1);
  for (int64_t r = 0; r < host.size(0); ++r) {
    std::optional<int64_t> bad;
    for (int64_t i = 0; i < width; ++i) {
      const int64_t v = p[r * width + i];
      if (v < 0 || v >= plane) bad = v;
    }
    if (bad) return bad;
  }
  return std::nullopt;
}

// The shared scatter of max_unpool{2,3}d after their checks: `spatial` trailing dims.
Tensor max_unpool(const Tensor& input, const Tensor& indices, const Shape& output_size,
                  int64_t spatial) {
  const int64_t size = shape_numel(output_size);
  // Every (n, c) plane (volume for 3-d) as one row: values scattered into (planes, size).
  const int64_t per_plane = shape_numel(Shape(input.sizes().end() - spatial, input.sizes().end()));
  const int64_t planes = input.numel() / per_plane;
  Tensor rows = reshape(indices, {planes, -1});
  // A meta tensor has no values to check.
  if (auto bad = indices.device().is_meta() ? std::nullopt : invalid_index(rows, size)) {
    std::string sizes;
    for (size_t i = 0; i < output_size.size(); ++i) sizes += str_cat(i ? "x" : "", output_size[i]);
    fail(ErrorKind::RuntimeError, "Found an invalid max index: ", *bad,
         " (output volumes are of size ", sizes, ")");
  }
  Shape out_shape(input.sizes().begin(), input.sizes().end() - spatial);
  out_shape.insert(out_shape.end(), output_size.begin(), output_size.end());
  const std::string node_name = str_cat("MaxUnpool", spatial, "DBackward0");
  return autograd::record_op(
      {input},
      [&] {
        const TensorOptions opts(input.dtype(), input.device());
        // scatter reads its indices to check them; a meta tensor only needs the shape.
        if (input.device().is_meta()) return empty(out_shape, opts);
        Tensor out = zeros({planes, size}, opts);
        return reshape(scatter(out, 1, rows, reshape(input, {planes, -1})), out_shape);
      },
      [&](const Tensor&) {
        Shape in_sizes = input.sizes();
        return autograd::make_node(node_name, {}, [rows, planes, in_sizes](G g, G, N) {
          return TensorList{reshape(gather(reshape(g[0], {planes, -1}), 1, rows), in_sizes)};
        });
      });
}

void check_indices(const Tensor& input, const Tensor& indices) {
  TP_CHECK(input.sizes() == indices.sizes(), RuntimeError,
           "Expected shape of indices to be same as that of the input tensor (",
           shape_str(input.sizes()), ") but got indices tensor with shape: ",
           shape_str(indices.sizes()));
}

}  // namespace

Tensor max_unpool2d(const Tensor& input, const Tensor& indices, const Shape& output_size) {
  TP_CHECK(indices.dtype() == DType::Int64, RuntimeError,
           "elements in indices should be type int64 but got: ", dtype_legacy_name(indices.dtype()));
  TP_CHECK(output_size.size() == 2, RuntimeError,
           "There should be exactly two elements (height, width) in output_size, but got ",
           output_size.size(), " elements.");
  TP_CHECK(input.dim() == 3 || input.dim() == 4, RuntimeError,
           "Input to max_unpooling2d should be a 3d or 4d Tensor, but got a tensor with ",
           input.dim(), " dimensions.");
  check_indices(input, indices);
  for (int64_t i = 1; i < input.dim(); ++i) {
    TP_CHECK(input.size(i) > 0, RuntimeError,
             "max_unpooling2d_forward_out_cpu(): Expected input to have non-zero size for "
             "non-batch dimensions, but input has sizes ",
             shape_str(input.sizes()), " with dimension ", i, " being empty");
  }
  return max_unpool(input, indices, output_size, 2);
}

Tensor max_unpool3d(const Tensor& input, const Tensor& indices, const Shape& output_size,
                    const Shape& stride, const Shape& padding) {
  TP_CHECK(indices.dtype() == DType::Int64, RuntimeError,
           "elements in indices should be type int64 but got: ", dtype_legacy_name(indices.dtype()));
  TP_CHECK(input.dim() == 4 || input.dim() == 5, RuntimeError,
           "Input to max_unpooling3d should be a 4d or 5d Tensor, but got a tensor with ",
           input.dim(), " dimensions.");
  TP_CHECK(output_size.size() == 3, RuntimeError,
           "There should be exactly three elements (depth, height, width) in output_size, but got: ",
           output_size.size(), " elements.");
  TP_CHECK(stride.size() == 3, RuntimeError,
           "There should be exactly three elements (depth, height, width) in stride, but got: ",
           stride.size(), " elements.");
  TP_CHECK(padding.size() == 3, RuntimeError,
           "There should be exactly three elements (depth, height, width) in padding, but got: ",
           padding.size(), " elements.");
  check_indices(input, indices);
  for (int64_t i = 1; i < input.dim(); ++i) {
    TP_CHECK(input.size(i) > 0, RuntimeError,
             "max_unpooling3d_forward_out_cpu(): Expected input to have non-zero size for "
             "non-batch dimensions, but input has sizes ",
             shape_str(input.sizes()), " with dimension ", i, " being empty");
  }
  TP_CHECK(stride[0] > 0 && stride[1] > 0 && stride[2] > 0, RuntimeError,
           "strides should be greater than zero, but got stride: ", shape_str(stride));
  return max_unpool(input, indices, output_size, 3);
}

}  // namespace tp::nn::functional
