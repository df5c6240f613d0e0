// SimBackend's reductions and softmax over the rows of a contiguous (outer, inner) tensor.
// Long rows get one block per row: each thread folds a strided slice of the row, then the
// block combines the partial results with a shared-memory tree (log2(threads) steps, a
// barrier between steps), as CUDA reduction kernels do. Short rows (<= 32 elements) get
// one thread per row instead, so a (1000000, 4) sum does not start a million blocks.
// Floating sums accumulate in double like the CPU's, but in another order: results may
// differ from the CPU's in the last bits.
//
// Each row's body is written once over a row context: SimtRow runs it as one thread of the
// kernel on the SIMT executor, HostRow as the whole block in a host loop that folds in the
// same order (each thread's strided slice, then the same tree), so both give the same bits.
#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "core/backends/cpu/cpu_backend.h"
#include "core/backends/cpu/scalar_ops.h"
#include "core/backends/sim/sim_kernels.h"

namespace tp {

namespace {

using scalar::as_double;
using scalar::is_float_like;

// Rows up to this long are reduced by one thread each.
constexpr int64_t kShortRow = 32;

// How a reduction kernel is laid out for (outer, inner).
struct RowLayout {
  bool block_per_row = false;
  int threads = 1;  // threads per block (a power of two in block-per-row mode)
};

RowLayout row_layout(int64_t inner) {
  if (inner <= kShortRow) return {false, sim::kBlockThreads};
  int threads = 32;
  while (threads < sim::kBlockThreads && threads < inner) threads *= 2;
  return {true, threads};
}

LaunchConfig row_config(const std::string& name, int64_t outer, const RowLayout& layout,
                        size_t shared_per_thread) {
  if (!layout.block_per_row) return sim::elementwise_config(name, outer);
  LaunchConfig config;
  config.name = name;
  config.grid.x = static_cast<int>(outer);
  config.block.x = layout.threads;
  config.shared_bytes = shared_per_thread * static_cast<size_t>(layout.threads);
  config.uses_barriers = true;
  return config;
}

// Folds row elements [0, inner) into one Acc. In block-per-row mode each thread folds
// i = tid, tid + threads, ... and the block combines through shared memory; every thread
// gets the row's result. In thread-per-row mode the thread folds the whole row.
template <typename Acc, typename Load, typename Combine>
Acc fold_row(SimThread& ctx, bool block_per_row, int64_t inner, Acc identity, Load load,
             Combine combine) {
  if (!block_per_row) {
    Acc acc = identity;
    for (int64_t i = 0; i < inner; ++i) acc = combine(acc, load(i));
    return acc;
  }
  const int tid = ctx.thread_idx().x, threads = ctx.block_dim().x;
  Acc acc = identity;
  for (int64_t i = tid; i < inner; i += threads) acc = combine(acc, load(i));
  Acc* shared = ctx.shared<Acc>();
  ctx.store_shared(&shared[tid], acc);
  // Tree: at each step the lower half adds in the upper half.
  for (int s = threads / 2; s > 0; s /= 2) {
    ctx.sync();
    if (tid < s) {
      ctx.store_shared(&shared[tid],
                       combine(ctx.load_shared(&shared[tid]), ctx.load_shared(&shared[tid + s])));
    }
  }
  ctx.sync();
  Acc result = ctx.load_shared(&shared[0]);
  ctx.sync();  // everyone has read shared[0] before a second fold reuses it
  return result;
}

// A row body as one thread of the SIMT kernel: checked loads and stores, folds through
// the block's shared memory, and the elements this thread handles.
class SimtRow {
 public:
  SimtRow(SimThread& ctx, bool block_per_row) : ctx_(ctx), bpr_(block_per_row) {}
  template <typename T>
  T load(const T* p) { return ctx_.load(p); }
  template <typename T>
  void store(T* p, T v) { ctx_.store(p, v); }
  // Whether this thread writes the row's single result (thread 0 of a row's block).
  bool writes_result() const { return !bpr_ || ctx_.thread_idx().x == 0; }
  template <typename Acc, typename Load, typename Combine>
  Acc fold(int64_t inner, Acc identity, Load load, Combine combine) {
    return fold_row(ctx_, bpr_, inner, identity, load, combine);
  }
  // Calls f(i) for the row elements this thread writes (an elementwise pass over the row).
  template <typename F>
  void each(int64_t inner, F f) {
    const int64_t first = bpr_ ? ctx_.thread_idx().x : 0, step = bpr_ ? ctx_.block_dim().x : 1;
    for (int64_t i = first; i < inner; i += step) f(i);
  }

