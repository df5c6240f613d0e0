// The BLAS that the CPU backend's float64 products and thread setting go through: OpenBLAS
// natively (blas_openblas.cpp), a portable blocked gemm where no BLAS exists, as in the web
// build (blas_portable.cpp). CMake's TP_BLAS picks the file; callers see only this.
#pragma once

namespace tp::cpu::blas {

// C (m,n; row-major, leading dimension ldc) = A @ B (+ C when accumulate). A is (m,k) and
// B (k,n), each read row-major with its leading dimension, or column-major when its
// transposed flag is set (a transposed operand read in place).
void dgemm(bool a_transposed, bool b_transposed, int m, int n, int k, const double* a, int lda,
           const double* b, int ldb, bool accumulate, double* c, int ldc);

}  // namespace tp::cpu::blas
