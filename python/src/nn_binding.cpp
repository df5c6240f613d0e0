// torch._C._nn: the C++ half of torch.nn — the functional ops and losses of core/nn
// (torch/nn/functional.py re-exports or wraps them), the initialisers of core/nn/init
// (torch/nn/init.py), and the helpers nn.Module.to()/cuda()/cpu() move parameters with.
#include <cmath>

#include "core/autograd/autograd.h"
#include "core/autograd/grad_mode.h"
#include "core/device_registry.h"
#include "core/error.h"
#include "core/nn/functional.h"
#include "core/nn/init.h"
#include "core/nn/loss.h"
#include "core/ops/copy.h"
#include "core/ops/device_ops.h"
#include "python/src/args.h"
#include "python/src/bindings.h"
#include "python/src/profiled_op.h"

namespace tp::torchpy {

namespace F = tp::nn::functional;

namespace {

Tensor opt_tensor(const OpArgs& p, size_t i) { return p.has(i) ? p.tensor(i) : Tensor(); }

nn::Reduction reduction_arg(const OpArgs& p, size_t i) {
  return p.has(i) ? nn::parse_reduction(py::str(p.get(i)).cast<std::string>()) : nn::Reduction::Mean;
}

// A function of _C._nn taking (*args, **kwargs) and reading them with OpArgs.
template <typename Fn>
void def_op(py::module_& m, const char* name, Fn fn) {
  m.def(name, [fn, name](const py::args& a, const py::kwargs& kw) -> py::object {
    ProfiledOp profiled(name, a);
    return fn(a, kw);
  });
}

void bind_functional(py::module_& m) {
  def_op(m, "linear", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("linear", a, kw, {"input", "weight", "bias"});
    return wrap(F::linear(p.tensor(0), p.tensor(1), opt_tensor(p, 2)));
  });
  // relu(x, inplace=True) changes x and returns the same object.
  def_op(m, "relu", [](const py::args& a, const py::kwargs& kw) -> py::object {
    OpArgs p("relu", a, kw, {"input", "inplace"});
    bool inplace = p.boolean(1, false);
    Tensor out = F::relu(p.tensor(0), inplace);
    return inplace ? py::reinterpret_borrow<py::object>(p.get(0)) : wrap(out);
  });
  def_op(m, "sigmoid", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("sigmoid", a, kw, {"input"});
    return wrap(F::sigmoid(p.tensor(0)));
  });
  def_op(m, "tanh", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("tanh", a, kw, {"input"});
    return wrap(F::tanh(p.tensor(0)));
  });
  def_op(m, "softmax", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("softmax", a, kw, {"input", "dim", "_stacklevel", "dtype"});
    return wrap(F::softmax(p.tensor(0), p.opt_int(1)));
  });
  def_op(m, "log_softmax", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("log_softmax", a, kw, {"input", "dim", "_stacklevel", "dtype"});
    return wrap(F::log_softmax(p.tensor(0), p.opt_int(1)));
  });
  def_op(m, "dropout", [](const py::args& a, const py::kwargs& kw) -> py::object {
    OpArgs p("dropout", a, kw, {"input", "p", "training", "inplace"});
    bool inplace = p.boolean(3, false);
    Tensor out = F::dropout(p.tensor(0), p.number(1, 0.5), p.boolean(2, true), inplace);
    return inplace ? py::reinterpret_borrow<py::object>(p.get(0)) : wrap(out);
  });
  def_op(m, "flatten", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("flatten", a, kw, {"input", "start_dim", "end_dim"});
    return wrap(F::flatten(p.tensor(0), p.integer(1, 0), p.integer(2, -1)));
  });
  // torch.embedding's argument order (F.embedding checks padding_idx and renormalises first).
  def_op(m, "embedding", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("embedding", a, kw, {"weight", "indices", "padding_idx", "scale_grad_by_freq", "sparse"});
    return wrap(F::embedding(p.tensor(0), p.tensor(1), p.integer(2, -1), p.boolean(3, false)));
  });
  m.def("_rename_grad_fn", [](py::handle t, const std::string& name) { F::rename_grad_fn(tensor_of(t), name); });
}