 private:
  SimThread& ctx_;
  bool bpr_;
};

// The same row body run for the whole block on the host: plain loads and stores, and
// folds in the kernel's order (thread t's slice t, t + threads, ..., then the tree).
class HostRow {
 public:
  explicit HostRow(const RowLayout& layout) : layout_(layout) {}
  template <typename T>
  T load(const T* p) { return *p; }
  template <typename T>
  void store(T* p, T v) { *p = v; }
  bool writes_result() const { return true; }
  template <typename Acc, typename Load, typename Combine>
  Acc fold(int64_t inner, Acc identity, Load load, Combine combine) {
    if (!layout_.block_per_row) {
      Acc acc = identity;
      for (int64_t i = 0; i < inner; ++i) acc = combine(acc, load(i));
      return acc;
    }
    const int threads = layout_.threads;
    std::array<Acc, sim::kBlockThreads> partial;
    std::fill(partial.begin(), partial.begin() + threads, identity);
    for (int64_t base = 0; base < inner; base += threads) {
      const int64_t width = std::min<int64_t>(threads, inner - base);
      for (int64_t t = 0; t < width; ++t) partial[t] = combine(partial[t], load(base + t));
    }
    for (int s = threads / 2; s > 0; s /= 2) {
      for (int t = 0; t < s; ++t) partial[t] = combine(partial[t], partial[t + s]);
    }
    return partial[0];
  }
  template <typename F>
  void each(int64_t inner, F f) {
    for (int64_t i = 0; i < inner; ++i) f(i);
  }

