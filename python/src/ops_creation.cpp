// Bindings of the creation and random functions (torch.tensor, zeros, ones, full, empty, eye,
// arange, linspace, rand, randn, randint, randperm, *_like, set_printoptions)
// with dtype= and device= keywords, and their part of the op table.
#include "core/autograd/autograd.h"
#include "core/error.h"
#include "core/generator.h"
#include "core/ops/creation.h"
#include "core/ops/random.h"
#include "core/printing.h"
#include "python/src/args.h"
#include "python/src/op_table.h"

namespace tp::torchpy {

namespace {

// requires_grad=True: the new tensor becomes a leaf that requires grad.
Tensor with_requires_grad(const OpArgs& p, size_t i, Tensor t) {
  if (p.boolean(i, false)) autograd::set_requires_grad(t, true, autograd::RequiresGradBy::Creation);
  return t;
}

TensorOptions options(const OpArgs& p, size_t dtype_i, size_t device_i, DType dflt) {
  return TensorOptions(p.dtype(dtype_i).value_or(dflt), p.device(device_i).value_or(default_device()));
}

py::object t_tensor(const py::args& a, const py::kwargs& kw) {
  OpArgs p("tensor", a, kw, {"data", "dtype", "device", "requires_grad", "pin_memory"});
  if (!p.has(0)) raise_type_error("tensor() missing 1 required positional arguments: \"data\"");
  return wrap(with_requires_grad(p, 3, tensor_from_data(p.get(0), p.dtype(1), p.device(2).value_or(default_device()))));
}

// zeros/ones/empty/rand/randn(*size, dtype=None, device=None, requires_grad=False).
using SizedFn = Tensor (*)(const Shape&, TensorOptions);
py::object sized(const py::args& a, const py::kwargs& kw, const char* name, SizedFn fn) {
  OpArgs p(name, a, kw, {"*size", "dtype", "device", "requires_grad", "out", "layout", "pin_memory"});
  Shape shape = p.varargs_shape(0);
  return wrap(with_requires_grad(p, 3, fn(shape, options(p, 1, 2, default_float_dtype()))));
}
Tensor zeros_fn(const Shape& s, TensorOptions o) { return zeros(s, o); }
Tensor ones_fn(const Shape& s, TensorOptions o) { return ones(s, o); }
Tensor empty_fn(const Shape& s, TensorOptions o) { return empty(s, o); }
// rand/randn(*size, generator=None, dtype=None, ...).
using RandomFn = Tensor (*)(const Shape&, TensorOptions, Generator*);
py::object sized_random(const py::args& a, const py::kwargs& kw, const char* name, RandomFn fn) {
  OpArgs p(name, a, kw, {"*size", "generator", "dtype", "device", "requires_grad", "out", "layout", "pin_memory"});
  Shape shape = p.varargs_shape(0);
  return wrap(with_requires_grad(p, 4, fn(shape, options(p, 2, 3, default_float_dtype()), generator_arg(p, 1))));
}
Tensor rand_fn(const Shape& s, TensorOptions o, Generator* g) { return rand(s, o, g); }
Tensor randn_fn(const Shape& s, TensorOptions o, Generator* g) { return randn(s, o, g); }
py::object t_zeros(const py::args& a, const py::kwargs& kw) { return sized(a, kw, "zeros", zeros_fn); }
py::object t_ones(const py::args& a, const py::kwargs& kw) { return sized(a, kw, "ones", ones_fn); }
py::object t_empty(const py::args& a, const py::kwargs& kw) { return sized(a, kw, "empty", empty_fn); }
py::object t_rand(const py::args& a, const py::kwargs& kw) { return sized_random(a, kw, "rand", rand_fn); }
py::object t_randn(const py::args& a, const py::kwargs& kw) { return sized_random(a, kw, "randn", randn_fn); }

py::object t_full(const py::args& a, const py::kwargs& kw) {
  OpArgs p("full", a, kw, {"size", "fill_value", "dtype", "device", "requires_grad"});
  return wrap(with_requires_grad(p, 4, full(p.int_list(0), p.scalar(1), p.dtype(2), p.device(3).value_or(default_device()))));
}

py::object t_eye(const py::args& a, const py::kwargs& kw) {
  OpArgs p("eye", a, kw, {"n", "m", "dtype", "device", "requires_grad"});
  return wrap(with_requires_grad(p, 4, eye(p.integer(0), p.opt_int(1), options(p, 2, 3, default_float_dtype()))));
}

py::object t_arange(const py::args& a, const py::kwargs& kw) {
  OpArgs p("arange", a, kw, {"start", "end", "step", "dtype", "device", "requires_grad"});
  Device dev = p.device(4).value_or(default_device());
  if (!p.has(1)) return wrap(with_requires_grad(p, 5, arange(p.scalar(0), p.dtype(3), dev)));
  Scalar step = p.has(2) ? p.scalar(2) : Scalar(int64_t{1});
  return wrap(with_requires_grad(p, 5, arange(p.scalar(0), p.scalar(1), step, p.dtype(3), dev)));
}

py::object t_linspace(const py::args& a, const py::kwargs& kw) {
  OpArgs p("linspace", a, kw, {"start", "end", "steps", "dtype", "device", "requires_grad"});
  return wrap(with_requires_grad(p, 5, linspace(p.scalar(0), p.scalar(1), p.integer(2), options(p, 3, 4, default_float_dtype()))));
}

py::object randint_high(const py::args& a, const py::kwargs& kw) {
  OpArgs p("randint", a, kw, {"high", "size", "generator", "dtype", "device", "requires_grad"});
  TensorOptions o = options(p, 3, 4, DType::Int64);
  return wrap(with_requires_grad(p, 5, randint(p.integer(0), p.int_list(1), o, generator_arg(p, 2))));
}

py::object randint_low_high(const py::args& a, const py::kwargs& kw) {
  OpArgs p("randint", a, kw, {"low", "high", "size", "generator", "dtype", "device", "requires_grad"});
  TensorOptions o = options(p, 4, 5, DType::Int64);
  return wrap(with_requires_grad(p, 6, randint(p.integer(0), p.integer(1), p.int_list(2), o, generator_arg(p, 3))));
}

// randint(high, size) or randint(low, high, size), size positional or size=; the rest
// keyword-only. As PyTorch's parser: when two arguments make randint(high, size) the only
// overload that could take them, its own error; otherwise a failed parse lists the overloads.
py::object t_randint(const py::args& a, const py::kwargs& kw) {
  const size_t given = a.size() + kw.size();
  if (given == 2) return randint_high(a, kw);
  size_t bounds = std::min<size_t>(a.size(), 3);
  for (const char* name : {"low", "high", "size"}) bounds += kw.contains(name) ? 1 : 0;
  const bool high_only = bounds == 2 && !kw.contains("low") && !(kw.contains("high") && !a.empty());
  try {
    return high_only ? randint_high(a, kw) : randint_low_high(a, kw);
  } catch (const py::type_error&) {
    const std::string rest = "torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, "
                             "bool pin_memory = False, bool requires_grad = False)";
    raise_no_overload("randint", a, kw, false,
                      {"(int high, tuple of ints size, *, torch.Generator generator, Tensor out = None, " + rest,
                       "(int high, tuple of ints size, *, Tensor out = None, " + rest,
                       "(int low, int high, tuple of ints size, *, torch.Generator generator, Tensor out = None, " + rest,
                       "(int low, int high, tuple of ints size, *, Tensor out = None, " + rest});
  }
}

py::object t_randperm(const py::args& a, const py::kwargs& kw) {
  OpArgs p("randperm", a, kw, {"n", "generator", "dtype", "device", "requires_grad"});
  return wrap(with_requires_grad(p, 4, randperm(p.integer(0), options(p, 2, 3, DType::Int64), generator_arg(p, 1))));
}

// *_like(input, dtype=None, device=None).
py::object like(const py::args& a, const py::kwargs& kw, const char* name, int which) {
  OpArgs p(name, a, kw, {"input", "dtype", "device", "requires_grad"});
  Tensor t = p.tensor(0);
  auto dt = p.dtype(1);
  auto dev = p.device(2);
  TensorOptions o(dt.value_or(t.dtype()), dev.value_or(t.device()));
  Tensor out;
  switch (which) {
    case 0: out = zeros_like(t, dt, dev); break;
    case 1: out = ones_like(t, dt, dev); break;
    case 2: out = empty_like(t, dt, dev); break;
    case 3: out = rand_like(t, o); break;
    default: out = randn_like(t, o); break;
  }
  return wrap(with_requires_grad(p, 3, out));
}
py::object t_zeros_like(const py::args& a, const py::kwargs& kw) { return like(a, kw, "zeros_like", 0); }
py::object t_ones_like(const py::args& a, const py::kwargs& kw) { return like(a, kw, "ones_like", 1); }
py::object t_empty_like(const py::args& a, const py::kwargs& kw) { return like(a, kw, "empty_like", 2); }
py::object t_rand_like(const py::args& a, const py::kwargs& kw) { return like(a, kw, "rand_like", 3); }
py::object t_randn_like(const py::args& a, const py::kwargs& kw) { return like(a, kw, "randn_like", 4); }

py::object t_full_like(const py::args& a, const py::kwargs& kw) {
  OpArgs p("full_like", a, kw, {"input", "fill_value", "dtype", "device"});
  return wrap(full_like(p.tensor(0), p.scalar(1), p.dtype(2), p.device(3)));
}

// x.new_zeros/new_ones/new_empty(*size, dtype=None, device=None, requires_grad=False),
// x.new_full(size, fill_value, ...), x.new_tensor(data, ...): x's dtype and device unless given.
py::object new_sized(const py::args& a, const py::kwargs& kw, const char* name, SizedFn fn) {
  OpArgs p(name, a, kw, {"self", "*size", "dtype", "device", "requires_grad", "layout", "pin_memory"});
  Tensor self = p.tensor(0);
  TensorOptions o(p.dtype(2).value_or(self.dtype()), p.device(3).value_or(self.device()));
  return wrap(with_requires_grad(p, 4, fn(p.varargs_shape(1), o)));
}
py::object t_new_zeros(const py::args& a, const py::kwargs& kw) { return new_sized(a, kw, "new_zeros", zeros_fn); }
py::object t_new_ones(const py::args& a, const py::kwargs& kw) { return new_sized(a, kw, "new_ones", ones_fn); }
py::object t_new_empty(const py::args& a, const py::kwargs& kw) { return new_sized(a, kw, "new_empty", empty_fn); }
py::object t_new_full(const py::args& a, const py::kwargs& kw) {
  OpArgs p("new_full", a, kw, {"self", "size", "fill_value", "dtype", "device", "requires_grad"});
  Tensor self = p.tensor(0);
  Tensor out = full(p.int_list(1), p.scalar(2), p.dtype(3).value_or(self.dtype()), p.device(4).value_or(self.device()));
  return wrap(with_requires_grad(p, 5, out));
}
py::object t_new_tensor(const py::args& a, const py::kwargs& kw) {
  OpArgs p("new_tensor", a, kw, {"self", "data", "dtype", "device", "requires_grad"});
  if (!p.get(1)) raise_type_error("new_tensor() missing 1 required positional arguments: \"data\"");
  Tensor self = p.tensor(0);
  Tensor out = tensor_from_data(p.get(1), p.dtype(2).value_or(self.dtype()), p.device(3).value_or(self.device()));
  return wrap(with_requires_grad(p, 4, out));
}

// x.new(...): the legacy constructor, x's dtype and device. Ints or a torch.Size give an
// uninitialised tensor of that size; a list, tuple or number gives a copy of that data; a
// tensor of x's dtype and device is returned as an alias; no argument gives an empty tensor.
py::object t_new(const py::args& a, const py::kwargs& kw) {
  Tensor self = tensor_of(a[0]);
  for (auto item : kw)
    if (item.first.cast<std::string>() != "device")
      raise_type_error("new() received an invalid combination of arguments - got (" +
                       std::string(a.size() > 1 ? type_name(a[1]) + ", " : "") + item.first.cast<std::string>() +
                       "=" + type_name(item.second) + "), but expected one of:\n"
                       " * (*, torch.device device = None)\n"
                       "      didn't match because some of the keywords were incorrect: " +
                       item.first.cast<std::string>() + "\n"
                       " * (torch.Storage storage)\n * (Tensor other)\n"
                       " * (tuple of ints size, *, torch.device device = None)\n"
                       " * (object data, *, torch.device device = None)\n");
  Device device = kw.contains("device") && !kw["device"].is_none() ? device_from(kw["device"]) : self.device();
  TensorOptions o(self.dtype(), device);
  if (a.size() == 1) return wrap(empty({0}, o));
  bool all_ints = true;
  for (size_t i = 1; i < a.size(); ++i) all_ints &= py::isinstance<py::int_>(a[i]) && !py::isinstance<py::bool_>(a[i]);
  if (all_ints) {
    Shape size;
    for (size_t i = 1; i < a.size(); ++i) size.push_back(unpack_int64(a[i]));
    return wrap(empty(size, o));
  }
  py::handle arg = a[1];
  if (type_name(arg) == "torch.Size") {
    Shape size;
    for (py::handle n : py::reinterpret_borrow<py::iterable>(arg)) size.push_back(n.cast<int64_t>());
    return wrap(empty(size, o));
  }
  if (is_tensor(arg)) {
    Tensor other = tensor_of(arg);
    if (other.dtype() != self.dtype() || other.device() != device)
      raise_type_error("expected " + legacy_options_str(self.dtype(), device) + " (got " +
                       legacy_options_str(other.dtype(), other.device()) + ")");
    return wrap(autograd::detach(other));
  }
  if (py::isinstance<py::str>(arg)) raise_type_error("new(): invalid data type '" + type_name(arg) + "'");
  return wrap(tensor_from_data(arg, self.dtype(), device));
}

py::object t_set_printoptions(const py::args& a, const py::kwargs& kw) {
  OpArgs p("set_printoptions", a, kw, {"precision", "threshold", "edgeitems", "linewidth", "profile", "sci_mode"});
  PrintOptionsUpdate u;
  if (p.has(0)) u.precision = static_cast<int>(p.integer(0));
  if (p.has(1)) u.threshold = p.number(1, 0);
  if (p.has(2)) u.edgeitems = static_cast<int>(p.integer(2));
  if (p.has(3)) u.linewidth = static_cast<int>(p.integer(3));
  if (p.has(4)) {
    if (!py::isinstance<py::str>(p.get(4))) p.type_error(4, "str");
    u.profile = p.get(4).cast<std::string>();
  }
  if (p.has(5)) u.sci_mode = p.boolean(5, false);
  set_printoptions(u);
  return py::none();
}

py::object t_set_default_dtype(const py::args& a, const py::kwargs& kw) {
  OpArgs p("set_default_dtype", a, kw, {"d"});
  const char* text = "invalid dtype object: only floating-point types are supported as the default type";
  if (!p.has(0) || type_name(p.get(0)) != "torch.dtype") raise_type_error(text);
  set_default_float_dtype(*p.dtype(0));
  return py::none();
}
py::object t_get_default_dtype(const py::args& a, const py::kwargs& kw) {
  OpArgs p("get_default_dtype", a, kw, {});
  return wrap_dtype(default_float_dtype());
}
py::object t_set_default_device(const py::args& a, const py::kwargs& kw) {
  OpArgs p("set_default_device", a, kw, {"device"});
  set_default_device(p.device(0).value_or(Device::cpu()));
  return py::none();
}
py::object t_get_default_device(const py::args& a, const py::kwargs& kw) {
  OpArgs p("get_default_device", a, kw, {});
  return wrap_device(default_device());
}

py::object t_is_tensor(const py::args& a, const py::kwargs& kw) {
  OpArgs p("is_tensor", a, kw, {"obj"});
  if (!p.get(0)) raise_type_error("is_tensor() missing 1 required positional argument: 'obj'");
  return py::bool_(is_tensor(p.get(0)));
}

}  // namespace

std::vector<OpSpec> creation_ops() {
  using W = OpWhere;
  return {
      {"tensor", t_tensor, W::Function, "tensor(data, dtype=None, device=None): a tensor from nested lists"},
      {"zeros", t_zeros, W::Function, "zeros(*size, dtype=None, device=None): filled with 0"},
      {"ones", t_ones, W::Function, "ones(*size, dtype=None, device=None): filled with 1"},
      {"empty", t_empty, W::Function, "empty(*size, dtype=None, device=None): uninitialised"},
      {"full", t_full, W::Function, "full(size, fill_value, dtype=None, device=None): filled with a value"},
      {"eye", t_eye, W::Function, "eye(n, m=None): the identity matrix"},
      {"arange", t_arange, W::Function, "arange(start=0, end, step=1): evenly spaced values in [start, end)"},
      {"linspace", t_linspace, W::Function, "linspace(start, end, steps): steps values from start to end"},
      {"rand", t_rand, W::Function, "rand(*size): uniform random values in [0, 1)"},
      {"randn", t_randn, W::Function, "randn(*size): standard normal random values"},
      {"randint", t_randint, W::Function, "randint(low=0, high, size): random integers in [low, high)"},
      {"randperm", t_randperm, W::Function, "randperm(n): a random permutation of 0..n-1"},
      {"zeros_like", t_zeros_like, W::Function, "zeros_like(input): zeros with input's shape, dtype, device"},
      {"ones_like", t_ones_like, W::Function, "ones_like(input): ones with input's shape, dtype, device"},
      {"empty_like", t_empty_like, W::Function, "empty_like(input): uninitialised, like input"},
      {"full_like", t_full_like, W::Function, "full_like(input, fill_value): filled, like input"},
      {"rand_like", t_rand_like, W::Function, "rand_like(input): uniform random, like input"},
      {"randn_like", t_randn_like, W::Function, "randn_like(input): normal random, like input"},
      {"new_zeros", t_new_zeros, W::Method, "x.new_zeros(*size): zeros with x's dtype and device"},
      {"new_ones", t_new_ones, W::Method, "x.new_ones(*size): ones with x's dtype and device"},
      {"new_empty", t_new_empty, W::Method, "x.new_empty(*size): uninitialised, x's dtype and device"},
      {"new_full", t_new_full, W::Method, "x.new_full(size, fill_value): filled, x's dtype and device"},
      {"new", t_new, W::Method, "x.new(*size) or x.new(data): the legacy constructor, x's dtype and device"},
      {"new_tensor", t_new_tensor, W::Method, "x.new_tensor(data): a copy of data with x's dtype and device"},
      {"set_printoptions", t_set_printoptions, W::Function, "set_printoptions(precision=, threshold=, ...): tensor printing"},
      {"set_default_dtype", t_set_default_dtype, W::Function, "set_default_dtype(d): the float dtype factories use"},
      {"get_default_dtype", t_get_default_dtype, W::Function, "get_default_dtype(): torch.float32 unless set"},
      {"set_default_device", t_set_default_device, W::Function, "set_default_device(device): where factories put tensors"},
      {"get_default_device", t_get_default_device, W::Function, "get_default_device(): cpu unless set"},
      {"is_tensor", t_is_tensor, W::Function, "is_tensor(obj): True for a Tensor"},
  };
}

}  // namespace tp::torchpy
