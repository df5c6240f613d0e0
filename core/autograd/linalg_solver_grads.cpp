// Gradients of torch.linalg's factorisations, as torch/csrc/autograd/FunctionsManual.cpp
// writes them (linalg_solve_backward, linalg_det_backward, slogdet_backward,
// cholesky_backward, linalg_qr_backward, linalg_eig_backward, svd_backward), composed of
// recorded ops so that they can be differentiated again.
#include "core/autograd/linalg_solver_grads.h"

#include "core/autograd/grad_utils.h"
#include "core/error.h"
#include "core/ops/creation.h"
#include "core/ops/diagonal.h"
#include "core/ops/elementwise.h"
#include "core/ops/linalg.h"
#include "core/ops/linalg_solvers.h"
#include "core/ops/rearrange.h"
#include "core/ops/shape.h"

namespace tp::autograd {

using G = const TensorList&;
using N = const Node&;

namespace {

Tensor mH(const Tensor& t) { return transpose(t, -2, -1); }

Tensor eye_like(const Tensor& square) {
  return eye(square.size(-1), std::nullopt, TensorOptions(square.dtype(), square.device()));
}

// g (...) as (..., 1, 1), to scale a batch of matrices.
Tensor per_matrix(const Tensor& g) { return unsqueeze(unsqueeze(g, -1), -1); }

// A^{-H}, without raising for a singular A (its gradient is then inf/nan, as the formula's).
Tensor inverse_adjoint(const Tensor& A) { return mH(linalg_inv_ex(A).first); }

// X with its diagonal halved: ATen's `diagonal().mul_(0.5)` done out of place.
Tensor halve_diagonal(const Tensor& X) { return sub(X, mul(diag_embed(diagonal(X, 0, -2, -1)), Scalar(0.5))); }

}  // namespace

std::shared_ptr<Node> linalg_inv_node(const Tensor& inverse) {
  return make_node("LinalgInvExBackward0", {inverse}, [](G g, G s, N) {
    return TensorList{neg(matmul(mH(s[0]), matmul(g[0], mH(s[0]))))};
  });
}

std::shared_ptr<Node> linalg_solve_node(const Tensor& A, const Tensor& B, const Tensor& X, bool left,
                                        bool vector_case) {
  Shape a_shape = A.sizes(), b_shape = B.sizes();
  return make_node("LinalgSolveExBackward0", {A, X}, [=](G g, G s, N n) {
    Tensor gX = vector_case ? unsqueeze(g[0], -1) : g[0];
    Tensor X_ = vector_case ? unsqueeze(s[1], -1) : s[1];
    Tensor gB = linalg_solve(mH(s[0]), gX, left);
    Tensor gA;
    if (n.needs(0)) gA = sum_to(neg(left ? matmul(gB, mH(X_)) : matmul(mH(X_), gB)), a_shape);
    if (vector_case) gB = squeeze(gB, -1);
    return TensorList{gA, n.needs(1) ? sum_to(gB, b_shape) : Tensor()};
  });
}

std::shared_ptr<Node> linalg_det_node(const Tensor& A, const Tensor& det) {
  return make_node("LinalgDetBackward0", {A, det}, [](G g, G s, N) {
    return TensorList{mul(per_matrix(mul(g[0], s[1])), inverse_adjoint(s[0]))};
  });
}

std::shared_ptr<Node> linalg_slogdet_node(const Tensor& A) {
  auto node = make_node("LinalgSlogdetBackward0", {A}, [](G g, G s, N) {
    // The sign is piecewise constant: only logabsdet's gradient reaches A.
    if (!g[1].defined()) return TensorList{zeros_like(s[0])};
    return TensorList{mul(per_matrix(g[1]), inverse_adjoint(s[0]))};
  });
  node->num_outputs = 2;
  return node;
}

std::shared_ptr<Node> linalg_cholesky_node(const Tensor& factor, bool upper) {
  return make_node("LinalgCholeskyExBackward0", {factor}, [upper](G g, G s, N) {
    Tensor L = upper ? mH(s[0]) : s[0];
    Tensor gL = upper ? mH(g[0]) : g[0];
    Tensor L_inverse = linalg_inv(L);
    Tensor phi = halve_diagonal(tril(matmul(mH(L), gL)));
    Tensor grad = matmul(matmul(mH(L_inverse), phi), L_inverse);
    return TensorList{mul(add(grad, mH(grad)), Scalar(0.5))};  // symmetrised
  });
}

std::shared_ptr<Node> linalg_qr_node(const Tensor& Q, const Tensor& R, const std::string& mode) {
  auto node = make_node("LinalgQrBackward0", {Q, R}, [mode](G g, G s, N) {
    const Tensor &Q = s[0], &R = s[1], &gQ = g[0], &gR = g[1];
    TP_CHECK(mode != "r", RuntimeError,
             "The derivative of linalg.qr depends on Q, which is not computed when mode='r'. Please use "
             "linalg.qr(A, mode='reduced') if you are going to differentiate through linalg.qr.");
    const int64_t m = Q.size(-2), n = R.size(-1);
    TP_CHECK(mode == "reduced" || m <= n, RuntimeError,
             "The QR decomposition is not differentiable when mode='complete' and nrows > ncols.");
    TP_CHECK(m >= n, NotImplementedError, "tensorplay: linalg.qr's gradient for a matrix with more columns than rows "
                                          "is not implemented");
    Tensor gA;
    if (gQ.defined() && gR.defined()) {
      gA = sub(matmul(gR, mH(R)), matmul(mH(Q), gQ));
    } else if (gQ.defined()) {
      gA = neg(matmul(mH(Q), gQ));
    } else {
      gA = matmul(gR, mH(R));
    }
    // Q syminvadj(triu(gA)) + gQ, then X R^H = that solved for X.
    Tensor upper = triu(gA);
    gA = matmul(Q, halve_diagonal(add(upper, mH(upper))));
    if (gQ.defined()) gA = add(gA, gQ);
    return TensorList{linalg_solve(mH(R), gA, false)};
  });
  node->num_outputs = 2;
  return node;
}

std::shared_ptr<Node> linalg_eigh_node(const Tensor& L, const Tensor& V) {
  auto node = make_node("LinalgEighBackward0", {L, V}, [](G g, G s, N) {
    const Tensor &L = s[0], &V = s[1], &gL = g[0], &gV = g[1];
    Tensor inner;
    if (gV.defined()) {
      Tensor VhgV = matmul(mH(V), gV);
      VhgV = mul(sub(VhgV, mH(VhgV)), Scalar(0.5));  // onto the skew-symmetric matrices
      // E[i][j] = L[j] - L[i], with ones on the diagonal (where VhgV is zero).
      Tensor E = add(sub(unsqueeze(L, -2), unsqueeze(L, -1)), eye_like(V));
      inner = div(VhgV, E);
      if (gL.defined()) inner = add(inner, diag_embed(gL));
    } else {
      inner = diag_embed(gL);
    }
    return TensorList{matmul(V, matmul(inner, mH(V)))};
  });
  node->num_outputs = 2;
  return node;
}

std::shared_ptr<Node> linalg_svd_node(const Tensor& U, const Tensor& S, const Tensor& Vh, bool full_matrices) {
  auto node = make_node("LinalgSvdBackward0", {U, S, Vh}, [full_matrices](G g, G s, N) {
    const int64_t k = s[1].size(-1);
    // With full_matrices only the first k columns of U (rows of Vh) carry the input.
    Tensor U = full_matrices ? narrow(s[0], -1, 0, k) : s[0];
    Tensor Vh = full_matrices ? narrow(s[2], -2, 0, k) : s[2];
    const Tensor& S = s[1];
    Tensor gU = full_matrices && g[0].defined() ? narrow(g[0], -1, 0, k) : g[0];
    Tensor gVh = full_matrices && g[2].defined() ? narrow(g[2], -2, 0, k) : g[2];
    const Tensor& gS = g[1];
    const int64_t m = U.size(-2), n = Vh.size(-1);
    if (!gU.defined() && !gVh.defined()) {
      return TensorList{m >= n ? matmul(U, mul(unsqueeze(gS, -1), Vh)) : matmul(mul(U, unsqueeze(gS, -2)), Vh)};
    }
    auto skew = [](const Tensor& X) { return sub(X, mH(X)); };
    Tensor S2 = mul(S, S);
    Tensor E = add(sub(unsqueeze(S2, -2), unsqueeze(S2, -1)), eye(k, std::nullopt, TensorOptions(S.dtype(), S.device())));
    Tensor gA;
    if (gU.defined() && gVh.defined()) {
      Tensor UhgU = skew(matmul(mH(U), gU)), VhgV = skew(matmul(Vh, mH(gVh)));
      gA = div(add(mul(UhgU, unsqueeze(S, -2)), mul(unsqueeze(S, -1), VhgV)), E);
    } else if (gU.defined()) {
      gA = mul(div(skew(matmul(mH(U), gU)), E), unsqueeze(S, -2));
    } else {
      gA = mul(unsqueeze(S, -1), div(skew(matmul(Vh, mH(gVh))), E));
    }
    if (gS.defined()) gA = add(gA, diag_embed(gS));
    if (m > n && gU.defined()) {
      gA = matmul(U, gA);
      Tensor gUSinv = div(gU, unsqueeze(S, -2));
      gA = sub(add(gA, gUSinv), matmul(U, matmul(mH(U), gUSinv)));
      gA = matmul(gA, Vh);
    } else if (m < n && gVh.defined()) {
      gA = matmul(gA, Vh);
      Tensor SinvgVh = div(gVh, unsqueeze(S, -1));
      gA = sub(add(gA, SinvgVh), matmul(matmul(SinvgVh, mH(Vh)), Vh));
      gA = matmul(U, gA);
    } else {
      gA = m >= n ? matmul(U, matmul(gA, Vh)) : matmul(matmul(U, gA), Vh);
    }
    return TensorList{gA};
  });
  node->num_outputs = 3;
  return node;
}

}  // namespace tp::autograd
