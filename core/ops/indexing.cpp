// Indexing: basic items are applied one by one as views (applySlicing); index tensors are
// collected per dim and gathered by Backend::index, with NumPy's placement rule for where
// the indexed dims land. Sources: ATen TensorIndexing.h, native/TensorAdvancedIndexing.cpp,
// native/IndexingUtils.h.
#include "core/ops/indexing.h"

#include <limits>
#include <string>

#include "core/autograd/autograd.h"
#include "core/autograd/formulas.h"
#include "core/autograd/view_inplace.h"
#include "core/backends/backend.h"
#include "core/error.h"
#include "core/ops/broadcast.h"
#include "core/ops/copy.h"
#include "core/ops/device_check.h"
#include "core/ops/shape.h"

namespace tp {

namespace {

bool is_mask(const Tensor& t) { return t.dtype() == DType::Bool || t.dtype() == DType::UInt8; }

// x[i] on dim `dim`; `real_dim` is the item's position, which PyTorch names in the error.
Tensor apply_select(const Tensor& self, int64_t dim, int64_t index, int64_t real_dim) {
  TP_CHECK(self.dim() != 0, IndexError,
           "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or "
           "`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number");
  // Several ... can move dim past the last one (x[..., 1, ..., 1]): PyTorch then reports a
  // size of 0 there, and so does this, without reading past the sizes.
  int64_t size = dim < self.dim() ? self.sizes()[dim] : 0;
  TP_CHECK(index >= -size && index < size, IndexError, "index ", index,
           " is out of bounds for dimension ", real_dim, " with size ", size);
  return select(self, dim, index);
}

// x[start:stop:step] on dim, as Python unpacks a slice object.
Tensor apply_slice(const Tensor& self, int64_t dim, const Slice& s) {
  int64_t step = s.step.value_or(1);
  TP_CHECK(step != 0, ValueError, "slice step cannot be zero");
  TP_CHECK(step > 0, ValueError, "step must be greater than zero");
  return slice(self, dim, s.start.value_or(0),
               s.stop.value_or(std::numeric_limits<int64_t>::max()), step);
}

// True for a slice that keeps all of dim (start 0, stop past the end, step 1).
bool is_full_slice(const Tensor& self, int64_t dim, const Slice& s) {
  if (dim >= self.dim()) return false;
  return s.start.value_or(0) == 0 && s.stop.value_or(std::numeric_limits<int64_t>::max()) >= self.sizes()[dim] &&
         s.step.value_or(1) == 1;
}

// A Python bool indexes a new size-1 dim: True keeps it (index [0]), False empties it.
Tensor bool_to_index(const Tensor& self, bool value) {
  Tensor t = empty({value ? 1 : 0}, TensorOptions(DType::Int64, self.device()));
  if (value) zero_(t);
  return t;
}

// Stores `t` as the index of dim *dim and moves on (recordTensorIndex).
void record_tensor_index(const Tensor& t, std::vector<Tensor>& out, int64_t* dim) {
  out.resize(*dim + 1);
  out[*dim] = t;
  ++*dim;
}

// Dims the items consume: a mask uses one per mask dim; None, ... and bools use none.
int64_t count_specified_dims(const std::vector<TensorIndex>& indices) {
  int64_t count = 0;
  for (const TensorIndex& entry : indices) {
    switch (entry.kind()) {
      case TensorIndex::Kind::Tensor:
        count += is_mask(entry.tensor()) ? entry.tensor().dim() : 1;
        break;
      case TensorIndex::Kind::Integer:
      case TensorIndex::Kind::Slice: ++count; break;
      default: break;
    }
  }
  return count;
}

// Applies the basic items as views and collects the tensor items, by dim, into
// tensor_indices (applySlicing / handleDimInMultiDimIndexing).
Tensor apply_slicing(const Tensor& self, const std::vector<TensorIndex>& indices,
                     std::vector<Tensor>& tensor_indices) {
  int64_t specified = count_specified_dims(indices);
  TP_CHECK(specified <= self.dim(), IndexError, "too many indices for tensor of dimension ",
           self.dim());
  Tensor result = self;
  int64_t dim = 0;
  for (size_t i = 0; i < indices.size(); ++i) {
    const TensorIndex& entry = indices[i];
    const int64_t real_dim = static_cast<int64_t>(i);
    switch (entry.kind()) {
      case TensorIndex::Kind::Integer:
        result = apply_select(result, dim, entry.integer(), real_dim);
        break;
      case TensorIndex::Kind::Slice:
        // A full slice (x[:, 1]) is skipped, as PyTorch does, so no SliceBackward0 is recorded.
        if (!is_full_slice(result, dim, entry.slice())) result = apply_slice(result, dim, entry.slice());
        ++dim;
        break;
      case TensorIndex::Kind::Ellipsis:
        dim += self.dim() - specified;
        break;
      case TensorIndex::Kind::None:
        result = unsqueeze(result, dim);
        ++dim;
        break;
      case TensorIndex::Kind::Boolean:
        result = unsqueeze(result, dim);
        record_tensor_index(bool_to_index(result, entry.boolean_value()), tensor_indices, &dim);
        break;
      case TensorIndex::Kind::Tensor: {
        const Tensor& t = entry.tensor();
        // A 0-dim integer tensor acts like a Python int; a 0-dim bool like a Python bool.
        if (t.dim() == 0 && is_integral(t.dtype(), /*include_bool=*/true)) {
          if (!is_mask(t)) {
            result = apply_select(result, dim, item(t).to_int(), real_dim);
          } else {
            result = unsqueeze(result, dim);
            record_tensor_index(bool_to_index(result, item(t).to_bool()), tensor_indices, &dim);
          }
        } else {
          record_tensor_index(t, tensor_indices, &dim);
        }
        break;
      }
    }
  }
  return result;
}

// The advanced-indexing plan (ATen's AdvancedIndex): src restrided so the indexed dims
// are replaced by the index shape with stride 0, and each index expanded to that shape.
struct AdvancedIndexPlan {
  Tensor src;
  std::vector<Tensor> indices;
  Shape indexed_sizes;
  Shape indexed_strides;
};

// Turns each mask into one int64 index per mask dim (its nonzero coordinates).
std::vector<Tensor> expand_masks(const Tensor& self, const std::vector<Tensor>& indices) {
  std::vector<Tensor> result;
  for (const Tensor& index : indices) {
    if (!index.defined() || !is_mask(index)) {
      result.push_back(index.defined() ? cast(index, DType::Int64) : index);
      continue;
    }
    for (int64_t j = 0; j < index.dim(); ++j) {
      int64_t src_idx = static_cast<int64_t>(result.size()) + j;
      TP_CHECK(src_idx < self.dim() && index.sizes()[j] == self.sizes()[src_idx], IndexError,
               "The shape of the mask ", shape_str(index.sizes()), " at index ", j,
               " does not match the shape of the indexed tensor ", shape_str(self.sizes()),
               " at index ", src_idx);
    }
    Tensor nonzero = backend_for(index.device()).nonzero(index);
    for (int64_t j = 0; j < index.dim(); ++j) result.push_back(select(nonzero, 1, j));
  }
  return result;
}

// True when the defined indices sit next to each other (no full dim between them).
bool has_contiguous_subspace(const std::vector<Tensor>& indices) {
  int64_t first = -1, last = -1;
  for (size_t i = 0; i < indices.size(); ++i) {
    if (!indices[i].defined()) continue;
    if (first < 0) first = static_cast<int64_t>(i);
    last = static_cast<int64_t>(i);
  }
  for (int64_t i = first; i >= 0 && i <= last; ++i) {
    if (!indices[i].defined()) return false;
  }
  return true;
}

AdvancedIndexPlan make_plan(Tensor self, const std::vector<Tensor>& orig) {
  for (const Tensor& index : orig) {
    if (!index.defined()) continue;
    DType t = index.dtype();
    TP_CHECK(t == DType::Int64 || t == DType::Int32 || t == DType::UInt8 || t == DType::Bool,
             IndexError, "tensors used as indices must be long, int, byte or bool tensors");
  }
  TP_CHECK(static_cast<int64_t>(orig.size()) <= self.dim(), IndexError,
           "too many indices for tensor of dimension ", self.dim(), " (got ", orig.size(), ")");
  std::vector<Tensor> indices = expand_masks(self, orig);

  // Broadcast the index tensors together.
  Shape shape;
  bool first = true;
  try {
    for (const Tensor& index : indices) {
      if (!index.defined()) continue;
      shape = first ? index.sizes() : broadcast_shapes(shape, index.sizes());
      first = false;
    }
  } catch (const TorchError&) {
    std::string shapes;
    for (const Tensor& index : indices) {
      if (!index.defined()) continue;
      if (!shapes.empty()) shapes += ", ";
      shapes += shape_str(index.sizes());
    }
    fail(ErrorKind::IndexError,
         "shape mismatch: indexing tensors could not be broadcast together with shapes ", shapes);
  }
  for (Tensor& index : indices) {
    if (index.defined()) index = expand_to(index, shape);
  }
  indices.resize(self.dim());

  // Separated index tensors: their dims move to the front (NumPy's placement rule).
  if (!has_contiguous_subspace(indices)) {
    Shape order;
    std::vector<Tensor> reordered;
    for (size_t d = 0; d < indices.size(); ++d) {
      if (indices[d].defined()) order.push_back(static_cast<int64_t>(d));
    }
    for (size_t d = 0; d < indices.size(); ++d) {
      if (!indices[d].defined()) order.push_back(static_cast<int64_t>(d));
    }
    for (int64_t d : order) reordered.push_back(indices[d]);
    self = permute(self, order);
    indices = reordered;
  }
  // Index tensors may live on the CPU while self is on a device (PyTorch allows it).
  for (Tensor& index : indices) {
    if (index.defined() && index.device() != self.device()) index = to(index, self.device(), {});
  }

  AdvancedIndexPlan plan;
  int64_t dims_before = 0, dims_after = 0, dims_indexed = 0;
  for (size_t d = 0; d < indices.size(); ++d) {
    if (!indices[d].defined()) {
      if (dims_indexed == 0) ++dims_before;
      else ++dims_after;
    } else {
      ++dims_indexed;
      plan.indexed_sizes.push_back(self.sizes()[d]);
      plan.indexed_strides.push_back(self.strides()[d]);
    }
  }
  // No number indexes an empty dim; say so here rather than from a kernel.
  bool indexes_empty_dim = false;
  for (int64_t s : plan.indexed_sizes) indexes_empty_dim |= s == 0;
  TP_CHECK(!indexes_empty_dim || shape_numel(shape) == 0, IndexError,
           "index is out of bounds for dimension with size 0");

  // src: (dims before) + index shape with stride 0 + (dims after).
  Shape sizes(self.sizes().begin(), self.sizes().begin() + dims_before);
  Shape strides(self.strides().begin(), self.strides().begin() + dims_before);
  sizes.insert(sizes.end(), shape.begin(), shape.end());
  strides.insert(strides.end(), shape.size(), 0);
  sizes.insert(sizes.end(), self.sizes().end() - dims_after, self.sizes().end());
  strides.insert(strides.end(), self.strides().end() - dims_after, self.strides().end());
  plan.src = self.as_strided(sizes, strides, self.storage_offset());

  // Each index seen in the result's shape: stride 0 across the kept dims.
  for (const Tensor& index : indices) {
    if (!index.defined()) continue;
    Shape idx_strides(dims_before, 0);
    idx_strides.insert(idx_strides.end(), index.strides().begin(), index.strides().end());
    idx_strides.insert(idx_strides.end(), dims_after, 0);
    plan.indices.push_back(index.as_strided(sizes, idx_strides, index.storage_offset()));
  }
  return plan;
}

// The sizes of t with leading 1s dropped (NumPy's slicePrefix1sSize, for assignment).
Shape strip_leading_ones(const Shape& sizes) {
  size_t first = 0;
  while (first < sizes.size() && sizes[first] == 1) ++first;
  return Shape(sizes.begin() + first, sizes.end());
}

// dst = src for basic indexing (ATen copy_to): src broadcasts, leading 1s ignored.
void copy_to(const Tensor& dst, const Tensor& src) {
  if (dst.sizes() == src.sizes()) {
    copy_(dst, src);
  } else if (src.dim() == 0 && src.device().is_cpu()) {
    fill_(dst, item(src));
  } else {
    copy_(dst, expand_to(view(src, strip_leading_ones(src.sizes())), dst.sizes()));
  }
}

bool is_expandable_to(const Shape& shape, const Shape& desired) {
  if (shape.size() > desired.size()) return false;
  for (size_t i = 0; i < shape.size(); ++i) {
    int64_t size = shape[shape.size() - 1 - i];
    int64_t target = desired[desired.size() - 1 - i];
    if (size != target && size != 1) return false;
  }
  return true;
}

// PyTorch turns `x[mask] = v` with a one-element v into masked_fill_, which converts v
// to x's dtype; we convert and take the ordinary path (same result).
bool dispatches_to_masked_fill(const Tensor& self, const std::vector<Tensor>& indices,
                               const Tensor& value) {
  if (value.numel() != 1 || !value.device().is_cpu()) return false;
  int num_indices = 0;
  bool ok = false;
  for (size_t i = 0; i < indices.size(); ++i) {
    const Tensor& index = indices[i];
    if (!index.defined()) continue;
    if (++num_indices > 1 || !is_mask(index) || index.device() != self.device()) return false;
    for (int64_t j = 0; j < index.dim(); ++j) {
      int64_t src_idx = static_cast<int64_t>(i) + j;
      if (src_idx >= self.dim() || index.sizes()[j] != self.sizes()[src_idx]) return false;
    }
    ok = true;
  }
  return ok;
}

// at::index without autograd.
Tensor advanced_index_impl(const Tensor& self, const std::vector<Tensor>& indices) {
  AdvancedIndexPlan plan = make_plan(self, indices);
  Tensor out = empty(plan.src.sizes(), TensorOptions(self.dtype(), self.device()));
  if (out.numel() > 0) {
    backend_for(self.device())
        .index(plan.src, out, plan.indices, plan.indexed_sizes, plan.indexed_strides);
  }
  return out;
}

}  // namespace

Tensor advanced_index(const Tensor& self, const std::vector<Tensor>& indices) {
  return autograd::record_op(
      {self}, [&] { return advanced_index_impl(self, indices); },
      [&](const Tensor&) { return autograd::index_node(self, indices); });
}

const Tensor& advanced_index_put_(const Tensor& self, const std::vector<Tensor>& indices,
                                  const Tensor& values, bool accumulate) {
  self.bump_version();
  TP_CHECK(static_cast<int64_t>(indices.size()) <= self.dim(), IndexError,
           "too many indices for tensor of dimension ", self.dim(), " (got ", indices.size(), ")");
  Tensor value = values;
  if (!accumulate && dispatches_to_masked_fill(self, indices, value)) value = cast(value, self.dtype());
  if (value.device() != self.device() && value.numel() == 1 && value.dim() == 0) {
    value = to(value, self.device(), {});
  }
  check_same_device_elementwise({&self, &value});
  AdvancedIndexPlan plan = make_plan(self, indices);
  TP_CHECK(is_expandable_to(value.sizes(), plan.src.sizes()), RuntimeError,
           "shape mismatch: value tensor of shape ", shape_str(value.sizes()),
           " cannot be broadcast to indexing result of shape ", shape_str(plan.src.sizes()));
  TP_CHECK(value.dtype() == self.dtype(), RuntimeError,
           "Index put requires the source and destination dtypes match, got ",
           dtype_legacy_name(self.dtype()), " for the destination and ",
           dtype_legacy_name(value.dtype()), " for the source.");
  if (plan.src.numel() > 0) {
    backend_for(self.device())
        .index_put(plan.src, expand_to(value, plan.src.sizes()), plan.indices,
                   plan.indexed_sizes, plan.indexed_strides, accumulate);
  }
  return self;
}

Tensor index(const Tensor& self, const std::vector<TensorIndex>& indices) {
  // A lone item takes PyTorch's short paths (they differ only in which error a 0-dim
  // tensor gives: x[0] is "invalid index of a 0-dim tensor", not "too many indices").
  if (indices.size() == 1) {
    const TensorIndex& entry = indices[0];
    switch (entry.kind()) {
      case TensorIndex::Kind::Integer: return apply_select(self, 0, entry.integer(), 0);
      case TensorIndex::Kind::Slice: return apply_slice(self, 0, entry.slice());
      case TensorIndex::Kind::None: return unsqueeze(self, 0);
      case TensorIndex::Kind::Ellipsis: return alias(self);
      case TensorIndex::Kind::Boolean: {
        Tensor result = unsqueeze(self, 0);
        return advanced_index(result, {bool_to_index(result, entry.boolean_value())});
      }
      case TensorIndex::Kind::Tensor: break;
    }
  }
  std::vector<Tensor> tensor_indices;
  Tensor sliced = apply_slicing(self, indices, tensor_indices);
  if (tensor_indices.empty()) return sliced.is_same(self) ? alias(self) : sliced;
  return advanced_index(sliced, tensor_indices);
}

namespace {

// Where x[indices] = value writes: self, or the view of it that the basic indices pick; the
// tensor indices left to apply there go into `tensor_indices`.
Tensor put_target(const Tensor& self, const std::vector<TensorIndex>& indices, std::vector<Tensor>& tensor_indices) {
  if (indices.size() == 1) {
    const TensorIndex& entry = indices[0];
    switch (entry.kind()) {
      case TensorIndex::Kind::Boolean:
      case TensorIndex::Kind::None: return unsqueeze(self, 0);
      case TensorIndex::Kind::Ellipsis: return self;
      case TensorIndex::Kind::Integer: return apply_select(self, 0, entry.integer(), 0);
      case TensorIndex::Kind::Slice: return apply_slice(self, 0, entry.slice());
      case TensorIndex::Kind::Tensor: break;
    }
  }
  return apply_slicing(self, indices, tensor_indices);
}

// x[indices] = value into `target` (put_target's) without autograd; returns the name PyTorch's
// graph gives the write (CopySlices when it went through a view of self).
const char* put_into(const Tensor& self, const Tensor& target, const std::vector<TensorIndex>& indices,
                     const std::vector<Tensor>& tensor_indices, const Tensor& value) {
  const char* through_view = target.is_same(self) ? nullptr : autograd::kCopySlicesName;
  if (tensor_indices.empty()) {
    // x[False] = v writes nothing (and, as in PyTorch, checks nothing).
    const bool writes = indices.size() != 1 || indices[0].kind() != TensorIndex::Kind::Boolean || indices[0].boolean_value();
    if (writes) copy_to(target, value);
    return through_view ? through_view : "CopyBackwards";
  }
  Tensor value_sliced = view(value, strip_leading_ones(value.sizes()));
  advanced_index_put_(target, tensor_indices, value_sliced, /*accumulate=*/false);
  return through_view ? through_view : "IndexPutBackward0";
}

// The name of a write of a Python number: PyTorch dispatches x[mask] = 1 to masked_fill_,
// x[idx] = 1 to index_fill_ and x[...] = 1 to fill_.
const char* scalar_put_name(const std::vector<TensorIndex>& indices, const char* name) {
  int tensors = 0;
  bool mask = false, ellipsis_only = indices.size() == 1 && indices[0].kind() == TensorIndex::Kind::Ellipsis;
  for (const TensorIndex& entry : indices) {
    if (entry.kind() != TensorIndex::Kind::Tensor || entry.tensor().dim() == 0) continue;
    ++tensors;
    mask = is_mask(entry.tensor());
  }
  if (ellipsis_only) return "FillBackward2";
  if (tensors == 1 && mask) return "MaskedFillBackward0";
  if (tensors == 1 && std::string(name) == "IndexPutBackward0") return "IndexFillBackward0";
  return name;
}

// Records x[indices] = value: self's new grad_fn covers its old history and value's.
const Tensor& index_put_recorded(const Tensor& self, const std::vector<TensorIndex>& indices,
                                 const Tensor& value, bool python_number) {
  std::vector<Tensor> tensor_indices;
  Tensor target = put_target(self, indices, tensor_indices);
  if (!autograd::needs_grad({&self, &value})) {
    put_into(self, target, indices, tensor_indices, value);
    return self;
  }
  // Checked as the view it writes through ("a view of a leaf Variable...").
  autograd::check_inplace(target, true);
  const char* name;
  {
    autograd::NoGradGuard no_grad;
    name = put_into(self, target, indices, tensor_indices, value);
  }
  if (python_number) name = scalar_put_name(indices, name);
  auto index_of = [indices](const Tensor& g) { return index(g, indices); };
  auto zero_region = [indices](const Tensor& g) { index_put_(g, indices, Scalar(0.0)); };
  autograd::rebase_history(self, autograd::index_put_node(name, value, index_of, zero_region), {self, value});
  return self;
}

}  // namespace

const Tensor& index_put_(const Tensor& self, const std::vector<TensorIndex>& indices,
                         const Tensor& value) {
  return index_put_recorded(self, indices, value, false);
}

const Tensor& index_put_(const Tensor& self, const std::vector<TensorIndex>& indices,
                         Scalar value) {
  // Python turns the number into a 0-dim tensor of self's dtype on self's device.
  Tensor v = empty({}, TensorOptions(self.dtype(), self.device()));
  fill_(v, value);
  return index_put_recorded(self, indices, v, true);
}

}  // namespace tp
