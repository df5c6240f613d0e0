// Bindings of the shape ops (reshape, view, transpose, permute, cat, stack, split, ...) and of
// the Tensor methods that convert or describe (to, cuda, cpu, float, item, tolist, numpy, size,
// dim, clone, ...); their part of the op table.
#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/device_ops.h"
#include "core/ops/shape.h"
#include "core/ops/tolist.h"
#include "core/autograd/autograd.h"
#include "repl/torch/args.h"
#include "repl/torch/op_table.h"

namespace tp::torchlang {

using namespace tp::lang;

namespace {

// The same object when an op returned its input unchanged (x.to('cpu') is x).
Value same_or_wrap(const Value& self, const Tensor& r) {
  return r.is_same(tensor_of(self)) ? self : wrap(r);
}

std::vector<Tensor> tensor_seq(const OpArgs& p, size_t i) {
  Value v = p.get(i);
  if (!is_list(v) && !is_tuple(v)) p.type_error(i, "tuple of Tensors");
  std::vector<Tensor> out;
  for (auto& x : is_list(v) ? v.as<ListObject>()->items : v.as<TupleObject>()->items) {
    if (!is_tensor(x)) {
      p.I.raise(ty::TypeError, std::string(p.fname) + "(): argument 'tensors' (position 1) must be tuple of Tensors, not " +
                                   OpArgs::type_name(x));
    }
    out.push_back(tensor_of(x));
  }
  return out;
}

// ---- shape ops ----

Value s_reshape(Interpreter& I, Args a) {
  OpArgs p(I, "reshape", a, {"input", "*shape"});
  return wrap(reshape(p.tensor(0), p.varargs_shape(1)));
}
Value s_view(Interpreter& I, Args a) {
  OpArgs p(I, "view", a, {"input", "*size"});
  if (a.n == 2 && a[1].is_obj() && a[1].obj()->type == pyty::dtype) {
    fail(ErrorKind::NotImplementedError, "Tensor.view(dtype) is not implemented in tensorplay yet");
  }
  return wrap(view(p.tensor(0), p.varargs_shape(1)));
}
Value s_view_as(Interpreter& I, Args a) {
  OpArgs p(I, "view_as", a, {"input", "other"});
  return wrap(view(p.tensor(0), p.tensor(1).sizes()));
}
Value s_reshape_as(Interpreter& I, Args a) {
  OpArgs p(I, "reshape_as", a, {"input", "other"});
  return wrap(reshape(p.tensor(0), p.tensor(1).sizes()));
}
Value s_flatten(Interpreter& I, Args a) {
  OpArgs p(I, "flatten", a, {"input", "start_dim", "end_dim"});
  return wrap(flatten(p.tensor(0), p.integer(1, 0), p.integer(2, -1)));
}
Value s_transpose(Interpreter& I, Args a) {
  OpArgs p(I, "transpose", a, {"input", "dim0", "dim1"});
  return wrap(transpose(p.tensor(0), p.integer(1), p.integer(2)));
}
Value s_swapaxes(Interpreter& I, Args a) {
  OpArgs p(I, "swapaxes", a, {"input", "axis0", "axis1"});
  return wrap(swapaxes(p.tensor(0), p.integer(1), p.integer(2)));
}
Value s_t(Interpreter& I, Args a) {
  OpArgs p(I, "t", a, {"input"});
  return wrap(t(p.tensor(0)));
}
Value s_permute(Interpreter& I, Args a) {
  OpArgs p(I, "permute", a, {"input", "*dims"});
  return wrap(permute(p.tensor(0), p.varargs_shape(1)));
}
Value s_squeeze(Interpreter& I, Args a) {
  OpArgs p(I, "squeeze", a, {"input", "dim"});
  if (!p.has(1)) return wrap(squeeze(p.tensor(0)));
  if (p.get(1).is_intlike()) return wrap(squeeze(p.tensor(0), p.integer(1)));
  return wrap(squeeze_dims(p.tensor(0), p.int_list(1)));
}
Value s_unsqueeze(Interpreter& I, Args a) {
  OpArgs p(I, "unsqueeze", a, {"input", "dim"});
  return wrap(unsqueeze(p.tensor(0), p.integer(1)));
}
Value s_expand(Interpreter& I, Args a) {
  OpArgs p(I, "expand", a, {"input", "*size"});
  return wrap(expand(p.tensor(0), p.varargs_shape(1)));
}
Value s_expand_as(Interpreter& I, Args a) {
  OpArgs p(I, "expand_as", a, {"input", "other"});
  return wrap(expand_as(p.tensor(0), p.tensor(1)));
}
Value s_narrow(Interpreter& I, Args a) {
  OpArgs p(I, "narrow", a, {"input", "dim", "start", "length"});
  return wrap(narrow(p.tensor(0), p.integer(1), p.integer(2), p.integer(3)));
}
Value s_select(Interpreter& I, Args a) {
  OpArgs p(I, "select", a, {"input", "dim", "index"});
  return wrap(select(p.tensor(0), p.integer(1), p.integer(2)));
}
Value s_contiguous(Interpreter& I, Args a) {
  OpArgs p(I, "contiguous", a, {"input"});
  return same_or_wrap(a[0], contiguous(p.tensor(0)));
}
Value s_cat(Interpreter& I, Args a) {
  OpArgs p(I, "cat", a, {"tensors", "dim"});
  return wrap(cat(tensor_seq(p, 0), p.integer(1, 0)));
}
Value s_stack(Interpreter& I, Args a) {
  OpArgs p(I, "stack", a, {"tensors", "dim"});
  return wrap(stack(tensor_seq(p, 0), p.integer(1, 0)));
}
Value s_chunk(Interpreter& I, Args a) {
  OpArgs p(I, "chunk", a, {"input", "chunks", "dim"});
  return wrap_list(chunk(p.tensor(0), p.integer(1), p.integer(2, 0)), true);
}
Value s_split(Interpreter& I, Args a) {
  OpArgs p(I, "split", a, {"tensor", "split_size_or_sections", "dim"});
  if (p.get(1).is_intlike()) return wrap_list(split(p.tensor(0), p.integer(1), p.integer(2, 0)), true);
  return wrap_list(split_with_sizes(p.tensor(0), p.int_list(1), p.integer(2, 0)), true);
}
Value s_unbind(Interpreter& I, Args a) {
  OpArgs p(I, "unbind", a, {"input", "dim"});
  return wrap_list(unbind(p.tensor(0), p.integer(1, 0)), true);
}

// ---- description ----

Value d_size(Interpreter& I, Args a) {
  OpArgs p(I, "size", a, {"input", "dim"});
  if (!p.has(1)) return wrap_size(p.tensor(0).sizes());
  return Value::integer(p.tensor(0).size(p.integer(1)));
}
Value d_stride(Interpreter& I, Args a) {
  OpArgs p(I, "stride", a, {"input", "dim"});
  const Tensor& x = p.tensor(0);
  if (p.has(1)) return Value::integer(x.stride(p.integer(1)));
  std::vector<Value> items;
  for (int64_t s : x.strides()) items.push_back(Value::integer(s));
  return make_tuple(std::move(items));
}
Value d_dim(Interpreter& I, Args a) {
  OpArgs p(I, "dim", a, {"input"});
  return Value::integer(p.tensor(0).dim());
}
Value d_numel(Interpreter& I, Args a) {
  OpArgs p(I, "numel", a, {"input"});
  return Value::integer(p.tensor(0).numel());
}
Value d_element_size(Interpreter& I, Args a) {
  OpArgs p(I, "element_size", a, {"input"});
  return Value::integer(static_cast<int64_t>(p.tensor(0).element_size()));
}
Value d_is_contiguous(Interpreter& I, Args a) {
  OpArgs p(I, "is_contiguous", a, {"input"});
  return Value::boolean(p.tensor(0).is_contiguous());
}
Value d_is_floating_point(Interpreter& I, Args a) {
  OpArgs p(I, "is_floating_point", a, {"input"});
  return Value::boolean(is_floating(p.tensor(0).dtype()));
}
Value d_get_device(Interpreter& I, Args a) {
  OpArgs p(I, "get_device", a, {"input"});
  return Value::integer(get_device(p.tensor(0)));
}
Value d_is_pinned(Interpreter& I, Args a) {
  OpArgs p(I, "is_pinned", a, {"input"});
  return Value::boolean(is_pinned(p.tensor(0)));
}
Value d_type(Interpreter& I, Args a) {
  OpArgs p(I, "type", a, {"input", "dtype", "non_blocking"});
  if (!p.has(1)) return make_str(legacy_type_str(p.tensor(0)));
  return same_or_wrap(a[0], to(p.tensor(0), std::nullopt, p.dtype(1)));
}

// ---- conversion ----

Value c_item(Interpreter& I, Args a) {
  OpArgs p(I, "item", a, {"input"});
  return scalar_value(item(p.tensor(0)));
}

Value list_value(const ListValue& v) {
  if (!v.is_list) return scalar_value(v.number);
  std::vector<Value> items;
  for (auto& x : v.items) items.push_back(list_value(x));
  return make_list(std::move(items));
}
Value c_tolist(Interpreter& I, Args a) {
  OpArgs p(I, "tolist", a, {"input"});
  return list_value(tolist(p.tensor(0)));
}

Value c_numpy(Interpreter& I, Args a) {
  OpArgs p(I, "numpy", a, {"input", "force"});
  const Tensor& x = p.tensor(0);
  numpy_check(x);
  // A copy, not shared memory: writes through the ndarray are not supported here.
  return Value::object(new NdArrayObject(clone(x)));
}

// x.to(device / dtype / other tensor, non_blocking=False, copy=False).
Value c_to(Interpreter& I, Args a) {
  OpArgs p(I, "to", a, {"input", "arg1", "arg2", "device", "dtype", "non_blocking", "copy"});
  const Tensor& x = p.tensor(0);
  std::optional<Device> dev = p.device(3);
  std::optional<DType> dt = p.dtype(4);
  bool non_blocking = p.boolean(5, false), copy = p.boolean(6, false);
  for (size_t i = 1; i < a.n && i < 3; ++i) {
    const Value& v = a[i];
    if (v.is_obj() && v.obj()->type == pyty::dtype) {
      dt = v.as<DTypeObject>()->d;
    } else if (is_tensor(v)) {
      dev = tensor_of(v).device();
      dt = tensor_of(v).dtype();
    } else if (v.is_bool()) {
      non_blocking = v.as_bool();
    } else if (!v.is_none()) {
      dev = to_device_value(I, v, "to");
    }
  }
  return same_or_wrap(a[0], to_device(x, dev, dt, non_blocking, copy));
}

Value c_cuda(Interpreter& I, Args a) {
  OpArgs p(I, "cuda", a, {"input", "device", "non_blocking"});
  std::optional<int> index;
  if (p.has(1)) {
    Device d = to_device_value(I, p.get(1), "cuda");
    if (d.type != DeviceType::CUDA) fail(ErrorKind::RuntimeError, "Invalid device, must be cuda device");
    if (d.has_index()) index = d.index;
  }
  return same_or_wrap(a[0], to_cuda(p.tensor(0), index, p.boolean(2, false)));
}
Value c_cpu(Interpreter& I, Args a) {
  OpArgs p(I, "cpu", a, {"input"});
  return same_or_wrap(a[0], to_cpu(p.tensor(0)));
}
Value cast_to(Interpreter& I, Args a, const char* name, DType d) {
  OpArgs p(I, name, a, {"input"});
  return same_or_wrap(a[0], to(p.tensor(0), std::nullopt, d));
}
Value c_float(Interpreter& I, Args a) { return cast_to(I, a, "float", DType::Float32); }
Value c_double(Interpreter& I, Args a) { return cast_to(I, a, "double", DType::Float64); }
Value c_half(Interpreter& I, Args a) { return cast_to(I, a, "half", DType::Float16); }
Value c_bfloat16(Interpreter& I, Args a) { return cast_to(I, a, "bfloat16", DType::BFloat16); }
Value c_long(Interpreter& I, Args a) { return cast_to(I, a, "long", DType::Int64); }
Value c_int(Interpreter& I, Args a) { return cast_to(I, a, "int", DType::Int32); }
Value c_byte(Interpreter& I, Args a) { return cast_to(I, a, "byte", DType::UInt8); }
Value c_bool(Interpreter& I, Args a) { return cast_to(I, a, "bool", DType::Bool); }
Value c_type_as(Interpreter& I, Args a) {
  OpArgs p(I, "type_as", a, {"input", "other"});
  return same_or_wrap(a[0], to(p.tensor(0), std::nullopt, p.tensor(1).dtype()));
}
Value c_pin_memory(Interpreter& I, Args a) {
  OpArgs p(I, "pin_memory", a, {"input"});
  return wrap(pin_memory(p.tensor(0)));
}
Value c_clone(Interpreter& I, Args a) {
  OpArgs p(I, "clone", a, {"input"});
  return wrap(clone(p.tensor(0)));
}
Value c_detach(Interpreter& I, Args a) {
  OpArgs p(I, "detach", a, {"input"});
  return wrap(autograd::detach(p.tensor(0)));
}
Value c_detach_(Interpreter& I, Args a) {
  OpArgs p(I, "detach_", a, {"input"});
  autograd::detach_(p.tensor(0));
  return a[0];
}
Value c_requires_grad_(Interpreter& I, Args a) {
  OpArgs p(I, "requires_grad_", a, {"input", "requires_grad"});
  autograd::set_requires_grad(p.tensor(0), p.boolean(1, true));
  return a[0];
}
Value c_retain_grad(Interpreter& I, Args a) {
  OpArgs p(I, "retain_grad", a, {"input"});
  autograd::retain_grad(p.tensor(0));
  return Value();
}
Value c_backward(Interpreter& I, Args a) {
  OpArgs p(I, "backward", a, {"input", "gradient", "retain_graph", "create_graph", "inputs"});
  TP_CHECK(!p.boolean(3, false), NotImplementedError,
           "create_graph=True (higher-order gradients) is not supported by tensorplay");
  Tensor gradient;
  if (p.has(1)) gradient = p.tensor(1);
  autograd::backward(p.tensor(0), gradient, p.boolean(2, false));
  return Value();
}

}  // namespace

std::vector<OpSpec> tensor_ops() {
  using W = OpWhere;
  return {
      {"reshape", s_reshape, W::Both, "reshape(input, shape): same data, new shape (copies if needed)"},
      {"view", s_view, W::Method, "x.view(*shape): a view with a new shape (no copy)"},
      {"view_as", s_view_as, W::Method, "x.view_as(other): view with other's shape"},
      {"reshape_as", s_reshape_as, W::Method, "x.reshape_as(other): reshape to other's shape"},
      {"flatten", s_flatten, W::Both, "flatten(input, start_dim=0, end_dim=-1)"},
      {"transpose", s_transpose, W::Both, "transpose(input, dim0, dim1): swap two dims (a view)"},
      {"swapaxes", s_swapaxes, W::Both, "swapaxes(input, axis0, axis1): alias of transpose"},
      {"t", s_t, W::Both, "t(input): transpose a matrix (also x.T)"},
      {"permute", s_permute, W::Both, "permute(input, dims): reorder dims (a view)"},
      {"squeeze", s_squeeze, W::Both, "squeeze(input, dim=None): drop size-1 dims"},
      {"unsqueeze", s_unsqueeze, W::Both, "unsqueeze(input, dim): insert a size-1 dim"},
      {"expand", s_expand, W::Method, "x.expand(*sizes): broadcast to sizes without copying"},
      {"expand_as", s_expand_as, W::Method, "x.expand_as(other)"},
      {"narrow", s_narrow, W::Both, "narrow(input, dim, start, length): a slice view"},
      {"select", s_select, W::Both, "select(input, dim, index): one index along dim"},
      {"contiguous", s_contiguous, W::Method, "x.contiguous(): x itself or a row-major copy"},
      {"cat", s_cat, W::Function, "cat(tensors, dim=0): join along an existing dim"},
      {"concat", s_cat, W::Function, "concat(tensors, dim=0): alias of cat"},
      {"stack", s_stack, W::Function, "stack(tensors, dim=0): join along a new dim"},
      {"chunk", s_chunk, W::Both, "chunk(input, chunks, dim=0): split into chunks pieces"},
      {"split", s_split, W::Both, "split(tensor, split_size_or_sections, dim=0)"},
      {"unbind", s_unbind, W::Both, "unbind(input, dim=0): a tuple of slices"},
      {"size", d_size, W::Method, "x.size(dim=None): torch.Size, or one dim's size"},
      {"stride", d_stride, W::Method, "x.stride(dim=None): elements to step per dim"},
      {"dim", d_dim, W::Method, "x.dim(): number of dims"},
      {"numel", d_numel, W::Both, "numel(input): number of elements"},
      {"element_size", d_element_size, W::Method, "x.element_size(): bytes per element"},
      {"is_contiguous", d_is_contiguous, W::Method, "x.is_contiguous(): row-major in memory?"},
      {"is_floating_point", d_is_floating_point, W::Both, "is_floating_point(input)"},
      {"get_device", d_get_device, W::Method, "x.get_device(): cuda ordinal, -1 on cpu"},
      {"is_pinned", d_is_pinned, W::Method, "x.is_pinned(): in page-locked host memory?"},
      {"type", d_type, W::Method, "x.type(dtype=None): the legacy type string, or a cast"},
      {"item", c_item, W::Method, "x.item(): the one element as a Python number (synchronizes)"},
      {"tolist", c_tolist, W::Method, "x.tolist(): nested Python lists"},
      {"numpy", c_numpy, W::Method, "x.numpy(): a numpy array (cpu tensors only)"},
      {"to", c_to, W::Method, "x.to(device / dtype / other, non_blocking=False, copy=False)"},
      {"cuda", c_cuda, W::Method, "x.cuda(device=None, non_blocking=False): copy to a GPU"},
      {"cpu", c_cpu, W::Method, "x.cpu(): copy to host memory (x itself if already there)"},
      {"float", c_float, W::Method, "x.float(): as float32"},
      {"double", c_double, W::Method, "x.double(): as float64"},
      {"half", c_half, W::Method, "x.half(): as float16"},
      {"bfloat16", c_bfloat16, W::Method, "x.bfloat16(): as bfloat16"},
      {"long", c_long, W::Method, "x.long(): as int64"},
      {"int", c_int, W::Method, "x.int(): as int32"},
      {"byte", c_byte, W::Method, "x.byte(): as uint8"},
      {"bool", c_bool, W::Method, "x.bool(): as bool"},
      {"type_as", c_type_as, W::Method, "x.type_as(other): cast to other's dtype"},
      {"pin_memory", c_pin_memory, W::Method, "x.pin_memory(): a copy in page-locked host memory"},
      {"clone", c_clone, W::Both, "clone(input): a copy with its own memory"},
      {"detach", c_detach, W::Both, "detach(input): the same data, cut from autograd"},
      {"detach_", c_detach_, W::Method, "x.detach_(): cut x itself from the graph"},
      {"requires_grad_", c_requires_grad_, W::Method, "x.requires_grad_(True): record operations on x for autograd"},
      {"retain_grad", c_retain_grad, W::Method, "x.retain_grad(): keep .grad of a non-leaf after backward"},
      {"backward", c_backward, W::Method, "x.backward(gradient=None, retain_graph=False): fill .grad of the leaves"},
  };
}

}  // namespace tp::torchlang
