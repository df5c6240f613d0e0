// SimBackend's elementwise kernels: unary, binary, where and fill, each one thread per
// element with a grid-stride loop, calling the CPU's per-element functions (scalar_ops.h)
// so the values are the CPU's, bit for bit. Loads and stores go through the thread
// context, so they are bounds-checked and counted for traces.
#include "core/backends/cpu/scalar_ops.h"
#include "core/backends/sim/sim_kernels.h"

namespace tp {

namespace {

using scalar::OpMath;

const char* unary_name(UnaryOp op) {
  static const char* names[] = {
      "neg", "abs", "exp", "log", "log2", "log10", "log1p", "expm1", "sqrt", "rsqrt",
      "reciprocal", "sin", "cos", "tan", "tanh", "sigmoid", "relu", "floor", "ceil", "round",
      "trunc", "sign", "square", "clamp", "logical_not", "bitwise_not", "isnan", "isinf",
      "isfinite"};
  return names[static_cast<int>(op)];
}

const char* binary_name(BinaryOp op) {
  static const char* names[] = {
      "add", "sub", "mul", "div", "floor_divide", "remainder", "pow", "maximum", "minimum",
      "atan2", "eq", "ne", "lt", "le", "gt", "ge", "logical_and", "logical_or", "logical_xor",
      "bitwise_and", "bitwise_or", "bitwise_xor"};
  return names[static_cast<int>(op)];
}

// Bytes one elementwise kernel reads and writes: every element of every operand once.
int64_t traffic(int64_t n, const std::vector<const Tensor*>& operands) {
  int64_t bytes = 0;
  for (const Tensor* t : operands) bytes += n * static_cast<int64_t>(t->element_size());
  return bytes;
}

// out[i] = f(in[i]) over out's shape.
template <typename In, typename Out, typename F>
void unary_kernel(const std::string& name, const Tensor& in, const Tensor& out, F f) {
  SimDevice& dev = sim::device_of(out);
  const int64_t n = out.numel();
  const In* src = in.data<In>();
  Out* dst = out.data<Out>();
  sim::Offsets offsets(out.sizes(), {&out.strides(), &in.strides()});
  sim::run_kernel(
      dev, sim::elementwise_config(name, n), sim::buffers_of({&in, &out}),
      [&](SimThread& ctx) {
        sim::grid_stride(ctx, n, [&](int64_t i) {
          int64_t off[2];
          offsets.at(i, off);
          const OpMath<In> x = static_cast<OpMath<In>>(ctx.load(src + off[1]));
          ctx.store(dst + off[0], static_cast<Out>(f(x)));
        });
      },
      {static_cast<double>(n), traffic(n, {&in, &out}), in.dtype(), OpClass::Elementwise});
}

// out[i] = f(a[i], b[i]) over out's shape.
template <typename T, typename Out, typename F>
void binary_kernel(const std::string& name, const Tensor& a, const Tensor& b, const Tensor& out,
                   F f) {
  SimDevice& dev = sim::device_of(out);
  const int64_t n = out.numel();
  const T* pa = a.data<T>();
  const T* pb = b.data<T>();
  Out* po = out.data<Out>();
  sim::Offsets offsets(out.sizes(), {&out.strides(), &a.strides(), &b.strides()});
  sim::run_kernel(
      dev, sim::elementwise_config(name, n), sim::buffers_of({&a, &b, &out}),
      [&](SimThread& ctx) {
        sim::grid_stride(ctx, n, [&](int64_t i) {
          int64_t off[3];
          offsets.at(i, off);
          const OpMath<T> x = static_cast<OpMath<T>>(ctx.load(pa + off[1]));
          const OpMath<T> y = static_cast<OpMath<T>>(ctx.load(pb + off[2]));
          ctx.store(po + off[0], static_cast<Out>(f(x, y)));
        });
      },
      {static_cast<double>(n), traffic(n, {&a, &b, &out}), a.dtype(), OpClass::Elementwise});
}

}  // namespace

void SimBackend::unary(UnaryOp op, const Tensor& in, const Tensor& out, const UnaryArgs& args) {
  visit_dtype(in.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const std::string name = std::string(unary_name(op)) + "_kernel";
    scalar::with_unary_fn<T>(op, args, [&](auto f) {
      if constexpr (scalar::unary_returns_bool<T, decltype(f)>()) {
        unary_kernel<T, bool>(name, in, out, f);
      } else {
        unary_kernel<T, T>(name, in, out, f);
      }
    });
  });
}

void SimBackend::binary(BinaryOp op, const Tensor& a, const Tensor& b, const Tensor& out) {
  visit_dtype(a.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const std::string name = std::string(binary_name(op)) + "_kernel";
    scalar::with_binary_fn<T>(op, [&](auto f) {
      if constexpr (scalar::binary_returns_bool<T, decltype(f)>()) {
        binary_kernel<T, bool>(name, a, b, out, f);
      } else {
        binary_kernel<T, T>(name, a, b, out, f);
      }
    });
  });
}

void SimBackend::where(const Tensor& cond, const Tensor& a, const Tensor& b, const Tensor& out) {
  // cond is bool (or the deprecated uint8): either way one byte, nonzero means true.
  const uint8_t* pc = static_cast<const uint8_t*>(cond.data_ptr());
  visit_dtype(out.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* pa = a.data<T>();
    const T* pb = b.data<T>();
    T* po = out.data<T>();
    const int64_t n = out.numel();
    sim::Offsets offsets(out.sizes(), {&out.strides(), &cond.strides(), &a.strides(), &b.strides()});
    sim::run_kernel(
        sim::device_of(out), sim::elementwise_config("where_kernel", n),
        sim::buffers_of({&cond, &a, &b, &out}),
        [&](SimThread& ctx) {
          sim::grid_stride(ctx, n, [&](int64_t i) {
            int64_t off[4];
            offsets.at(i, off);
            // Like the GPU kernel, reads only the side it picks.
            const T v = ctx.load(pc + off[1]) ? ctx.load(pa + off[2]) : ctx.load(pb + off[3]);
            ctx.store(po + off[0], v);
          });
        },
        {static_cast<double>(n), traffic(n, {&cond, &a, &out}), out.dtype(),
         OpClass::Elementwise});
  });
}

void SimBackend::fill(const Tensor& dst, Scalar value) {
  visit_dtype(dst.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T v = value.to<T>();
    T* d = dst.data<T>();
    const int64_t n = dst.numel();
    sim::Offsets offsets(dst.sizes(), {&dst.strides()});
    sim::run_kernel(
        sim::device_of(dst), sim::elementwise_config("fill_kernel", n), sim::buffers_of({&dst}),
        [&](SimThread& ctx) {
          sim::grid_stride(ctx, n, [&](int64_t i) {
            int64_t off[1];
            offsets.at(i, off);
            ctx.store(d + off[0], v);
          });
        },
        {0.0, traffic(n, {&dst}), dst.dtype(), OpClass::Elementwise});
  });
}

}  // namespace tp
