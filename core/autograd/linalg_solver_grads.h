// The autograd nodes of torch.linalg's factorisations (core/ops/linalg_solvers.cpp), with
// PyTorch's names and formulas (torch/csrc/autograd/FunctionsManual.cpp).
#pragma once

#include <memory>
#include <string>

#include "core/autograd/node.h"
#include "core/tensor.h"

namespace tp::autograd {

// LinalgInvExBackward0: gA = -X^H g X^H for X = inv(A).
std::shared_ptr<Node> linalg_inv_node(const Tensor& inverse);
// LinalgSolveExBackward0: gB = solve(A^H, gX), gA = -gB X^H (left) or -X^H gB.
std::shared_ptr<Node> linalg_solve_node(const Tensor& A, const Tensor& B, const Tensor& X, bool left,
                                        bool vector_case);
// LinalgDetBackward0: gA = g det(A) A^{-H}.
std::shared_ptr<Node> linalg_det_node(const Tensor& A, const Tensor& det);
// LinalgSlogdetBackward0 (outputs sign, logabsdet): gA = g_logabsdet A^{-H}.
std::shared_ptr<Node> linalg_slogdet_node(const Tensor& A);
// LinalgCholeskyExBackward0.
std::shared_ptr<Node> linalg_cholesky_node(const Tensor& factor, bool upper);
// LinalgQrBackward0 (outputs Q, R).
std::shared_ptr<Node> linalg_qr_node(const Tensor& Q, const Tensor& R, const std::string& mode);
// LinalgEighBackward0 (outputs eigenvalues, eigenvectors).
std::shared_ptr<Node> linalg_eigh_node(const Tensor& L, const Tensor& V);
// LinalgSvdBackward0 (outputs U, S, Vh).
std::shared_ptr<Node> linalg_svd_node(const Tensor& U, const Tensor& S, const Tensor& Vh, bool full_matrices);

}  // namespace tp::autograd
