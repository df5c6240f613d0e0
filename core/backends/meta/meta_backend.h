// The meta device's backend: tensors with shapes, dtypes and strides but no data, so a model
// of any size can be built and run to see the shapes it produces (PyTorch's device='meta').
// Ops check and shape their results as on any device; the kernels here compute nothing.
// Its memory (none) is the meta device's face (meta_device.h).
#pragma once

#include "core/backends/backend.h"

namespace tp {

class MetaBackend final : public Backend {
 public:
  void copy(const Tensor&, const Tensor&) override {}
  void fill(const Tensor&, Scalar) override {}
  void unary(UnaryOp, const Tensor&, const Tensor&, const UnaryArgs&) override {}
  void binary(BinaryOp, const Tensor&, const Tensor&, const Tensor&) override {}
  void where(const Tensor&, const Tensor&, const Tensor&, const Tensor&) override {}
  void reduce(ReduceOp, const Tensor&, const Tensor&, const Tensor&, int64_t, int64_t) override {}
  void scan(ScanOp, const Tensor&, const Tensor&) override {}
  void sort(const Tensor&, const Tensor&, const Tensor&, bool) override {}
  void select(SelectOp, const Tensor&, int64_t, const Tensor&, const Tensor&) override {}
  void softmax(const Tensor&, const Tensor&, bool) override {}
  void layer_norm(const Tensor&, const Tensor&, const Tensor&, double, const Tensor&, const Tensor&,
                  const Tensor&) override {}
  void norm2_rows(const Tensor&, const Tensor&) override {}
  void matmul(const Tensor&, const Tensor&, const Tensor&, bool, ProductKind) override {}
  void factorize(const MatrixJob&) override {}
  void index(const Tensor&, const Tensor&, const std::vector<Tensor>&, const Shape&, const Shape&) override {}
  void index_put(const Tensor&, const Tensor&, const std::vector<Tensor>&, const Shape&, const Shape&,
                 bool) override {}
  // The count of nonzeros depends on the data: PyTorch's meta kernel refuses too.
  Tensor nonzero(const Tensor& in) override;
};

MetaBackend& meta_backend();

}  // namespace tp
