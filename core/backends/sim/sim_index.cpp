// SimBackend's advanced-indexing kernels (index, index_put) and nonzero. One thread per
// element; an index outside [-size, size) raises the CPU's IndexError (threads run in
// order, so the first bad element in row-major order is the one reported, as on CPU).
// nonzero is two kernels around a scan, and makes the host wait as PyTorch's does: the
// size of its result is only known once the device has counted. At host speed the CPU
// backend's loops give the same result (they too go in row-major order).
#include <cstring>

#include "core/backends/cpu/cpu_backend.h"
#include "core/backends/sim/sim_kernels.h"

namespace tp {

namespace {

// Operands of an index kernel: the (restrided) tensor, the other side, then each index
// tensor; PyTorch allows at most 64 dims, hence 64 indices.
constexpr size_t kMaxOperands = 2 + 64;

std::vector<const Shape*> operand_strides(const Tensor& a, const Tensor& b,
                                          const std::vector<Tensor>& indices) {
  std::vector<const Shape*> strides = {&a.strides(), &b.strides()};
  for (const Tensor& idx : indices) strides.push_back(&idx.strides());
  return strides;
}

std::vector<const Tensor*> operand_list(const Tensor& a, const Tensor& b,
                                        const std::vector<Tensor>& indices) {
  std::vector<const Tensor*> list = {&a, &b};
  for (const Tensor& idx : indices) list.push_back(&idx);
  return list;
}

// The element offset the indices at `off` select (operands 2.. are the indices).
int64_t indexed_offset(SimThread& ctx, const int64_t* off, const std::vector<Tensor>& indices,
                       const Shape& indexed_sizes, const Shape& indexed_strides) {
  int64_t result = off[0];
  for (size_t k = 0; k < indices.size(); ++k) {
    int64_t idx = ctx.load(indices[k].data<int64_t>() + off[2 + k]);
    const int64_t size = indexed_sizes[k];
    TP_CHECK(idx >= -size && idx < size, IndexError, "index ", idx,
             " is out of bounds for dimension ", k, " with size ", size);
    if (idx < 0) idx += size;
    result += idx * indexed_strides[k];
  }
  return result;
}

int64_t index_bytes(int64_t n, const Tensor& data, const std::vector<Tensor>& indices) {
  return n * static_cast<int64_t>(2 * data.element_size() + indices.size() * sizeof(int64_t));
}

}  // namespace

void SimBackend::index(const Tensor& src, const Tensor& out, const std::vector<Tensor>& indices,
                       const Shape& indexed_sizes, const Shape& indexed_strides) {
  SimulationScope simulating;  // real time spent here is not the machine's
  TP_ASSERT(indices.size() + 2 <= kMaxOperands);
  const int64_t n = out.numel();
  if (n == 0) return;
  SimDevice& dev = sim::device_of(out);
  if (!sim::simt_wanted()) {
    cpu_backend().index(src, out, indices, indexed_sizes, indexed_strides);
  } else {
    visit_any_dtype(src.dtype(), [&](auto tag) {
      using T = typename decltype(tag)::type;
      const T* s = src.data<T>();
      T* o = out.data<T>();
      // out is the restrided src's shape; operand 0 = src, 1 = out, 2.. = indices.
      sim::Offsets offsets(out.sizes(), operand_strides(src, out, indices));
      sim::launch_simt(dev, sim::elementwise_config("index_kernel", n),
                       sim::buffers_of(operand_list(src, out, indices)), [&](SimThread& ctx) {
                         sim::grid_stride(ctx, n, [&](int64_t i) {
                           int64_t off[kMaxOperands];
                           offsets.at(i, off);
                           const int64_t at = indexed_offset(ctx, off, indices, indexed_sizes, indexed_strides);
                           ctx.store(o + off[1], ctx.load(s + at));
                         });
                       });
    });
  }
  sim::charge(dev, "index_kernel", {0.0, index_bytes(n, src, indices), src.dtype(), OpClass::Elementwise});
}

void SimBackend::index_put(const Tensor& dst, const Tensor& values,
                           const std::vector<Tensor>& indices, const Shape& indexed_sizes,
                           const Shape& indexed_strides, bool accumulate) {
  SimulationScope simulating;  // real time spent here is not the machine's
  TP_ASSERT(indices.size() + 2 <= kMaxOperands);
  const int64_t n = shape_numel(dst.sizes());
  if (n == 0) return;
  SimDevice& dev = sim::device_of(dst);
  const char* name = accumulate ? "index_put_accumulate_kernel" : "index_put_kernel";
  if (!sim::simt_wanted()) {
    cpu_backend().index_put(dst, values, indices, indexed_sizes, indexed_strides, accumulate);
  } else {
    visit_any_dtype(dst.dtype(), [&](auto tag) {
      using T = typename decltype(tag)::type;
      T* d = dst.data<T>();
      const T* v = values.data<T>();
      // Walks the restrided dst's shape; operand 0 = dst, 1 = values, 2.. = indices. The
      // executor runs threads one after another, so accumulating needs no atomics here and
      // repeated indices resolve as on the CPU (a real GPU uses atomicAdd, in any order).
      sim::Offsets offsets(dst.sizes(), operand_strides(dst, values, indices));
      sim::launch_simt(
          dev, sim::elementwise_config(name, n), sim::buffers_of(operand_list(dst, values, indices)),
          [&](SimThread& ctx) {
            sim::grid_stride(ctx, n, [&](int64_t i) {
              int64_t off[kMaxOperands];
              offsets.at(i, off);
              const int64_t at = indexed_offset(ctx, off, indices, indexed_sizes, indexed_strides);
              const T value = ctx.load(v + off[1]);
              if (!accumulate) {
                ctx.store(d + at, value);
              } else if constexpr (std::is_same_v<T, bool>) {
                ctx.store(d + at, static_cast<bool>(ctx.load(d + at) || value));
              } else if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>) {
                ctx.store(d + at, T(static_cast<float>(ctx.load(d + at)) + static_cast<float>(value)));
              } else {
                ctx.store(d + at, static_cast<T>(ctx.load(d + at) + value));
              }
            });
          });
    });
  }
  sim::charge(dev, name, {static_cast<double>(accumulate ? n : 0), index_bytes(n, dst, indices),
                          dst.dtype(), OpClass::Elementwise});
}

