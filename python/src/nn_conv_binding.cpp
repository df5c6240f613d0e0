// torch._C._nn's convolution, padding, pooling, batch and layer norm and feature dropout: thin
// readers of Python arguments over core/nn/conv, pool, batch_norm and layer_norm
// (torch/nn/functional.py wraps them with PyTorch's Python-level checks and warnings).
#include <pybind11/pybind11.h>

#include "core/error.h"
#include "core/nn/batch_norm.h"
#include "core/nn/conv.h"
#include "core/nn/functional.h"
#include "core/nn/layer_norm.h"
#include "core/nn/pool.h"
#include "python/src/args.h"
#include "python/src/bindings.h"
#include "python/src/profiled_op.h"

namespace tp::torchpy {

namespace F = tp::nn::functional;

namespace {

Tensor opt_tensor(const OpArgs& p, size_t i) {
  return p.has(i) ? p.tensor(i) : Tensor();
}

// An int-or-tuple argument; `dflt` when absent or None.
Shape ints(const OpArgs& p, size_t i, Shape dflt) {
  return p.has(i) ? p.int_list(i) : std::move(dflt);
}

// A `SymInt[n]` argument of an ATen schema: a single int stands for n equal ones (so a conv2d
// message shows stride=[1, 1]); a list is passed on as given.
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

// TORCH_WARN_ONCE's UserWarning, raised through Python's warnings machinery.
void warn_once(bool& warned, const char* text) {
  if (warned) return;
  warned = true;
  if (PyErr_WarnEx(PyExc_UserWarning, text, 1) < 0) throw py::error_already_set();
}

const char* kSamePaddingCopy =
    "Using padding='same' with even kernel lengths and odd dilation may require a zero-padded copy "
    "of the "
    "input be created (Triggered internally at "
    "/__w/pytorch/pytorch/aten/src/ATen/native/Convolution.cpp:1135.)";

py::object conv(const char* name, size_t spatial, const py::args& a, const py::kwargs& kw) {
  OpArgs p(name, a, kw, {"input", "weight", "bias", "stride", "padding", "dilation", "groups"});
  F::ConvPadding padding;
  if (p.has(4) && py::isinstance<py::str>(p.get(4))) {
    padding.mode = py::str(p.get(4)).cast<std::string>();
  } else {
    padding.values = int_n(p, 4, spatial, 0);
  }
  Tensor weight = p.tensor(1);
  Shape dilation = int_n(p, 5, spatial, 1);
  if (padding.mode && *padding.mode == "same" && F::same_padding_needs_copy(weight, dilation)) {
    static bool warned = false;
    warn_once(warned, kSamePaddingCopy);
  }
  auto fn = spatial == 3 ? F::conv3d : spatial == 2 ? F::conv2d : F::conv1d;
  return wrap(fn(p.tensor(0), weight, opt_tensor(p, 2), int_n(p, 3, spatial, 1), padding, dilation,
                 p.integer(6, 1)));
}

py::object values_indices(const ValuesIndices& r, bool return_indices) {
  if (return_indices) return py::make_tuple(wrap(r.values), wrap(r.indices));
  return wrap(r.values);
}

void bind_conv(py::module_& m) {
  def_op(m, "conv1d",
         [](const py::args& a, const py::kwargs& kw) { return conv("conv1d", 1, a, kw); });
  def_op(m, "conv2d",
         [](const py::args& a, const py::kwargs& kw) { return conv("conv2d", 2, a, kw); });
  def_op(m, "conv3d",
         [](const py::args& a, const py::kwargs& kw) { return conv("conv3d", 3, a, kw); });
  // pad(input, pad, mode="constant", value=None)
  def_op(m, "pad", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("pad", a, kw, {"input", "pad", "mode", "value"});
    std::string mode = p.has(2) ? py::str(p.get(2)).cast<std::string>() : "constant";
    std::optional<double> value;
    if (p.has(3)) value = p.number(3, 0.0);
    return wrap(F::pad(p.tensor(0), p.int_list(1), mode, value));
  });
  def_op(m, "constant_pad_nd", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("constant_pad_nd", a, kw, {"input", "pad", "value"});
    return wrap(F::constant_pad_nd(p.tensor(0), p.int_list(1), p.has(2) ? p.scalar(2) : Scalar(0)));
  });
}

