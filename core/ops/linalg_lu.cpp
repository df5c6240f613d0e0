// The LU family and matrix_exp: ATen's checks (BatchLinearAlgebra.cpp, LinearAlgebra.cpp)
// with torch 2.15's texts, getrf through Backend::factorize, and the unpacking, triangular
// solves and gradients composed of recorded core ops, so that they run on every backend and
// can be differentiated again (FunctionsManual.cpp's linalg_lu_backward,
// lu_factor_ex_backward, lu_unpack_backward, linalg_lu_solve_LU / _B, and the matrix function
// rule for matrix_exp).
#include "core/ops/linalg_lu.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "core/autograd/autograd.h"
#include "core/autograd/grad_utils.h"
#include "core/ops/diagonal.h"
#include "core/ops/elementwise.h"
#include "core/ops/linalg.h"
#include "core/ops/linalg_common.h"
#include "core/ops/linalg_solvers.h"
#include "core/ops/rearrange.h"
#include "core/ops/reduce.h"

namespace tp {
namespace {

using namespace linalg_detail;
using G = const TensorList&;
using N = const Node&;

void check_at_least_2d(const char* op, const Tensor& A) {
  TP_CHECK(A.dim() >= 2, RuntimeError, op, ": Expected tensor with 2 or more dimensions. Got size: ",
           shape_str(A.sizes()), " instead");
}

Tensor eye_as(int64_t rows, int64_t cols, const Tensor& like) {
  return eye(rows, cols, TensorOptions(like.dtype(), like.device()));
}

// X with A X = B (left) or X A = B, reading only A's upper or lower triangle (its diagonal
// taken as ones when unitriangular); linalg.solve_triangular as tensorplay composes it.
Tensor solve_triangular(const Tensor& A, const Tensor& B, bool upper, bool left, bool unitriangular) {
  Tensor T = upper ? triu(A) : tril(A);
  if (unitriangular)
    T = add(sub(T, diag_embed(diagonal(T, 0, -2, -1))), eye_as(A.size(-1), A.size(-1), A));
  return linalg_solve(T, B, left);
}

// The permutation matrices P (..., m, m) of LAPACK's row swaps (pivots (..., k), 1-based):
// row i swapped with row pivots[i] in turn, so that A = P L U. The swaps are sequential,
// so they are replayed on the host, as ATen's unpack kernel replays them.
Tensor permutation_matrices(const Tensor& pivots, int64_t m, const Tensor& like) {
  const Shape batch(pivots.sizes().begin(), pivots.sizes().end() - 1);
  const int64_t count = shape_numel(batch), k = pivots.size(-1);
  Shape p_shape = with_tail(batch, {m, m});
  if (pivots.device().is_meta()) return empty(p_shape, TensorOptions(like.dtype(), like.device()));
  Tensor host = contiguous(to(pivots, Device::cpu(), std::nullopt));
  std::vector<Scalar> values(static_cast<size_t>(count * m * m), Scalar(0.0));
  for (int64_t b = 0; b < count; ++b) {
    std::vector<int64_t> perm(static_cast<size_t>(m));
    for (int64_t i = 0; i < m; ++i) perm[i] = i;
    for (int64_t i = 0; i < k; ++i) {
      const int64_t j = host.data<int32_t>()[b * k + i] - 1;
      TP_CHECK(j >= i && j < m, RuntimeError,
               "torch.lu_unpack: LU_pivots holds an invalid pivot ", j + 1, " at position ", i);
      std::swap(perm[i], perm[j]);
    }
    // P^T A = L U takes row perm[i] of A to row i: P[perm[i], i] = 1.
    for (int64_t i = 0; i < m; ++i) values[b * m * m + perm[i] * m + i] = Scalar(1.0);
  }
  return to(tensor(values, p_shape, like.dtype()), like.device(), std::nullopt);
}

// L (unit lower, (..., m, k)) and U (upper, (..., k, n)) read out of the packed factors.
std::pair<Tensor, Tensor> unpack_data(const Tensor& LU) {
  const int64_t m = LU.size(-2), n = LU.size(-1), k = std::min(m, n);
  Tensor L = add(tril(narrow(LU, -1, 0, k), -1), eye_as(m, k, LU));
  Tensor U = triu(narrow(LU, -2, 0, k));
  return {L, U};
}

// FunctionsManual's linalg_lu_backward: A = P L U, the factors' gradients pulled back
// through the two triangular solves; a wide or tall A carries the extra block of U or L.
Tensor lu_backward(const Tensor& gL, const Tensor& gU, const Tensor& P, const Tensor& L, const Tensor& U) {
  if (!gL.defined() && !gU.defined()) return Tensor();
  const int64_t m = L.size(-2), n = U.size(-1), k = std::min(m, n);
  auto plus = [](const Tensor& a, const Tensor& b) { return a.defined() ? add(a, b) : b; };
  Tensor gA;
  if (m == n) {
    if (gL.defined()) gA = tril(matmul(mH(L), gL), -1);
    if (gU.defined()) gA = plus(gA, triu(matmul(gU, mH(U))));
    gA = solve_triangular(mH(U), gA, false, false, false);
    gA = solve_triangular(mH(L), gA, true, true, true);
  } else if (m < n) {
    const Tensor U1 = narrow(U, -1, 0, k);
    if (gL.defined()) gA = matmul(mH(L), gL);
    if (gU.defined()) gA = plus(gA, neg(matmul(triu(gU), mH(U))));
    gA = solve_triangular(mH(U1), tril(gA, -1), false, false, false);
    if (gU.defined()) gA = cat({add(gA, triu(narrow(gU, -1, 0, k))), narrow(gU, -1, k, n - k)}, -1);
    gA = solve_triangular(mH(L), gA, true, true, true);
    if (!gU.defined()) gA = cat({gA, zeros_like(narrow(U, -1, k, n - k))}, -1);
  } else {
    const Tensor L1 = narrow(L, -2, 0, k);
    if (gU.defined()) gA = matmul(gU, mH(U));
    if (gL.defined()) gA = plus(gA, neg(matmul(mH(L), tril(gL, -1))));
    gA = solve_triangular(mH(L1), triu(gA), true, true, true);
    if (gL.defined()) gA = cat({add(gA, tril(narrow(gL, -2, 0, k), -1)), narrow(gL, -2, k, m - k)}, -2);
    gA = solve_triangular(mH(U), gA, false, false, false);
    if (!gL.defined()) gA = cat({gA, zeros_like(narrow(L, -2, k, m - k))}, -2);
  }
  return matmul(P, gA);
}

// lu_unpack_backward: the gradients written back where unpacking read L and U from.
Tensor unpack_backward(const Tensor& gL, const Tensor& gU, int64_t m, int64_t n) {
  const int64_t k = std::min(m, n);
  if (!gL.defined() && !gU.defined()) return Tensor();
  if (gL.defined() && gU.defined()) {
    if (m == n) return add(tril(gL, -1), triu(gU));
    Tensor A1 = add(tril(narrow(gL, -2, 0, k), -1), triu(narrow(gU, -1, 0, k)));
    return m > n ? cat({A1, narrow(gL, -2, k, m - k)}, -2) : cat({A1, narrow(gU, -1, k, n - k)}, -1);
  }
  if (gL.defined()) {
    if (m >= n) return tril(gL, -1);
    Shape s = gL.sizes();
    s.back() = n - m;
    return cat({tril(gL, -1), zeros(s, TensorOptions(gL.dtype(), gL.device()))}, -1);
  }
  if (n >= m) return triu(gU);
  Shape s = gU.sizes();
  s[s.size() - 2] = m - n;
  return cat({triu(gU), zeros(s, TensorOptions(gU.dtype(), gU.device()))}, -2);
}

// X with A X = B for A = P L U (adjoint: A^H X = B); B (..., n, k).
Tensor lu_solve_left(const Tensor& LU, const Tensor& pivots, const Tensor& B, bool adjoint) {
  auto [L, U] = unpack_data(LU);
  Tensor P = permutation_matrices(pivots, LU.size(-2), LU);
  if (!adjoint) {  // X = U^-1 L^-1 P^T B
    Tensor y = solve_triangular(L, matmul(mH(P), B), false, true, true);
    return solve_triangular(U, y, true, true, false);
  }
  // A^H = U^H L^H P^T: X = P L^-H U^-H B
  Tensor y = solve_triangular(mH(U), B, false, true, false);
  return matmul(P, solve_triangular(mH(L), y, true, true, true));
}

Tensor lu_solve_compute(const Tensor& LU, const Tensor& pivots, const Tensor& B, bool left, bool adjoint) {
  if (left) return lu_solve_left(LU, pivots, B, adjoint);
  // X A = B is A^H X^H = B^H.
  return contiguous(mH(lu_solve_left(LU, pivots, mH(B), !adjoint)));
}

// linalg_lu_solve_LU: LU's gradient (the packed factors') for X solving with them.
Tensor lu_solve_grad_LU(const Tensor& gX, const Tensor& LU, const Tensor& pivots, const Tensor& X, bool left,
                        bool adjoint) {
  auto [L, U] = unpack_data(LU);
  if (left != adjoint) {
    Tensor rhs = neg(left ? matmul(gX, mH(X)) : matmul(mH(gX), X));
    Tensor gR = solve_triangular(mH(U), rhs, false, true, false);
    Tensor gL = tril(solve_triangular(mH(L), matmul(gR, mH(U)), true, true, true), -1);
    return add(gL, triu(gR));
  }
  Tensor P = permutation_matrices(pivots, LU.size(-2), LU);
  Tensor gR = neg(matmul(matmul(matmul(mH(P), left ? X : mH(X)), left ? mH(gX) : gX), P));
  gR = solve_triangular(mH(L), gR, true, false, true);
  Tensor gU = triu(solve_triangular(mH(U), matmul(mH(L), gR), false, false, false));
  return add(tril(gR, -1), gU);
}

// e^A by scaling and squaring: A / 2^s has a 1-norm within ATen's bound for its degree-18
// approximant, whose Taylor polynomial is summed by Horner's rule, then squared s times.
Tensor matrix_exp_compute(const Tensor& A) {
  const int64_t n = A.size(-1);
  if (A.numel() == 0) return clone(A);
  if (A.device().is_meta()) return empty(A.sizes(), TensorOptions(A.dtype(), A.device()));  // shapes only
  const bool single = A.dtype() == DType::Float32;
  const double theta = single ? 3.010066362817634 : 1.090863719290036;
  // The largest 1-norm (absolute column sum) of the batch, read on the host.
  const double norm = item(amax(sum(abs(A), {-2}), {})).to_double();
  int64_t s = 0;
  if (std::isfinite(norm) && norm > theta) s = static_cast<int64_t>(std::ceil(std::log2(norm / theta)));
  Tensor X = s ? div(A, Scalar(std::ldexp(1.0, static_cast<int>(s)))) : A;
  Tensor I = eye_as(n, n, A);
  Tensor E = I;
  for (int64_t k = 18; k >= 1; --k) E = add(I, div(matmul(X, E), Scalar(static_cast<double>(k))));
  for (int64_t i = 0; i < s; ++i) E = matmul(E, E);
  return contiguous(expand(E, A.sizes()));
}

}  // namespace

std::tuple<Tensor, Tensor, Tensor> linalg_lu_factor_ex(const Tensor& A, bool pivot, bool check_errors,
                                                       const char* op) {
  check_at_least_2d("torch.lu_factor", A);
  // No floating check of its own: the CPU kernel's dispatch refuses other dtypes.
  TP_CHECK(is_floating(A.dtype()) && !is_low_precision(A.dtype()), NotImplementedError,
           "\"lu_cpu\" not implemented for '", dtype_legacy_name(A.dtype()), "'");
  TP_CHECK(pivot, RuntimeError, "linalg.lu_factor: LU without pivoting is not implemented on the CPU");
  const Shape batch = batch_of(A);
  const int64_t m = A.size(-2), n = A.size(-1), count = shape_numel(batch);
  Tensor pivots = zeros({count, std::min(m, n)}, TensorOptions(DType::Int32, A.device()));
  Tensor info;
  Tensor LU = autograd::record_op(
      {A},
      [&] {
        Tensor lu = matrix_like(A, {count, m, n}, A.dtype());
        info = reshape(factorize(MatrixOp::Lu, as_batch(A), {lu, pivots}), batch);
        return reshape(lu, A.sizes());
      },
      [&](const Tensor& out) {
        Tensor piv = reshape(pivots, with_tail(batch, {std::min(m, n)}));
        return autograd::make_node("LinalgLuFactorExBackward0", {out, piv}, [m, n](G g, G s, N) {
          auto [P, L, U] = lu_unpack(s[0], s[1]);
          const int64_t k = std::min(m, n);
          return TensorList{lu_backward(narrow(g[0], -1, 0, k), narrow(g[0], -2, 0, k), P, L, U)};
        });
      });
  pivots = reshape(pivots, with_tail(batch, {std::min(m, n)}));
  if (check_errors) {
    check_info(op, info, A.dim() > 2, [](int32_t code) {
      return str_cat("U[", code, ",", code,
                     "] is zero and using it on lu_solve would result in a division by zero. If you still want "
                     "to perform the factorization, consider calling linalg.lu(A, pivot) or "
                     "linalg.lu_factor_ex(A, pivot)");
    }, ErrorKind::RuntimeError);
  }
  return {LU, pivots, info};
}

std::pair<Tensor, Tensor> linalg_lu_factor(const Tensor& A, bool pivot) {
  auto [LU, pivots, info] = linalg_lu_factor_ex(A, pivot, true, "torch.linalg.lu_factor");
  return {LU, pivots};
}

std::tuple<Tensor, Tensor, Tensor> lu_unpack(const Tensor& LU, const Tensor& pivots, bool unpack_data_,
                                             bool unpack_pivots) {
  check_at_least_2d("torch.lu_unpack", LU);
  const int64_t m = LU.size(-2), n = LU.size(-1), k = std::min(m, n);
  if (unpack_pivots) {
    TP_CHECK(pivots.dtype() == DType::Int32, RuntimeError,
             "torch.lu_unpack: LU_pivots is expected to be a contiguous tensor of torch.int32 dtype.\n"
             "Note: this function is intended to be used with the output produced by torch.linalg.lu_factor");
    Shape expected(LU.sizes().begin(), LU.sizes().end() - 2);
    expected.push_back(k);
    TP_CHECK(pivots.sizes() == expected, ValueError, "Expected LU_pivots to have shape ", shape_str(expected),
             " but got ", shape_str(pivots.sizes()), " instead.");
  }
  const TensorOptions opts(LU.dtype(), LU.device());
  Tensor P = unpack_pivots ? permutation_matrices(pivots, m, LU) : empty({0}, opts);
  if (!unpack_data_) return {P, empty({0}, opts), empty({0}, opts)};
  Tensor L, U;
  {
    autograd::NoGradGuard no_grad;
    std::tie(L, U) = unpack_data(LU);
  }
  if (autograd::needs_grad({&LU})) {
    auto node = autograd::make_node("LuUnpackBackward0", {}, [m, n](G g, G, N) {
      return TensorList{unpack_backward(g[1], g[2], m, n)};
    });
    node->num_outputs = 3;  // P, L, U (P not differentiable)
    autograd::collect_edges(*node, {LU});
    autograd::set_history(L, node, 1);
    autograd::set_history(U, node, 2);
  }
  return {P, L, U};
}

std::tuple<Tensor, Tensor, Tensor> linalg_lu(const Tensor& A, bool pivot) {
  check_at_least_2d("linalg.lu", A);
  Tensor P, L, U;
  {
    autograd::NoGradGuard no_grad;
    auto [LU, pivots, info] = linalg_lu_factor_ex(A, pivot);
    std::tie(P, L, U) = lu_unpack(LU, pivots);
  }
  if (autograd::needs_grad({&A})) {
    auto node = autograd::make_node("LinalgLuBackward0", {P, L, U}, [](G g, G s, N) {
      return TensorList{lu_backward(g[1], g[2], s[0], s[1], s[2])};
    });
    node->num_outputs = 3;  // P, L, U (P not differentiable)
    autograd::collect_edges(*node, {A});
    autograd::set_history(L, node, 1);
    autograd::set_history(U, node, 2);
  }
  return {P, L, U};
}

Tensor linalg_lu_solve(const Tensor& LU, const Tensor& pivots, const Tensor& B, bool left, bool adjoint) {
  TP_CHECK(LU.dim() >= 2, RuntimeError, "torch.linalg.lu_solve: The input tensor A must have at least 2 dimensions.");
  TP_CHECK(LU.size(-1) == LU.size(-2), RuntimeError,
           "torch.linalg.lu_solve: A must be batches of square matrices, but they are ", LU.size(-2), " by ",
           LU.size(-1), " matrices");
  check_matrix("linalg.lu_solve", B, "B");
  TP_CHECK(left ? LU.size(-2) == B.size(-2) : LU.size(-1) == B.size(-1), RuntimeError,
           "linalg.lu_solve: Incompatible shapes of A and B for the equation ", left ? "AX = B" : "XA = B", " (",
           LU.size(-2), "x", LU.size(-1), " and ", B.size(-2), "x", B.size(-1), ")");
  TP_CHECK(LU.dtype() == B.dtype(), RuntimeError,
           "linalg.lu_solve: Expected LU and B to have the same dtype, but found LU of type ",
           dtype_legacy_name(LU.dtype()), " and B of type ", dtype_legacy_name(B.dtype()), " instead");
  TP_CHECK(pivots.dtype() == DType::Int32, RuntimeError,
           "linalg.lu_solve: pivots should be a Tensor of scalar type torch.int32");
  TP_CHECK(pivots.dim() >= 1 && pivots.size(-1) == LU.size(-1), RuntimeError,
           "linalg.lu_solve: Number of pivots per batch should be same as the dimension of the matrix");
  check_floating("linalg.lu_solve", LU.dtype(), "lu_solve_cpu");
  return autograd::record_op(
      {LU, B}, [&] { return lu_solve_compute(LU, pivots, B, left, adjoint); },
      [&](const Tensor& X) {
        const Shape lu_shape = LU.sizes(), b_shape = B.sizes();
        return autograd::make_node(
            "LinalgLuSolveBackward0", {LU, pivots, X}, [=](G g, G s, N node) {
              Tensor gLU, gB;
              if (node.needs(0)) gLU = autograd::sum_to(lu_solve_grad_LU(g[0], s[0], s[1], s[2], left, adjoint), lu_shape);
              if (node.needs(1)) gB = autograd::sum_to(linalg_lu_solve(s[0], s[1], g[0], left, !adjoint), b_shape);
              return TensorList{gLU, gB};
            });
      });
}

Tensor linalg_matrix_exp(const Tensor& A) {
  check_square("linalg.matrix_exp", A);
  check_floating("linalg.matrix_exp", A.dtype(), "matrix_exp");
  return autograd::record_op(
      {A}, [&] { return matrix_exp_compute(A); },
      [&](const Tensor&) {
        return autograd::make_node("LinalgMatrixExpBackward0", {A}, [](G g, G s, N) {
          // The gradient of a matrix function: the top-right block of f([[A^H, G], [0, A^H]]).
          const int64_t n = s[0].size(-1);
          Tensor Ah = mH(s[0]);
          Tensor top = cat({Ah, g[0]}, -1);
          Tensor bottom = cat({zeros_like(Ah), Ah}, -1);
          Tensor big = linalg_matrix_exp(cat({top, bottom}, -2));
          return TensorList{narrow(narrow(big, -2, 0, n), -1, n, n)};
        });
      });
}

}  // namespace tp