namespace {

// nonzero through the executor: kernel 1 flags each nonzero element, a scan gives each one
// its output row, the host reads the count back, kernel 2 writes the coordinates.
Tensor nonzero_simt(SimDevice& dev, const Tensor& in) {
  const int64_t n = in.numel(), ndim = in.dim();
  // The flags and their scan are device scratch.
  std::vector<int64_t> flags(static_cast<size_t>(n), 0);
  int64_t* pf = flags.data();
  visit_dtype(in.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* p = in.data<T>();
    sim::Offsets offsets(in.sizes(), {&in.strides()});
    sim::launch_simt(dev, sim::elementwise_config("nonzero_flag_kernel", n),
                     {sim::buffers_of({&in})[0], {pf, flags.size() * sizeof(int64_t)}},
                     [&](SimThread& ctx) {
                       sim::grid_stride(ctx, n, [&](int64_t i) {
                         int64_t off[1];
                         offsets.at(i, off);
                         const T x = ctx.load(p + off[0]);
                         bool nz;
                         if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>) {
                           nz = static_cast<float>(x) != 0.0f;
                         } else {
                           nz = x != T(0);
                         }
                         ctx.store(pf + i, int64_t{nz});
                       });
                     });
  });
  // An exclusive scan (cub::DeviceScan on a GPU).
  std::vector<int64_t> row(static_cast<size_t>(n), 0);
  int64_t count = 0;
  for (int64_t i = 0; i < n; ++i) {
    row[i] = count;
    count += flags[i];
  }
  Tensor out = empty({count, ndim}, TensorOptions(DType::Int64, in.device()));
  if (count == 0 || ndim == 0) return out;  // a 0-dim input has no coordinates to write
  int64_t* po = out.data<int64_t>();
  const int64_t* prow = row.data();
  const Shape sizes = in.sizes();
  sim::launch_simt(dev, sim::elementwise_config("nonzero_write_kernel", n),
                   {{pf, flags.size() * sizeof(int64_t)}, {prow, row.size() * sizeof(int64_t)},
                    sim::buffers_of({&out})[0]},
                   [&](SimThread& ctx) {
                     sim::grid_stride(ctx, n, [&](int64_t i) {
                       if (!ctx.load(pf + i)) return;
                       int64_t* dst = po + ctx.load(prow + i) * ndim;
                       int64_t rest = i;
                       for (int64_t d = ndim - 1; d >= 0; --d) {
                         ctx.store(dst + d, rest % sizes[d]);
                         rest /= sizes[d];
                       }
                     });
                   });
  return out;
}

}  // namespace

Tensor SimBackend::nonzero(const Tensor& in) {
  SimulationScope simulating;  // real time spent here is not the machine's
  SimDevice& dev = sim::device_of(in);
  const int64_t n = in.numel(), ndim = in.dim();
  if (n == 0) {
    dev.clock->synchronize();
    return empty({0, ndim}, TensorOptions(DType::Int64, in.device()));
  }
  Tensor out = sim::simt_wanted() ? nonzero_simt(dev, in) : cpu_backend().nonzero(in);
  const int64_t count = out.size(0);
  const int64_t flag_bytes = n * static_cast<int64_t>(sizeof(int64_t));
  sim::charge(dev, "nonzero_flag_kernel",
              {0.0, n * static_cast<int64_t>(in.element_size()) + flag_bytes, in.dtype(), OpClass::Elementwise});
  sim::charge(dev, "nonzero_scan_kernel", {static_cast<double>(n), 2 * flag_bytes, DType::Int64, OpClass::Elementwise});
  // The host reads the count back before it can allocate the result: a synchronisation.
  dev.clock->transfer(sizeof(int64_t), CopyDirection::DeviceToHost, false, false);
  if (count > 0 && ndim > 0) {
    sim::charge(dev, "nonzero_write_kernel",
                {0.0, 2 * flag_bytes + count * ndim * 8, DType::Int64, OpClass::Elementwise});
  }
  return out;
}

}  // namespace tp
