// The BLAS seam (blas.h) over OpenBLAS, and its thread setting (cpu_matmul.h).
#include <cblas.h>

#include "core/backends/cpu/blas.h"
#include "core/backends/cpu/cpu_matmul.h"

namespace tp::cpu {

void blas::dgemm(bool a_transposed, bool b_transposed, int m, int n, int k, const double* a, int lda,
                 const double* b, int ldb, bool accumulate, double* c, int ldc) {
  cblas_dgemm(CblasRowMajor, a_transposed ? CblasTrans : CblasNoTrans, b_transposed ? CblasTrans : CblasNoTrans,
              m, n, k, 1.0, a, lda, b, ldb, accumulate ? 1.0 : 0.0, c, ldc);
}

int blas_threads() { return openblas_get_num_threads(); }

void set_blas_threads(int threads) { openblas_set_num_threads(threads); }

}  // namespace tp::cpu
