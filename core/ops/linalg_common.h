// The checks and steps torch.linalg's factorisations share (core/ops/linalg_solvers.cpp,
// linalg_lu.cpp): ATen's argument checks with torch 2.15's texts, the (B, m, n) batch the
// backends read, one Backend::factorize call, and LinAlgError from LAPACK's infos.
#pragma once

#include <string>
#include <vector>

#include "core/backends/backend.h"
#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/shape.h"

namespace tp::linalg_detail {

inline bool is_low_precision(DType t) { return t == DType::Float16 || t == DType::BFloat16; }

inline void check_matrix(const char* op, const Tensor& A, const char* name = "A") {
  TP_CHECK(A.dim() >= 2, RuntimeError, op, ": The input tensor ", name, " must have at least 2 dimensions.");
}

inline void check_square(const char* op, const Tensor& A) {
  check_matrix(op, A);
  TP_CHECK(A.size(-1) == A.size(-2), RuntimeError, op, ": A must be batches of square matrices, but they are ",
           A.size(-2), " by ", A.size(-1), " matrices");
}

// checkFloatingOrComplex; a half/bfloat16 input is refused by the op's own text, or (where
// ATen lets it through to the CPU kernel's dispatch) by that kernel's.
inline void check_floating(const char* op, DType t, const char* kernel = nullptr) {
  TP_CHECK(!is_complex(t), NotImplementedError, op, ": tensorplay's linear algebra does not take complex tensors yet");
  TP_CHECK(is_floating(t), NotImplementedError, op, ": Expected a floating point or complex tensor as input. Got ",
           dtype_legacy_name(t));
  if (!is_low_precision(t)) return;
  if (kernel) fail(ErrorKind::NotImplementedError, "\"", kernel, "\" not implemented for '", dtype_legacy_name(t), "'");
  fail(ErrorKind::NotImplementedError, op, ": Low precision dtypes not supported. Got ", dtype_legacy_name(t));
}

inline Shape batch_of(const Tensor& A) { return Shape(A.sizes().begin(), A.sizes().end() - 2); }

inline Shape with_tail(Shape batch, std::initializer_list<int64_t> tail) {
  batch.insert(batch.end(), tail);
  return batch;
}

// A (..., m, n) as the contiguous (B, m, n) batch the backend reads.
inline Tensor as_batch(const Tensor& A) {
  return contiguous(reshape(A, {shape_numel(batch_of(A)), A.size(-2), A.size(-1)}));
}

inline Tensor matrix_like(const Tensor& A, const Shape& shape, DType dtype) {
  return empty(shape, TensorOptions(dtype, A.device()));
}

inline Tensor mH(const Tensor& t) { return transpose(t, -2, -1); }

// Runs one factorisation of the batch a3 into outs; returns each matrix's LAPACK info.
inline Tensor factorize(MatrixOp op, const Tensor& a3, const std::vector<Tensor>& outs, bool flag = false,
                 const Tensor& b3 = {}) {
  Tensor info = zeros({a3.size(0)}, TensorOptions(DType::Int32, a3.device()));
  if (a3.size(0) > 0) backend_for(a3.device()).factorize(MatrixJob{op, a3, b3, outs, info, flag});
  return info;
}

// Raises LinAlgError (or `kind`: lu_factor's is a RuntimeError) for the first matrix whose
// info is positive, with `text(info)`, as ATen's _linalg_check_errors does; a batch (input
// with dims > 2) names the element.
template <typename Text>
inline void check_info(const char* op, const Tensor& info, bool batched, Text text,
                       ErrorKind kind = ErrorKind::LinAlgError) {
  if (info.device().is_meta()) return;  // no values to read
  Tensor host = contiguous(to(info, Device::cpu(), std::nullopt));
  for (int64_t i = 0; i < host.numel(); ++i) {
    const int32_t code = host.data<int32_t>()[i];
    if (code == 0) continue;
    if (batched) fail(kind, op, ": (Batch element ", i, "): ", text(code));
    fail(kind, op, ": ", text(code));
  }
}

}  // namespace tp::linalg_detail
