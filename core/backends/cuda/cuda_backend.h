// The real GPU backend: one object for every GPU the CUDA runtime reports (cuda:0..N-1).
// Its kernels are the .cu files beside this one, queued on the GPU's current stream; matmul
// goes to cuBLAS. Operands arrive checked by the op layer and all live on the same GPU.
// Each GPU's memory, stream and statistics are its CudaDevice (cuda_device.h).
#pragma once

#include "core/backends/backend.h"

namespace tp {

class CudaBackend final : public Backend {
 public:
  void copy(const Tensor& src, const Tensor& dst) override;                  // cuda_copy.cu
  void fill(const Tensor& dst, Scalar value) override;                       // cuda_copy.cu
  void unary(UnaryOp op, const Tensor& in, const Tensor& out,
             const UnaryArgs& args) override;                                 // cuda_unary.cu
  void binary(BinaryOp op, const Tensor& a, const Tensor& b,
              const Tensor& out) override;                                    // cuda_binary.cu
  void where(const Tensor& cond, const Tensor& a, const Tensor& b,
             const Tensor& out) override;                                     // cuda_binary.cu
  void reduce(ReduceOp op, const Tensor& in, const Tensor& out, const Tensor& indices,
              int64_t correction, int64_t kept_columns) override;              // cuda_reduce.cu
  void scan(ScanOp op, const Tensor& in, const Tensor& out) override;  // cuda_reduce.cu
  void sort(const Tensor& in, const Tensor& values, const Tensor& indices, bool descending) override;  // cuda_reduce.cu
  void select(SelectOp op, const Tensor& in, int64_t k, const Tensor& values, const Tensor& indices) override;  // cuda_select.cu
  void softmax(const Tensor& in, const Tensor& out, bool log) override;      // cuda_reduce.cu
  void layer_norm(const Tensor& x, const Tensor& weight, const Tensor& bias, double eps,
                  const Tensor& y, const Tensor& mean, const Tensor& rstd) override;  // cuda_layer_norm.cu
  void norm2_rows(const Tensor& x, const Tensor& out) override;  // cuda_norm2_rows.cu
  void matmul(const Tensor& a, const Tensor& bm, const Tensor& out, bool accumulate,
              ProductKind kind) override;  // cuda_matmul.cu
  void factorize(const MatrixJob& job) override;  // cuda_factorize.cu
  void index(const Tensor& src, const Tensor& out, const std::vector<Tensor>& indices,
             const Shape& indexed_sizes, const Shape& indexed_strides) override;  // cuda_index.cu
  void index_put(const Tensor& dst, const Tensor& values, const std::vector<Tensor>& indices,
                 const Shape& indexed_sizes, const Shape& indexed_strides,
                 bool accumulate) override;                                   // cuda_index.cu
  Tensor nonzero(const Tensor& in) override;                                  // cuda_index.cu
};

// The backend object (it exists even without a GPU; only use it when one is present).
CudaBackend& cuda_backend();

}  // namespace tp
