// Bindings of the shape ops (reshape, view, transpose, permute, cat, stack, split, ...) and of
// the Tensor methods that convert or describe (to, cuda, cpu, float, item, tolist, size,
// dim, clone, ...); their part of the op table.
#include <algorithm>

#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/device_ops.h"
#include "core/ops/elementwise.h"
#include "core/ops/rearrange.h"
#include "core/ops/shape.h"
#include "core/ops/tolist.h"
#include "core/autograd/autograd.h"
#include "python/src/args.h"
#include "python/src/op_table.h"

namespace tp::torchpy {

namespace {

// The same object when an op returned its input unchanged (x.to('cpu') is x).
py::object same_or_wrap(py::handle self, const Tensor& r) {
  return r.is_same(tensor_of(self)) ? py::reinterpret_borrow<py::object>(self) : wrap(r);
}

std::vector<Tensor> tensor_seq(const OpArgs& p, size_t i) {
  py::handle v = p.get(i);
  if (!py::isinstance<py::list>(v) && !py::isinstance<py::tuple>(v)) p.type_error(i, "tuple of Tensors");
  std::vector<Tensor> out;
  size_t k = 0;
  for (py::handle x : v) {
    if (!is_tensor(x)) {
      raise_type_error("expected Tensor as element " + std::to_string(k) + " in argument 0, but got " + type_name(x));
    }
    ++k;
    out.push_back(tensor_of(x));
  }
  return out;
}

// ---- shape ops ----

py::object s_reshape(const py::args& a, const py::kwargs& kw) {
  OpArgs p("reshape", a, kw, {"input", "*shape"});
  return wrap(reshape(p.tensor(0), p.varargs_shape(1)));
}
py::object s_view(const py::args& a, const py::kwargs& kw) {
  OpArgs p("view", a, kw, {"input", "*size"});
  if (a.size() == 2 && is_dtype(a[1])) {
    fail(ErrorKind::NotImplementedError, "Tensor.view(dtype) is not implemented in tensorplay yet");
  }
  return wrap(view(p.tensor(0), p.varargs_shape(1)));
}
py::object s_view_as(const py::args& a, const py::kwargs& kw) {
  OpArgs p("view_as", a, kw, {"input", "other"});
  return wrap(view(p.tensor(0), p.tensor(1).sizes()));
}
py::object s_reshape_as(const py::args& a, const py::kwargs& kw) {
  OpArgs p("reshape_as", a, kw, {"input", "other"});
  return wrap(reshape(p.tensor(0), p.tensor(1).sizes()));
}
py::object s_flatten(const py::args& a, const py::kwargs& kw) {
  OpArgs p("flatten", a, kw, {"input", "start_dim", "end_dim"});
  return wrap(flatten(p.tensor(0), p.integer(1, 0), p.integer(2, -1)));
}
py::object s_unflatten(const py::args& a, const py::kwargs& kw) {
  OpArgs p("unflatten", a, kw, {"input", "dim", "sizes"});
  return wrap(unflatten(p.tensor(0), p.integer(1), p.int_list(2)));
}
py::object s_transpose(const py::args& a, const py::kwargs& kw) {
  OpArgs p("transpose", a, kw, {"input", "dim0", "dim1"});
  return wrap(transpose(p.tensor(0), p.integer(1), p.integer(2)));
}
py::object s_swapaxes(const py::args& a, const py::kwargs& kw) {
  OpArgs p("swapaxes", a, kw, {"input", "axis0", "axis1"});
  return wrap(swapaxes(p.tensor(0), p.integer(1), p.integer(2)));
}
py::object s_t(const py::args& a, const py::kwargs& kw) {
  OpArgs p("t", a, kw, {"input"});
  return wrap(t(p.tensor(0)));
}
py::object s_permute(const py::args& a, const py::kwargs& kw) {
  OpArgs p("permute", a, kw, {"input", "*dims"});
  return wrap(permute(p.tensor(0), p.varargs_shape(1)));
}
py::object s_flip(const py::args& a, const py::kwargs& kw) {
  OpArgs p("flip", a, kw, {"input", "*dims"});
  return wrap(flip(p.tensor(0), p.varargs_shape(1)));
}
py::object s_repeat(const py::args& a, const py::kwargs& kw) {
  OpArgs p("repeat", a, kw, {"input", "*repeats"});
  return wrap(repeat(p.tensor(0), p.varargs_shape(1)));
}
py::object s_tile(const py::args& a, const py::kwargs& kw) {
  OpArgs p("tile", a, kw, {"input", "*dims"});
  return wrap(tile(p.tensor(0), p.varargs_shape(1)));
}
// tril/triu(input, diagonal=0), and x.tril_(diagonal) in place.
py::object triangle_op(const py::args& a, const py::kwargs& kw, const char* name, bool lower, bool in_place) {
  OpArgs p(name, a, kw, {"input", "diagonal"});
  Tensor x = p.tensor(0);
  const int64_t diagonal = p.integer(1, 0);
  if (!in_place) return wrap(lower ? tril(x, diagonal) : triu(x, diagonal));
  autograd::check_inplace(x);
  Tensor source = autograd::inplace_operand(x, true);
  assign_inplace_result(x, lower ? tril(source, diagonal) : triu(source, diagonal));
  return py::reinterpret_borrow<py::object>(p.get(0));
}
py::object s_tril(const py::args& a, const py::kwargs& kw) { return triangle_op(a, kw, "tril", true, false); }
py::object s_triu(const py::args& a, const py::kwargs& kw) { return triangle_op(a, kw, "triu", false, false); }
py::object s_tril_(const py::args& a, const py::kwargs& kw) { return triangle_op(a, kw, "tril_", true, true); }
py::object s_triu_(const py::args& a, const py::kwargs& kw) { return triangle_op(a, kw, "triu_", false, true); }
py::object s_squeeze(const py::args& a, const py::kwargs& kw) {
  OpArgs p("squeeze", a, kw, {"input", "dim"});
  if (!p.has(1)) return wrap(squeeze(p.tensor(0)));
  if (as_index(p.get(1))) return wrap(squeeze(p.tensor(0), p.integer(1)));
  return wrap(squeeze_dims(p.tensor(0), p.int_list(1)));
}
py::object s_unsqueeze(const py::args& a, const py::kwargs& kw) {
  OpArgs p("unsqueeze", a, kw, {"input", "dim"});
  return wrap(unsqueeze(p.tensor(0), p.integer(1)));
}
py::object s_expand(const py::args& a, const py::kwargs& kw) {
  OpArgs p("expand", a, kw, {"input", "*size"});
  return wrap(expand(p.tensor(0), p.varargs_shape(1)));
}
py::object s_expand_as(const py::args& a, const py::kwargs& kw) {
  OpArgs p("expand_as", a, kw, {"input", "other"});
  return wrap(expand_as(p.tensor(0), p.tensor(1)));
}
py::object s_narrow(const py::args& a, const py::kwargs& kw) {
  OpArgs p("narrow", a, kw, {"input", "dim", "start", "length"});
  return wrap(narrow(p.tensor(0), p.integer(1), p.integer(2), p.integer(3)));
}
py::object s_select(const py::args& a, const py::kwargs& kw) {
  OpArgs p("select", a, kw, {"input", "dim", "index"});
  return wrap(select(p.tensor(0), p.integer(1), p.integer(2)));
}
py::object s_contiguous(const py::args& a, const py::kwargs& kw) {
  OpArgs p("contiguous", a, kw, {"input"});
  return same_or_wrap(a[0], contiguous(p.tensor(0)));
}
py::object s_cat(const py::args& a, const py::kwargs& kw) {
  OpArgs p("cat", a, kw, {"tensors", "dim"});
  return wrap(cat(tensor_seq(p, 0), p.integer(1, 0)));
}
py::object s_stack(const py::args& a, const py::kwargs& kw) {
  OpArgs p("stack", a, kw, {"tensors", "dim"});
  return wrap(stack(tensor_seq(p, 0), p.integer(1, 0)));
}
py::object s_chunk(const py::args& a, const py::kwargs& kw) {
  OpArgs p("chunk", a, kw, {"input", "chunks", "dim"});
  return wrap_list(chunk(p.tensor(0), p.integer(1), p.integer(2, 0)), true);
}
py::object s_split(const py::args& a, const py::kwargs& kw) {
  OpArgs p("split", a, kw, {"tensor", "split_size_or_sections", "dim"});
  if (as_index(p.get(1))) return wrap_list(split(p.tensor(0), p.integer(1), p.integer(2, 0)), true);
  return wrap_list(split_with_sizes(p.tensor(0), p.int_list(1), p.integer(2, 0)), true);
}
py::object s_unbind(const py::args& a, const py::kwargs& kw) {
  OpArgs p("unbind", a, kw, {"input", "dim"});
  return wrap_list(unbind(p.tensor(0), p.integer(1, 0)), true);
}

// ---- description ----

py::object d_size(const py::args& a, const py::kwargs& kw) {
  OpArgs p("size", a, kw, {"input", "dim"});
  if (!p.has(1)) return wrap_size(p.tensor(0).sizes());
  return py::int_(p.tensor(0).size(p.integer(1)));
}
py::object d_stride(const py::args& a, const py::kwargs& kw) {
  OpArgs p("stride", a, kw, {"input", "dim"});
  const Tensor& x = p.tensor(0);
  if (p.has(1)) return py::int_(x.stride(p.integer(1)));
  py::tuple out(x.strides().size());
  for (size_t d = 0; d < out.size(); ++d) out[d] = py::int_(x.strides()[d]);
  return out;
}
py::object d_dim(const py::args& a, const py::kwargs& kw) {
  OpArgs p("dim", a, kw, {"input"});
  return py::int_(p.tensor(0).dim());
}
py::object d_numel(const py::args& a, const py::kwargs& kw) {
  OpArgs p("numel", a, kw, {"input"});
  return py::int_(p.tensor(0).numel());
}
py::object d_element_size(const py::args& a, const py::kwargs& kw) {
  OpArgs p("element_size", a, kw, {"input"});
  return py::int_(static_cast<int64_t>(p.tensor(0).element_size()));
}
py::object d_storage_offset(const py::args& a, const py::kwargs& kw) {
  OpArgs p("storage_offset", a, kw, {"input"});
  return py::int_(p.tensor(0).storage_offset());
}
// The address of a storage's first byte; 0 where PyTorch has none (meta, zero bytes).
uintptr_t storage_address(const Storage& s) {
  return s.nbytes() == 0 || s.device().is_meta() ? 0 : reinterpret_cast<uintptr_t>(s.data());
}
py::object d_data_ptr(const py::args& a, const py::kwargs& kw) {
  OpArgs p("data_ptr", a, kw, {"input"});
  const Tensor& t = p.tensor(0);
  return py::int_(storage_address(*t.storage()) + t.storage_offset() * t.element_size());
}
// x.untyped_storage(): a torch.storage.UntypedStorage over x's whole storage, keeping x alive.
py::object d_untyped_storage(const py::args& a, const py::kwargs& kw) {
  OpArgs p("untyped_storage", a, kw, {"input"});
  const Storage& s = *p.tensor(0).storage();
  return py::module_::import("torch.storage")
      .attr("UntypedStorage")
      .attr("_over")(p.get(0), storage_address(s), s.nbytes(), wrap_device(s.device()));
}
py::object d_is_contiguous(const py::args& a, const py::kwargs& kw) {
  OpArgs p("is_contiguous", a, kw, {"input"});
  return py::bool_(p.tensor(0).is_contiguous());
}
py::object d_is_floating_point(const py::args& a, const py::kwargs& kw) {
  OpArgs p("is_floating_point", a, kw, {"input"});
  return py::bool_(is_floating(p.tensor(0).dtype()));
}
py::object d_is_signed(const py::args& a, const py::kwargs& kw) {
  OpArgs p("is_signed", a, kw, {"input"});
  return py::bool_(is_signed(p.tensor(0).dtype()));
}
py::object d_get_device(const py::args& a, const py::kwargs& kw) {
  OpArgs p("get_device", a, kw, {"input"});
  return py::int_(get_device(p.tensor(0)));
}
py::object d_is_pinned(const py::args& a, const py::kwargs& kw) {
  OpArgs p("is_pinned", a, kw, {"input"});
  return py::bool_(is_pinned(p.tensor(0)));
}
py::object d_type(const py::args& a, const py::kwargs& kw) {
  OpArgs p("type", a, kw, {"input", "dtype", "non_blocking"});
  if (!p.has(1)) return py::str(legacy_type_str(p.tensor(0)));
  if (is_dtype(p.get(1))) return same_or_wrap(a[0], to(p.tensor(0), std::nullopt, p.dtype(1)));
  // A legacy type (torch.cuda.FloatTensor) or its name: its dtype, on its device kind.
  py::tuple target = py::module_::import("torch._legacy_tensors").attr("_type_target")(p.get(1));
  Device device = to_device_value(target[1], "type");
  const Tensor& t = p.tensor(0);
  if (device.type == t.device().type) device = t.device();
  return same_or_wrap(a[0], to(t, device, dtype_from(target[0]), false, p.boolean(2, false)));
}

// ---- conversion ----

py::object c_item(const py::args& a, const py::kwargs& kw) {
  OpArgs p("item", a, kw, {"input"});
  return scalar_value(item(p.tensor(0)), p.tensor(0).dtype());
}

py::object list_value(const ListValue& v, DType element) {
  if (!v.is_list) return scalar_value(v.number, element);
  py::list items;
  for (auto& x : v.items) items.append(list_value(x, element));
  return items;
}
py::object c_tolist(const py::args& a, const py::kwargs& kw) {
  OpArgs p("tolist", a, kw, {"input"});
  return list_value(tolist(p.tensor(0)), p.tensor(0).dtype());
}

// x.to(device / dtype / other tensor, non_blocking=False, copy=False).
// x.to(..., requires_grad=True) and other unknown keywords: PyTorch's parser text listing
// to()'s three signatures (the trailing ", " when only keywords were given is PyTorch's).
void check_to_keywords(const py::args& a, const py::kwargs& kw) {
  static const char* known[] = {"device", "dtype", "non_blocking", "copy", "memory_format"};
  bool unknown = false;
  for (auto item : kw) {
    std::string key = py::str(item.first);
    unknown = unknown || std::none_of(std::begin(known), std::end(known), [&](const char* k) { return key == k; });
  }
  if (!unknown) return;
  std::string got;
  for (size_t i = 1; i < a.size(); ++i) got += type_name(a[i]) + ", ";
  for (auto item : kw) got += std::string(py::str(item.first)) + "=" + type_name(item.second) + ", ";
  if (a.size() > 1) got.resize(got.size() - 2);
  const std::string tail = "bool non_blocking = False, bool copy = False, *, torch.memory_format memory_format = None)\n";
  raise_type_error("to() received an invalid combination of arguments - got (" + got + "), but expected one of:\n" +
                   " * (torch.device device = None, torch.dtype dtype = None, " + tail +
                   " * (torch.dtype dtype, " + tail + " * (Tensor tensor, " + tail);
}

py::object c_to(const py::args& a, const py::kwargs& kw) {
  check_to_keywords(a, kw);
  OpArgs p("to", a, kw, {"input", "arg1", "arg2", "device", "dtype", "non_blocking", "copy"});
  const Tensor& x = p.tensor(0);
  std::optional<Device> dev = p.device(3);
  std::optional<DType> dt = p.dtype(4);
  bool non_blocking = p.boolean(5, false), copy = p.boolean(6, false);
  for (size_t i = 1; i < a.size() && i < 3; ++i) {
    py::handle v = a[i];
    if (is_dtype(v)) {
      dt = dtype_from(v);
    } else if (is_tensor(v)) {
      dev = tensor_of(v).device();
      dt = tensor_of(v).dtype();
    } else if (PyBool_Check(v.ptr())) {
      non_blocking = v.ptr() == Py_True;
    } else if (!v.is_none()) {
      dev = to_device_value(v, "to");
    }
  }
  return same_or_wrap(a[0], to(x, dev, dt, copy, non_blocking));
}

py::object c_cuda(const py::args& a, const py::kwargs& kw) {
  OpArgs p("cuda", a, kw, {"input", "device", "non_blocking"});
  std::optional<int> index;
  if (p.has(1)) {
    Device d = to_device_value(p.get(1), "cuda");
    if (d.type != DeviceType::CUDA) fail(ErrorKind::RuntimeError, "Invalid device, must be cuda device");
    if (d.has_index()) index = d.index;
  }
  return same_or_wrap(a[0], to_cuda(p.tensor(0), index, p.boolean(2, false)));
}
py::object c_cpu(const py::args& a, const py::kwargs& kw) {
  OpArgs p("cpu", a, kw, {"input"});
  return same_or_wrap(a[0], to_cpu(p.tensor(0)));
}
py::object cast_to(const py::args& a, const py::kwargs& kw, const char* name, DType d) {
  OpArgs p(name, a, kw, {"input"});
  return same_or_wrap(a[0], to(p.tensor(0), std::nullopt, d));
}
py::object c_float(const py::args& a, const py::kwargs& kw) { return cast_to(a, kw, "float", DType::Float32); }
py::object c_double(const py::args& a, const py::kwargs& kw) { return cast_to(a, kw, "double", DType::Float64); }
py::object c_half(const py::args& a, const py::kwargs& kw) { return cast_to(a, kw, "half", DType::Float16); }
py::object c_bfloat16(const py::args& a, const py::kwargs& kw) { return cast_to(a, kw, "bfloat16", DType::BFloat16); }
py::object c_long(const py::args& a, const py::kwargs& kw) { return cast_to(a, kw, "long", DType::Int64); }
py::object c_int(const py::args& a, const py::kwargs& kw) { return cast_to(a, kw, "int", DType::Int32); }
py::object c_byte(const py::args& a, const py::kwargs& kw) { return cast_to(a, kw, "byte", DType::UInt8); }
py::object c_char(const py::args& a, const py::kwargs& kw) { return cast_to(a, kw, "char", DType::Int8); }
py::object c_short(const py::args& a, const py::kwargs& kw) { return cast_to(a, kw, "short", DType::Int16); }
py::object c_bool(const py::args& a, const py::kwargs& kw) { return cast_to(a, kw, "bool", DType::Bool); }
py::object c_cfloat(const py::args& a, const py::kwargs& kw) { return cast_to(a, kw, "cfloat", DType::ComplexFloat); }
py::object c_cdouble(const py::args& a, const py::kwargs& kw) { return cast_to(a, kw, "cdouble", DType::ComplexDouble); }
py::object c_type_as(const py::args& a, const py::kwargs& kw) {
  OpArgs p("type_as", a, kw, {"input", "other"});
  return same_or_wrap(a[0], to(p.tensor(0), std::nullopt, p.tensor(1).dtype()));
}
py::object c_pin_memory(const py::args& a, const py::kwargs& kw) {
  OpArgs p("pin_memory", a, kw, {"input"});
  return wrap(pin_memory(p.tensor(0)));
}
py::object c_detach(const py::args& a, const py::kwargs& kw) {
  OpArgs p("detach", a, kw, {"input"});
  return wrap(autograd::detach(p.tensor(0)));
}
py::object c_clone(const py::args& a, const py::kwargs& kw) {
  OpArgs p("clone", a, kw, {"input"});
  return wrap(clone(p.tensor(0)));
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
      {"unflatten", s_unflatten, W::Both, "unflatten(input, dim, sizes): dim split into the given sizes"},
      {"transpose", s_transpose, W::Both, "transpose(input, dim0, dim1): swap two dims (a view)"},
      {"swapaxes", s_swapaxes, W::Both, "swapaxes(input, axis0, axis1): alias of transpose"},
      {"t", s_t, W::Both, "t(input): transpose a matrix (also x.T)"},
      {"permute", s_permute, W::Both, "permute(input, dims): reorder dims (a view)"},
      {"flip", s_flip, W::Both, "flip(input, dims): reversed along dims (a copy)"},
      {"repeat", s_repeat, W::Method, "x.repeat(*repeats): x repeated along each dim"},
      {"tile", s_tile, W::Both, "tile(input, dims): repeat, padding dims with leading 1s"},
      {"tril", s_tril, W::Both, "tril(input, diagonal=0): the lower triangle, the rest 0"},
      {"triu", s_triu, W::Both, "triu(input, diagonal=0): the upper triangle, the rest 0"},
      {"tril_", s_tril_, W::Method, "x.tril_(diagonal=0): in place"},
      {"triu_", s_triu_, W::Method, "x.triu_(diagonal=0): in place"},
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
      {"ndimension", d_dim, W::Method, "x.ndimension(): alias of dim()"},
      {"numel", d_numel, W::Both, "numel(input): number of elements"},
      {"element_size", d_element_size, W::Method, "x.element_size(): bytes per element"},
      {"data_ptr", d_data_ptr, W::Method, "x.data_ptr(): the address of x's first element"},
      {"untyped_storage", d_untyped_storage, W::Method, "x.untyped_storage(): the bytes x is a view of"},
      {"storage_offset", d_storage_offset, W::Method, "x.storage_offset(): elements from the storage's start to x[0, ...]"},
      {"is_contiguous", d_is_contiguous, W::Method, "x.is_contiguous(): row-major in memory?"},
      {"is_floating_point", d_is_floating_point, W::Both, "is_floating_point(input)"},
      {"is_signed", d_is_signed, W::Both, "is_signed(input): a signed dtype?"},
      {"get_device", d_get_device, W::Method, "x.get_device(): cuda ordinal, -1 on cpu"},
      {"is_pinned", d_is_pinned, W::Method, "x.is_pinned(): in page-locked host memory?"},
      {"type", d_type, W::Method, "x.type(dtype=None): the legacy type string, or a cast"},
      {"item", c_item, W::Method, "x.item(): the one element as a Python number (synchronizes)"},
      {"tolist", c_tolist, W::Method, "x.tolist(): nested Python lists"},
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
      {"char", c_char, W::Method, "x.char(): as int8"},
      {"short", c_short, W::Method, "x.short(): as int16"},
      {"bool", c_bool, W::Method, "x.bool(): as bool"},
      {"cfloat", c_cfloat, W::Method, "x.cfloat(): as complex64"},
      {"cdouble", c_cdouble, W::Method, "x.cdouble(): as complex128"},
      {"type_as", c_type_as, W::Method, "x.type_as(other): cast to other's dtype"},
      {"pin_memory", c_pin_memory, W::Method, "x.pin_memory(): a copy in page-locked host memory"},
      {"clone", c_clone, W::Both, "clone(input): a copy with its own memory"},
      // Tensor.detach and the other autograd methods are bound in autograd_binding.cpp.
      {"detach", c_detach, W::Function, "detach(input): the same data, cut from autograd"},
  };
}

}  // namespace tp::torchpy