void bind_losses(py::module_& m) {
  def_op(m, "cross_entropy", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("cross_entropy", a, kw,
             {"input", "target", "weight", "size_average", "ignore_index", "reduce", "reduction", "label_smoothing"});
    return wrap(F::cross_entropy(p.tensor(0), p.tensor(1), opt_tensor(p, 2), p.integer(4, -100), reduction_arg(p, 6),
                                 p.number(7, 0.0)));
  });
  def_op(m, "nll_loss", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("nll_loss", a, kw, {"input", "target", "weight", "size_average", "ignore_index", "reduce", "reduction"});
    return wrap(F::nll_loss(p.tensor(0), p.tensor(1), opt_tensor(p, 2), p.integer(4, -100), reduction_arg(p, 6)));
  });
  def_op(m, "mse_loss", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("mse_loss", a, kw, {"input", "target", "size_average", "reduce", "reduction"});
    return wrap(F::mse_loss(p.tensor(0), p.tensor(1), reduction_arg(p, 4)));
  });
  def_op(m, "l1_loss", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("l1_loss", a, kw, {"input", "target", "size_average", "reduce", "reduction"});
    return wrap(F::l1_loss(p.tensor(0), p.tensor(1), reduction_arg(p, 4)));
  });
  def_op(m, "smooth_l1_loss", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("smooth_l1_loss", a, kw, {"input", "target", "size_average", "reduce", "reduction", "beta"});
    return wrap(F::smooth_l1_loss(p.tensor(0), p.tensor(1), reduction_arg(p, 4), p.number(5, 1.0)));
  });
  def_op(m, "huber_loss", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("huber_loss", a, kw, {"input", "target", "reduction", "delta"});
    return wrap(F::huber_loss(p.tensor(0), p.tensor(1), reduction_arg(p, 2), p.number(3, 1.0)));
  });
  def_op(m, "binary_cross_entropy", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("binary_cross_entropy", a, kw, {"input", "target", "weight", "size_average", "reduce", "reduction"});
    return wrap(F::binary_cross_entropy(p.tensor(0), p.tensor(1), opt_tensor(p, 2), reduction_arg(p, 5)));
  });
  def_op(m, "binary_cross_entropy_with_logits", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("binary_cross_entropy_with_logits", a, kw,
             {"input", "target", "weight", "size_average", "reduce", "reduction", "pos_weight"});
    return wrap(F::binary_cross_entropy_with_logits(p.tensor(0), p.tensor(1), opt_tensor(p, 2), opt_tensor(p, 6),
                                                    reduction_arg(p, 5)));
  });
  // The UserWarning text mse_loss/l1_loss give for mismatched shapes ("" when none);
  // functional.py raises it with warnings.warn so that filters and stacklevel apply.
  m.def("_loss_size_warning", [](py::handle input, py::handle target) {
    return F::loss_size_warning(tensor_of(input), tensor_of(target));
  });
}

// A tensor argument of the init functions and module helpers (TypeError for anything else).
Tensor tensor_arg(py::handle h, const char* fname) {
  if (!is_tensor(h)) raise_type_error(std::string(fname) + "(): argument 'tensor' must be Tensor, not " + type_name(h));
  return tensor_of(h);
}

// The initialisers change their tensor in place and return it (the same Python object).
void bind_init(py::module_& m) {
  namespace I = tp::nn::init;
  m.def("calculate_gain", [](const std::string& nonlinearity, py::handle param) {
    return I::calculate_gain(nonlinearity, param.is_none() ? std::nullopt : std::optional<double>(param.cast<double>()));
  }, py::arg("nonlinearity"), py::arg("param") = py::none());
  m.def("_calculate_fan_in_and_fan_out", [](py::handle h) {
    auto [fan_in, fan_out] = I::calculate_fan_in_and_fan_out(tensor_arg(h, "_calculate_fan_in_and_fan_out"));
    return py::make_tuple(fan_in, fan_out);
  });
  m.def("_init_uniform_", [](py::handle h, double a, double b) {
    I::uniform_(tensor_arg(h, "uniform_"), a, b);
    return h;
  });
  m.def("_init_normal_", [](py::handle h, double mean, double std) {
    I::normal_(tensor_arg(h, "normal_"), mean, std);
    return h;
  });
  m.def("_init_constant_", [](py::handle h, double v) {
    I::constant_(tensor_arg(h, "constant_"), v);
    return h;
  });
  m.def("_init_zeros_", [](py::handle h) {
    I::zeros_(tensor_arg(h, "zeros_"));
    return h;
  });
  m.def("_init_ones_", [](py::handle h) {
    I::ones_(tensor_arg(h, "ones_"));
    return h;
  });
  m.def("_init_kaiming_uniform_", [](py::handle h, double a, const std::string& mode, const std::string& nl) {
    I::kaiming_uniform_(tensor_arg(h, "kaiming_uniform_"), a, mode, nl);
    return h;
  });
  m.def("_init_kaiming_normal_", [](py::handle h, double a, const std::string& mode, const std::string& nl) {
    I::kaiming_normal_(tensor_arg(h, "kaiming_normal_"), a, mode, nl);
    return h;
  });
  m.def("_init_xavier_uniform_", [](py::handle h, double gain) {
    I::xavier_uniform_(tensor_arg(h, "xavier_uniform_"), gain);
    return h;
  });
  m.def("_init_xavier_normal_", [](py::handle h, double gain) {
    I::xavier_normal_(tensor_arg(h, "xavier_normal_"), gain);
    return h;
  });
}

