// NumPy-style layout helpers composed of views, cat and flip (ATen TensorShape.cpp: atleast_*,
// hstack, vstack, dstack, column_stack, tensor_split, hsplit, vsplit, dsplit, ravel;
// TensorTransformations.cpp: fliplr, flipud; narrow_copy_dense_cpu for narrow_copy).
#include "core/ops/layout.h"

#include "core/autograd/autograd.h"
#include "core/autograd/layout_grads.h"
#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/rearrange.h"
#include "core/ops/shape.h"
#include "core/ops/tolist.h"

namespace tp {

Tensor atleast_1d(const Tensor& self) { return self.dim() == 0 ? reshape(self, {1}) : self; }

Tensor atleast_2d(const Tensor& self) {
  if (self.dim() == 0) return reshape(self, {1, 1});
  if (self.dim() == 1) return unsqueeze(self, 0);
  return self;
}

Tensor atleast_3d(const Tensor& self) {
  if (self.dim() == 0) return reshape(self, {1, 1, 1});
  if (self.dim() == 1) return unsqueeze(unsqueeze(self, 0), -1);
  if (self.dim() == 2) return unsqueeze(self, -1);
  return self;
}

namespace {

std::vector<Tensor> each(const std::vector<Tensor>& tensors, Tensor (*f)(const Tensor&)) {
  std::vector<Tensor> out;
  for (const Tensor& t : tensors) out.push_back(f(t));
  return out;
}

}  // namespace

Tensor hstack(const std::vector<Tensor>& tensors) {
  TP_CHECK(!tensors.empty(), RuntimeError, "hstack expects a non-empty TensorList");
  std::vector<Tensor> rep = each(tensors, atleast_1d);
  return cat(rep, rep[0].dim() == 1 ? 0 : 1);
}

Tensor vstack(const std::vector<Tensor>& tensors) {
  TP_CHECK(!tensors.empty(), RuntimeError, "vstack expects a non-empty TensorList");
  return cat(each(tensors, atleast_2d), 0);
}

Tensor dstack(const std::vector<Tensor>& tensors) {
  TP_CHECK(!tensors.empty(), RuntimeError, "dstack expects a non-empty TensorList");
  return cat(each(tensors, atleast_3d), 2);
}

Tensor column_stack(const std::vector<Tensor>& tensors) {
  TP_CHECK(!tensors.empty(), RuntimeError, "column_stack expects a non-empty TensorList");
  std::vector<Tensor> columns;
  for (const Tensor& t : tensors) columns.push_back(t.dim() <= 1 ? reshape(t, {t.numel(), 1}) : t);
  return cat(columns, 1);
}

Tensor fliplr(const Tensor& self) {
  TP_CHECK(self.dim() >= 2, RuntimeError, "Input must be >= 2-d.");
  return flip(self, {1});
}

Tensor flipud(const Tensor& self) {
  TP_CHECK(self.dim() >= 1, RuntimeError, "Input must be >= 1-d.");
  return flip(self, {0});
}

// ATen: self.contiguous().view(-1), so a non-contiguous input shows CloneBackward0 under the view.
Tensor ravel(const Tensor& self) { return view(contiguous(self), {-1}); }

Tensor narrow_copy(const Tensor& self, int64_t dim, int64_t start, int64_t length) {
  TP_CHECK(self.dim() > 0, RuntimeError, "narrow() cannot be applied to a 0-dim tensor.");
  // narrow_copy_dense_cpu's own checks, whose texts differ from narrow's.
  if (dim < 0) dim = wrap_dim(dim, self.dim());
  TP_CHECK(dim < self.dim(), RuntimeError,
           "Expected dim < static_cast<int64_t>(self_sizes.size()) to be true, but got false.  "
           "(Could this error message be improved?  If so, please report an enhancement request to PyTorch.)");
  const int64_t cur_size = self.sizes()[dim];
  TP_CHECK(-cur_size <= start && start <= cur_size, IndexError, "start out of range (expected to be in range of [",
           -cur_size, ", ", cur_size, "], but got ", start, ")");
  if (start < 0) start += cur_size;
  TP_CHECK(length >= 0 && start <= cur_size - length, RuntimeError, "start (", start, ") + length (", length,
           ") exceeds dimension size (", cur_size, ").");
  return autograd::record_op(
      {self}, [&] { return clone(narrow(self, dim, start, length)); },
      [&](const Tensor&) { return autograd::narrow_copy_node(self, dim, start, length); });
}

namespace {

void check_splittable(const Tensor& self) {
  TP_CHECK(self.dim() > 0, RuntimeError, "tensor_split expected at least a 1-dimensional tensor, but got a tensor with ",
           self.dim(), " dims");
}

}  // namespace

std::vector<Tensor> tensor_split(const Tensor& self, int64_t sections, int64_t dim) {
  check_splittable(self);
  TP_CHECK(sections > 0, RuntimeError, "number of sections must be larger than 0, got ", sections);
  // ATen first makes a std::vector of `sections` tensors: past its max_size, or past what
  // memory can hold (2^31 pieces here), that is the error PyTorch shows.
  TP_CHECK(sections <= (int64_t{1} << 60), RuntimeError, "cannot create std::vector larger than max_size()");
  TP_CHECK(sections <= (int64_t{1} << 31), RuntimeError, "std::bad_alloc");
  dim = wrap_dim(dim, self.dim());
  const int64_t dim_size = self.sizes()[dim];
  const int64_t min_split_size = dim_size / sections, one_extra = dim_size % sections;
  std::vector<Tensor> pieces;
  int64_t start = 0;
  for (int64_t i = 0; i < sections; ++i) {
    const int64_t split_size = i < one_extra ? min_split_size + 1 : min_split_size;
    pieces.push_back(slice(self, dim, start, start + split_size));
    start += split_size;
  }
  return pieces;
}

std::vector<Tensor> tensor_split_indices(const Tensor& self, const Shape& indices, int64_t dim) {
  check_splittable(self);
  dim = wrap_dim(dim, self.dim());
  std::vector<Tensor> pieces;
  int64_t start = 0;
  for (int64_t index : indices) {
    pieces.push_back(slice(self, dim, start, index));
    start = index;
  }
  pieces.push_back(slice(self, dim, start, self.sizes()[dim]));
  return pieces;
}

std::vector<Tensor> tensor_split(const Tensor& self, const Tensor& indices_or_sections, int64_t dim) {
  const Tensor& split = indices_or_sections;
  TP_CHECK(split.device().is_cpu(), RuntimeError,
           "tensor_split expected tensor_indices_or_sections to be on cpu, but it's on ", split.device().str());
  TP_CHECK(split.dtype() == DType::Int64, RuntimeError,
           "tensor_split expected tensor_indices_or_sections to have dtype of long, but got ",
           dtype_legacy_name(split.dtype()));
  TP_CHECK(split.dim() <= 1, RuntimeError,
           "tensor_split expected tensor_indices_or_sections to be a zero-dimensional or one-dimensional tensor, but "
           "got a tensor with ",
           split.dim(), " dims");
  ListValue values = tolist(split);
  if (split.dim() == 0) return tensor_split(self, values.number.to_int(), dim);
  Shape indices;
  for (const ListValue& v : values.items) indices.push_back(v.number.to_int());
  return tensor_split_indices(self, indices, dim);
}

namespace {

struct Direction {
  const char* name;
  int64_t min_dims;
};

Direction direction_of(SplitDirection d) {
  switch (d) {
    case SplitDirection::Horizontal: return {"hsplit", 1};
    case SplitDirection::Vertical: return {"vsplit", 2};
    case SplitDirection::Depth: return {"dsplit", 3};
  }
  return {"", 0};
}

// The dim a direction splits, after PyTorch's check of the tensor's rank.
int64_t split_dim(SplitDirection direction, const Tensor& self) {
  Direction d = direction_of(direction);
  TP_CHECK(self.dim() >= d.min_dims, RuntimeError, "torch.", d.name, " requires a tensor with at least ", d.min_dims,
           " dimension, but got a tensor with ", self.dim(), " dimensions!");
  if (direction == SplitDirection::Horizontal) return self.dim() == 1 ? 0 : 1;
  return direction == SplitDirection::Vertical ? 0 : 2;
}

}  // namespace

std::vector<Tensor> directional_split(SplitDirection direction, const Tensor& self, int64_t sections) {
  const int64_t dim = split_dim(direction, self);
  TP_CHECK(sections != 0 && self.sizes()[dim] % sections == 0, RuntimeError, "torch.", direction_of(direction).name,
           " attempted to split along dimension ", dim, ", but the size of the dimension ", self.sizes()[dim],
           " is not divisible by the split_size ", sections, "!");
  return tensor_split(self, sections, dim);
}

std::vector<Tensor> directional_split_indices(SplitDirection direction, const Tensor& self, const Shape& indices) {
  return tensor_split_indices(self, indices, split_dim(direction, self));
}

}  // namespace tp
