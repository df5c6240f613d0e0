// CpuBackend::factorize: each matrix of the batch copied to column-major scratch, handed to
// the LAPACK routines PyTorch's CPU build calls for the same op (getrf + getrs, potrf,
// geqrf + orgqr, syevd, gesdd) and copied back row-major. PyTorch links MKL's LAPACK, this
// OpenBLAS's: the results agree to the dtype's rounding, not bit for bit.
#include <algorithm>
#include <cmath>
#include <vector>

#include "core/backends/cpu/cpu_backend.h"
#include "core/backends/cpu/lapack.h"
#include "core/error.h"

namespace tp {
namespace {

int as_int(int64_t v) { return static_cast<int>(v); }

// The (rows, cols) row-major matrix at src as a column-major one with leading dim max(1, rows).
template <typename T>
std::vector<T> column_major(const T* src, int64_t rows, int64_t cols) {
  const int64_t ld = std::max<int64_t>(1, rows);
  std::vector<T> out(static_cast<size_t>(ld * std::max<int64_t>(1, cols)));
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j) out[j * ld + i] = src[i * cols + j];
  return out;
}

// The top-left (rows, cols) of a column-major matrix with leading dim ld, written row-major;
// `keep(i, j)` false writes a zero there instead (the triangles a factor leaves behind).
template <typename T, typename Keep>
void write_row_major(const std::vector<T>& col, int64_t ld, int64_t rows, int64_t cols, T* dst, Keep keep) {
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j) dst[i * cols + j] = keep(i, j) ? col[j * ld + i] : T(0);
}

template <typename T>
void write_row_major(const std::vector<T>& col, int64_t ld, int64_t rows, int64_t cols, T* dst) {
  write_row_major(col, ld, rows, cols, dst, [](int64_t, int64_t) { return true; });
}

// A workspace query's answer (LAPACK writes the optimal size as the first work element).
template <typename T>
int work_size(T query) { return std::max(1, static_cast<int>(query)); }

template <typename T>
int lu(const T* a, int64_t rows, int64_t cols, T* lu_out, int32_t* pivots) {
  const int64_t k = std::min(rows, cols), ld = std::max<int64_t>(1, rows);
  std::vector<T> f = column_major(a, rows, cols);
  std::vector<int> ipiv(static_cast<size_t>(std::max<int64_t>(1, k)));
  int info = 0;
  lapack::getrf(as_int(rows), as_int(cols), f.data(), as_int(ld), ipiv.data(), &info);
  write_row_major(f, ld, rows, cols, lu_out);
  for (int64_t i = 0; i < k; ++i) pivots[i] = ipiv[i];
  return info;
}

template <typename T>
int solve(const T* a, const T* b, int64_t n, int64_t k, T* x) {
  std::vector<T> m = column_major(a, n, n), rhs = column_major(b, n, k);
  std::vector<int> ipiv(static_cast<size_t>(std::max<int64_t>(1, n)));
  const int ld = as_int(std::max<int64_t>(1, n));
  int info = 0, solve_info = 0;
  // getrf then getrs whatever getrf's info, as ATen's lu_factor_ex + lu_solve: a singular
  // matrix's solution is then the inf/nan PyTorch shows (gesv would leave B as it was).
  lapack::getrf(as_int(n), as_int(n), m.data(), ld, ipiv.data(), &info);
  lapack::getrs(as_int(n), as_int(k), m.data(), ld, ipiv.data(), rhs.data(), ld, &solve_info);
  write_row_major(rhs, ld, n, k, x);
  return info;
}

template <typename T>
int cholesky(const T* a, int64_t n, T* l) {
  std::vector<T> m = column_major(a, n, n);
  int info = 0;
  const int ld = as_int(std::max<int64_t>(1, n));
  lapack::potrf('L', as_int(n), m.data(), ld, &info);
  write_row_major(m, ld, n, n, l, [](int64_t i, int64_t j) { return j <= i; });
  return info;
}

template <typename T>
int qr(const T* a, int64_t m, int64_t n, int64_t c, T* q, T* r) {
  const int64_t k = std::min(m, n), ld = std::max<int64_t>(1, m);
  // Room for c >= n columns: complete mode of a tall matrix needs all m of Q's columns.
  std::vector<T> f = column_major(a, m, n);
  f.resize(static_cast<size_t>(ld * std::max<int64_t>({1, n, c})));
  std::vector<T> tau(static_cast<size_t>(std::max<int64_t>(1, k)));
  int info = 0;
  T query{};
  lapack::geqrf(as_int(m), as_int(n), f.data(), as_int(ld), tau.data(), &query, -1, &info);
  std::vector<T> work(static_cast<size_t>(work_size(query)));
  lapack::geqrf(as_int(m), as_int(n), f.data(), as_int(ld), tau.data(), work.data(), as_int(work.size()), &info);
  write_row_major(f, ld, c, n, r, [](int64_t i, int64_t j) { return j >= i; });
  if (m == 0) return info;
  lapack::orgqr(as_int(m), as_int(c), as_int(k), f.data(), as_int(ld), tau.data(), &query, -1, &info);
  work.resize(static_cast<size_t>(work_size(query)));
  lapack::orgqr(as_int(m), as_int(c), as_int(k), f.data(), as_int(ld), tau.data(), work.data(),
                as_int(work.size()), &info);
  write_row_major(f, ld, m, c, q);
  return info;
}

