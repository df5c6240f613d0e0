// Bindings of cdist, torch.cross and torch.linalg.cross (torch._C._linalg_cross, which
// torch/linalg re-exports), and their part of the op table.
#include "core/ops/distance.h"
#include "python/src/args.h"
#include "python/src/op_table.h"

namespace tp::torchpy {

namespace {

// cdist(x1, x2, p=2.0, compute_mode='use_mm_for_euclid_dist_if_necessary'), as torch/functional.py
// maps the mode names onto ATen's 0/1/2.
py::object d_cdist(const py::args& a, const py::kwargs& kw) {
  OpArgs p("cdist", a, kw, {"x1", "x2", "p", "compute_mode"});
  CdistMode mode = CdistMode::MmIfNecessary;
  if (p.get(3)) {  // None too is refused, as torch/functional.py does
    std::string name = py::str(p.get(3));
    if (name == "use_mm_for_euclid_dist") mode = CdistMode::UseMm;
    else if (name == "donot_use_mm_for_euclid_dist") mode = CdistMode::NoMm;
    else if (name != "use_mm_for_euclid_dist_if_necessary") {
      PyErr_SetString(PyExc_ValueError, (name + " is not a valid value for compute_mode").c_str());
      throw py::error_already_set();
    }
  }
  return wrap(cdist(p.tensor(0), p.tensor(1), p.number(2, 2.0), mode));
}

py::object d_cross(const py::args& a, const py::kwargs& kw) {
  OpArgs p("cross", a, kw, {"input", "other", "dim"});
  if (p.has(2) && is_tensor(p.get(2))) p.type_error(2, "int");
  std::optional<int64_t> dim = p.opt_int(2);
  if (static bool warned = false; !dim && !warned) {  // TORCH_WARN_ONCE: once per process
    warned = true;
    const char* text =
        "Using torch.cross without specifying the dim arg is deprecated.\n"
        "Please either pass the dim explicitly or simply use torch.linalg.cross.\n"
        "The default value of dim will change to agree with that of linalg.cross in a future release. (Triggered "
        "internally at /__w/pytorch/pytorch/aten/src/ATen/native/Cross.cpp:61.)";
    if (PyErr_WarnEx(PyExc_UserWarning, text, 1) < 0) throw py::error_already_set();
  }
  return wrap(cross(p.tensor(0), p.tensor(1), dim));
}

py::object d_linalg_cross(const py::args& a, const py::kwargs& kw) {
  OpArgs p("linalg_cross", a, kw, {"input", "other", "dim"});
  return wrap(linalg_cross(p.tensor(0), p.tensor(1), p.integer(2, -1)));
}

}  // namespace

std::vector<OpSpec> distance_ops() {
  using W = OpWhere;
  return {
      {"cdist", d_cdist, W::Function, "cdist(x1, x2, p=2.0, compute_mode=...): p-norm distance between all row pairs"},
      {"cross", d_cross, W::Both, "cross(input, other, dim=None): cross product of 3-vectors along dim"},
      {"_linalg_cross", d_linalg_cross, W::Function, "torch.linalg.cross(input, other, *, dim=-1)"},
  };
}

}  // namespace tp::torchpy