 private:
  RowLayout layout_;
};

// Runs body(row, r) for every row r of an (outer, inner) launch: through the SIMT
// executor (one block per row, or a grid-stride range of rows per thread) when the device
// wants it, else on the host; then charges the kernel's modeled time.
// `operands` are the tensors whose memory the kernel may touch (checked on the executor).
template <typename Body>
void run_rows(SimDevice& dev, const std::string& name, int64_t outer, const RowLayout& layout,
              size_t shared_per_thread, std::initializer_list<const Tensor*> operands,
              const sim::KernelCost& cost, Body body) {
  if (outer == 0) return;
  if (!sim::simt_wanted()) {
    HostRow row(layout);
    for (int64_t r = 0; r < outer; ++r) body(row, r);
  } else {
    sim::launch_simt(dev, row_config(name, outer, layout, shared_per_thread), sim::buffers_of(operands),
                     [&](SimThread& ctx) {
                       SimtRow row(ctx, layout.block_per_row);
                       if (layout.block_per_row) {
                         ctx.output(ctx.block_idx().x);
                         body(row, int64_t{ctx.block_idx().x});
                       } else {
                         sim::grid_stride(ctx, outer, [&](int64_t r) { body(row, r); });
                       }
                     });
  }
  sim::charge(dev, name, cost);
}

// The position of a row's max or min so far: the first NaN wins, then the extreme, then
// the lower index, so the tree gives the CPU's answer whatever the combining order.
template <typename K>
struct Extreme {
  K value;
  int64_t index;  // -1: no element yet
};

template <typename K>
Extreme<K> better(Extreme<K> a, Extreme<K> b, bool want_max) {
  if (a.index < 0) return b;
  if (b.index < 0) return a;
  if constexpr (std::is_floating_point_v<K>) {
    const bool an = std::isnan(a.value), bn = std::isnan(b.value);
    if (an || bn) {
      if (an && bn) return a.index < b.index ? a : b;
      return an ? a : b;
    }
  }
  if (want_max ? b.value > a.value : b.value < a.value) return b;
  if (b.value == a.value && b.index < a.index) return b;
  return a;
}

std::string reduce_name(ReduceOp op) {
  static const char* names[] = {"sum", "prod", "mean", "max", "min", "argmax",
                                "argmin", "var", "std", "any", "all"};
  return std::string("reduce_") + names[static_cast<int>(op)] + "_kernel";
}

template <typename T>
void reduce_rows(ReduceOp op, const Tensor& in, const Tensor& out, const Tensor& indices,
                 int64_t correction) {
  const int64_t outer = in.sizes()[0], inner = in.sizes()[1];
  const RowLayout layout = row_layout(inner);
  const T* src = in.data<T>();
  void* dst = out.data_ptr();
  int64_t* idx_out = indices.defined() ? indices.data<int64_t>() : nullptr;
  const bool want_max = op == ReduceOp::Max || op == ReduceOp::ArgMax;
  const int64_t passes = op == ReduceOp::Var || op == ReduceOp::Std ? 2 : 1;
  const int64_t bytes = passes * in.numel() * static_cast<int64_t>(in.element_size()) +
                        outer * static_cast<int64_t>(out.element_size());
  const sim::KernelCost cost{static_cast<double>(passes * in.numel()), bytes, in.dtype(),
                             OpClass::Elementwise};
  SimDevice& dev = sim::device_of(in);
  const std::string name = reduce_name(op);
  auto run = [&](size_t shared_per_thread, auto body) {
    run_rows(dev, name, outer, layout, shared_per_thread, {&in, &out, &indices}, cost, body);
  };
  // An extreme (the first NaN, else the first max or min) and any/all do not depend on the
  // order the elements are visited in, so at host speed the CPU's loops give the kernel's
  // answer.
  const bool order_free = op != ReduceOp::Sum && op != ReduceOp::Prod && op != ReduceOp::Mean &&
                          op != ReduceOp::Var && op != ReduceOp::Std;
  if (order_free && !sim::simt_wanted()) {
    if (outer == 0) return;
    cpu_backend().reduce(op, in, out, indices, correction, 0);
    sim::charge(dev, name, cost);
    return;
  }

  switch (op) {
    case ReduceOp::Sum:
    case ReduceOp::Prod:
    case ReduceOp::Mean:
    case ReduceOp::Var:
    case ReduceOp::Std:
      if constexpr (is_float_like<T>) {
        run(sizeof(double), [=](auto& row, int64_t r) {
          const T* x = src + r * inner;
          auto value = [&](int64_t i) { return as_double(row.load(x + i)); };
          auto add = [](double a, double b) { return a + b; };
          double result;
          if (op == ReduceOp::Prod) {
            result = row.fold(inner, 1.0, value, [](double a, double b) { return a * b; });
          } else {
            const double sum = row.fold(inner, 0.0, value, add);
            result = op == ReduceOp::Sum ? sum : sum / static_cast<double>(inner);
            if (op == ReduceOp::Var || op == ReduceOp::Std) {
              // Second pass over the row: squared deviations from the mean.
              const double mean = result;
              auto dev2 = [&](int64_t i) {
                const double d = value(i) - mean;
                return d * d;
              };
              const double ss = row.fold(inner, 0.0, dev2, add);
              const double dof = std::max<double>(0.0, static_cast<double>(inner) - static_cast<double>(correction));
              result = op == ReduceOp::Std ? std::sqrt(ss / dof) : ss / dof;
            }
          }
          if (row.writes_result()) row.store(static_cast<T*>(dst) + r, static_cast<T>(result));
        });
      } else {
        TP_ASSERT(op == ReduceOp::Sum || op == ReduceOp::Prod);
        // Integers wrap on overflow like int64 arithmetic; the order does not matter.
        run(sizeof(uint64_t), [=](auto& row, int64_t r) {
          const T* x = src + r * inner;
          auto value = [&](int64_t i) {
            return static_cast<uint64_t>(static_cast<int64_t>(row.load(x + i)));
          };
          const uint64_t acc =
              op == ReduceOp::Prod
                  ? row.fold(inner, uint64_t{1}, value, [](uint64_t a, uint64_t b) { return a * b; })
                  : row.fold(inner, uint64_t{0}, value, [](uint64_t a, uint64_t b) { return a + b; });
          if (row.writes_result())
            row.store(static_cast<T*>(dst) + r, static_cast<T>(static_cast<int64_t>(acc)));
        });
      }
      break;
    case ReduceOp::Max:
    case ReduceOp::Min:
    case ReduceOp::ArgMax:
    case ReduceOp::ArgMin: {
      using K = std::conditional_t<is_float_like<T>, double, int64_t>;
      const bool arg = op == ReduceOp::ArgMax || op == ReduceOp::ArgMin;
      run(sizeof(Extreme<K>), [=](auto& row, int64_t r) {
        const T* x = src + r * inner;
        auto value = [&](int64_t i) {
          const T v = row.load(x + i);
          if constexpr (is_float_like<T>) return Extreme<K>{as_double(v), i};
          else return Extreme<K>{static_cast<K>(v), i};
        };
        const Extreme<K> best = row.fold(inner, Extreme<K>{K(0), -1}, value,
                                         [=](Extreme<K> a, Extreme<K> b) { return better(a, b, want_max); });
        if (!row.writes_result()) return;
        if (arg) {
          row.store(static_cast<int64_t*>(dst) + r, best.index);
        } else {
          row.store(static_cast<T*>(dst) + r, row.load(x + best.index));
          if (idx_out) row.store(idx_out + r, best.index);
        }
      });
      break;
    }
    case ReduceOp::Any:
    case ReduceOp::All: {
      // out is bool, or uint8 for a uint8 input (PyTorch keeps uint8 there).
      const bool want_any = op == ReduceOp::Any;
      run(sizeof(uint8_t), [=](auto& row, int64_t r) {
        const T* x = src + r * inner;
        auto value = [&](int64_t i) { return uint8_t{as_double(row.load(x + i)) != 0.0}; };
        const uint8_t result =
            want_any ? row.fold(inner, uint8_t{0}, value, [](uint8_t a, uint8_t b) { return uint8_t(a | b); })
                     : row.fold(inner, uint8_t{1}, value, [](uint8_t a, uint8_t b) { return uint8_t(a & b); });
        if (row.writes_result()) row.store(static_cast<uint8_t*>(dst) + r, result);
      });
      break;
    }
  }
}

}  // namespace

void SimBackend::reduce(ReduceOp op, const Tensor& in, const Tensor& out, const Tensor& indices,
                        int64_t correction, int64_t /*kept_columns*/) {
  SimulationScope simulating;  // real time spent here is not the machine's
  visit_dtype(in.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    reduce_rows<T>(op, in, out, indices, correction);
  });
}

