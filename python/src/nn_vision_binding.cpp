// torch._C._nn's vision layers: transposed convolutions, group normalization, upsampling,
// im2col / col2im (F.unfold / F.fold) and max unpooling, thin readers of Python arguments over
// core/nn/conv_transpose, group_norm, upsample, fold and max_unpool (torch/nn/_vision_functions.py
// adds PyTorch's Python-level checks).
#include <pybind11/pybind11.h>

#include "core/nn/conv_transpose.h"
#include "core/nn/fold.h"
#include "core/nn/group_norm.h"
#include "core/nn/max_unpool.h"
#include "core/nn/upsample.h"
#include "python/src/args.h"
#include "python/src/bindings.h"
#include "python/src/profiled_op.h"

namespace tp::torchpy {

namespace F = tp::nn::functional;

namespace {

Tensor opt_tensor(const OpArgs& p, size_t i) {
  return p.has(i) ? p.tensor(i) : Tensor();
}

// A `SymInt[n]` argument: a single int stands for n equal ones, a list is passed on as given.
Shape int_n(const OpArgs& p, size_t i, size_t n, int64_t dflt) {
  if (!p.has(i)) return Shape(n, dflt);
  if (auto k = as_index(p.get(i))) return Shape(n, *k);
  return p.int_list(i);
}

template <typename Fn>
void def_op(py::module_& m, const char* name, Fn fn) {
  m.def(name, [fn, name](const py::args& a, const py::kwargs& kw) -> py::object {
    ProfiledOp profiled(name, a);
    return fn(a, kw);
  });
}

// conv_transpose{1,2,3}d(input, weight, bias=None, stride=1, padding=0, output_padding=0,
// groups=1, dilation=1)
py::object conv_transpose(const char* name, size_t spatial, const py::args& a,
                          const py::kwargs& kw) {
  OpArgs p(name, a, kw,
           {"input", "weight", "bias", "stride", "padding", "output_padding", "groups", "dilation"});
  auto fn = spatial == 3   ? F::conv_transpose3d
            : spatial == 2 ? F::conv_transpose2d
                           : F::conv_transpose1d;
  return wrap(fn(p.tensor(0), p.tensor(1), opt_tensor(p, 2), int_n(p, 3, spatial, 1),
                 int_n(p, 4, spatial, 0), int_n(p, 5, spatial, 0), p.integer(6, 1),
                 int_n(p, 7, spatial, 1)));
}

// The upsample ops' (input, output_size, [align_corners,] scale_factors): None or a list each.
py::object upsample(const char* name, F::UpsampleMode mode, int64_t spatial, const py::args& a,
                    const py::kwargs& kw) {
  const bool linear = mode == F::UpsampleMode::Linear || mode == F::UpsampleMode::Cubic;  // take align_corners
  OpArgs p = linear ? OpArgs(name, a, kw, {"input", "output_size", "align_corners", "scale_factors"})
                    : OpArgs(name, a, kw, {"input", "output_size", "scale_factors"});
  std::optional<Shape> size;
  if (p.has(1)) size = p.int_list(1);
  std::optional<std::vector<double>> scales;
  const size_t scales_at = linear ? 3 : 2;
  if (p.has(scales_at)) {
    scales.emplace();
    for (py::handle h : py::reinterpret_borrow<py::sequence>(p.get(scales_at)))
      scales->push_back(py::cast<double>(h));
  }
  return wrap(F::upsample(p.tensor(0), mode, spatial, size, scales, linear && p.boolean(2, false)));
}

template <F::UpsampleMode Mode, int64_t Spatial>
void def_upsample(py::module_& nn, const char* name) {
  def_op(nn, name, [name](const py::args& a, const py::kwargs& kw) {
    return upsample(name, Mode, Spatial, a, kw);
  });
}

}  // namespace

void bind_nn_vision(py::module_& nn) {
  def_op(nn, "conv_transpose1d", [](const py::args& a, const py::kwargs& kw) {
    return conv_transpose("conv_transpose1d", 1, a, kw);
  });
  def_op(nn, "conv_transpose2d", [](const py::args& a, const py::kwargs& kw) {
    return conv_transpose("conv_transpose2d", 2, a, kw);
  });
  def_op(nn, "conv_transpose3d", [](const py::args& a, const py::kwargs& kw) {
    return conv_transpose("conv_transpose3d", 3, a, kw);
  });
  // torch.group_norm(input, num_groups, weight=None, bias=None, eps=1e-05, cudnn_enabled=True)
  def_op(nn, "group_norm", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("group_norm", a, kw, {"input", "num_groups", "weight", "bias", "eps", "cudnn_enabled"});
    return wrap(F::group_norm(p.tensor(0), p.integer(1), opt_tensor(p, 2), opt_tensor(p, 3),
                              p.number(4, 1e-5)));
  });
  def_upsample<F::UpsampleMode::Nearest, 1>(nn, "upsample_nearest1d");
  def_upsample<F::UpsampleMode::Nearest, 2>(nn, "upsample_nearest2d");
  def_upsample<F::UpsampleMode::NearestExact, 1>(nn, "_upsample_nearest_exact1d");
  def_upsample<F::UpsampleMode::NearestExact, 2>(nn, "_upsample_nearest_exact2d");
  def_upsample<F::UpsampleMode::Linear, 1>(nn, "upsample_linear1d");
  def_upsample<F::UpsampleMode::Linear, 2>(nn, "upsample_bilinear2d");
  def_upsample<F::UpsampleMode::Cubic, 2>(nn, "upsample_bicubic2d");
  def_upsample<F::UpsampleMode::Nearest, 3>(nn, "upsample_nearest3d");
  def_upsample<F::UpsampleMode::NearestExact, 3>(nn, "_upsample_nearest_exact3d");
  def_upsample<F::UpsampleMode::Linear, 3>(nn, "upsample_trilinear3d");
  // im2col(input, kernel_size, dilation, padding, stride): F.unfold
  def_op(nn, "im2col", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("im2col", a, kw, {"input", "kernel_size", "dilation", "padding", "stride"});
    F::FoldWindow w{p.int_list(1), p.int_list(2), p.int_list(3), p.int_list(4)};
    return wrap(F::unfold(p.tensor(0), w));
  });
  // col2im(input, output_size, kernel_size, dilation, padding, stride): F.fold
  def_op(nn, "col2im", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("col2im", a, kw,
             {"input", "output_size", "kernel_size", "dilation", "padding", "stride"});
    F::FoldWindow w{p.int_list(2), p.int_list(3), p.int_list(4), p.int_list(5)};
    return wrap(F::fold(p.tensor(0), p.int_list(1), w));
  });
  // max_unpool2d(input, indices, output_size)
  def_op(nn, "max_unpool2d", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("max_unpool2d", a, kw, {"input", "indices", "output_size"});
    return wrap(F::max_unpool2d(p.tensor(0), p.tensor(1), p.int_list(2)));
  });
  // max_unpool3d(input, indices, output_size, stride, padding)
  def_op(nn, "max_unpool3d", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("max_unpool3d", a, kw, {"input", "indices", "output_size", "stride", "padding"});
    return wrap(F::max_unpool3d(p.tensor(0), p.tensor(1), p.int_list(2), p.int_list(3), p.int_list(4)));
  });
}

}  // namespace tp::torchpy