// Module.to(...)'s arguments as PyTorch's torch._C._nn._parse_to reads them:
// (device, dtype, non_blocking) from to(device), to(dtype), to(device, dtype), to(tensor).
py::tuple parse_to(const py::args& a, const py::kwargs& kw) {
  OpArgs p("to", a, kw, {"device", "dtype", "non_blocking", "copy", "memory_format"});
  std::optional<Device> device;
  std::optional<DType> dtype;
  for (size_t i = 0; i <= 1; ++i) {
    if (!p.has(i)) continue;
    py::handle v = p.get(i);
    if (is_dtype(v)) {
      dtype = dtype_from(v);
    } else if (is_tensor(v)) {
      device = tensor_of(v).device();
      dtype = tensor_of(v).dtype();
    } else {
      device = to_device_value(v, "to");
    }
  }
  if (device) device = resolve_device(*device);
  return py::make_tuple(device ? wrap_device(*device) : py::none(), dtype ? wrap_dtype(*dtype) : py::none(),
                        p.boolean(2, false));
}

void bind_module_helpers(py::module_& m) {
  m.def("_parse_to", parse_to);
  // t moved/cast as Module.to moves it: integer tensors keep their dtype; t itself if unchanged.
  m.def("_module_to", [](py::handle h, py::handle device, py::handle dtype, bool non_blocking) {
    autograd::NoGradGuard no_grad;
    std::optional<Device> d;
    if (!device.is_none()) d = device_from(device);
    std::optional<DType> dt;
    if (!dtype.is_none() && is_floating(tensor_of(h).dtype())) dt = dtype_from(dtype);
    return wrap(to(tensor_of(h), d, dt, /*copy=*/false, non_blocking));
  });
  m.def("_module_cuda", [](py::handle h, py::handle index) {
    autograd::NoGradGuard no_grad;
    std::optional<int> i;
    if (!index.is_none()) i = static_cast<int>(resolve_device(to_device_value(index, "cuda")).index);
    return wrap(to_cuda(tensor_of(h), i));
  });
  m.def("_module_cpu", [](py::handle h) {
    autograd::NoGradGuard no_grad;
    return wrap(to_cpu(tensor_of(h)));
  });
  // param.data = src: the parameter keeps its identity (and autograd metadata), with src's
  // storage, shape, dtype and device.
  m.def("_set_data", [](py::handle h, py::handle src) { autograd::set_data(tensor_of(h), tensor_of(src)); });
}

}  // namespace

// nn_conv_binding.cpp: convolution, padding, pooling, batch norm, feature dropout.
void bind_nn_conv(py::module_& nn);
// nn_vision_binding.cpp: transposed convolution, group norm, interpolation.
void bind_nn_vision(py::module_& nn);

void bind_nn(py::module_& m) {
  py::module_ nn = m.def_submodule("_nn", "torch.nn's functional ops, losses and initialisers");
  bind_functional(nn);
  bind_unary_nn(nn);
  bind_losses(nn);
  bind_init(nn);
  bind_module_helpers(nn);
  bind_nn_conv(nn);
  bind_nn_vision(nn);
}

}  // namespace tp::torchpy
