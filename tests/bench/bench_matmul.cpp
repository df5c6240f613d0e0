// Benchmark (not a test): C = A @ B in float32 for N = 256..2048, through tensorplay's
// matmul (MKL's summation order, pytorch_order_gemm.h) and through a direct OpenBLAS
// cblas_sgemm on the same buffers, in the same run. Prints GFLOP/s of both and their ratio:
// what summing in PyTorch's order costs against OpenBLAS's own kernels.
#include <cblas.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <vector>

#include "core/ops/linalg.h"
#include "core/tensor.h"

namespace {

using Clock = std::chrono::steady_clock;

// Seconds taken by one call of f.
template <typename F>
double time_once(F&& f) {
  auto start = Clock::now();
  f();
  return std::chrono::duration<double>(Clock::now() - start).count();
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

tp::Tensor random_matrix(int64_t n, std::mt19937& rng) {
  tp::Tensor t = tp::empty({n, n}, tp::TensorOptions(tp::DType::Float32));
  std::uniform_real_distribution<float> dist(-1.0f, 1.0f);
  float* p = t.data<float>();
  for (int64_t i = 0; i < n * n; ++i) p[i] = dist(rng);
  return t;
}

}  // namespace

int main() {
  std::mt19937 rng(42);
  std::printf("C = A @ B, float32, square N x N; median of the repetitions, after a warm-up\n");
  std::printf("%6s %5s %16s %16s %8s\n", "N", "reps", "tensorplay GF/s", "cblas_sgemm GF/s",
              "ratio");
  for (int64_t n : {256, 512, 1024, 2048}) {
    tp::Tensor a = random_matrix(n, rng), b = random_matrix(n, rng);
    std::vector<float> c(static_cast<size_t>(n * n));
    const int ni = static_cast<int>(n);
    auto direct = [&] {
      cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, ni, ni, ni, 1.0f, a.data<float>(),
                  ni, b.data<float>(), ni, 0.0f, c.data(), ni);
    };
    auto through_tensorplay = [&] {
      tp::Tensor out = tp::matmul(a, b);
      (void)out;
    };
    // Warm up both (thread pool start, caches, page faults of fresh buffers).
    for (int i = 0; i < 2; ++i) {
      direct();
      through_tensorplay();
    }
    // Interleave the two so that noise from other work on the machine hits both alike.
    const int reps = n >= 2048 ? 7 : n >= 1024 ? 15 : n >= 512 ? 41 : 101;
    std::vector<double> t_tp, t_blas;
    for (int i = 0; i < reps; ++i) {
      t_tp.push_back(time_once(through_tensorplay));
      t_blas.push_back(time_once(direct));
    }
    const double flops = 2.0 * static_cast<double>(n) * n * n;
    const double gf_tp = flops / median(t_tp) / 1e9;
    const double gf_blas = flops / median(t_blas) / 1e9;
    std::printf("%6lld %5d %16.1f %16.1f %8.3f\n", static_cast<long long>(n), reps, gf_tp, gf_blas,
                gf_tp / gf_blas);
  }
  return 0;
}
