// F.unfold / F.fold: ATen's shape checks (Im2Col.cpp, Col2Im.cpp, im2col_shape_check.h), then
// conv's im2col / col2im with their rows reordered from (kh, kw, channel) to PyTorch's
// (channel, kh, kw).
#include "core/nn/fold.h"

#include <utility>

#include "core/autograd/autograd.h"
#include "core/autograd/grad_utils.h"
#include "core/error.h"
#include "core/nn/conv.h"
#include "core/ops/copy.h"
#include "core/ops/shape.h"

namespace tp::nn::functional {

namespace {

using G = const TensorList&;
using N = const Node&;

// floor(a / b), as ATen's div_rtn.
int64_t div_floor(int64_t a, int64_t b) {
  const int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

Window window_of(const FoldWindow& w) {
  return Window{w.kernel_size, w.stride, w.padding, w.dilation, 1};
}

// The checks both share, in ATen's order.
void check_window(const FoldWindow& w) {
  const std::pair<const char*, const Shape*> params[] = {
      {"kernel_size", &w.kernel_size}, {"dilation", &w.dilation}, {"padding", &w.padding},
      {"stride", &w.stride}};
  for (const auto& [name, values] : params) {
    TP_CHECK(values->size() == 2, RuntimeError, "It is expected ", name,
             " equals to 2, but got size ", values->size());
  }
  TP_CHECK(w.kernel_size[0] > 0 && w.kernel_size[1] > 0, RuntimeError,
           "kernel size should be greater than zero, but got kernel_height: ", w.kernel_size[0],
           " kernel_width: ", w.kernel_size[1]);
  TP_CHECK(w.dilation[0] > 0 && w.dilation[1] > 0, RuntimeError,
           "dilation should be greater than zero, but got dilation_height: ", w.dilation[0],
           " dilation_width: ", w.dilation[1]);
  TP_CHECK(w.padding[0] >= 0 && w.padding[1] >= 0, RuntimeError,
           "padding should be non-negative, but got pad_height: ", w.padding[0],
           " pad_width: ", w.padding[1]);
  TP_CHECK(w.stride[0] > 0 && w.stride[1] > 0, RuntimeError,
           "stride should be greater than zero, but got stride_height: ", w.stride[0],
           " stride_width: ", w.stride[1]);
}

// The number of windows along one dim.
int64_t blocks(int64_t size, const FoldWindow& w, size_t i) {
  return div_floor(size + 2 * w.padding[i] - (w.dilation[i] * (w.kernel_size[i] - 1) + 1),
                   w.stride[i]) + 1;
}

std::string pair_str(const Shape& s) {
  return str_cat("(", s[0], ", ", s[1], ")");
}

void check_dtype(const Tensor& t, const char* kernel) {
  TP_CHECK(is_floating(t.dtype()) || t.dtype() == DType::Bool, NotImplementedError, "\"", kernel,
           "\" not implemented for '", dtype_legacy_name(t.dtype()), "'");
}

}  // namespace

Tensor unfold(const Tensor& input, const FoldWindow& w) {
  check_window(w);
  const int64_t nd = input.dim();
  TP_CHECK(nd >= 3, IndexError, "Dimension out of range (expected to be in range of [", -nd, ", ",
           nd - 1, "], but got 2)");
  const bool valid_dims = input.size(1) != 0 && input.size(2) != 0;
  TP_CHECK((nd == 3 && input.size(0) != 0 && valid_dims) ||
               (nd == 4 && valid_dims && input.size(3) != 0),
           RuntimeError,
           "Expected 3D or 4D (batch mode) tensor with possibly 0 batch size and other non-zero "
           "dimensions for input, but got: ",
           shape_str(input.sizes()));
  const int64_t h = input.size(nd - 2), wd = input.size(nd - 1);
  const int64_t oh = blocks(h, w, 0), ow = blocks(wd, w, 1);
  TP_CHECK(oh >= 1 && ow >= 1, RuntimeError, "Given input with spatial size (", h, ", ", wd,
           "), kernel_size=", pair_str(w.kernel_size), ", dilation=", pair_str(w.dilation),
           ", padding=", pair_str(w.padding),
           ", calculated shape of the array of sliding blocks as (", oh, ", ", ow,
           "), but its components must be at least one.");
  check_dtype(input, "im2col_out_cpu");
  const bool batched = nd == 4;
  return autograd::record_op(
      {input},
      [&] {
        Tensor x = batched ? input : unsqueeze(input, 0);
        const int64_t n = x.size(0), c = x.size(1), k = w.kernel_size[0] * w.kernel_size[1];
        Tensor cols = im2col(x, window_of(w));  // (kh*kw*C, N*L)
        Tensor out = reshape(permute(view(cols, {k, c, n, oh * ow}), {2, 1, 0, 3}),
                             {n, c * k, oh * ow});
        return batched ? out : squeeze(out, 0);
      },
      [&](const Tensor&) {
        Shape size{h, wd};
        return autograd::make_node("Im2ColBackward0", {}, [size, w](G g, G, N) {
          return TensorList{fold(g[0], size, w)};
        });
      });
}

Tensor fold(const Tensor& input, const Shape& output_size, const FoldWindow& w) {
  TP_CHECK(output_size.size() == 2, RuntimeError,
           "It is expected output_size equals to 2, but got size ", output_size.size());
  check_window(w);
  const int64_t nd = input.dim();
  const bool valid_dims = nd >= 2 && input.size(nd - 2) != 0 && input.size(nd - 1) != 0;
  TP_CHECK((nd == 2 && valid_dims) || (nd == 3 && valid_dims), RuntimeError,
           "Expected 2D or 3D (batch mode) tensor for input with possibly 0 batch size and "
           "non-zero dimensions for input, but got: ",
           shape_str(input.sizes()));
  const int64_t k = w.kernel_size[0] * w.kernel_size[1];
  const int64_t rows = input.size(nd - 2), l = input.size(nd - 1);
  TP_CHECK(rows % k == 0, RuntimeError,
           "Expected size of input's dimension 1 to be divisible by the product of kernel_size, "
           "but got input.size(1)=",
           rows, " and kernel_size=", pair_str(w.kernel_size), ".");
  const int64_t bh = blocks(output_size[0], w, 0), bw = blocks(output_size[1], w, 1);
  TP_CHECK(l == bh * bw, RuntimeError, "Given output_size=", pair_str(output_size),
           ", kernel_size=", pair_str(w.kernel_size), ", dilation=", pair_str(w.dilation),
           ", padding=", pair_str(w.padding), ", stride=", pair_str(w.stride),
           ", expected size of input's dimension 2 to match the calculated number of sliding "
           "blocks ",
           bh, " * ", bw, " = ", bh * bw, ", but got input.size(2)=", l, ".");
  TP_CHECK(bh >= 1 && bw >= 1, RuntimeError, "Given output_size=", pair_str(output_size),
           ", kernel_size=", pair_str(w.kernel_size), ", dilation=", pair_str(w.dilation),
           ", padding=", pair_str(w.padding), ", stride=", pair_str(w.stride),
           ", calculated shape of the array of sliding blocks as (", bh, ", ", bw,
           "), which is too small (non-positive)");
  check_dtype(input, "col2im_out_cpu");
  const bool batched = nd == 3;
  return autograd::record_op(
      {input},
      [&] {
        Tensor x = batched ? input : unsqueeze(input, 0);
        const int64_t n = x.size(0), c = rows / k;
        // (N, C*kh*kw, L) -> col2im's (kh*kw*C, N*L)
        Tensor cols = reshape(permute(view(contiguous(x), {n, c, k, l}), {2, 1, 0, 3}), {k * c, n * l});
        Tensor out = col2im(cols, {n, c, output_size[0], output_size[1]}, window_of(w));
        return batched ? out : squeeze(out, 0);
      },
      [&](const Tensor&) {
        return autograd::make_node("Col2ImBackward0", {}, [w](G g, G, N) {
          return TensorList{unfold(g[0], w)};
        });
      });
}

}  // namespace tp::nn::functional
