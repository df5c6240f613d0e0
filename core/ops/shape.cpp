// Shape and view ops. Views are as_strided handles on the base's storage; only reshape
// of an incompatible layout and cat/stack copy. Sources: ATen TensorShape.cpp,
// TensorUtils.cpp (computeStride), InferSize.h (infer_size).
#include "core/ops/shape.h"

#include <algorithm>
#include <functional>
#include <limits>
#include <new>

#include "core/autograd/autograd.h"
#include "core/autograd/formulas.h"
#include "core/backends/backend.h"
#include "core/error.h"
#include "core/ops/broadcast.h"
#include "core/ops/copy.h"
#include "core/ops/device_check.h"

namespace tp {

namespace {

// The strides that let `new_shape` view memory laid out as (old_shape, old_stride), or
// nullopt when some new dim would span two non-contiguous chunks (ATen computeStride).
std::optional<Shape> compute_stride(const Shape& old_shape, const Shape& old_stride,
                                    const Shape& new_shape) {
  if (old_shape.empty()) return Shape(new_shape.size(), 1);
  int64_t numel = shape_numel(old_shape);
  if (numel == 0 && old_shape == new_shape) return old_stride;
  Shape new_stride(new_shape.size());
  if (numel == 0) {
    for (int64_t d = static_cast<int64_t>(new_shape.size()) - 1; d >= 0; --d) {
      if (d == static_cast<int64_t>(new_shape.size()) - 1) {
        new_stride[d] = 1;
      } else {
        TP_CHECK(!__builtin_mul_overflow(std::max<int64_t>(new_shape[d + 1], 1), new_stride[d + 1], &new_stride[d]),
                 RuntimeError, "Stride calculation overflowed");
      }
    }
    return new_stride;
  }
  // Walk old dims from the back, grouping them into chunks that are contiguous with each
  // other; each chunk must be covered exactly by a run of new dims.
  int64_t view_d = static_cast<int64_t>(new_shape.size()) - 1;
  int64_t chunk_base_stride = old_stride.back();
  int64_t tensor_numel = 1;
  int64_t view_numel = 1;
  for (int64_t tensor_d = static_cast<int64_t>(old_shape.size()) - 1; tensor_d >= 0; --tensor_d) {
    tensor_numel *= old_shape[tensor_d];
    bool chunk_ends = tensor_d == 0 || (old_shape[tensor_d - 1] != 1 &&
                                        old_stride[tensor_d - 1] != tensor_numel * chunk_base_stride);
    if (!chunk_ends) continue;
    while (view_d >= 0 && (view_numel < tensor_numel || new_shape[view_d] == 1)) {
      new_stride[view_d] = view_numel * chunk_base_stride;
      view_numel *= new_shape[view_d];
      --view_d;
    }
    if (view_numel != tensor_numel) return std::nullopt;
    if (tensor_d > 0) {
      chunk_base_stride = old_stride[tensor_d - 1];
      tensor_numel = 1;
      view_numel = 1;
    }
  }
  if (view_d != -1) return std::nullopt;
  return new_stride;
}

}  // namespace

Shape infer_size(const Shape& shape, int64_t numel) {
  int64_t new_size = 1;
  std::optional<size_t> infer_dim;
  for (size_t d = 0; d < shape.size(); ++d) {
    if (shape[d] == -1) {
      TP_CHECK(!infer_dim, RuntimeError, "only one dimension can be inferred");
      infer_dim = d;
    } else if (shape[d] >= 0) {
      // Wrapping, as ATen's product does: a product past int64 then matches no numel.
      new_size = static_cast<int64_t>(static_cast<uint64_t>(new_size) * static_cast<uint64_t>(shape[d]));
    } else {
      fail(ErrorKind::RuntimeError, "invalid shape dimension ", shape[d], " at index ", d,
           " of shape ", shape_str(shape));
    }
  }
  Shape result = shape;
  if (numel == new_size || (infer_dim && new_size > 0 && numel % new_size == 0)) {
    if (infer_dim) {
      TP_CHECK(new_size != 0, RuntimeError, "cannot reshape tensor of 0 elements into shape ",
               shape_str(shape),
               " because the unspecified dimension size -1 can be any value and is ambiguous");
      result[*infer_dim] = numel / new_size;
    }
    return result;
  }
  fail(ErrorKind::RuntimeError, "shape '", shape_str(shape), "' is invalid for input of size ",
       numel);
}

// The strides of `self` seen with `shape`, as view() checks them.
static std::pair<Shape, Shape> view_geometry(const Tensor& self, const Shape& shape) {
  Shape sizes = infer_size(shape, self.numel());
  std::optional<Shape> strides = compute_stride(self.sizes(), self.strides(), sizes);
  TP_CHECK(strides.has_value(), RuntimeError,
           "view size is not compatible with input tensor's size and stride (at least one "
           "dimension spans across two contiguous subspaces). Use .reshape(...) instead.");
  return {std::move(sizes), std::move(*strides)};
}

static Tensor view_impl(const Tensor& self, const Shape& shape) {
  auto [sizes, strides] = view_geometry(self, shape);
  return self.view_of(std::move(sizes), std::move(strides), self.storage_offset());
}

static Tensor alias_impl(const Tensor& self) {
  return self.view_of(self.sizes(), self.strides(), self.storage_offset());
}

Tensor flatten(const Tensor& self, int64_t start_dim, int64_t end_dim) {
  start_dim = wrap_dim(start_dim, self.dim());
  end_dim = wrap_dim(end_dim, self.dim());
  TP_CHECK(start_dim <= end_dim, RuntimeError,
           "flatten() has invalid args: start_dim cannot come after end_dim");
  if (self.dim() == 0) return reshape(self, {1});
  if (start_dim == end_dim) return self;
  Shape shape;
  int64_t flat = 1;
  for (int64_t d = 0; d < self.dim(); ++d) {
    if (d < start_dim || d > end_dim) {
      shape.push_back(self.sizes()[d]);
    } else {
      // Wrapping as ATen's int64 product does, so an absurd size is reshape's error for the
      // wrapped number (a (2, 2**63 - 1) view flattens to "invalid shape dimension -2").
      flat = static_cast<int64_t>(static_cast<uint64_t>(flat) * static_cast<uint64_t>(self.sizes()[d]));
      if (d == end_dim) shape.push_back(flat);
    }
  }
  return reshape(self, shape);
}

Tensor unflatten(const Tensor& self, int64_t dim, const Shape& sizes) {
  TP_CHECK(!sizes.empty(), RuntimeError, "unflatten: sizes must be non-empty");
  dim = wrap_dim(dim, self.dim());
  // A 0-dim tensor passes the wrap (as a one-dim one would) but has no size to split.
  TP_CHECK(self.dim() > 0, RuntimeError,
           "unflatten got an unexpected error:\nDimension specified as 0 but tensor has no dimensions");
  Shape inferred = sizes;
  if (std::find(sizes.begin(), sizes.end(), -1) != sizes.end()) {
    try {
      inferred = infer_size(sizes, self.sizes()[dim]);
    } catch (const TorchError& e) {
      fail(ErrorKind::RuntimeError, "unflatten got an unexpected error:\n", e.what());
    }
  } else {
    TP_CHECK(shape_numel(sizes) == self.sizes()[dim], RuntimeError, "unflatten: Provided sizes ",
             shape_str(sizes), " don't multiply up to the size of dim ", dim, " (",
             self.sizes()[dim], ") in the input tensor");
  }
  Shape shape(self.sizes().begin(), self.sizes().begin() + dim);
  shape.insert(shape.end(), inferred.begin(), inferred.end());
  shape.insert(shape.end(), self.sizes().begin() + dim + 1, self.sizes().end());
  return view(self, shape);
}

static Tensor transpose_impl(const Tensor& self, int64_t dim0, int64_t dim1) {
  dim0 = wrap_dim(dim0, self.dim());
  dim1 = wrap_dim(dim1, self.dim());
  Shape sizes = self.sizes(), strides = self.strides();
  if (self.dim() > 0) {
    std::swap(sizes[dim0], sizes[dim1]);
    std::swap(strides[dim0], strides[dim1]);
  }
  return self.view_of(sizes, strides, self.storage_offset());
}

Tensor swapaxes(const Tensor& self, int64_t axis0, int64_t axis1) {
  return transpose(self, axis0, axis1);
}

static Tensor t_impl(const Tensor& self) {
  TP_CHECK(self.dim() <= 2, RuntimeError, "t() expects a tensor with <= 2 dimensions, but self is ",
           self.dim(), "D");
  if (self.dim() < 2) return alias(self);
  return transpose(self, 0, 1);
}

Tensor tensor_T(const Tensor& self) {
  Shape dims(self.dim());
  for (int64_t d = 0; d < self.dim(); ++d) dims[d] = self.dim() - 1 - d;
  return permute(self, dims);
}

Tensor tensor_mT(const Tensor& self) {
  TP_CHECK(self.dim() >= 2, RuntimeError,
           "tensor.mT is only supported on matrices or batches of matrices. Got ", self.dim(),
           "-D tensor.");
  return transpose(self, -2, -1);
}

static Tensor permute_impl(const Tensor& self, const Shape& dims) {
  int64_t ndim = self.dim();
  // The "(sparse_coo)" is in PyTorch's text for dense tensors too.
  TP_CHECK(static_cast<int64_t>(dims.size()) == ndim, RuntimeError,
           "permute(sparse_coo): number of dimensions in the tensor input does not match the "
           "length of the desired ordering of dimensions i.e. input.dim() = ",
           ndim, " is not equal to len(dims) = ", dims.size());
  Shape sizes(ndim), strides(ndim);
  std::vector<bool> seen(ndim, false);
  for (int64_t i = 0; i < ndim; ++i) {
    int64_t d = wrap_dim(dims[i], ndim);
    TP_CHECK(!seen[d], RuntimeError, "permute(): duplicate dims are not allowed.");
    seen[d] = true;
    sizes[i] = self.sizes()[d];
    strides[i] = self.strides()[d];
  }
  return self.view_of(sizes, strides, self.storage_offset());
}

Tensor movedim(const Tensor& self, const Shape& source, const Shape& destination) {
  int64_t ndim = self.dim();
  TP_CHECK(source.size() == destination.size(), RuntimeError,
           "movedim: Invalid source or destination dims: source (", shape_str(source),
           " dims) should contain the same number of dims as destination (",
           shape_str(destination), " dims)");
  Shape src(source.size()), dst(destination.size());
  for (size_t i = 0; i < source.size(); ++i) {
    src[i] = wrap_dim(source[i], ndim);
    dst[i] = wrap_dim(destination[i], ndim);
  }
  auto all_unique = [](Shape v) {
    std::sort(v.begin(), v.end());
    return std::adjacent_find(v.begin(), v.end()) == v.end();
  };
  TP_CHECK(all_unique(src), RuntimeError, "movedim: repeated dim in `source` (",
           shape_str(source), ")");
  TP_CHECK(all_unique(dst), RuntimeError, "movedim: repeated dim in `destination` (",
           shape_str(destination), ")");
  if (ndim <= 1) return alias(self);
  // order[new position] = old dim: listed dims first, then the rest fill the gaps in order.
  Shape order(ndim, -1);
  std::vector<bool> used_src(ndim, false);
  for (size_t i = 0; i < src.size(); ++i) {
    order[dst[i]] = src[i];
    used_src[src[i]] = true;
  }
  int64_t next_src = 0;
  for (int64_t pos = 0; pos < ndim; ++pos) {
    if (order[pos] != -1) continue;
    while (used_src[next_src]) ++next_src;
    order[pos] = next_src++;
  }
  return permute(self, order);
}

static Tensor squeeze_impl(const Tensor& self) {
  Shape sizes, strides;
  for (int64_t d = 0; d < self.dim(); ++d) {
    if (self.sizes()[d] == 1) continue;
    sizes.push_back(self.sizes()[d]);
    strides.push_back(self.strides()[d]);
  }
  return self.view_of(sizes, strides, self.storage_offset());
}


static Tensor squeeze_dims_impl(const Tensor& self, const Shape& dims) {
  int64_t ndim = self.dim();
  std::vector<bool> listed(std::max<int64_t>(ndim, 1), false);
  for (int64_t d : dims) {
    int64_t w = wrap_dim(d, ndim);
    TP_CHECK(!listed[w], RuntimeError, "dim ", w, " appears multiple times in the list of dims");
    listed[w] = true;
  }
  Shape sizes, strides;
  for (int64_t d = 0; d < ndim; ++d) {
    if (listed[d] && self.sizes()[d] == 1) continue;
    sizes.push_back(self.sizes()[d]);
    strides.push_back(self.strides()[d]);
  }
  return self.view_of(sizes, strides, self.storage_offset());
}

static Tensor unsqueeze_impl(const Tensor& self, int64_t dim) {
  dim = wrap_dim(dim, self.dim() + 1);
  Shape sizes = self.sizes(), strides = self.strides();
  // The new dim's stride is what a contiguous layout would give it (ATen inferUnsqueezeGeometry).
  int64_t stride = dim >= self.dim() ? 1 : sizes[dim] * strides[dim];
  sizes.insert(sizes.begin() + dim, 1);
  strides.insert(strides.begin() + dim, stride);
  return self.view_of(sizes, strides, self.storage_offset());
}

static Tensor expand_impl(const Tensor& self, const Shape& sizes) {
  Tensor out = expand_to(self, sizes);
  return self.view_of(out.sizes(), out.strides(), out.storage_offset());
}

Tensor expand_as(const Tensor& self, const Tensor& other) { return expand(self, other.sizes()); }

Tensor narrow(const Tensor& self, int64_t dim, int64_t start, int64_t length) {
  TP_CHECK(self.dim() > 0, RuntimeError, "narrow() cannot be applied to a 0-dim tensor.");
  TP_CHECK(length >= 0, RuntimeError, "narrow(): length must be non-negative.");
  dim = wrap_dim(dim, self.dim());
  int64_t cur_size = self.sizes()[dim];
  TP_CHECK(-cur_size <= start && start <= cur_size, IndexError,
           "start out of range (expected to be in range of [", -cur_size, ", ", cur_size,
           "], but got ", start, ")");
  if (start < 0) start += cur_size;
  TP_CHECK(start <= cur_size - length, RuntimeError, "start (", start, ") + length (", length,
           ") exceeds dimension size (", cur_size, ").");
  return slice(self, dim, start, start + length, 1);
}

static Tensor select_impl(const Tensor& self, int64_t dim, int64_t index) {
  TP_CHECK(self.dim() != 0, IndexError, "select() cannot be applied to a 0-dim tensor.");
  dim = wrap_dim(dim, self.dim());
  int64_t size = self.sizes()[dim];
  TP_CHECK(index >= -size && index < size, IndexError, "select(): index ", index,
           " out of range for tensor of size ", shape_str(self.sizes()), " at dimension ", dim);
  if (index < 0) index += size;
  Shape sizes = self.sizes(), strides = self.strides();
  int64_t offset = self.storage_offset() + index * strides[dim];
  sizes.erase(sizes.begin() + dim);
  strides.erase(strides.begin() + dim);
  return self.view_of(sizes, strides, offset);
}

static Tensor slice_impl(const Tensor& self, int64_t dim, std::optional<int64_t> start_opt,
             std::optional<int64_t> end_opt, int64_t step) {
  TP_CHECK(self.dim() != 0, IndexError, "slice() cannot be applied to a 0-dim tensor.");
  dim = wrap_dim(dim, self.dim());
  TP_CHECK(step > 0, RuntimeError, "slice step must be positive");
  int64_t size = self.sizes()[dim];
  int64_t start = start_opt.value_or(0);
  int64_t end = end_opt.value_or(std::numeric_limits<int64_t>::max());
  // Python's clamping: negative bounds count from the end, then both clamp into [0, size].
  if (start < 0) start += size;
  if (end < 0) end += size;
  if (start < 0) start = 0;
  else if (start >= size) start = size;
  if (end < start) end = start;
  else if (end >= size) end = size;
  Shape sizes = self.sizes(), strides = self.strides();
  int64_t offset = self.storage_offset() + start * strides[dim];
  sizes[dim] = (end - start + step - 1) / step;
  strides[dim] *= step;
  return self.view_of(sizes, strides, offset);
}

static Tensor cat_impl(const std::vector<Tensor>& tensors, int64_t dim) {
  TP_CHECK(!tensors.empty(), ValueError, "torch.cat(): expected a non-empty list of Tensors");
  for (size_t i = 1; i < tensors.size(); ++i) {
    check_same_device_args("cat", {{"tensors", &tensors[0]}, {"tensors", &tensors[i]}});
  }
  DType out_dtype = tensors[0].dtype();
  for (const Tensor& t : tensors) out_dtype = promote_types(out_dtype, t.dtype());
  for (size_t i = 0; i < tensors.size(); ++i) {
    TP_CHECK(tensors[i].dim() > 0, RuntimeError, "zero-dimensional tensor (at position ", i,
             ") cannot be concatenated");
  }
  // 1-D empty tensors are skipped entirely: a legacy rule PyTorch keeps for compatibility.
  auto skipped = [](const Tensor& t) { return t.dim() == 1 && t.numel() == 0; };
  const Tensor* ref = nullptr;
  for (const Tensor& t : tensors) {
    if (!skipped(t)) {
      ref = &t;
      break;
    }
  }
  if (!ref) return empty({0}, TensorOptions(out_dtype, tensors[0].device()));
  dim = wrap_dim(dim, ref->dim());
  int64_t cat_size = 0;
  for (size_t i = 0; i < tensors.size(); ++i) {
    const Tensor& t = tensors[i];
    if (skipped(t)) continue;
    TP_CHECK(t.dim() == ref->dim(), RuntimeError,
             "Tensors must have same number of dimensions: got ", ref->dim(), " and ", t.dim());
    for (int64_t d = 0; d < ref->dim(); ++d) {
      if (d == dim) continue;
      TP_CHECK(t.sizes()[d] == ref->sizes()[d], RuntimeError,
               "Sizes of tensors must match except in dimension ", dim, ". Expected size ",
               ref->sizes()[d], " but got size ", t.sizes()[d], " for tensor number ", i,
               " in the list.");
    }
    cat_size += t.sizes()[dim];
  }
  Shape out_shape = ref->sizes();
  out_shape[dim] = cat_size;
  Tensor out = empty(out_shape, TensorOptions(out_dtype, ref->device()));
  // Each input is copied (and converted) into its slab of the output.
  int64_t at = 0;
  for (const Tensor& t : tensors) {
    if (skipped(t)) continue;
    int64_t n = t.sizes()[dim];
    if (n > 0) copy_(narrow(out, dim, at, n), t);
    at += n;
  }
  return out;
}

static Tensor stack_impl(const std::vector<Tensor>& tensors, int64_t dim) {
  TP_CHECK(!tensors.empty(), RuntimeError, "stack expects a non-empty TensorList");
  dim = wrap_dim(dim, tensors[0].dim() + 1);
  for (size_t i = 1; i < tensors.size(); ++i) {
    TP_CHECK(tensors[i].sizes() == tensors[0].sizes(), RuntimeError,
             "stack expects each tensor to be equal size, but got ", shape_str(tensors[0].sizes()),
             " at entry 0 and ", shape_str(tensors[i].sizes()), " at entry ", i);
  }
  std::vector<Tensor> inputs;
  for (const Tensor& t : tensors) inputs.push_back(unsqueeze(t, dim));
  return cat(inputs, dim);
}

std::vector<Tensor> chunk(const Tensor& self, int64_t chunks, int64_t dim) {
  TP_CHECK(self.dim() > 0, RuntimeError, "chunk expects at least a 1-dimensional tensor");
  TP_CHECK(chunks > 0, RuntimeError, "chunk expects `chunks` to be greater than 0, got: ", chunks);
  int64_t dim_size = self.size(dim);
  // ceil(dim_size / chunks), wrapping as ATen's int64 sum does for a huge `chunks`.
  int64_t split_size = static_cast<int64_t>(static_cast<uint64_t>(dim_size) + static_cast<uint64_t>(chunks) - 1) / chunks;
  // An empty dim still yields `chunks` empty pieces rather than one; more than 2^31 pieces
  // cannot be held (Python's answer to `[None] * 2**40` is MemoryError, and so is this).
  if (split_size == 0 && dim_size == 0) {
    if (chunks > (int64_t{1} << 31)) throw std::bad_alloc();
    Shape sizes(chunks, 0);
    return split_with_sizes(self, sizes, dim);
  }
  return split(self, split_size, dim);
}

static std::vector<Tensor> split_impl(const Tensor& self, int64_t split_size, int64_t dim) {
  TP_CHECK(self.dim() != 0, RuntimeError, "split expects at least a 1-dimensional tensor");
  TP_CHECK(split_size >= 0, RuntimeError,
           "split expects split_size be non-negative, but got split_size=", split_size);
  dim = wrap_dim(dim, self.dim());
  int64_t dim_size = self.sizes()[dim];
  TP_CHECK(split_size > 0 || dim_size == 0, RuntimeError,
           "split_size can only be 0 if dimension size is 0, but got dimension size of ", dim_size);
  // ceil(dim_size / split_size) pieces, the last one holding what is left (no int64 overflow
  // for a split_size near its maximum).
  int64_t num_splits = 1;
  if (split_size != 0) num_splits = std::max<int64_t>(dim_size / split_size + (dim_size % split_size != 0), 1);
  int64_t last_split_size = split_size == 0 ? 0 : dim_size - split_size * (num_splits - 1);
  std::vector<Tensor> pieces;
  for (int64_t i = 0; i < num_splits; ++i) {
    int64_t length = i < num_splits - 1 ? split_size : last_split_size;
    pieces.push_back(narrow(self, dim, i * split_size, length));
  }
  return pieces;
}

static std::vector<Tensor> split_with_sizes_impl(const Tensor& self, const Shape& split_sizes, int64_t dim) {
  TP_CHECK(self.dim() != 0, RuntimeError, "split expects at least a 1-dimensional tensor");
  dim = wrap_dim(dim, self.dim());
  int64_t dim_size = self.sizes()[dim];
  int64_t total = 0;
  for (int64_t s : split_sizes) {
    TP_CHECK(s >= 0, RuntimeError,
             "split_with_sizes expects split_sizes have only non-negative entries, but got "
             "split_sizes=",
             shape_str(split_sizes));
    total += s;
  }
  TP_CHECK(total == dim_size, RuntimeError, "split_with_sizes expects split_sizes to sum exactly to ",
           dim_size, " (input tensor's size at dimension ", dim, "), but got split_sizes=",
           shape_str(split_sizes));
  std::vector<Tensor> pieces;
  int64_t start = 0;
  for (int64_t s : split_sizes) {
    pieces.push_back(narrow(self, dim, start, s));
    start += s;
  }
  return pieces;
}

static std::vector<Tensor> unbind_impl(const Tensor& self, int64_t dim) {
  TP_CHECK(self.dim() > 0, IndexError, "Dimension specified as ", dim,
           " but tensor has no dimensions");
  dim = wrap_dim(dim, self.dim());
  std::vector<Tensor> pieces;
  for (int64_t i = 0; i < self.sizes()[dim]; ++i) pieces.push_back(select(self, dim, i));
  return pieces;
}

// ---- The public entry points: each computes through its *_impl and records its node. ----

namespace {

// A multi-output op: every piece is output i of one node. Made in grad mode, its pieces are
// views that may not be written in place (PyTorch's CreationMeta::MULTI_OUTPUT_NODE).
std::vector<Tensor> record_pieces(const Tensor& self, const std::function<std::vector<Tensor>()>& compute,
                                  const std::function<std::shared_ptr<Node>(const std::vector<Tensor>&)>& make) {
  auto mark = [](std::vector<Tensor> pieces) {
    if (autograd::grad_enabled())
      for (const Tensor& p : pieces) p.impl()->view.creation = ViewCreation::MultiOutput;
    return pieces;
  };
  if (!autograd::needs_grad({&self})) return mark(compute());
  std::vector<Tensor> pieces;
  {
    autograd::ForwardGuard forward;
    pieces = compute();
  }
  pieces = mark(std::move(pieces));
  std::shared_ptr<Node> node = make(pieces);
  autograd::collect_edges(*node, {self});
  for (size_t i = 0; i < pieces.size(); ++i) autograd::set_history(pieces[i], node, static_cast<uint32_t>(i));
  return pieces;
}

}  // namespace

Tensor view(const Tensor& self, const Shape& shape) {
  return autograd::record_op(
      {self}, [&] { return view_impl(self, shape); },
      [&](const Tensor&) { return autograd::reshape_node("ViewBackward0", self); });
}

Tensor reshape(const Tensor& self, const Shape& shape) {
  Shape sizes = infer_size(shape, self.numel());
  if (compute_stride(self.sizes(), self.strides(), sizes)) return view(self, sizes);
  // PyTorch's copying reshape: clone (memory that can't be re-viewed), then _unsafe_view of
  // the copy.
  return unsafe_view(clone(self), sizes);
}

Tensor unsafe_view(const Tensor& self, const Shape& shape) {
  return autograd::record_op(
      {self},
      [&] {
        // Not a view: PyTorch's _unsafe_view is for a tensor no one else holds (a fresh copy).
        auto [sizes, strides] = view_geometry(self, shape);
        return self.as_strided(std::move(sizes), std::move(strides), self.storage_offset());
      },
      [&](const Tensor&) { return autograd::reshape_node("UnsafeViewBackward0", self); });
}

Tensor alias(const Tensor& self) {
  return autograd::record_op(
      {self}, [&] { return alias_impl(self); },
      [&](const Tensor&) { return autograd::identity_node("AliasBackward0"); });
}

Tensor transpose(const Tensor& self, int64_t dim0, int64_t dim1) {
  return autograd::record_op(
      {self}, [&] { return transpose_impl(self, dim0, dim1); },
      [&](const Tensor&) { return autograd::transpose_node(dim0, dim1); });
}

Tensor t(const Tensor& self) {
  return autograd::record_op({self}, [&] { return t_impl(self); }, [&](const Tensor&) { return autograd::t_node(); });
}

Tensor permute(const Tensor& self, const Shape& dims) {
  return autograd::record_op(
      {self}, [&] { return permute_impl(self, dims); },
      [&](const Tensor&) { return autograd::permute_node(dims); });
}

Tensor squeeze(const Tensor& self) {
  return autograd::record_op(
      {self}, [&] { return squeeze_impl(self); },
      [&](const Tensor&) { return autograd::reshape_node("SqueezeBackward0", self); });
}

Tensor squeeze(const Tensor& self, int64_t dim) {
  return autograd::record_op(
      {self}, [&] { return squeeze_dims_impl(self, {dim}); },
      [&](const Tensor&) { return autograd::reshape_node("SqueezeBackward1", self); });
}

Tensor squeeze_dims(const Tensor& self, const Shape& dims) {
  return autograd::record_op(
      {self}, [&] { return squeeze_dims_impl(self, dims); },
      [&](const Tensor&) { return autograd::reshape_node("SqueezeBackward2", self); });
}

Tensor unsqueeze(const Tensor& self, int64_t dim) {
  return autograd::record_op(
      {self}, [&] { return unsqueeze_impl(self, dim); },
      [&](const Tensor&) { return autograd::reshape_node("UnsqueezeBackward0", self); });
}

Tensor expand(const Tensor& self, const Shape& sizes) {
  return autograd::record_op(
      {self}, [&] { return expand_impl(self, sizes); },
      [&](const Tensor&) { return autograd::expand_node(self); });
}

Tensor select(const Tensor& self, int64_t dim, int64_t index) {
  return autograd::record_op(
      {self}, [&] { return select_impl(self, dim, index); },
      [&](const Tensor&) { return autograd::select_node(self, dim, index); });
}

Tensor slice(const Tensor& self, int64_t dim, std::optional<int64_t> start, std::optional<int64_t> end,
             int64_t step) {
  return autograd::record_op(
      {self}, [&] { return slice_impl(self, dim, start, end, step); },
      [&](const Tensor&) { return autograd::slice_node(self, dim, start, end, step); });
}

Tensor cat(const std::vector<Tensor>& tensors, int64_t dim) {
  return autograd::record_op(
      tensors, [&] { return cat_impl(tensors, dim); },
      [&](const Tensor& out) { return autograd::cat_node(tensors, wrap_dim(dim, out.dim())); });
}

Tensor stack(const std::vector<Tensor>& tensors, int64_t dim) {
  return autograd::record_op(
      tensors, [&] { return stack_impl(tensors, dim); },
      [&](const Tensor& out) { return autograd::stack_node(tensors.size(), wrap_dim(dim, out.dim())); });
}

std::vector<Tensor> split(const Tensor& self, int64_t split_size, int64_t dim) {
  return record_pieces(
      self, [&] { return split_impl(self, split_size, dim); },
      [&](const std::vector<Tensor>& pieces) {
        return autograd::split_node("SplitBackward0", self, pieces, wrap_dim(dim, self.dim()));
      });
}

std::vector<Tensor> split_with_sizes(const Tensor& self, const Shape& split_sizes, int64_t dim) {
  return record_pieces(
      self, [&] { return split_with_sizes_impl(self, split_sizes, dim); },
      [&](const std::vector<Tensor>& pieces) {
        return autograd::split_node("SplitWithSizesBackward0", self, pieces, wrap_dim(dim, self.dim()));
      });
}

std::vector<Tensor> unbind(const Tensor& self, int64_t dim) {
  return record_pieces(
      self, [&] { return unbind_impl(self, dim); },
      [&](const std::vector<Tensor>& pieces) {
        return autograd::unbind_node(self, pieces, wrap_dim(dim, self.dim()));
      });
}

}  // namespace tp