template <typename T>
int eigh(const T* a, int64_t n, bool upper, T* w, T* v) {
  std::vector<T> m = column_major(a, n, n);
  const int ld = as_int(std::max<int64_t>(1, n));
  const char uplo = upper ? 'U' : 'L';
  int info = 0, iquery = 0;
  T query{};
  lapack::syevd('V', uplo, as_int(n), m.data(), ld, w, &query, -1, &iquery, -1, &info);
  std::vector<T> work(static_cast<size_t>(work_size(query)));
  std::vector<int> iwork(static_cast<size_t>(std::max(1, iquery)));
  lapack::syevd('V', uplo, as_int(n), m.data(), ld, w, work.data(), as_int(work.size()), iwork.data(),
                as_int(iwork.size()), &info);
  write_row_major(m, ld, n, n, v);
  return info;
}

template <typename T>
int svd(const T* a, int64_t m, int64_t n, bool full, T* u, T* s, T* vh) {
  // gesdd reports NaN with info -4 (dlange's NaN check) but loops forever on an infinity:
  // report both the same way, without calling it.
  for (int64_t i = 0; i < m * n; ++i)
    if (!std::isfinite(static_cast<double>(a[i]))) return -4;
  const int64_t k = std::min(m, n), ucols = full ? m : k, vrows = full ? n : k;
  std::vector<T> f = column_major(a, m, n);
  const int64_t lda = std::max<int64_t>(1, m), ldu = lda, ldvt = std::max<int64_t>(1, vrows);
  std::vector<T> uc(static_cast<size_t>(ldu * std::max<int64_t>(1, ucols)));
  std::vector<T> vc(static_cast<size_t>(ldvt * std::max<int64_t>(1, n)));
  std::vector<int> iwork(static_cast<size_t>(std::max<int64_t>(1, 8 * k)));
  const char jobz = full ? 'A' : 'S';
  int info = 0;
  T query{};
  lapack::gesdd(jobz, as_int(m), as_int(n), f.data(), as_int(lda), s, uc.data(), as_int(ldu), vc.data(),
                as_int(ldvt), &query, -1, iwork.data(), &info);
  std::vector<T> work(static_cast<size_t>(work_size(query)));
  lapack::gesdd(jobz, as_int(m), as_int(n), f.data(), as_int(lda), s, uc.data(), as_int(ldu), vc.data(),
                as_int(ldvt), work.data(), as_int(work.size()), iwork.data(), &info);
  write_row_major(uc, ldu, m, ucols, u);
  write_row_major(vc, ldvt, vrows, n, vh);
  return info;
}

template <typename T>
void run(const MatrixJob& job) {
  const Tensor& a = job.a;
  const int64_t batch = a.sizes()[0], m = a.sizes()[1], n = a.sizes()[2];
  auto out = [&](size_t i, int64_t b) {
    const Tensor& t = job.outs[i];
    return t.data<T>() + b * (t.numel() / std::max<int64_t>(1, batch));
  };
  for (int64_t b = 0; b < batch; ++b) {
    const T* ab = a.data<T>() + b * m * n;
    int info = 0;
    switch (job.op) {
      case MatrixOp::Lu:
        info = lu(ab, m, n, out(0, b), job.outs[1].data<int32_t>() + b * std::min(m, n));
        break;
      case MatrixOp::Solve: {
        const int64_t k = job.b.sizes()[2];
        info = solve(ab, job.b.data<T>() + b * n * k, n, k, out(0, b));
        break;
      }
      case MatrixOp::Cholesky: info = cholesky(ab, n, out(0, b)); break;
      case MatrixOp::Qr: info = qr(ab, m, n, job.outs[0].sizes()[2], out(0, b), out(1, b)); break;
      case MatrixOp::Eigh: info = eigh(ab, n, job.flag, out(0, b), out(1, b)); break;
      case MatrixOp::Svd: info = svd(ab, m, n, job.flag, out(0, b), out(1, b), out(2, b)); break;
    }
    job.info.data<int32_t>()[b] = info;
  }
}

}  // namespace

void CpuBackend::factorize(const MatrixJob& job) {
  if (job.a.dtype() == DType::Float64) return run<double>(job);
  TP_ASSERT(job.a.dtype() == DType::Float32 && "factorize of float32/float64 matrices");
  run<float>(job);
}

}  // namespace tp
