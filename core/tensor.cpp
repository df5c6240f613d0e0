// Tensor metadata helpers and the allocation of new tensors.
#include "core/tensor.h"

#include <cstring>
#include <limits>

#include "core/autograd/autograd.h"
#include "core/autograd/meta.h"
#include "core/autograd/node.h"
#include "core/backends/device_runtime.h"
#include "core/device_registry.h"
#include "core/error.h"

namespace tp {

int64_t wrap_dim(int64_t dim, int64_t ndim) {
  int64_t n = ndim <= 0 ? 1 : ndim;  // a 0-dim tensor accepts dims -1 and 0
  int64_t lo = -n, hi = n - 1;
  TP_CHECK(dim >= lo && dim <= hi, IndexError, "Dimension out of range (expected to be in range of [",
           lo, ", ", hi, "], but got ", dim, ")");
  return dim < 0 ? dim + n : dim;
}

int64_t Tensor::size(int64_t d) const {
  if (dim() == 0) wrap_dim(d, 0);  // raises for anything but -1/0
  TP_CHECK(dim() > 0, IndexError, "dimension specified as ", d, " but tensor has no dimensions");
  return impl_->sizes[wrap_dim(d, dim())];
}

int64_t Tensor::stride(int64_t d) const {
  TP_CHECK(dim() > 0, IndexError, "dimension specified as ", d, " but tensor has no dimensions");
  return impl_->strides[wrap_dim(d, dim())];
}

int64_t Tensor::numel() const { return shape_numel(impl_->sizes); }

bool Tensor::is_contiguous() const {
  // PyTorch ignores strides of size-1 dims; an empty tensor is contiguous (checked first:
  // its other dims may be huge).
  for (int64_t n : impl_->sizes) {
    if (n == 0) return true;
  }
  int64_t expected = 1;
  for (int64_t d = dim() - 1; d >= 0; --d) {
    int64_t n = impl_->sizes[d];
    if (n != 1) {
      if (impl_->strides[d] != expected) return false;
      expected *= n;
    }
  }
  return true;
}

Tensor Tensor::as_strided(Shape sizes, Shape strides, int64_t offset) const {
  // c10's safe_compute_numel, run whenever a tensor's sizes are set: a negative size
  // (which expand allows in a new leading dim) counts as a product past int64.
  uint64_t numel = 1;
  bool overflowed = false;
  for (int64_t s : sizes) overflowed |= __builtin_mul_overflow(numel, static_cast<uint64_t>(s), &numel);
  TP_CHECK(!overflowed && numel <= static_cast<uint64_t>(std::numeric_limits<int64_t>::max()),
           RuntimeError, "numel: integer multiplication overflow");
  auto impl = std::make_shared<TensorImpl>();
  impl->storage = impl_->storage;
  impl->sizes = std::move(sizes);
  impl->strides = std::move(strides);
  impl->offset = offset;
  impl->dtype = impl_->dtype;
  impl->conj = impl_->conj;
  impl->version = impl_->version;
  return Tensor(std::move(impl));
}

Tensor Tensor::view_of(Shape sizes, Shape strides, int64_t offset) const {
  Tensor out = as_strided(std::move(sizes), std::move(strides), offset);
  ViewInfo& view = out.impl()->view;
  view.base = is_view() ? impl_->view.base : impl_;
  // PyTorch's propagate_creation_meta: a view of a restricted view stays restricted.
  const bool grad_mode = autograd::grad_enabled() || autograd::in_recorded_forward();
  view.creation = grad_mode ? impl_->view.creation : ViewCreation::NoGradMode;
  view.grad_fn_version = version();
  return out;
}

// PyTorch's DifferentiableViewMeta::requires_grad: a view of a base that requires grad does,
// even one made under no_grad (which then has no grad_fn).
bool Tensor::requires_grad() const {
  auto own = [](const TensorImpl* impl) {
    const AutogradMeta* m = impl->autograd.get();
    return m && (m->requires_grad || m->grad_fn);
  };
  // The base is a root (never a view itself): its own flag and history say it all.
  return own(impl_.get()) || (is_view() && own(impl_->view.base.get()));
}

std::string Tensor::grad_fn_name() const {
  const std::shared_ptr<Node>& fn = autograd::grad_fn(*this);
  return fn ? fn->class_name() : "";
}

Shape contiguous_strides(const Shape& sizes) {
  Shape strides(sizes.size());
  int64_t s = 1;
  for (size_t i = sizes.size(); i-- > 0;) {
    strides[i] = s;
    // ATen refuses strides past int64, even for an empty tensor (size 0 counts as 1 here).
    if (i > 0) {
      TP_CHECK(!__builtin_mul_overflow(s, sizes[i] > 0 ? sizes[i] : int64_t{1}, &s), RuntimeError,
               "Stride calculation overflowed");
    }
  }
  return strides;
}

int64_t shape_numel(const Shape& sizes) {
  uint64_t n = 1;  // wrapping: a shape whose product passes int64 holds no storage anyway
  for (int64_t s : sizes) n *= static_cast<uint64_t>(s);
  return static_cast<int64_t>(n);
}

int64_t storage_extent(const Shape& sizes, const Shape& strides, int64_t offset) {
  if (shape_numel(sizes) == 0) return 0;
  int64_t last = offset;
  for (size_t d = 0; d < sizes.size(); ++d) last += (sizes[d] - 1) * strides[d];
  return last + 1;
}

std::string shape_str(const Shape& sizes) {
  std::string s = "[";
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (i) s += ", ";
    s += std::to_string(sizes[i]);
  }
  return s + "]";
}

