// Python indexing x[...] and assignment x[...] = v with PyTorch's semantics: ints, slices,
// None and Ellipsis give views; index tensors and masks ("advanced indexing") gather a copy.
// Mirrors ATen's TensorIndexing.h (get_item / set_item) and TensorAdvancedIndexing.cpp.
#pragma once

#include <optional>
#include <vector>

#include "core/scalar.h"
#include "core/tensor.h"

namespace tp {

// A Python slice start:stop:step; an absent part is nullopt.
struct Slice {
  std::optional<int64_t> start;
  std::optional<int64_t> stop;
  std::optional<int64_t> step;
};

// One item of an index expression x[a, b, ...]. Python lists are turned into int64/bool
// tensors by the caller. A Python bool must go through boolean(): bools are not ints here.
class TensorIndex {
 public:
  enum class Kind { Integer, Slice, None, Ellipsis, Boolean, Tensor };

  TensorIndex(int64_t i) : kind_(Kind::Integer), integer_(i) {}              // NOLINT
  TensorIndex(int i) : kind_(Kind::Integer), integer_(i) {}                  // NOLINT
  TensorIndex(Slice s) : kind_(Kind::Slice), slice_(s) {}                    // NOLINT
  TensorIndex(Tensor t) : kind_(Kind::Tensor), tensor_(std::move(t)) {}      // NOLINT
  TensorIndex(bool) = delete;
  static TensorIndex none() { return TensorIndex(Kind::None); }
  static TensorIndex ellipsis() { return TensorIndex(Kind::Ellipsis); }
  static TensorIndex boolean(bool b) {
    TensorIndex r(Kind::Boolean);
    r.boolean_ = b;
    return r;
  }

  Kind kind() const { return kind_; }
  int64_t integer() const { return integer_; }
  bool boolean_value() const { return boolean_; }
  const Slice& slice() const { return slice_; }
  const Tensor& tensor() const { return tensor_; }

 private:
  explicit TensorIndex(Kind k) : kind_(k) {}
  Kind kind_;
  int64_t integer_ = 0;
  bool boolean_ = false;
  Slice slice_;
  Tensor tensor_;
};

// x[indices]: a view for basic indexing, a new tensor when any index is a tensor.
Tensor index(const Tensor& self, const std::vector<TensorIndex>& indices);
// x[indices] = value: value broadcasts to the indexed shape. Basic indexing writes through
// a view (converting dtype); advanced indexing needs value.dtype == self.dtype, as in PyTorch.
const Tensor& index_put_(const Tensor& self, const std::vector<TensorIndex>& indices,
                         const Tensor& value);
// x[indices] = number: the number is converted to self's dtype first.
const Tensor& index_put_(const Tensor& self, const std::vector<TensorIndex>& indices,
                         Scalar value);

// at::index: indices[d] indexes dim d of self (undefined = the whole dim); int64, int32,
// uint8 or bool tensors, broadcast together.
Tensor advanced_index(const Tensor& self, const std::vector<Tensor>& indices);
// at::index_put_: the reverse of advanced_index; adds instead of writing when accumulate.
const Tensor& advanced_index_put_(const Tensor& self, const std::vector<Tensor>& indices,
                                  const Tensor& values, bool accumulate);

}  // namespace tp
