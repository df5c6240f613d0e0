// Tensor: a strided view (sizes, strides, offset, dtype) over a shared Storage.
// Copying a Tensor copies the handle; views share storage, as in PyTorch.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/device.h"
#include "core/dtype.h"
#include "core/storage.h"

namespace tp {

using Shape = std::vector<int64_t>;

struct AutogradMeta;  // defined by core/autograd
struct TensorImpl;

struct TensorOptions {
  DType dtype = DType::Float32;
  Device device = Device::cpu();

  TensorOptions() = default;
  TensorOptions(DType t) : dtype(t) {}  // NOLINT: lets callers pass a bare dtype
  TensorOptions(DType t, Device d) : dtype(t), device(d) {}
  TensorOptions with_device(Device d) const { return {dtype, d}; }
};

// How a view was made, for autograd's checks on in-place writes through it (PyTorch's
// CreationMeta): a piece of split/unbind, or a view made under no_grad, may not be written in
// place while a gradient is being recorded.
enum class ViewCreation : uint8_t { Default, MultiOutput, NoGradMode };

// What a view remembers of the tensor it looks into, so that autograd can route an in-place
// write through the view into the base's history (PyTorch's DifferentiableViewMeta).
struct ViewInfo {
  std::shared_ptr<TensorImpl> base;  // the root base (never itself a view); null: not a view
  ViewCreation creation = ViewCreation::Default;
  // The version counter's value when the view's grad_fn was last made: a write through the
  // base or another view since then makes it stale (core/autograd/view_inplace.cpp).
  uint64_t grad_fn_version = 0;
};

struct TensorImpl {
  std::shared_ptr<Storage> storage;
  Shape sizes;
  Shape strides;  // in elements
  int64_t offset = 0;  // in elements
  DType dtype = DType::Float32;
  bool wrapped_number = false;  // a Python number turned into a 0-dim tensor
  // PyTorch's conjugate bit: a complex tensor whose elements read as the conjugates of its
  // storage's (x.conj() is such a view; core/ops/complex.h resolves it).
  bool conj = false;
  // PyTorch's version counter: bumped by each in-place write, so a backward pass can tell
  // that a tensor it saved was changed since. Shared by every view and detach() of a tensor;
  // `.data` and new tensors over the same storage start their own.
  std::shared_ptr<uint64_t> version = std::make_shared<uint64_t>(0);
  std::shared_ptr<AutogradMeta> autograd;
  ViewInfo view;
};

class Tensor {
 public:
  Tensor() = default;
  explicit Tensor(std::shared_ptr<TensorImpl> impl) : impl_(std::move(impl)) {}

  bool defined() const { return impl_ != nullptr; }
  TensorImpl* impl() const { return impl_.get(); }
  const std::shared_ptr<TensorImpl>& impl_ptr() const { return impl_; }
  bool is_same(const Tensor& o) const { return impl_ == o.impl_; }

  DType dtype() const { return impl_->dtype; }
  Device device() const { return impl_->storage->device(); }
  const Shape& sizes() const { return impl_->sizes; }
  const Shape& strides() const { return impl_->strides; }
  int64_t dim() const { return static_cast<int64_t>(impl_->sizes.size()); }
  // size(d) and stride(d) accept negative dims; a bad dim raises IndexError.
  int64_t size(int64_t d) const;
  int64_t stride(int64_t d) const;
  int64_t numel() const;
  int64_t storage_offset() const { return impl_->offset; }
  size_t element_size() const { return itemsize(impl_->dtype); }
  size_t nbytes() const { return static_cast<size_t>(numel()) * element_size(); }
  bool is_contiguous() const;
  bool is_wrapped_number() const { return impl_->wrapped_number; }
  bool is_conj() const { return impl_->conj; }
  const std::shared_ptr<Storage>& storage() const { return impl_->storage; }
  uint64_t version() const { return *impl_->version; }
  void bump_version() const { ++*impl_->version; }

  // Address of element [0, 0, ...] (may be device memory).
  void* data_ptr() const {
    return static_cast<char*>(impl_->storage->data()) + impl_->offset * element_size();
  }
  template <typename T>
  T* data() const {
    return static_cast<T*>(data_ptr());
  }

  // A new tensor over the same storage (no autograd history, not a view to autograd).
  Tensor as_strided(Shape sizes, Shape strides, int64_t offset) const;
  // A view of this tensor, as PyTorch's view ops make: over the same storage, with ._base the
  // root base, so that an in-place write through it reaches the base's autograd history.
  Tensor view_of(Shape sizes, Shape strides, int64_t offset) const;
  bool is_view() const { return impl_->view.base != nullptr; }
  Tensor view_base() const { return Tensor(impl_->view.base); }

  // Autograd state; filled in by core/autograd (false / empty until then).
  bool requires_grad() const;
  std::string grad_fn_name() const;

 private:
  std::shared_ptr<TensorImpl> impl_;
};

// Row-major strides for `sizes`.
Shape contiguous_strides(const Shape& sizes);
int64_t shape_numel(const Shape& sizes);
// How many storage elements a geometry reaches (0 when it has no elements).
int64_t storage_extent(const Shape& sizes, const Shape& strides, int64_t offset);
// "[2, 3]" as PyTorch prints a size list in messages.
std::string shape_str(const Shape& sizes);

// PyTorch's legacy type string used in some messages: "torch.FloatTensor", "torch.cuda.LongTensor".
std::string legacy_type_str(const Tensor& t);

// Wraps a possibly negative dim into [0, ndim); raises PyTorch's IndexError text.
int64_t wrap_dim(int64_t dim, int64_t ndim);

// Uninitialised tensor (torch.empty) on any device.
Tensor empty(const Shape& sizes, TensorOptions options = {});
// A tensor over a storage made elsewhere (pinned host memory, a numpy array's buffer).
Tensor tensor_over(std::shared_ptr<Storage> storage, Shape sizes, Shape strides, DType dtype);

}  // namespace tp
