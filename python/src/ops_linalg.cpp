// Bindings of linear algebra: baddbmm, addbmm, addmv, addr (core/ops/addmm_family.h) and
// torch.inverse/det/logdet/slogdet as rows of the op table; and torch._C._linalg, the
// factorisations (core/ops/linalg_solvers.h) that python/torch/linalg wraps, each
// returning a plain tuple that Python names (torch.return_types).
#include <cmath>

#include "core/autograd/autograd.h"
#include "core/error.h"
#include "core/ops/addmm_family.h"
#include "core/ops/elementwise.h"
#include "core/ops/linalg_lu.h"
#include "core/ops/linalg_solvers.h"
#include "python/src/args.h"
#include "python/src/bindings.h"
#include "python/src/op_table.h"
#include "python/src/py_types.h"

namespace tp::torchpy {

namespace {

using Product = Tensor (*)(const Tensor&, const Tensor&, const Tensor&, Scalar, Scalar);

// NAME(input, a, b, *, beta=1, alpha=1), for the four products.
Tensor product_call(const char* name, Product fn, const char* a_name, const char* b_name, const py::args& a,
                    const py::kwargs& kw, const Tensor* self = nullptr) {
  OpArgs p(name, a, kw, {"input", a_name, b_name, "beta", "alpha"});
  Tensor input = self ? *self : p.tensor(0);
  Scalar beta = p.has(3) ? p.scalar(3) : Scalar(int64_t{1});
  Scalar alpha = p.has(4) ? p.scalar(4) : Scalar(int64_t{1});
  return fn(input, p.tensor(1), p.tensor(2), beta, alpha);
}

// x.NAME_(...): the result written back into x, whose shape it must have.
py::object product_in_place(const char* name, Product fn, const char* a_name, const char* b_name, const py::args& a,
                            const py::kwargs& kw) {
  Tensor x = py::cast<Tensor>(a[0]);
  autograd::check_inplace(x);
  Tensor operand = autograd::inplace_operand(x, true);
  Tensor result = product_call(name, fn, a_name, b_name, a, kw, &operand);
  TP_CHECK(result.sizes() == x.sizes(), RuntimeError, "Bad in-place call: input tensor size ", shape_str(x.sizes()),
           " and output tensor size ", shape_str(result.sizes()), " should match");
  assign_inplace_result(x, result);
  return py::reinterpret_borrow<py::object>(a[0]);
}

#define TP_PRODUCT(NAME, A, B)                                                                   \
  py::object c_##NAME(const py::args& a, const py::kwargs& kw) {                                 \
    return wrap(product_call(#NAME, NAME, A, B, a, kw));                                         \
  }                                                                                              \
  py::object c_##NAME##_(const py::args& a, const py::kwargs& kw) {                              \
    return product_in_place(#NAME "_", NAME, A, B, a, kw);                                       \
  }
TP_PRODUCT(baddbmm, "batch1", "batch2")
TP_PRODUCT(addbmm, "batch1", "batch2")
TP_PRODUCT(addmv, "mat", "vec")
TP_PRODUCT(addr, "vec1", "vec2")
#undef TP_PRODUCT

py::object pair(const std::pair<Tensor, Tensor>& p) { return py::make_tuple(wrap(p.first), wrap(p.second)); }

py::object c_inverse(const py::args& a, const py::kwargs& kw) {
  OpArgs p("inverse", a, kw, {"input"});
  return wrap(linalg_inv(p.tensor(0)));
}
py::object c_det(const py::args& a, const py::kwargs& kw) {
  OpArgs p("det", a, kw, {"input"});
  return wrap(linalg_det(p.tensor(0)));
}
// torch.slogdet: the pair named as torch.return_types.slogdet.
py::object c_slogdet(const py::args& a, const py::kwargs& kw) {
  OpArgs p("slogdet", a, kw, {"input"});
  auto [sign, logabsdet] = linalg_slogdet(p.tensor(0));
  return wrap_return_pair("slogdet", sign, logabsdet);
}
// logdet = log(sign) + logabsdet: NaN for a negative determinant, -inf for a zero one.
py::object c_logdet(const py::args& a, const py::kwargs& kw) {
  OpArgs p("logdet", a, kw, {"input"});
  auto [sign, logabsdet] = linalg_slogdet(p.tensor(0), "logdet");
  return wrap(where(lt(sign, Scalar(0.0)), Scalar(std::nan("")), logabsdet));
}

std::string text(const OpArgs& p, size_t i, const char* dflt) {
  return p.has(i) ? py::str(p.get(i)).cast<std::string>() : dflt;
}

void bind_linalg_functions(py::module_& la) {
  la.def("linalg_inv_ex", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("linalg_inv_ex", a, kw, {"A", "check_errors"});
    return pair(linalg_inv_ex(p.tensor(0), p.boolean(1, false)));
  });
  la.def("linalg_inv", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("linalg_inv", a, kw, {"A"});
    return wrap(linalg_inv(p.tensor(0)));
  });
  la.def("linalg_solve_ex", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("linalg_solve_ex", a, kw, {"A", "B", "left", "check_errors"});
    return pair(linalg_solve_ex(p.tensor(0), p.tensor(1), p.boolean(2, true), p.boolean(3, false)));
  });
  la.def("linalg_solve", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("linalg_solve", a, kw, {"A", "B", "left"});
    return wrap(linalg_solve(p.tensor(0), p.tensor(1), p.boolean(2, true)));
  });
  la.def("linalg_det", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("linalg_det", a, kw, {"A"});
    return wrap(linalg_det(p.tensor(0)));
  });
  la.def("linalg_slogdet", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("linalg_slogdet", a, kw, {"A"});
    return pair(linalg_slogdet(p.tensor(0)));
  });
  la.def("linalg_cholesky_ex", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("linalg_cholesky_ex", a, kw, {"A", "upper", "check_errors"});
    return pair(linalg_cholesky_ex(p.tensor(0), p.boolean(1, false), p.boolean(2, false)));
  });
  la.def("linalg_qr", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("linalg_qr", a, kw, {"A", "mode"});
    return pair(linalg_qr(p.tensor(0), text(p, 1, "reduced")));
  });
  la.def("linalg_eigh", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("linalg_eigh", a, kw, {"A", "UPLO"});
    return pair(linalg_eigh(p.tensor(0), text(p, 1, "L")));
  });
  la.def("linalg_lu_factor_ex", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("linalg_lu_factor_ex", a, kw, {"A", "pivot", "check_errors"});
    auto [lu, pivots, info] = linalg_lu_factor_ex(p.tensor(0), p.boolean(1, true), p.boolean(2, false));
    return py::make_tuple(wrap(lu), wrap(pivots), wrap(info));
  });
  la.def("linalg_lu_factor", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("linalg_lu_factor", a, kw, {"A", "pivot"});
    return pair(linalg_lu_factor(p.tensor(0), p.boolean(1, true)));
  });
  la.def("linalg_lu", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("linalg_lu", a, kw, {"A", "pivot"});
    auto [P, L, U] = linalg_lu(p.tensor(0), p.boolean(1, true));
    return py::make_tuple(wrap(P), wrap(L), wrap(U));
  });
  la.def("lu_unpack", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("lu_unpack", a, kw, {"LU_data", "LU_pivots", "unpack_data", "unpack_pivots"});
    auto [P, L, U] = lu_unpack(p.tensor(0), p.tensor(1), p.boolean(2, true), p.boolean(3, true));
    return py::make_tuple(wrap(P), wrap(L), wrap(U));
  });
  la.def("linalg_lu_solve", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("linalg_lu_solve", a, kw, {"LU", "pivots", "B", "left", "adjoint"});
    return wrap(linalg_lu_solve(p.tensor(0), p.tensor(1), p.tensor(2), p.boolean(3, true), p.boolean(4, false)));
  });
  la.def("linalg_matrix_exp", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("linalg_matrix_exp", a, kw, {"A"});
    return wrap(linalg_matrix_exp(p.tensor(0)));
  });
  la.def("linalg_svd", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("linalg_svd", a, kw, {"A", "full_matrices"});
    auto [u, s, vh] = linalg_svd(p.tensor(0), p.boolean(1, true));
    return py::make_tuple(wrap(u), wrap(s), wrap(vh));
  });
}

}  // namespace

