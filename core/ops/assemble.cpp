// diff, kron, block_diag, cartesian_prod, combinations, vander, tril_indices and triu_indices,
// composed the way ATen's ReduceOps.cpp (diff), LinearAlgebra.cpp (kron, vander),
// TensorShape.cpp (block_diag), Itertools.cpp and TensorFactories.cpp compose them.
#include "core/ops/assemble.h"

#include <algorithm>
#include <limits>

#include "core/autograd/autograd.h"
#include "core/autograd/formulas.h"
#include "core/autograd/layout_grads.h"
#include "core/error.h"
#include "core/ops/combine.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/ops/indexing.h"
#include "core/ops/rearrange.h"
#include "core/ops/reduce.h"
#include "core/ops/shape.h"

namespace tp {

namespace {

void check_diff_operand(const Tensor& self, const std::optional<Tensor>& other, int64_t dim) {
  if (!other) return;
  const int64_t wrapped = wrap_dim(dim, self.dim());
  TP_CHECK(other->dim() == self.dim(), RuntimeError, "diff expects prepend or append to be the same dimension as input");
  for (int64_t i = 0; i < other->dim(); ++i) {
    if (i == wrapped) continue;
    TP_CHECK(other->sizes()[i] == self.sizes()[i], RuntimeError,
             "diff expects the shape of tensor to prepend or append to match that of input except along the "
             "differencing dimension; input.size(",
             i, ") = ", self.sizes()[i], ", but got tensor.size(", i, ") = ", other->sizes()[i]);
  }
}

}  // namespace

Tensor diff(const Tensor& self, int64_t n, int64_t dim, const std::optional<Tensor>& prepend,
            const std::optional<Tensor>& append) {
  TP_CHECK(self.dim() >= 1, RuntimeError, "diff expects input to be at least one-dimensional");
  TP_CHECK(n >= 0, RuntimeError, "order must be non-negative but got ", n);
  check_diff_operand(self, prepend, dim);
  check_diff_operand(self, append, dim);
  // n == 0 is a copy (CopyBackwards), before anything is joined on.
  if (n == 0) return copy_(zeros_like(self), self);
  std::vector<Tensor> parts;
  if (prepend) parts.push_back(*prepend);
  parts.push_back(self);
  if (append) parts.push_back(*append);
  Tensor result = parts.size() == 1 ? self : cat(parts, dim);
  int64_t out_len = result.size(dim) - 1;
  n = std::min(n, result.size(dim));
  const bool is_bool = result.dtype() == DType::Bool;
  for (int64_t i = 0; i < n; ++i, --out_len) {
    Tensor later = narrow(result, dim, 1, out_len), earlier = narrow(result, dim, 0, out_len);
    result = is_bool ? logical_xor(later, earlier) : sub(later, earlier);
  }
  return result;
}

Tensor kron(const Tensor& self, const Tensor& other) {
  const int64_t maxdim = std::max(self.dim(), other.dim());
  const int64_t pad_self = maxdim - self.dim(), pad_other = maxdim - other.dim();
  // self's dims interleaved with 1s (and other's the other way round), so that their product
  // broadcasts into the (a_i, b_i) blocks that the result's dims merge.
  Shape a_shape(2 * maxdim), b_shape(2 * maxdim), result_shape(maxdim);
  for (int64_t i = 0; i < maxdim; ++i) {
    a_shape[2 * i] = i >= pad_self ? self.sizes()[i - pad_self] : 1;
    a_shape[2 * i + 1] = 1;
    b_shape[2 * i] = 1;
    b_shape[2 * i + 1] = i >= pad_other ? other.sizes()[i - pad_other] : 1;
    result_shape[i] = a_shape[2 * i] * b_shape[2 * i + 1];
  }
  return unsafe_view(mul(unsafe_view(self, a_shape), unsafe_view(other, b_shape)), result_shape);
}

Tensor block_diag(const std::vector<Tensor>& tensors) {
  if (tensors.empty()) return empty({1, 0});
  DType dtype = tensors[0].dtype();
  const Device device = tensors[0].device();
  int64_t rows = 0, cols = 0;
  for (size_t i = 0; i < tensors.size(); ++i) {
    const Tensor& t = tensors[i];
    dtype = promote_types(dtype, t.dtype());
    TP_CHECK(t.device() == device, RuntimeError,
             "torch.block_diag: input tensors must all be on the same device. Input 0 is on device ", device.str(),
             " and input ", i, " is on device ", t.device().str());
    TP_CHECK(t.dim() < 3, RuntimeError, "torch.block_diag: Input tensors must have 2 or fewer dimensions. Input ", i,
             " has ", t.dim(), " dimensions");
    rows += t.dim() == 2 ? t.sizes()[0] : 1;
    cols += t.dim() == 0 ? 1 : t.sizes().back();
  }
  return autograd::record_op(
      tensors,
      [&] {
        Tensor result = zeros({rows, cols}, TensorOptions(dtype, device));
        int64_t row = 0, col = 0;
        for (const Tensor& t : tensors) {
          const int64_t r = t.dim() == 2 ? t.sizes()[0] : 1, c = t.dim() == 0 ? 1 : t.sizes().back();
          if (r > 0 && c > 0) copy_(narrow(narrow(result, 0, row, r), 1, col, c), reshape(t, {r, c}));
          row += r;
          col += c;
        }
        return result;
      },
      [&](const Tensor&) { return autograd::block_diag_node(tensors); });
}

Tensor cartesian_prod(const std::vector<Tensor>& tensors) {
  for (const Tensor& t : tensors)
    TP_CHECK(t.dim() == 1, RuntimeError, "Expect a 1D vector, but got shape ", shape_str(t.sizes()));
  if (tensors.size() == 1) return tensors[0];
  std::vector<Tensor> grids = meshgrid(tensors, "ij");
  for (Tensor& g : grids) g = flatten(g);
  return stack(grids, 1);
}

Tensor combinations(const Tensor& self, int64_t r, bool with_replacement) {
  TP_CHECK(self.dim() == 1, RuntimeError, "Expect a 1D vector, but got shape ", shape_str(self.sizes()));
  TP_CHECK(r >= 0, RuntimeError, "Expect a non-negative number, but got ", r);
  if (r == 0) return empty({0}, TensorOptions(self.dtype(), self.device()));
  const int64_t n = self.numel();
  // ATen masks an n^r grid of index tuples; allocating that mask is where a too-large request
  // fails (the allocator's error), and what bounds the enumeration below. Its size is counted,
  // not spelled out as r dims: r itself may be absurd.
  int64_t grid = n <= 1 ? n : 1;
  for (int64_t k = 0; n > 1 && k < r; ++k) {
    if (__builtin_mul_overflow(grid, n, &grid)) {
      grid = std::numeric_limits<int64_t>::max();
      break;
    }
  }
  empty({grid}, TensorOptions(DType::Bool, self.device()));
  // No row at all (nothing to choose from, or r > n without replacement): (0, r), as ATen.
  if (n == 0 || (!with_replacement && r > n)) return empty({0, r}, TensorOptions(self.dtype(), self.device()));
  empty({r}, DType::Int64);  // one index row: an absurd r (n == 1 with replacement) fails here
  // The index rows in itertools' (lexicographic) order; self[rows] is one combination each.
  // Position k can reach n - 1 (with replacement) or n - r + k (strictly increasing rows).
  auto max_at = [&](int64_t k) { return with_replacement ? n - 1 : n - r + k; };
  std::vector<int64_t> flat;
  Shape current(r, 0);
  if (!with_replacement)
    for (int64_t k = 0; k < r; ++k) current[k] = k;
  bool more = with_replacement ? n > 0 : r <= n;
  while (more) {
    flat.insert(flat.end(), current.begin(), current.end());
    int64_t k = r - 1;
    while (k >= 0 && current[k] == max_at(k)) --k;
    more = k >= 0;
    if (!more) break;
    ++current[k];
    for (int64_t j = k + 1; j < r; ++j) current[j] = with_replacement ? current[k] : current[j - 1] + 1;
  }
  const int64_t count = static_cast<int64_t>(flat.size()) / r;
  Tensor rows = empty({count, r}, DType::Int64);
  std::copy(flat.begin(), flat.end(), rows.data<int64_t>());
  return index(self, {TensorIndex(to(rows, self.device(), std::nullopt))});
}

Tensor vander(const Tensor& x, std::optional<int64_t> N, bool increasing) {
  TP_CHECK(x.dim() == 1, RuntimeError, "x must be a one-dimensional tensor.");
  int64_t n = x.size(0);
  if (N) {
    n = *N;
    TP_CHECK(n >= 0, RuntimeError, "N must be non-negative.");
  }
  // Integer inputs give int64 columns: cumprod promotes them so.
  Tensor result = empty({x.size(0), n}, TensorOptions(promote_types(x.dtype(), DType::Int64), x.device()));
  if (n > 0) {
    {
      autograd::NoGradGuard no_grad;  // the x^0 column, written before any history
      fill_(select(result, 1, 0), Scalar(int64_t{1}));
    }
    // result[:, 1:] = the running products, written through a view as ATen's cumprod out= is
    // (a grad_fn of CopySlices on result).
    if (n > 1)
      index_put_(result, {Slice{}, Slice{1, std::nullopt, std::nullopt}},
                 cumprod(expand(unsqueeze(x, 1), {x.size(0), n - 1}), 1));
  }
  return increasing ? result : flip(result, {-1});
}

namespace {

void check_triangle_args(int64_t row, int64_t col, const TensorOptions& options, const char* name) {
  TP_CHECK(row >= 0, RuntimeError, "row must be non-negative, got", row);
  TP_CHECK(col >= 0, RuntimeError, "col must be non-negative, got", col);
  TP_CHECK(options.dtype == DType::Int64 || options.dtype == DType::Int32, NotImplementedError, "\"", name,
           "\" not implemented for '", dtype_legacy_name(options.dtype), "'");
}

// ATen's get_tril_size, wrapping as its int64 arithmetic does for absurd sizes (the
// allocation then fails as PyTorch's does).
int64_t tril_size(int64_t row, int64_t col, int64_t offset) {
  if (row == 0 || col == 0) return 0;
  auto wrap = [](uint64_t v) { return static_cast<int64_t>(v); };
  const int64_t first = offset > 0 ? std::min<int64_t>(col, wrap(uint64_t{1} + offset)) : wrap(uint64_t(row) + offset) > 0;
  const int64_t last = std::max<int64_t>(0, std::min<int64_t>(col, wrap(uint64_t(row) + offset)));
  const int64_t rows_all = std::max<int64_t>(0, std::min<int64_t>(row, wrap(uint64_t(row) + offset)));
  const int64_t trapezoid_rows = wrap(uint64_t(last) - first + 1);
  int64_t size = wrap((uint64_t(first) + last) * uint64_t(trapezoid_rows)) >> 1;
  const int64_t rectangle_rows = rows_all - trapezoid_rows;
  if (rectangle_rows > 0) size = wrap(uint64_t(size) + uint64_t(rectangle_rows) * col);
  return size;
}

// a + b, held at the int64 limits instead of overflowing (an offset of -2**63 is legal).
int64_t saturating_add(int64_t a, int64_t b) {
  int64_t sum;
  if (!__builtin_add_overflow(a, b, &sum)) return sum;
  return b > 0 ? std::numeric_limits<int64_t>::max() : std::numeric_limits<int64_t>::min();
}

// The coordinates of the cells with lower ? col - row <= offset : col - row >= offset, row-major.
Tensor triangle_indices(int64_t row, int64_t col, int64_t offset, TensorOptions options, bool lower) {
  // ATen's size, computed in wrapping int64 arithmetic (offset - 1 too).
  const int64_t count =
      lower ? tril_size(row, col, offset)
            : static_cast<int64_t>(uint64_t(row) * col - tril_size(row, col, static_cast<int64_t>(uint64_t(offset) - 1)));
  if (options.device.is_meta()) return empty({2, count}, options);
  Tensor out = empty({2, count}, DType::Int64);
  // Only rows that hold cells are visited, so the work is the result's size.
  int64_t* rows = out.data<int64_t>();
  int64_t* cols = rows + count;
  // -offset, held at int64's max for -2**63 (either is past any row).
  const int64_t minus_offset = -std::max(offset, -std::numeric_limits<int64_t>::max());
  const int64_t first_row = lower ? std::max<int64_t>(0, minus_offset) : 0;
  const int64_t end_row = lower ? row : std::clamp<int64_t>(saturating_add(col, minus_offset), 0, row);
  for (int64_t i = first_row, k = 0; i < end_row && k < count; ++i) {
    const int64_t from = lower ? 0 : std::max<int64_t>(0, saturating_add(i, offset));
    const int64_t end = lower ? std::min(col, saturating_add(saturating_add(i, offset), 1)) : col;
    for (int64_t j = from; j < end; ++j, ++k) {
      rows[k] = i;
      cols[k] = j;
    }
  }
  return to(out, options.device, options.dtype);
}

}  // namespace

Tensor tril_indices(int64_t row, int64_t col, int64_t offset, TensorOptions options) {
  check_triangle_args(row, col, options, "tril_indices");
  return triangle_indices(row, col, offset, options, true);
}

Tensor triu_indices(int64_t row, int64_t col, int64_t offset, TensorOptions options) {
  check_triangle_args(row, col, options, "triu_indices");
  return triangle_indices(row, col, offset, options, false);
}

}  // namespace tp
