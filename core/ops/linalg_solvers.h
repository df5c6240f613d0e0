// torch.linalg's factorisations and what is built on them: inv, solve, det, slogdet,
// cholesky, qr, eigh and svd over batches (..., m, n) of float32/float64 matrices, each
// with PyTorch 2.x's checks, texts and autograd node (core/autograd/linalg_solver_grads.cpp).
#pragma once

#include <string>
#include <tuple>
#include <utility>

#include "core/tensor.h"

namespace tp {

// linalg.inv_ex: (inverse, info); check_errors raises LinAlgError for a singular matrix,
// naming `op` (linalg.inv when inv raises).
std::pair<Tensor, Tensor> linalg_inv_ex(const Tensor& A, bool check_errors = false, const char* op = "linalg.inv_ex");
// linalg.inv (torch.inverse): inv_ex that raises for a singular matrix.
Tensor linalg_inv(const Tensor& A);
// linalg.solve_ex: (X, info) with AX = B (left) or XA = B; B a batch of vectors or matrices.
std::pair<Tensor, Tensor> linalg_solve_ex(const Tensor& A, const Tensor& B, bool left = true,
                                          bool check_errors = false);
// linalg.solve: solve_ex that raises for a singular A.
Tensor linalg_solve(const Tensor& A, const Tensor& B, bool left = true);
// linalg.det (torch.det): the determinant of each matrix, from its LU factorisation.
Tensor linalg_det(const Tensor& A);
// linalg.slogdet: (sign, logabsdet); `op` names the caller in errors (logdet).
std::pair<Tensor, Tensor> linalg_slogdet(const Tensor& A, const char* op = "linalg.slogdet");
// linalg.cholesky_ex: (L, info), L lower (or its transpose, U, when upper).
std::pair<Tensor, Tensor> linalg_cholesky_ex(const Tensor& A, bool upper = false, bool check_errors = false);
// linalg.qr: (Q, R) for mode "reduced", "complete" or "r" (Q empty).
std::pair<Tensor, Tensor> linalg_qr(const Tensor& A, const std::string& mode = "reduced");
// linalg.eigh: (eigenvalues ascending, eigenvectors) of symmetric matrices read from the
// lower (UPLO "L") or upper ("U") triangle.
std::pair<Tensor, Tensor> linalg_eigh(const Tensor& A, const std::string& uplo = "L");
// linalg.svd: (U, S, Vh).
std::tuple<Tensor, Tensor, Tensor> linalg_svd(const Tensor& A, bool full_matrices = true);

}  // namespace tp