void bind_linalg(py::module_& m) {
  py::module_ la = m.def_submodule("_linalg");
  bind_linalg_functions(la);
}

std::vector<OpSpec> linalg_ops() {
  using W = OpWhere;
  return {
      {"baddbmm", c_baddbmm, W::Both, "baddbmm(input, batch1, batch2, *, beta=1, alpha=1): beta*input + alpha*(b1 @ b2)"},
      {"baddbmm_", c_baddbmm_, W::Method, "x.baddbmm_(batch1, batch2, *, beta=1, alpha=1): in place"},
      {"addbmm", c_addbmm, W::Both, "addbmm(input, batch1, batch2, *, beta=1, alpha=1): beta*input + alpha*sum(b1 @ b2)"},
      {"addbmm_", c_addbmm_, W::Method, "x.addbmm_(batch1, batch2, *, beta=1, alpha=1): in place"},
      {"addmv", c_addmv, W::Both, "addmv(input, mat, vec, *, beta=1, alpha=1): beta*input + alpha*(mat @ vec)"},
      {"addmv_", c_addmv_, W::Method, "x.addmv_(mat, vec, *, beta=1, alpha=1): in place"},
      {"addr", c_addr, W::Both, "addr(input, vec1, vec2, *, beta=1, alpha=1): beta*input + alpha*outer(vec1, vec2)"},
      {"addr_", c_addr_, W::Method, "x.addr_(vec1, vec2, *, beta=1, alpha=1): in place"},
      {"inverse", c_inverse, W::Both, "inverse(input): the inverse of each square matrix (linalg.inv)"},
      {"det", c_det, W::Both, "det(input): the determinant of each square matrix (linalg.det)"},
      {"logdet", c_logdet, W::Both, "logdet(input): log of the determinant (nan when it is negative)"},
      {"slogdet", c_slogdet, W::Both, "slogdet(input): (sign, logabsdet) of the determinant"},
  };
}

}  // namespace tp::torchpy