std::string legacy_type_str(const Tensor& t) {
  std::string s = "torch.";
  if (t.device().type == DeviceType::CUDA) s += "cuda.";
  if (t.device().type == DeviceType::MPS) s += "mps.";
  return s + dtype_legacy_name(t.dtype()) + "Tensor";
}

namespace {

// c10's computeStorageNbytesContiguous: the bytes a contiguous tensor of `sizes` needs, refused
// when they overflow or pass the largest int64 (an empty tensor needs none, whatever else).
size_t contiguous_nbytes(const Shape& sizes, DType dtype) {
  uint64_t bytes = static_cast<uint64_t>(itemsize(dtype));
  bool overflowed = false;
  for (int64_t s : sizes) {
    if (s == 0) return 0;
    overflowed |= __builtin_mul_overflow(bytes, static_cast<uint64_t>(s), &bytes);
  }
  overflowed |= bytes > static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
  TP_CHECK(!overflowed, RuntimeError, "Storage size calculation overflowed with sizes=", shape_str(sizes));
  if constexpr (sizeof(size_t) < sizeof(uint64_t)) {  // a 32-bit address space: the web build's wasm32
    TP_CHECK(bytes <= std::numeric_limits<size_t>::max(), RuntimeError, "a tensor of ", bytes,
             " bytes is more than tensorplay's web build can address (4 GiB): the native build can try it");
  }
  return static_cast<size_t>(bytes);
}

}  // namespace

Tensor empty(const Shape& sizes, TensorOptions options) {
  for (int64_t s : sizes) {
    TP_CHECK(s >= 0, RuntimeError, "Trying to create tensor with negative dimension ", s, ": ",
             shape_str(sizes));
  }
  // 'cuda' means the current device; a missing ordinal or device raises PyTorch's text.
  Device device = resolve_device(options.device);
  const size_t nbytes = contiguous_nbytes(sizes, options.dtype);
  auto storage = std::make_shared<Storage>(nbytes, device);
  // A bool byte other than 0 or 1 is undefined behaviour for every kernel that reads it (C++
  // may turn it into 255.0); PyTorch reads bools through c10::load instead. Host memory (cpu
  // and the simulator's) starts as False here; a real GPU's kernels read bytes, not bools, and
  // a meta tensor has no bytes.
  if (options.dtype == DType::Bool && nbytes > 0 && runtime_for(device).host_addressable()) {
    std::memset(storage->data(), 0, nbytes);
  }
  return tensor_over(std::move(storage), sizes, contiguous_strides(sizes), options.dtype);
}

Tensor tensor_over(std::shared_ptr<Storage> storage, Shape sizes, Shape strides, DType dtype) {
  auto impl = std::make_shared<TensorImpl>();
  impl->storage = std::move(storage);
  impl->sizes = std::move(sizes);
  impl->strides = std::move(strides);
  impl->dtype = dtype;
  return Tensor(std::move(impl));
}

}  // namespace tp