void bind_pool(py::module_& m) {
  // max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
  // return_indices=False)
  def_op(m, "max_pool2d", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p(
        "max_pool2d", a, kw,
        {"input", "kernel_size", "stride", "padding", "dilation", "ceil_mode", "return_indices"});
    ValuesIndices r =
        F::max_pool2d_with_indices(p.tensor(0), p.int_list(1), ints(p, 2, {}), ints(p, 3, {0}),
                                   ints(p, 4, {1}), p.boolean(5, false));
    return values_indices(r, p.boolean(6, false));
  });
  def_op(m, "max_pool3d", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p(
        "max_pool3d", a, kw,
        {"input", "kernel_size", "stride", "padding", "dilation", "ceil_mode", "return_indices"});
    ValuesIndices r =
        F::max_pool3d_with_indices(p.tensor(0), p.int_list(1), ints(p, 2, {}), ints(p, 3, {0}),
                                   ints(p, 4, {1}), p.boolean(5, false));
    return values_indices(r, p.boolean(6, false));
  });
  def_op(m, "max_pool1d", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p(
        "max_pool1d", a, kw,
        {"input", "kernel_size", "stride", "padding", "dilation", "ceil_mode", "return_indices"});
    ValuesIndices r =
        F::max_pool1d_with_indices(p.tensor(0), p.int_list(1), ints(p, 2, {}), ints(p, 3, {0}),
                                   ints(p, 4, {1}), p.boolean(5, false));
    return values_indices(r, p.boolean(6, false));
  });
  // avg_pool2d(input, kernel_size, stride=None, padding=0, ceil_mode=False, count_include_pad=True,
  // divisor_override=None)
  def_op(m, "avg_pool2d", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("avg_pool2d", a, kw,
             {"input", "kernel_size", "stride", "padding", "ceil_mode", "count_include_pad",
              "divisor_override"});
    return wrap(F::avg_pool2d(p.tensor(0), p.int_list(1), ints(p, 2, {}), ints(p, 3, {0}),
                              p.boolean(4, false), p.boolean(5, true), p.opt_int(6)));
  });
  def_op(m, "avg_pool3d", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("avg_pool3d", a, kw,
             {"input", "kernel_size", "stride", "padding", "ceil_mode", "count_include_pad",
              "divisor_override"});
    return wrap(F::avg_pool3d(p.tensor(0), p.int_list(1), ints(p, 2, {}), ints(p, 3, {0}),
                              p.boolean(4, false), p.boolean(5, true), p.opt_int(6)));
  });
  def_op(m, "avg_pool1d", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("avg_pool1d", a, kw,
             {"input", "kernel_size", "stride", "padding", "ceil_mode", "count_include_pad"});
    return wrap(F::avg_pool1d(p.tensor(0), p.int_list(1), ints(p, 2, {}), ints(p, 3, {0}),
                              p.boolean(4, false), p.boolean(5, true)));
  });
  def_op(m, "adaptive_avg_pool2d", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("adaptive_avg_pool2d", a, kw, {"input", "output_size"});
    Shape size = p.int_list(1);
    if (size.size() == 1) size = {size[0], size[0]};
    return wrap(F::adaptive_avg_pool2d(p.tensor(0), size));
  });
  def_op(m, "adaptive_avg_pool3d", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("adaptive_avg_pool3d", a, kw, {"input", "output_size"});
    Shape size = p.int_list(1);
    if (size.size() == 1) size = {size[0], size[0], size[0]};
    return wrap(F::adaptive_avg_pool3d(p.tensor(0), size));
  });
  def_op(m, "adaptive_avg_pool1d", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("adaptive_avg_pool1d", a, kw, {"input", "output_size"});
    return wrap(F::adaptive_avg_pool1d(p.tensor(0), p.int_list(1)));
  });
  def_op(m, "adaptive_max_pool2d", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("adaptive_max_pool2d", a, kw, {"input", "output_size", "return_indices"});
    Shape size = p.int_list(1);
    if (size.size() == 1) size = {size[0], size[0]};
    return values_indices(F::adaptive_max_pool2d(p.tensor(0), size), p.boolean(2, false));
  });
  def_op(m, "adaptive_max_pool3d", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("adaptive_max_pool3d", a, kw, {"input", "output_size", "return_indices"});
    Shape size = p.int_list(1);
    if (size.size() == 1) size = {size[0], size[0], size[0]};
    return values_indices(F::adaptive_max_pool3d(p.tensor(0), size), p.boolean(2, false));
  });
  def_op(m, "adaptive_max_pool1d", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("adaptive_max_pool1d", a, kw, {"input", "output_size", "return_indices"});
    return values_indices(F::adaptive_max_pool1d(p.tensor(0), p.int_list(1)), p.boolean(2, false));
  });
}

void bind_norm(py::module_& m) {
  // torch.batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps,
  // cudnn_enabled)
  def_op(m, "batch_norm", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("batch_norm", a, kw,
             {"input", "weight", "bias", "running_mean", "running_var", "training", "momentum",
              "eps", "cudnn_enabled"});
    return wrap(F::batch_norm(p.tensor(0), opt_tensor(p, 1), opt_tensor(p, 2), opt_tensor(p, 3),
                              opt_tensor(p, 4), p.boolean(5, false), p.number(6, 0.1),
                              p.number(7, 1e-5)));
  });
  // torch.layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-05,
  // cudnn_enable=True); normalized_shape is a list or tuple, never a bare int.
  def_op(m, "layer_norm", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("layer_norm", a, kw,
             {"input", "normalized_shape", "weight", "bias", "eps", "cudnn_enable"});
    if (as_index(p.get(1))) p.type_error(1, "tuple of ints");
    return wrap(F::layer_norm(p.tensor(0), p.int_list(1), opt_tensor(p, 2), opt_tensor(p, 3),
                              p.number(4, 1e-5)));
  });
  // _VF.feature_dropout(input, p, train) and feature_dropout_ (in place: returns the input object)
  def_op(m, "feature_dropout", [](const py::args& a, const py::kwargs& kw) -> py::object {
    OpArgs p("feature_dropout", a, kw, {"input", "p", "train", "inplace"});
    bool inplace = p.boolean(3, false);
    Tensor out = F::feature_dropout(p.tensor(0), p.number(1, 0.5), p.boolean(2, true), inplace);
    return inplace ? py::reinterpret_borrow<py::object>(p.get(0)) : wrap(out);
  });
}

}  // namespace

void bind_nn_conv(py::module_& nn) {
  bind_conv(nn);
  bind_pool(nn);
  bind_norm(nn);
}

}  // namespace tp::torchpy
