// Bindings of the layout ops: stacking (hstack, vstack, dstack, column_stack, row_stack),
// atleast_*d, splitting (tensor_split, hsplit, vsplit, dsplit), movedim/moveaxis/swapdims,
// fliplr/flipud, ravel, narrow_copy, unfold, as_strided, and the assembled tensors (diff, kron,
// block_diag, cartesian_prod, combinations, vander, tril/triu_indices); their part of the op table.
#include "core/ops/assemble.h"
#include "core/ops/creation.h"
#include "core/ops/layout.h"
#include "core/ops/shape.h"
#include "core/ops/strided_views.h"
#include "python/src/args.h"
#include "python/src/op_table.h"
#include "python/src/py_types.h"

namespace tp::torchpy {

namespace {

// A list or tuple of tensors (argument i), with PyTorch's TypeErrors otherwise.
std::vector<Tensor> tensor_list(const OpArgs& p, size_t i) {
  py::handle v = p.get(i);
  if (!py::isinstance<py::list>(v) && !py::isinstance<py::tuple>(v)) p.type_error(i, "tuple of Tensors");
  std::vector<Tensor> out;
  for (py::handle x : v) {
    if (!is_tensor(x))
      raise_type_error("expected Tensor as element " + std::to_string(out.size()) + " in argument " +
                       std::to_string(i) + ", but got " + type_name(x));
    out.push_back(tensor_of(x));
  }
  return out;
}

// The items of atleast_Nd(*tensors), which also takes one list or tuple of them.
py::sequence varargs_items(const py::args& a) {
  if (a.size() == 1 && (py::isinstance<py::list>(a[0]) || py::isinstance<py::tuple>(a[0])))
    return py::reinterpret_borrow<py::sequence>(a[0]);
  return a;
}

// The tensors of f(*tensors): block_diag and cartesian_prod take them as given (a list is
// refused, as in PyTorch), atleast_Nd after varargs_items.
std::vector<Tensor> tensors_of(const py::sequence& items) {
  std::vector<Tensor> out;
  for (py::handle x : items) {
    if (!is_tensor(x))
      raise_type_error("expected Tensor as element " + std::to_string(out.size()) + " in argument 0, but got " +
                       type_name(x));
    out.push_back(tensor_of(x));
  }
  return out;
}

using StackFn = Tensor (*)(const std::vector<Tensor>&);
py::object stack_call(const char* name, StackFn f, const py::args& a, const py::kwargs& kw) {
  OpArgs p(name, a, kw, {"tensors"});
  return wrap(f(tensor_list(p, 0)));
}
py::object l_hstack(const py::args& a, const py::kwargs& kw) { return stack_call("hstack", hstack, a, kw); }
py::object l_vstack(const py::args& a, const py::kwargs& kw) { return stack_call("vstack", vstack, a, kw); }
py::object l_row_stack(const py::args& a, const py::kwargs& kw) { return stack_call("row_stack", vstack, a, kw); }
py::object l_dstack(const py::args& a, const py::kwargs& kw) { return stack_call("dstack", dstack, a, kw); }
py::object l_column_stack(const py::args& a, const py::kwargs& kw) {
  return stack_call("column_stack", column_stack, a, kw);
}

// atleast_Nd(tensor) -> tensor (the same object when it has the dims already);
// atleast_Nd(t1, t2, ...) or atleast_Nd([t1, t2]) -> tuple.
py::object atleast_call(const char* name, Tensor (*f)(const Tensor&), const py::args& a, const py::kwargs& kw) {
  for (auto item : kw)
    raise_type_error(std::string(name) + "() got an unexpected keyword argument '" + py::str(item.first).cast<std::string>() + "'");
  if (a.size() == 1 && is_tensor(a[0])) {
    Tensor r = f(tensor_of(a[0]));
    return r.is_same(tensor_of(a[0])) ? py::reinterpret_borrow<py::object>(a[0]) : wrap(r);
  }
  py::sequence items = varargs_items(a);
  py::tuple out(py::len(items));
  std::vector<Tensor> tensors = tensors_of(items);
  for (size_t i = 0; i < tensors.size(); ++i) {
    Tensor r = f(tensors[i]);
    out[i] = r.is_same(tensors[i]) ? py::reinterpret_borrow<py::object>(items[i]) : wrap(r);
  }
  return out;
}
py::object l_atleast_1d(const py::args& a, const py::kwargs& kw) {
  return atleast_call("atleast_1d", atleast_1d, a, kw);
}
py::object l_atleast_2d(const py::args& a, const py::kwargs& kw) {
  return atleast_call("atleast_2d", atleast_2d, a, kw);
}
py::object l_atleast_3d(const py::args& a, const py::kwargs& kw) {
  return atleast_call("atleast_3d", atleast_3d, a, kw);
}

// tensor_split(input, sections | indices | tensor_indices_or_sections, dim=0).
py::object l_tensor_split(const py::args& a, const py::kwargs& kw) {
  const bool method = OpArgs::next_is_method;
  py::kwargs rest = kw;
  py::object split;
  for (const char* name : {"sections", "indices", "tensor_indices_or_sections"}) {
    if (rest.contains(name)) {
      split = rest[name];
      PyDict_DelItemString(rest.ptr(), name);
    }
  }
  py::args positional = a;
  if (split && a.size() >= 2) split = py::object();  // given twice: no overload fits
  if (!split && a.size() >= 2) {
    split = a[1];
    py::tuple others(a.size() - 1);
    others[0] = a[0];
    for (size_t i = 2; i < a.size(); ++i) others[i - 1] = a[i];
    positional = py::reinterpret_borrow<py::args>(others);
  }
  OpArgs p("tensor_split", positional, rest, {"input", "dim"});
  const Tensor self = p.tensor(0);
  const int64_t dim = p.integer(1, 0);
  if (split && is_tensor(split)) return wrap_list(tensor_split(self, tensor_of(split), dim), true);
  if (split) {
    if (auto sections = as_index(split)) return wrap_list(tensor_split(self, *sections, dim), true);
    if (py::isinstance<py::list>(split) || py::isinstance<py::tuple>(split)) {
      Shape indices;
      bool all_ints = true;
      for (py::handle v : split) {
        auto i = as_index(v);
        all_ints = all_ints && i.has_value();
        if (i) indices.push_back(*i);
      }
      if (all_ints) return wrap_list(tensor_split_indices(self, indices, dim), true);
    }
  }
  raise_no_overload("tensor_split", a, kw, method,
                    {"(Tensor input, tuple of ints indices, int dim = 0)",
                     "(Tensor input, Tensor tensor_indices_or_sections, int dim = 0)",
                     "(Tensor input, int sections, int dim = 0)"});
}

// hsplit/vsplit/dsplit(input, sections | indices).
py::object directional_call(const char* name, SplitDirection direction, const py::args& a, const py::kwargs& kw) {
  const bool method = OpArgs::next_is_method;
  OpArgs p(name, a, kw, {"input", "indices_or_sections"});
  if (p.has(1)) {
    if (auto sections = as_index(p.get(1))) return wrap_list(directional_split(direction, p.tensor(0), *sections), true);
    if (py::isinstance<py::list>(p.get(1)) || py::isinstance<py::tuple>(p.get(1)))
      return wrap_list(directional_split_indices(direction, p.tensor(0), p.int_list(1)), true);
  }
  raise_no_overload(name, a, kw, method, {"(Tensor input, int sections)", "(Tensor input, tuple of ints indices)"});
}
py::object l_hsplit(const py::args& a, const py::kwargs& kw) {
  return directional_call("hsplit", SplitDirection::Horizontal, a, kw);
}
py::object l_vsplit(const py::args& a, const py::kwargs& kw) {
  return directional_call("vsplit", SplitDirection::Vertical, a, kw);
}
py::object l_dsplit(const py::args& a, const py::kwargs& kw) {
  return directional_call("dsplit", SplitDirection::Depth, a, kw);
}

// movedim/moveaxis(input, source, destination): two ints or two sequences of ints.
py::object move_call(const char* name, const py::args& a, const py::kwargs& kw) {
  const bool method = OpArgs::next_is_method;
  OpArgs p(name, a, kw, {"input", "source", "destination"});
  auto src = as_index(p.get(1)), dst = as_index(p.get(2));
  if (src && dst) return wrap(movedim(p.tensor(0), {*src}, {*dst}));
  auto is_seq = [](py::handle v) { return v && (py::isinstance<py::list>(v) || py::isinstance<py::tuple>(v)); };
  if (is_seq(p.get(1)) && is_seq(p.get(2))) return wrap(movedim(p.tensor(0), p.int_list(1), p.int_list(2)));
  raise_no_overload(name, a, kw, method,
                    {"(Tensor input, int source, int destination)",
                     "(Tensor input, tuple of ints source, tuple of ints destination)"});
}
py::object l_movedim(const py::args& a, const py::kwargs& kw) { return move_call("movedim", a, kw); }
py::object l_moveaxis(const py::args& a, const py::kwargs& kw) { return move_call("moveaxis", a, kw); }

py::object l_swapdims(const py::args& a, const py::kwargs& kw) {
  OpArgs p("swapdims", a, kw, {"input", "dim0", "dim1"});
  return wrap(transpose(p.tensor(0), p.integer(1), p.integer(2)));
}
py::object l_fliplr(const py::args& a, const py::kwargs& kw) {
  OpArgs p("fliplr", a, kw, {"input"});
  return wrap(fliplr(p.tensor(0)));
}
py::object l_flipud(const py::args& a, const py::kwargs& kw) {
  OpArgs p("flipud", a, kw, {"input"});
  return wrap(flipud(p.tensor(0)));
}
py::object l_ravel(const py::args& a, const py::kwargs& kw) {
  OpArgs p("ravel", a, kw, {"input"});
  return wrap(ravel(p.tensor(0)));
}
py::object l_narrow_copy(const py::args& a, const py::kwargs& kw) {
  OpArgs p("narrow_copy", a, kw, {"input", "dim", "start", "length"});
  return wrap(narrow_copy(p.tensor(0), p.integer(1), p.integer(2), p.integer(3)));
}
py::object l_unfold(const py::args& a, const py::kwargs& kw) {
  OpArgs p("unfold", a, kw, {"input", "dimension", "size", "step"});
  return wrap(unfold(p.tensor(0), p.integer(1), p.integer(2), p.integer(3)));
}
py::object l_as_strided(const py::args& a, const py::kwargs& kw) {
  OpArgs p("as_strided", a, kw, {"input", "size", "stride", "storage_offset"});
  return wrap(as_strided(p.tensor(0), p.int_list(1), p.int_list(2), p.opt_int(3)));
}

py::object l_diff(const py::args& a, const py::kwargs& kw) {
  OpArgs p("diff", a, kw, {"input", "n", "dim", "prepend", "append"});
  std::optional<Tensor> prepend, append;
  if (p.has(3)) prepend = p.tensor(3);
  if (p.has(4)) append = p.tensor(4);
  return wrap(diff(p.tensor(0), p.integer(1, 1), p.integer(2, -1), prepend, append));
}
py::object l_kron(const py::args& a, const py::kwargs& kw) {
  OpArgs p("kron", a, kw, {"input", "other"});
  return wrap(kron(p.tensor(0), p.tensor(1)));
}
py::object l_block_diag(const py::args& a, const py::kwargs&) { return wrap(block_diag(tensors_of(a))); }
py::object l_cartesian_prod(const py::args& a, const py::kwargs&) {
  Tensor result = cartesian_prod(tensors_of(a));
  // One input comes back as itself, the same Python object as in PyTorch.
  return a.size() == 1 ? py::reinterpret_borrow<py::object>(a[0]) : wrap(result);
}
py::object l_combinations(const py::args& a, const py::kwargs& kw) {
  OpArgs p("combinations", a, kw, {"input", "r", "with_replacement"});
  return wrap(combinations(p.tensor(0), p.integer(1, 2), p.boolean(2, false)));
}
py::object l_vander(const py::args& a, const py::kwargs& kw) {
  OpArgs p("vander", a, kw, {"x", "N", "increasing"});
  return wrap(vander(p.tensor(0), p.opt_int(1), p.boolean(2, false)));
}
// tril_indices/triu_indices(row, col, offset=0, *, dtype=torch.long, device=None, layout=torch.strided).
py::object triangle_call(const char* name, Tensor (*f)(int64_t, int64_t, int64_t, TensorOptions), const py::args& a,
                         const py::kwargs& kw) {
  OpArgs p(name, a, kw, {"row", "col", "offset", "dtype", "device", "layout"});
  TensorOptions options(p.dtype(3).value_or(DType::Int64), p.device(4).value_or(default_device()));
  return wrap(f(p.integer(0), p.integer(1), p.integer(2, 0), options));
}
py::object l_tril_indices(const py::args& a, const py::kwargs& kw) {
  return triangle_call("tril_indices", tril_indices, a, kw);
}
py::object l_triu_indices(const py::args& a, const py::kwargs& kw) {
  return triangle_call("triu_indices", triu_indices, a, kw);
}

}  // namespace

std::vector<OpSpec> layout_ops() {
  using W = OpWhere;
  return {
      {"hstack", l_hstack, W::Function, "hstack(tensors): join column-wise (1-D: end to end)"},
      {"vstack", l_vstack, W::Function, "vstack(tensors): join row-wise (1-D become rows)"},
      {"row_stack", l_row_stack, W::Function, "row_stack(tensors): alias of vstack"},
      {"dstack", l_dstack, W::Function, "dstack(tensors): join along the third dim"},
      {"column_stack", l_column_stack, W::Function, "column_stack(tensors): 1-D tensors become columns"},
      {"atleast_1d", l_atleast_1d, W::Function, "atleast_1d(*tensors): 0-D tensors as 1-D"},
      {"atleast_2d", l_atleast_2d, W::Function, "atleast_2d(*tensors): at least 2 dims (leading 1s)"},
      {"atleast_3d", l_atleast_3d, W::Function, "atleast_3d(*tensors): at least 3 dims"},
      {"tensor_split", l_tensor_split, W::Both,
       "tensor_split(input, sections_or_indices, dim=0): views, nearly equal or cut at indices"},
      {"hsplit", l_hsplit, W::Both, "hsplit(input, sections_or_indices): tensor_split along dim 1 (0 for 1-D)"},
      {"vsplit", l_vsplit, W::Both, "vsplit(input, sections_or_indices): tensor_split along dim 0"},
      {"dsplit", l_dsplit, W::Both, "dsplit(input, sections_or_indices): tensor_split along dim 2"},
      {"movedim", l_movedim, W::Both, "movedim(input, source, destination): dims moved (a view)"},
      {"moveaxis", l_moveaxis, W::Both, "moveaxis(input, source, destination): alias of movedim"},
      {"swapdims", l_swapdims, W::Both, "swapdims(input, dim0, dim1): alias of transpose"},
      {"fliplr", l_fliplr, W::Both, "fliplr(input): reversed along dim 1"},
      {"flipud", l_flipud, W::Both, "flipud(input): reversed along dim 0"},
      {"ravel", l_ravel, W::Both, "ravel(input): flattened to 1-D (a view when contiguous)"},
      {"narrow_copy", l_narrow_copy, W::Both, "narrow_copy(input, dim, start, length): narrow, copied"},
      {"unfold", l_unfold, W::Method, "x.unfold(dimension, size, step): sliding windows as a new last dim (a view)"},
      {"as_strided", l_as_strided, W::Both,
       "as_strided(input, size, stride, storage_offset=None): a view with explicit strides"},
      {"diff", l_diff, W::Both, "diff(input, n=1, dim=-1, prepend=None, append=None): n-th forward difference"},
      {"kron", l_kron, W::Both, "kron(input, other): the Kronecker product"},
      {"block_diag", l_block_diag, W::Function, "block_diag(*tensors): tensors along a block diagonal"},
      {"cartesian_prod", l_cartesian_prod, W::Function, "cartesian_prod(*tensors): all combinations, one per row"},
      {"combinations", l_combinations, W::Function,
       "combinations(input, r=2, with_replacement=False): itertools.combinations of a 1-D tensor"},
      {"vander", l_vander, W::Function, "vander(x, N=None, increasing=False): the Vandermonde matrix"},
      {"tril_indices", l_tril_indices, W::Function, "tril_indices(row, col, offset=0): lower-triangle coordinates"},
      {"triu_indices", l_triu_indices, W::Function, "triu_indices(row, col, offset=0): upper-triangle coordinates"},
  };
}

}  // namespace tp::torchpy