// One thread per row walks it in order (a scan's order is its result).
void SimBackend::scan(ScanOp op, const Tensor& in, const Tensor& out) {
  SimulationScope simulating;  // real time spent here is not the machine's
  const int64_t outer = in.sizes()[0], inner = in.sizes()[1];
  const RowLayout layout{false, sim::kBlockThreads};
  visit_dtype(in.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    using Acc = scalar::ScanAcc<T>;
    const T* src = in.data<T>();
    T* dst = out.data<T>();
    const int64_t bytes = 2 * in.numel() * static_cast<int64_t>(in.element_size());
    run_rows(sim::device_of(in), op == ScanOp::Sum ? "cumsum_kernel" : "cumprod_kernel", outer, layout, 0,
             {&in, &out}, {static_cast<double>(in.numel()), bytes, in.dtype(), OpClass::Elementwise},
             [=](auto& row, int64_t r) {
               Acc acc = op == ScanOp::Sum ? Acc(0) : Acc(1);
               row.each(inner, [&](int64_t i) {
                 const Acc x = static_cast<Acc>(row.load(src + r * inner + i));
                 acc = scalar::scan_step(acc, x, op == ScanOp::Prod);
                 row.store(dst + r * inner + i, static_cast<T>(acc));
               });
             });
  });
}

