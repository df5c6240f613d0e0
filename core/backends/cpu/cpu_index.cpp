// Advanced-indexing kernels (PyTorch's cpu_index_kernel / index_put) and nonzero.
// The op has already restrided src/dst so indexed dims have stride 0 and expanded every
// index tensor to the result's shape; here each element just adds index * stride.
#include <cstring>

#include "core/backends/cpu/cpu_backend.h"
#include "core/error.h"

namespace tp {

namespace {

// Calls f(offsets) for every element of `sizes` in row-major order; offsets[k] is the
// element offset of operand k (strides[k] has one stride per dim). The operand count
// varies with the number of index tensors, hence vectors rather than strided_loop.h.
template <typename F>
void for_each_element(const Shape& sizes, const std::vector<const Shape*>& strides, F&& f) {
  const int64_t n = shape_numel(sizes);
  const size_t nd = sizes.size(), nops = strides.size();
  std::vector<int64_t> counter(nd, 0), off(nops, 0);
  for (int64_t i = 0; i < n; ++i) {
    f(off);
    for (size_t d = nd; d-- > 0;) {
      ++counter[d];
      for (size_t k = 0; k < nops; ++k) off[k] += (*strides[k])[d];
      if (counter[d] < sizes[d]) break;
      for (size_t k = 0; k < nops; ++k) off[k] -= (*strides[k])[d] * sizes[d];
      counter[d] = 0;
    }
  }
}

// The element offset selected by the indices at `off` (operands 2.. are the indices);
// raises PyTorch's IndexError for an index outside [-size, size).
int64_t indexed_offset(const std::vector<int64_t>& off, const std::vector<Tensor>& indices,
                       const Shape& indexed_sizes, const Shape& indexed_strides) {
  int64_t result = off[0];
  for (size_t k = 0; k < indices.size(); ++k) {
    int64_t idx = indices[k].data<int64_t>()[off[2 + k]];
    int64_t size = indexed_sizes[k];
    TP_CHECK(idx >= -size && idx < size, IndexError, "index ", idx,
             " is out of bounds for dimension ", k, " with size ", size);
    if (idx < 0) idx += size;
    result += idx * indexed_strides[k];
  }
  return result;
}

std::vector<const Shape*> operand_strides(const Tensor& a, const Tensor& b,
                                          const std::vector<Tensor>& indices) {
  std::vector<const Shape*> strides = {&a.strides(), &b.strides()};
  for (const Tensor& idx : indices) strides.push_back(&idx.strides());
  return strides;
}

}  // namespace

void CpuBackend::index(const Tensor& src, const Tensor& out, const std::vector<Tensor>& indices,
                       const Shape& indexed_sizes, const Shape& indexed_strides) {
  visit_any_dtype(src.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* s = src.data<T>();
    T* o = out.data<T>();
    // out is the restrided src's shape; operand 0 = src, 1 = out, 2.. = indices.
    for_each_element(out.sizes(), operand_strides(src, out, indices),
                     [&](const std::vector<int64_t>& off) {
                       o[off[1]] = s[indexed_offset(off, indices, indexed_sizes, indexed_strides)];
                     });
  });
}

void CpuBackend::index_put(const Tensor& dst, const Tensor& values,
                           const std::vector<Tensor>& indices, const Shape& indexed_sizes,
                           const Shape& indexed_strides, bool accumulate) {
  visit_any_dtype(dst.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* d = dst.data<T>();
    const T* v = values.data<T>();
    // Walks the restrided dst's shape; operand 0 = dst, 1 = values, 2.. = indices.
    for_each_element(dst.sizes(), operand_strides(dst, values, indices),
                     [&](const std::vector<int64_t>& off) {
                       int64_t at = indexed_offset(off, indices, indexed_sizes, indexed_strides);
                       if (!accumulate) {
                         d[at] = v[off[1]];
                       } else if constexpr (std::is_same_v<T, bool>) {
                         d[at] = d[at] || v[off[1]];
                       } else if constexpr (std::is_same_v<T, Half> ||
                                            std::is_same_v<T, BFloat16>) {
                         d[at] = T(static_cast<float>(d[at]) + static_cast<float>(v[off[1]]));
                       } else {
                         d[at] = static_cast<T>(d[at] + v[off[1]]);
                       }
                     });
  });
}

Tensor CpuBackend::nonzero(const Tensor& in) {
  // Coordinates are collected in row-major order, one row of ndim entries per hit.
  const int64_t ndim = in.dim();
  std::vector<int64_t> coords;
  int64_t count = 0;
  visit_dtype(in.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* p = in.data<T>();
    Shape counter(ndim, 0);
    for_each_element(in.sizes(), {&in.strides()}, [&](const std::vector<int64_t>& off) {
      bool nz;
      if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>) {
        nz = static_cast<float>(p[off[0]]) != 0.0f;
      } else {
        nz = p[off[0]] != T(0);
      }
      if (nz) {
        coords.insert(coords.end(), counter.begin(), counter.end());
        ++count;
      }
      for (int64_t d = ndim - 1; d >= 0; --d) {
        if (++counter[d] < in.sizes()[d]) break;
        counter[d] = 0;
      }
    });
  });
  Tensor out = empty({count, ndim}, TensorOptions(DType::Int64, in.device()));
  if (!coords.empty()) std::memcpy(out.data_ptr(), coords.data(), coords.size() * sizeof(int64_t));
  return out;
}

}  // namespace tp
