// The CPU backend: plain-loop kernels, matmul in PyTorch's order (float64: OpenBLAS). Its
// kernels are the reference every other backend is checked against. Host memory is the
// CPU's device face (cpu_device.h).
#pragma once

#include "core/backends/backend.h"

namespace tp {

class CpuBackend final : public Backend {
 public:
  void copy(const Tensor& src, const Tensor& dst) override;                  // cpu_copy.cpp
  void fill(const Tensor& dst, Scalar value) override;                       // cpu_copy.cpp
  void unary(UnaryOp op, const Tensor& in, const Tensor& out,
             const UnaryArgs& args) override;                                 // cpu_unary.cpp
  void binary(BinaryOp op, const Tensor& a, const Tensor& b,
              const Tensor& out) override;                                    // cpu_binary.cpp
  void where(const Tensor& cond, const Tensor& a, const Tensor& b,
             const Tensor& out) override;                                     // cpu_binary.cpp
  void reduce(ReduceOp op, const Tensor& in, const Tensor& out, const Tensor& indices,
              int64_t correction, int64_t kept_columns) override;              // cpu_reduce.cpp
  void scan(ScanOp op, const Tensor& in, const Tensor& out) override;  // cpu_reduce.cpp
  void sort(const Tensor& in, const Tensor& values, const Tensor& indices, bool descending) override;  // cpu_reduce.cpp
  void select(SelectOp op, const Tensor& in, int64_t k, const Tensor& values, const Tensor& indices) override;  // cpu_select.cpp
  void softmax(const Tensor& in, const Tensor& out, bool log) override;      // cpu_reduce.cpp
  void layer_norm(const Tensor& x, const Tensor& weight, const Tensor& bias, double eps,
                  const Tensor& y, const Tensor& mean, const Tensor& rstd) override;  // cpu_layer_norm.cpp
  void norm2_rows(const Tensor& x, const Tensor& out) override;  // cpu_norm2_rows.cpp
  void matmul(const Tensor& a, const Tensor& bm, const Tensor& out, bool accumulate,
              ProductKind kind) override;  // cpu_matmul.cpp
  void factorize(const MatrixJob& job) override;  // cpu_factorize.cpp
  void index(const Tensor& src, const Tensor& out, const std::vector<Tensor>& indices,
             const Shape& indexed_sizes, const Shape& indexed_strides) override;  // cpu_index.cpp
  void index_put(const Tensor& dst, const Tensor& values, const std::vector<Tensor>& indices,
                 const Shape& indexed_sizes, const Shape& indexed_strides,
                 bool accumulate) override;                                   // cpu_index.cpp
  Tensor nonzero(const Tensor& in) override;                                  // cpu_index.cpp
};

CpuBackend& cpu_backend();

}  // namespace tp
