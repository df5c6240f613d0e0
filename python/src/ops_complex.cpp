// Bindings of the complex views and the conjugate bit (core/ops/complex.h): torch.complex,
// polar, view_as_real/complex, conj, resolve_conj, conj_physical, x.real / x.imag's getters
// (torch/_alias_ops.py makes them properties), is_complex, is_conj; their part of the op table.
#include "core/ops/complex.h"
#include "python/src/args.h"
#include "python/src/op_table.h"

namespace tp::torchpy {

namespace {

using W = OpWhere;

template <Tensor (*F)(const Tensor&)>
py::object one_tensor(const char* name, const py::args& a, const py::kwargs& kw) {
  OpArgs p(name, a, kw, {"input"});
  return wrap(F(p.tensor(0)));
}

// An op of one tensor that may return its input: the same Python object then.
template <Tensor (*F)(const Tensor&)>
py::object maybe_same(const char* name, const py::args& a, const py::kwargs& kw) {
  OpArgs p(name, a, kw, {"input"});
  Tensor r = F(p.tensor(0));
  return r.is_same(p.tensor(0)) ? py::reinterpret_borrow<py::object>(a[0]) : wrap(r);
}

py::object c_view_as_real(const py::args& a, const py::kwargs& kw) { return one_tensor<view_as_real>("view_as_real", a, kw); }
py::object c_view_as_complex(const py::args& a, const py::kwargs& kw) {
  return one_tensor<view_as_complex>("view_as_complex", a, kw);
}
py::object c_real(const py::args& a, const py::kwargs& kw) { return maybe_same<real>("real", a, kw); }
py::object c_imag(const py::args& a, const py::kwargs& kw) { return one_tensor<imag>("imag", a, kw); }
py::object c_conj(const py::args& a, const py::kwargs& kw) { return maybe_same<conj>("conj", a, kw); }
py::object c_resolve_conj(const py::args& a, const py::kwargs& kw) {
  return maybe_same<resolve_conj>("resolve_conj", a, kw);
}
py::object c_conj_physical(const py::args& a, const py::kwargs& kw) {
  return maybe_same<conj_physical>("conj_physical", a, kw);
}

py::object c_complex(const py::args& a, const py::kwargs& kw) {
  OpArgs p("complex", a, kw, {"real", "imag"});
  return wrap(complex(p.tensor(0), p.tensor(1)));
}

py::object c_polar(const py::args& a, const py::kwargs& kw) {
  OpArgs p("polar", a, kw, {"abs", "angle"});
  return wrap(polar(p.tensor(0), p.tensor(1)));
}

py::object c_is_complex(const py::args& a, const py::kwargs& kw) {
  OpArgs p("is_complex", a, kw, {"input"});
  return py::bool_(is_complex(p.tensor(0).dtype()));
}

py::object c_is_conj(const py::args& a, const py::kwargs& kw) {
  OpArgs p("is_conj", a, kw, {"input"});
  return py::bool_(p.tensor(0).is_conj());
}

}  // namespace

std::vector<OpSpec> complex_ops() {
  return {
      {"view_as_real", c_view_as_real, W::Function, "view_as_real(input): a complex tensor's (real, imag) pairs as a view"},
      {"view_as_complex", c_view_as_complex, W::Function, "view_as_complex(input): pairs in the last dim as a complex view"},
      {"real", c_real, W::Function, "real(input): the real parts (a view)"},
      {"imag", c_imag, W::Function, "imag(input): the imaginary parts (a view)"},
      {"conj", c_conj, W::Both, "conj(input): the complex conjugate, as a view with the conjugate bit"},
      {"resolve_conj", c_resolve_conj, W::Both, "resolve_conj(input): the conjugate bit written out"},
      {"conj_physical", c_conj_physical, W::Both, "conj_physical(input): the complex conjugate, computed"},
      {"complex", c_complex, W::Function, "complex(real, imag): a complex tensor from its parts"},
      {"polar", c_polar, W::Function, "polar(abs, angle): abs * (cos(angle) + i sin(angle))"},
      {"is_complex", c_is_complex, W::Both, "is_complex(input): whether the dtype is complex"},
      {"is_conj", c_is_conj, W::Both, "is_conj(input): whether the conjugate bit is set"},
  };
}

}  // namespace tp::torchpy
