// The BLAS seam (blas.h) where no BLAS exists (the web build): a cache-blocked float64 gemm
// on one thread. Each C element still sums its k products in order, block by block.
#include <algorithm>
#include <vector>

#include "core/backends/cpu/blas.h"
#include "core/backends/cpu/cpu_matmul.h"

namespace tp::cpu {

namespace {

constexpr int kBlockK = 128, kBlockN = 256;  // a (kBlockK x kBlockN) panel of B fits in L2

}  // namespace

void blas::dgemm(bool a_transposed, bool b_transposed, int m, int n, int k, const double* a, int lda,
                 const double* b, int ldb, bool accumulate, double* c, int ldc) {
  auto at = [&](int i, int p) { return a_transposed ? a[p * lda + i] : a[i * lda + p]; };
  auto bt = [&](int p, int j) { return b_transposed ? b[j * ldb + p] : b[p * ldb + j]; };
  if (!accumulate) {
    for (int i = 0; i < m; ++i) std::fill(c + i * ldc, c + i * ldc + n, 0.0);
  }
  std::vector<double> panel(static_cast<size_t>(kBlockK) * kBlockN);
  for (int j0 = 0; j0 < n; j0 += kBlockN) {
    const int nb = std::min(kBlockN, n - j0);
    for (int p0 = 0; p0 < k; p0 += kBlockK) {
      const int kb = std::min(kBlockK, k - p0);
      // B's panel packed row-major, so the inner loop walks contiguous memory.
      for (int p = 0; p < kb; ++p)
        for (int j = 0; j < nb; ++j) panel[p * nb + j] = bt(p0 + p, j0 + j);
      for (int i = 0; i < m; ++i) {
        double* crow = c + i * ldc + j0;
        for (int p = 0; p < kb; ++p) {
          const double x = at(i, p0 + p);
          const double* brow = panel.data() + p * nb;
          for (int j = 0; j < nb; ++j) crow[j] += x * brow[j];
        }
      }
    }
  }
}

// One thread: the web build has no threads to split a product across.
int blas_threads() { return 1; }

void set_blas_threads(int) {}

}  // namespace tp::cpu
