// torch.linalg's factorisations: checks in ATen's order with torch 2.15's texts
// (aten/src/ATen/native/BatchLinearAlgebra.cpp, LinearAlgebraUtils.h), then each matrix of
// the batch through Backend::factorize (LAPACK's getrf, gesv, potrf, geqrf, syevd, gesdd),
// and the results composed as ATen composes them (det from the LU factors, inv as a solve).
#include "core/ops/linalg_solvers.h"

#include <vector>

#include "core/autograd/autograd.h"
#include "core/autograd/linalg_solver_grads.h"
#include "core/backends/backend.h"
#include "core/error.h"
#include "core/ops/broadcast.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/diagonal.h"
#include "core/ops/elementwise.h"
#include "core/ops/linalg_common.h"
#include "core/ops/reduce.h"
#include "core/ops/shape.h"

namespace tp {
namespace {

using namespace linalg_detail;

// The LAPACK infos as the op's result: one per matrix, shaped as the batch.
Tensor info_of(const Tensor& info, const Shape& batch) { return reshape(info, batch); }

// solve's right-hand side: NumPy's rule, a batch of vectors when B is (n,) or A.shape[:-1].
bool is_vector_rhs(const Tensor& A, const Tensor& B) {
  Shape expected(A.sizes().begin(), A.sizes().end() - 1);
  return B.dim() == 1 || (A.dim() - 1 == B.dim() && B.sizes() == expected);
}

// AX = B for square A and a matrix B (..., n, k) whose batch broadcasts with A's.
std::pair<Tensor, Tensor> solve_matrices(const Tensor& A, const Tensor& B) {
  Shape batch = broadcast_shapes(batch_of(B), batch_of(A));
  const int64_t n = A.size(-1), k = B.size(-1), count = shape_numel(batch);
  Tensor a3 = contiguous(reshape(expand(A, with_tail(batch, {n, n})), {count, n, n}));
  Tensor b3 = contiguous(reshape(expand(B, with_tail(batch, {n, k})), {count, n, k}));
  Tensor x = matrix_like(A, {count, n, k}, A.dtype());
  Tensor info = factorize(MatrixOp::Solve, a3, {x}, false, b3);
  return {reshape(x, with_tail(batch, {n, k})), info_of(info, batch)};
}

std::pair<Tensor, Tensor> solve_compute(const Tensor& A, const Tensor& B, bool left) {
  check_floating("linalg.solve", A.dtype());
  TP_CHECK(A.dtype() == B.dtype(), RuntimeError, "linalg.solve: Expected A and B to have the same dtype, but found A of type ",
           dtype_legacy_name(A.dtype()), " and B of type ", dtype_legacy_name(B.dtype()), " instead");
  const bool vector_case = is_vector_rhs(A, B);
  Tensor B_ = vector_case ? unsqueeze(B, -1) : B;
  check_square("linalg.solve", A);
  check_matrix("linalg.solve", B_, "B");
  TP_CHECK(left ? A.size(-2) == B_.size(-2) : A.size(-1) == B_.size(-1), RuntimeError,
           "linalg.solve: Incompatible shapes of A and B for the equation ", left ? "AX = B" : "XA = B", " (",
           A.size(-2), "x", A.size(-1), " and ", B_.size(-2), "x", B_.size(-1), ")");
  broadcast_shapes(batch_of(B_), batch_of(A));
  TP_CHECK(left || !vector_case, RuntimeError,
           "linalg.solve: Vector broadcasting of the left hand side is not supported for left=False. In this case "
           "linalg.solve is equivalent to B / A.squeeze(-1)");
  check_floating("linalg.solve", A.dtype(), "lu_cpu");
  // XA = B is A^T X^T = B^T.
  auto [x, info] = left ? solve_matrices(A, B_) : solve_matrices(mH(A), mH(B_));
  if (!left) x = contiguous(mH(x));
  return {vector_case ? squeeze(x, -1) : x, info};
}

std::pair<Tensor, Tensor> inv_compute(const Tensor& A) {
  const int64_t n = A.size(-1);
  return solve_matrices(A, eye(n, std::nullopt, TensorOptions(A.dtype(), A.device())));
}

// det and slogdet's shared first step: the LU factors' diagonal (..., n) and the sign of
// the row permutation (..., 1 or -1) in A's dtype.
std::pair<Tensor, Tensor> lu_diagonal_and_sign(const Tensor& A) {
  Shape batch = batch_of(A);
  const int64_t n = A.size(-1), count = shape_numel(batch);
  Tensor lu = matrix_like(A, {count, n, n}, A.dtype());
  Tensor pivots = zeros({count, n}, TensorOptions(DType::Int32, A.device()));
  factorize(MatrixOp::Lu, as_batch(A), {lu, pivots});
  // Each pivot that is not its own row (1-based) is one swap.
  Tensor rows = arange(Scalar(int64_t{1}), Scalar(n + 1), Scalar(int64_t{1}), DType::Int32, A.device());
  Tensor flips = where(ne(pivots, rows), Scalar(-1.0), Scalar(1.0));
  Tensor perm_sign = cast(prod(flips, -1), A.dtype());
  Tensor diag = diagonal(lu, 0, -2, -1);
  return {reshape(diag, with_tail(batch, {n})), reshape(perm_sign, batch)};
}

}  // namespace

std::pair<Tensor, Tensor> linalg_inv_ex(const Tensor& A, bool check_errors, const char* op) {
  check_square("linalg.inv", A);
  check_floating("linalg.inv", A.dtype());
  Tensor info;
  Tensor inverse = autograd::record_op(
      {A},
      [&] {
        auto [x, i] = inv_compute(A);
        info = i;
        return x;
      },
      [&](const Tensor& out) { return autograd::linalg_inv_node(out); });
  if (check_errors) {
    check_info(op, info, A.dim() > 2, [](int32_t code) {
      return str_cat("The diagonal element ", code,
                     " is zero, the inversion could not be completed because the input matrix is singular.");
    });
  }
  return {inverse, info};
}

Tensor linalg_inv(const Tensor& A) { return linalg_inv_ex(A, true, "linalg.inv").first; }

std::pair<Tensor, Tensor> linalg_solve_ex(const Tensor& A, const Tensor& B, bool left, bool check_errors) {
  Tensor info;
  Tensor x = autograd::record_op(
      {A, B},
      [&] {
        auto [result, i] = solve_compute(A, B, left);
        info = i;
        return result;
      },
      [&](const Tensor& out) { return autograd::linalg_solve_node(A, B, out, left, is_vector_rhs(A, B)); });
  if (check_errors) {
    const bool batched = std::max(A.dim(), B.dim()) > 2;
    check_info("torch.linalg.solve", info, batched,
               [](int32_t) { return std::string("The solver failed because the input matrix is singular."); });
  }
  return {x, info};
}

Tensor linalg_solve(const Tensor& A, const Tensor& B, bool left) { return linalg_solve_ex(A, B, left, true).first; }

Tensor linalg_det(const Tensor& A) {
  check_square("linalg.det", A);
  check_floating("linalg.det", A.dtype(), "lu_cpu");
  return autograd::record_op(
      {A},
      [&] {
        auto [diag, perm_sign] = lu_diagonal_and_sign(A);
        return mul(prod(diag, -1), perm_sign);
      },
      [&](const Tensor& out) { return autograd::linalg_det_node(A, out); });
}

std::pair<Tensor, Tensor> linalg_slogdet(const Tensor& A, const char* op) {
  check_square(op, A);
  check_floating(op, A.dtype());
  std::pair<Tensor, Tensor> out;
  {
    autograd::NoGradGuard no_grad;
    auto [diag, perm_sign] = lu_diagonal_and_sign(A);
    out.first = mul(prod(sign(diag), -1), perm_sign);
    out.second = sum(log(abs(diag)), {-1});
  }
  if (!autograd::needs_grad({&A})) return out;
  std::shared_ptr<Node> node = autograd::linalg_slogdet_node(A);
  autograd::collect_edges(*node, {A});
  autograd::set_history(out.first, node, 0);
  autograd::set_history(out.second, node, 1);
  return out;
}

std::pair<Tensor, Tensor> linalg_cholesky_ex(const Tensor& A, bool upper, bool check_errors) {
  check_square("linalg.cholesky", A);
  check_floating("linalg.cholesky", A.dtype(), "cholesky_cpu");
  Tensor info;
  Tensor factor = autograd::record_op(
      {A},
      [&] {
        Tensor l = matrix_like(A, {shape_numel(batch_of(A)), A.size(-1), A.size(-1)}, A.dtype());
        info = info_of(factorize(MatrixOp::Cholesky, as_batch(A), {l}), batch_of(A));
        l = reshape(l, A.sizes());
        return upper ? contiguous(mH(l)) : l;
      },
      [&](const Tensor& out) { return autograd::linalg_cholesky_node(out, upper); });
  if (check_errors) {
    check_info("linalg.cholesky", info, A.dim() > 2, [](int32_t code) {
      return str_cat("The factorization could not be completed because the input is not positive-definite (the "
                     "leading minor of order ",
                     code, " is not positive-definite).");
    });
  }
  return {factor, info};
}

std::pair<Tensor, Tensor> linalg_qr(const Tensor& A, const std::string& mode) {
  TP_CHECK(mode == "reduced" || mode == "complete" || mode == "r", RuntimeError, "qr received unrecognized mode '",
           mode, "' but expected one of 'reduced' (default), 'r', or 'complete'");
  check_matrix("linalg.qr", A);
  check_floating("linalg.qr", A.dtype(), "geqrf_cpu");
  const Shape batch = batch_of(A);
  const int64_t m = A.size(-2), n = A.size(-1), count = shape_numel(batch);
  const int64_t c = mode == "complete" ? m : std::min(m, n);
  std::pair<Tensor, Tensor> out;
  {
    autograd::NoGradGuard no_grad;
    Tensor q = matrix_like(A, {count, m, c}, A.dtype()), r = matrix_like(A, {count, c, n}, A.dtype());
    factorize(MatrixOp::Qr, as_batch(A), {q, r}, mode == "complete");
    out.first = mode == "r" ? empty({0}, TensorOptions(A.dtype(), A.device())) : reshape(q, with_tail(batch, {m, c}));
    out.second = reshape(r, with_tail(batch, {c, n}));
  }
  if (!autograd::needs_grad({&A})) return out;
  std::shared_ptr<Node> node = autograd::linalg_qr_node(out.first, out.second, mode);
  autograd::collect_edges(*node, {A});
  autograd::set_history(out.first, node, 0);
  autograd::set_history(out.second, node, 1);
  return out;
}

std::pair<Tensor, Tensor> linalg_eigh(const Tensor& A, const std::string& uplo) {
  check_square("linalg.eigh", A);
  TP_CHECK(uplo == "L" || uplo == "U" || uplo == "l" || uplo == "u", RuntimeError,
           "Expected UPLO argument to be 'L' or 'U', but got ", uplo);
  TP_CHECK(is_floating(A.dtype()) && !is_low_precision(A.dtype()), NotImplementedError,
           "\"linalg_eigh_cpu\" not implemented for '", dtype_legacy_name(A.dtype()), "'");
  const Shape batch = batch_of(A);
  const int64_t n = A.size(-1), count = shape_numel(batch);
  std::pair<Tensor, Tensor> out;
  Tensor info;
  {
    autograd::NoGradGuard no_grad;
    Tensor w = matrix_like(A, {count, n}, A.dtype()), v = matrix_like(A, {count, n, n}, A.dtype());
    info = factorize(MatrixOp::Eigh, as_batch(A), {w, v}, uplo == "U" || uplo == "u");
    out = {reshape(w, with_tail(batch, {n})), reshape(v, A.sizes())};
  }
  check_info("linalg.eigh", info, A.dim() > 2, [](int32_t code) {
    return str_cat("The algorithm failed to converge because the input matrix is ill-conditioned or has too many "
                   "repeated eigenvalues (error code: ",
                   code, ").");
  });
  if (!autograd::needs_grad({&A})) return out;
  std::shared_ptr<Node> node = autograd::linalg_eigh_node(out.first, out.second);
  autograd::collect_edges(*node, {A});
  autograd::set_history(out.first, node, 0);
  autograd::set_history(out.second, node, 1);
  return out;
}

std::tuple<Tensor, Tensor, Tensor> linalg_svd(const Tensor& A, bool full_matrices) {
  check_matrix("linalg.svd", A);
  check_floating("linalg.svd", A.dtype(), "linalg_svd_cpu");
  const Shape batch = batch_of(A);
  const int64_t m = A.size(-2), n = A.size(-1), k = std::min(m, n), count = shape_numel(batch);
  const int64_t ucols = full_matrices ? m : k, vrows = full_matrices ? n : k;
  Tensor u, s, vh, info;
  {
    autograd::NoGradGuard no_grad;
    u = matrix_like(A, {count, m, ucols}, A.dtype());
    s = matrix_like(A, {count, k}, A.dtype());
    vh = matrix_like(A, {count, vrows, n}, A.dtype());
    info = factorize(MatrixOp::Svd, as_batch(A), {u, s, vh}, full_matrices);
    u = reshape(u, with_tail(batch, {m, ucols}));
    s = reshape(s, with_tail(batch, {k}));
    vh = reshape(vh, with_tail(batch, {vrows, n}));
  }
  // LAPACK (3.10 on) refuses NaN and inf with a negative info; ATen reports that case so.
  check_info("linalg.svd", info, A.dim() > 2, [](int32_t code) {
    if (code < 0) return std::string("The algorithm failed to converge because the input matrix contained non-finite values.");
    return str_cat("The algorithm failed to converge because the input matrix is ill-conditioned or has too many "
                   "repeated singular values (error code: ",
                   code, ").");
  });
  if (!autograd::needs_grad({&A})) return {u, s, vh};
  std::shared_ptr<Node> node = autograd::linalg_svd_node(u, s, vh, full_matrices);
  autograd::collect_edges(*node, {A});
  autograd::set_history(u, node, 0);
  autograd::set_history(s, node, 1);
  autograd::set_history(vh, node, 2);
  return {u, s, vh};
}

}  // namespace tp
