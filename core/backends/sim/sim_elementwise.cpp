// SimBackend's elementwise kernels: unary, binary, where and fill, each one thread per
// element with a grid-stride loop, calling the ops' formulas (unary_formulas.h,
// binary_formulas.h) as the CPU does, so the values are the CPU's, bit for bit. Loads and stores go through the thread
// context, so they are bounds-checked and counted for traces. Each element is independent
// of the others, so at host speed the CPU backend's loops give the same result.
#include "core/backends/cpu/cpu_backend.h"
#include "core/backends/cpu/elementwise_fns.h"
#include "core/backends/sim/sim_kernels.h"

namespace tp {

namespace {

using scalar::OpMath;

// Bytes one elementwise kernel reads and writes: every element of every operand once.
int64_t traffic(int64_t n, const std::vector<const Tensor*>& operands) {
  int64_t bytes = 0;
  for (const Tensor* t : operands) bytes += n * static_cast<int64_t>(t->element_size());
  return bytes;
}

// out[i] = f(in[i]) over out's shape.
template <typename In, typename Out, typename F>
void unary_kernel(const std::string& name, const Tensor& in, const Tensor& out, F f) {
  const int64_t n = out.numel();
  const In* src = in.data<In>();
  Out* dst = out.data<Out>();
  sim::Offsets offsets(out.sizes(), {&out.strides(), &in.strides()});
  sim::launch_simt(
      sim::device_of(out), sim::elementwise_config(name, n), sim::buffers_of({&in, &out}),
      [&](SimThread& ctx) {
        sim::grid_stride(ctx, n, [&](int64_t i) {
          int64_t off[2];
          offsets.at(i, off);
          const OpMath<In> x = static_cast<OpMath<In>>(ctx.load(src + off[1]));
          ctx.store(dst + off[0], static_cast<Out>(f(x)));
        });
      });
}

// out[i] = f(a[i], b[i]) over out's shape.
template <typename T, typename Out, typename F>
void binary_kernel(const std::string& name, const Tensor& a, const Tensor& b, const Tensor& out,
                   F f) {
  const int64_t n = out.numel();
  const T* pa = a.data<T>();
  const T* pb = b.data<T>();
  Out* po = out.data<Out>();
  sim::Offsets offsets(out.sizes(), {&out.strides(), &a.strides(), &b.strides()});
  sim::launch_simt(
      sim::device_of(out), sim::elementwise_config(name, n), sim::buffers_of({&a, &b, &out}),
      [&](SimThread& ctx) {
        sim::grid_stride(ctx, n, [&](int64_t i) {
          int64_t off[3];
          offsets.at(i, off);
          const OpMath<T> x = static_cast<OpMath<T>>(ctx.load(pa + off[1]));
          const OpMath<T> y = static_cast<OpMath<T>>(ctx.load(pb + off[2]));
          ctx.store(po + off[0], static_cast<Out>(f(x, y)));
        });
      });
}

// where() through the executor; like the GPU kernel, it reads only the side it picks.
template <typename T>
void where_kernel(const Tensor& cond, const Tensor& a, const Tensor& b, const Tensor& out) {
  const uint8_t* pc = static_cast<const uint8_t*>(cond.data_ptr());
  const T* pa = a.data<T>();
  const T* pb = b.data<T>();
  T* po = out.data<T>();
  const int64_t n = out.numel();
  sim::Offsets offsets(out.sizes(), {&out.strides(), &cond.strides(), &a.strides(), &b.strides()});
  sim::launch_simt(sim::device_of(out), sim::elementwise_config("where_kernel", n),
                   sim::buffers_of({&cond, &a, &b, &out}), [&](SimThread& ctx) {
                     sim::grid_stride(ctx, n, [&](int64_t i) {
                       int64_t off[4];
                       offsets.at(i, off);
                       const T v = ctx.load(pc + off[1]) ? ctx.load(pa + off[2]) : ctx.load(pb + off[3]);
                       ctx.store(po + off[0], v);
                     });
                   });
}

template <typename T>
void fill_kernel(const Tensor& dst, T v) {
  T* d = dst.data<T>();
  const int64_t n = dst.numel();
  sim::Offsets offsets(dst.sizes(), {&dst.strides()});
  sim::launch_simt(sim::device_of(dst), sim::elementwise_config("fill_kernel", n),
                   sim::buffers_of({&dst}), [&](SimThread& ctx) {
                     sim::grid_stride(ctx, n, [&](int64_t i) {
                       int64_t off[1];
                       offsets.at(i, off);
                       ctx.store(d + off[0], v);
                     });
                   });
}

}  // namespace

void SimBackend::unary(UnaryOp op, const Tensor& in, const Tensor& out, const UnaryArgs& args) {
  SimulationScope simulating;  // real time spent here is not the machine's
  const int64_t n = out.numel();
  if (n == 0) return;  // PyTorch launches nothing for an empty tensor
  const std::string name = std::string(unary_op_info(op).name) + "_kernel";
  SimDevice& dev = sim::device_of(out);
  if (sim::simt_wanted()) {
    visit_dtype(in.dtype(), [&](auto tag) {
      using T = typename decltype(tag)::type;
      scalar::with_unary_fn<T>(op, args, [&](auto f) {
        if constexpr (scalar::unary_returns_bool<T, decltype(f)>()) {
          unary_kernel<T, bool>(name, in, out, f);
        } else {
          unary_kernel<T, T>(name, in, out, f);
        }
      });
    });
  } else {
    cpu_backend().unary(op, in, out, args);
  }
  sim::charge(dev, name, {static_cast<double>(n), traffic(n, {&in, &out}), in.dtype(), OpClass::Elementwise});
}

void SimBackend::binary(BinaryOp op, const Tensor& a, const Tensor& b, const Tensor& out) {
  SimulationScope simulating;  // real time spent here is not the machine's
  const int64_t n = out.numel();
  if (n == 0) return;
  const std::string name = std::string(binary_op_info(op).name) + "_kernel";
  SimDevice& dev = sim::device_of(out);
  if (sim::simt_wanted()) {
    visit_dtype(a.dtype(), [&](auto tag) {
      using T = typename decltype(tag)::type;
      scalar::with_binary_fn<T>(op, [&](auto f) {
        if constexpr (scalar::binary_returns_bool<T, decltype(f)>()) {
          binary_kernel<T, bool>(name, a, b, out, f);
        } else {
          binary_kernel<T, T>(name, a, b, out, f);
        }
      });
    });
  } else {
    cpu_backend().binary(op, a, b, out);
  }
  sim::charge(dev, name, {static_cast<double>(n), traffic(n, {&a, &b, &out}), a.dtype(), OpClass::Elementwise});
}

void SimBackend::where(const Tensor& cond, const Tensor& a, const Tensor& b, const Tensor& out) {
  SimulationScope simulating;  // real time spent here is not the machine's
  const int64_t n = out.numel();
  if (n == 0) return;
  SimDevice& dev = sim::device_of(out);
  if (sim::simt_wanted()) {
    visit_any_dtype(out.dtype(), [&](auto tag) { where_kernel<typename decltype(tag)::type>(cond, a, b, out); });
  } else {
    cpu_backend().where(cond, a, b, out);
  }
  sim::charge(dev, "where_kernel", {static_cast<double>(n), traffic(n, {&cond, &a, &out}), out.dtype(), OpClass::Elementwise});
}

void SimBackend::fill(const Tensor& dst, Scalar value) {
  SimulationScope simulating;  // real time spent here is not the machine's
  const int64_t n = dst.numel();
  if (n == 0) return;
  SimDevice& dev = sim::device_of(dst);
  if (sim::simt_wanted()) {
    visit_any_dtype(dst.dtype(), [&](auto tag) {
      using T = typename decltype(tag)::type;
      fill_kernel<T>(dst, value.to<T>());
    });
  } else {
    cpu_backend().fill(dst, value);
  }
  sim::charge(dev, "fill_kernel", {0.0, traffic(n, {&dst}), dst.dtype(), OpClass::Elementwise});
}

}  // namespace tp
