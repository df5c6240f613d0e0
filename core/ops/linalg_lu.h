// The LU family of torch.linalg: lu_factor(_ex), lu, lu_solve, torch.lu_unpack, and
// matrix_exp, over batches (..., m, n) of float32/float64 matrices, with PyTorch 2.x's checks,
// texts and autograd nodes (LinalgLuFactorExBackward0, LinalgLuBackward0, LuUnpackBackward0,
// LinalgLuSolveBackward0, LinalgMatrixExpBackward0; formulas from FunctionsManual.cpp).
// The factors come from LAPACK's getrf (MatrixOp::Lu); the rest is composed of core ops.
#pragma once

#include <tuple>
#include <utility>

#include "core/tensor.h"

namespace tp {

// linalg.lu_factor_ex: (LU, pivots int32 1-based, info int32) of A (..., m, n); pivot=False
// raises as on PyTorch's CPU. check_errors raises LinAlgError for an exactly singular U,
// naming `op`.
std::tuple<Tensor, Tensor, Tensor> linalg_lu_factor_ex(const Tensor& A, bool pivot = true,
                                                       bool check_errors = false,
                                                       const char* op = "torch.linalg.lu_factor_ex");
// linalg.lu_factor: lu_factor_ex that raises for a singular U.
std::pair<Tensor, Tensor> linalg_lu_factor(const Tensor& A, bool pivot = true);
// torch.lu_unpack: (P, L, U) with A = P L U; a part not unpacked is an empty tensor.
std::tuple<Tensor, Tensor, Tensor> lu_unpack(const Tensor& LU, const Tensor& pivots, bool unpack_data = true,
                                             bool unpack_pivots = true);
// linalg.lu: (P, L, U) of A (..., m, n).
std::tuple<Tensor, Tensor, Tensor> linalg_lu(const Tensor& A, bool pivot = true);
// linalg.lu_solve: X with A X = B (left) or X A = B, A given by its LU factors; adjoint
// solves with A^H.
Tensor linalg_lu_solve(const Tensor& LU, const Tensor& pivots, const Tensor& B, bool left = true,
                       bool adjoint = false);
// linalg.matrix_exp: e^A of square matrices (scaling and squaring of a degree-18 Taylor
// polynomial: values within the dtype's rounding of PyTorch's, not bit for bit).
Tensor linalg_matrix_exp(const Tensor& A);

}  // namespace tp