// One thread per row: at host speed the CPU's stable sort; on the executor an insertion sort
// through checked loads and stores (stable, and simple enough to read as the kernel).
void SimBackend::sort(const Tensor& in, const Tensor& values, const Tensor& indices, bool descending) {
  SimulationScope simulating;  // real time spent here is not the machine's
  const int64_t outer = in.sizes()[0], inner = in.sizes()[1];
  const double n = static_cast<double>(in.numel());
  const int64_t bytes = 2 * in.numel() * static_cast<int64_t>(in.element_size() + sizeof(int64_t));
  const sim::KernelCost cost{n * std::max(1.0, std::log2(std::max(2.0, static_cast<double>(inner)))), bytes,
                             in.dtype(), OpClass::Elementwise};
  if (!sim::simt_wanted()) {
    cpu_backend().sort(in, values, indices, descending);
    sim::charge(sim::device_of(in), "sort_kernel", cost);
    return;
  }
  visit_dtype(in.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* src = in.data<T>();
    T* out = values.data<T>();
    int64_t* idx = indices.data<int64_t>();
    run_rows(sim::device_of(in), "sort_kernel", outer, RowLayout{false, sim::kBlockThreads}, 0,
             {&in, &values, &indices}, cost, [=](auto& row, int64_t r) {
               T* v = out + r * inner;
               int64_t* k = idx + r * inner;
               for (int64_t i = 0; i < inner; ++i) {
                 const T x = row.load(src + r * inner + i);
                 int64_t j = i;
                 while (j > 0 && scalar::sorts_before(x, row.load(v + j - 1), descending)) {
                   row.store(v + j, row.load(v + j - 1));
                   row.store(k + j, row.load(k + j - 1));
                   --j;
                 }
                 row.store(v + j, x);
                 row.store(k + j, i);
               }
             });
  });
}

void SimBackend::softmax(const Tensor& in, const Tensor& out, bool log) {
  SimulationScope simulating;  // real time spent here is not the machine's
  const int64_t outer = in.sizes()[0], inner = in.sizes()[1];
  const RowLayout layout = row_layout(inner);
  visit_dtype(in.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (is_float_like<T>) {
      const T* src = in.data<T>();
      T* dst = out.data<T>();
      const int64_t bytes = 3 * in.numel() * static_cast<int64_t>(in.element_size());
      run_rows(sim::device_of(in), log ? "log_softmax_kernel" : "softmax_kernel", outer, layout,
               sizeof(double), {&in, &out},
               {4.0 * static_cast<double>(in.numel()), bytes, in.dtype(), OpClass::Elementwise},
               [=](auto& row, int64_t r) {
                 const T* x = src + r * inner;
                 T* y = dst + r * inner;
                 auto value = [&](int64_t i) { return as_double(row.load(x + i)); };
                 // Subtracting the row max keeps exp() from overflowing; std::max skips NaN as
                 // the CPU's loop does (a NaN still makes the whole row NaN through the sum).
                 const double mx = row.fold(inner, -std::numeric_limits<double>::infinity(), value,
                                            [](double a, double b) { return std::max(a, b); });
                 const double sum = row.fold(inner, 0.0, [&](int64_t i) { return std::exp(value(i) - mx); },
                                             [](double a, double b) { return a + b; });
                 const double log_sum = std::log(sum);
                 row.each(inner, [&](int64_t i) {
                   const double v = value(i) - mx;
                   row.store(y + i, static_cast<T>(log ? v - log_sum : std::exp(v) / sum));
                 });
               });
    } else {
      TP_ASSERT(false && "softmax of a non-floating dtype");
    }
  });
}

}  // namespace tp
