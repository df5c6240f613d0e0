// The compute face: the kernels of one kind of device (cpu, meta, sim, cuda), each request's
// options travelling as its arguments. Operands arrive already checked (same device, shapes
// broadcast, dtypes resolved); a backend never re-validates them. What a device answers
// besides compute (memory, copies to and from the host, its stream, statistics, clock,
// capabilities) is its device face, device_runtime.h. CPU lives in backends/cpu; sim
// (simulated GPUs) and cuda (real ones) beside it.
#pragma once

#include <vector>

#include "core/backends/op_kinds.h"
#include "core/device.h"
#include "core/scalar.h"
#include "core/tensor.h"

namespace tp {

// The factorisations behind torch.linalg. Every tensor is contiguous, row-major, batched
// (B, ...) and float32 or float64 (pivots and info int32); `a` is only read. By kind:
//   Lu:       a (B,m,n) -> outs {lu (B,m,n), pivots (B,min(m,n)), 1-based as LAPACK's getrf}
//   Solve:    a (B,n,n), b (B,n,k) -> outs {x (B,n,k)}
//   Cholesky: a (B,n,n) -> outs {l (B,n,n)}, lower, zeros above the diagonal
//   Qr:       a (B,m,n) -> outs {q (B,m,c), r (B,c,n)}, c = m when `flag` (complete) else min(m,n)
//   Eigh:     a (B,n,n) -> outs {w (B,n) ascending, v (B,n,n)}; `flag`: read the upper triangle
//   Svd:      a (B,m,n) -> outs {u (B,m,c), s (B,k), vh (B,c',n)}, k = min(m,n); `flag`
//             (full_matrices): c = m and c' = n, else both k
// info (B) gets LAPACK's info of each matrix: 0, or > 0 where it failed (a zero pivot,
// a minor not positive-definite, no convergence); failures are the caller's to report.
enum class MatrixOp { Lu, Solve, Cholesky, Qr, Eigh, Svd };
struct MatrixJob {
  MatrixOp op;
  Tensor a, b;
  std::vector<Tensor> outs;
  Tensor info;
  bool flag = false;
};

// A product's op as the learner wrote it: mm/addmm/bmm/matmul of matrices, or dot/mv/addmv.
enum class ProductKind { Matrix, Vector };

class Backend {
 public:
  virtual ~Backend() = default;
  // dst = src, both on this backend, any strides, converting dtype. Where the device face
  // supports_peer_copy(), src and dst may be on two devices of this backend.
  virtual void copy(const Tensor& src, const Tensor& dst) = 0;
  virtual void fill(const Tensor& dst, Scalar value) = 0;
  // out = op(in); in and out have the same shape. Comparisons aside, out.dtype == in.dtype.
  virtual void unary(UnaryOp op, const Tensor& in, const Tensor& out, const UnaryArgs& args) = 0;
  // out = a op b; a and b are expanded to out's shape and share one compute dtype;
  // out has that dtype, or bool for comparison and logical ops.
  virtual void binary(BinaryOp op, const Tensor& a, const Tensor& b, const Tensor& out) = 0;
  // out = cond ? a : b, all expanded to out's shape; a, b and out share a dtype.
  virtual void where(const Tensor& cond, const Tensor& a, const Tensor& b, const Tensor& out) = 0;
  // Reduces each row of a contiguous (outer, inner) tensor into out (outer,), contiguous.
  // Var/Std use `correction`; ArgMax/ArgMin write int64. Max/Min with `indices` defined
  // also write the position of each row's extreme there. kept_columns: when nonzero, the
  // rows came from an input whose innermost kept dims make that many columns, summed down
  // (a sum over dim 0 of a matrix); the CPU backend adds in PyTorch's order, which depends
  // on it.
  virtual void reduce(ReduceOp op, const Tensor& in, const Tensor& out, const Tensor& indices,
                      int64_t correction, int64_t kept_columns) = 0;
  // Running sum or product along each row of a contiguous (outer, inner) tensor into out
  // (outer, inner) of the result dtype (int64 for integer inputs). Accumulates as ATen's CPU
  // kernel does: in double for float32 (float for the 16-bit floats), in int64 for integers.
  virtual void scan(ScanOp op, const Tensor& in, const Tensor& out) = 0;
  // Stable sort of each row of a contiguous (outer, inner) tensor into values (same dtype) and
  // int64 indices (the elements' positions in the row), ascending or descending; NaN sorts
  // above every number, as in PyTorch.
  virtual void sort(const Tensor& in, const Tensor& values, const Tensor& indices, bool descending) = 0;
  // One element of each row of a contiguous (outer, inner) tensor into values (outer,) and its
  // row position into int64 indices (outer,), chosen among equal values as ATen's CPU kernels
  // choose: the k-th smallest (0-based k) by ATen's quickselect, the lower median (the first
  // NaN if any), the lower median of the non-NaN values, or the most frequent value.
  virtual void select(SelectOp op, const Tensor& in, int64_t k, const Tensor& values, const Tensor& indices) = 0;
  // Softmax (or log-softmax) along the last dim of a contiguous (outer, inner) tensor.
  virtual void softmax(const Tensor& in, const Tensor& out, bool log) = 0;
  // Layer normalization of each row of a contiguous float32/float64 (rows, n) tensor, in
  // ATen's CPU order (core/kernels/layer_norm_row.h): y = (x - mean) * rstd * weight + bias
  // with weight/bias (n) or undefined; mean and rstd (rows) get each row's mean and
  // 1 / sqrt(biased variance + eps).
  virtual void layer_norm(const Tensor& x, const Tensor& weight, const Tensor& bias, double eps,
                          const Tensor& y, const Tensor& mean, const Tensor& rstd) = 0;
  // The 2-norm of each row of a contiguous float32/float64 (rows, n) tensor into out (rows),
  // summed in ATen's CPU order for a contiguous last dim (core/kernels/norm2_row.h).
  virtual void norm2_rows(const Tensor& x, const Tensor& out) = 0;
  // out[b] = a[b] @ bm[b] for 3-D a (B,M,K), bm (B,K,N), out (B,M,N) contiguous.
  // a and bm may be any strided views: transposed in their last two dims, strided, or with
  // batch stride 0 (broadcast batch dims); a backend copies what its BLAS can't read.
  // a, bm and out share one dtype. accumulate: out[b] += a[b] @ bm[b] instead (out holds
  // addmm's bias: BLAS's beta = 1, which is where PyTorch's CPU build adds the bias).
  // kind: whether the op is a matrix product or a vector one (dot, mv), which PyTorch's CPU
  // build sums differently (MKL's sgemm against sdot/sgemv) even at the same (1,K) @ (K,1).
  virtual void matmul(const Tensor& a, const Tensor& bm, const Tensor& out, bool accumulate,
                      ProductKind kind) = 0;
  // A dense factorisation of each matrix of a batch (LAPACK's on the CPU); see MatrixJob.
  virtual void factorize(const MatrixJob& job) = 0;
  // Advanced indexing (PyTorch's index kernel): for each element of out,
  // src_offset = sum_k indices[k][i] * indexed_strides[k] over src restrided so the
  // indexed dims have stride 0. Indices are int64, expanded to out's shape; an index
  // outside [-indexed_sizes[k], indexed_sizes[k]) raises IndexError.
  virtual void index(const Tensor& src, const Tensor& out, const std::vector<Tensor>& indices,
                     const Shape& indexed_sizes, const Shape& indexed_strides) = 0;
  // The reverse: dst[...] = values (or += when accumulate), same addressing as index().
  virtual void index_put(const Tensor& dst, const Tensor& values,
                         const std::vector<Tensor>& indices, const Shape& indexed_sizes,
                         const Shape& indexed_strides, bool accumulate) = 0;
  // Coordinates of the nonzero elements: returns an int64 (count, ndim) tensor.
  virtual Tensor nonzero(const Tensor& in) = 0;
};

// The backend whose kernels run on `device` (its memory and the rest: runtime_for,
// device_runtime.h).
Backend& backend_for(Device device);

}  // namespace tp
