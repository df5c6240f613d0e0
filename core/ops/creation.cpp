// Tensor factories. Values are computed on the host exactly as PyTorch's CPU kernels do
// (RangeFactories.cpp, cpu/RangeFactoriesKernel.cpp), then moved to the target device.
#include "core/ops/creation.h"

#include <cmath>
#include <limits>

#include "core/backends/backend.h"
#include "core/error.h"
#include "core/ops/copy.h"

namespace tp {

namespace {

// A host tensor filled by `fill`, moved to `device` (a no-op for the CPU).
template <typename Fill>
Tensor build_on_host(const Shape& size, DType dtype, Device device, Fill&& fill) {
  Tensor host = empty(size, TensorOptions(dtype, Device::cpu()));
  fill(host);
  return to(host, device, std::nullopt);
}

bool is_reduced_float(DType t) { return t == DType::Float16 || t == DType::BFloat16; }

// arange's floating values. PyTorch's kernel writes blocks of two SIMD vectors (32-byte
// AVX2 lanes) as base + k * step, where base is rounded to the element type first; the
// tail is start + step * i. Both are compiled to fused multiply-adds, so we use std::fma
// to get the same last bits. Acc is the accumulate type: double for float/double, float
// for half/bfloat16. (Past 32768 elements PyTorch splits the range across threads, which
// moves the block boundaries; we model one thread, so last bits may differ there.)
template <typename T, typename Acc>
void arange_floating(T* out, int64_t n, Acc start, Acc step) {
  const int64_t lanes = static_cast<int64_t>(32 / sizeof(T));
  const int64_t vector_end = n / (2 * lanes) * (2 * lanes);
  for (int64_t i = 0; i < n; ++i) {
    if (i < vector_end) {
      int64_t lane = i % lanes;
      T base = T(std::fma(step, static_cast<Acc>(i - lane), start));
      out[i] = T(std::fma(static_cast<Acc>(lane), step, static_cast<Acc>(base)));
    } else {
      out[i] = T(std::fma(step, static_cast<Acc>(i), start));
    }
  }
}

// Checks arange's arguments in the accumulate type and returns its length.
template <typename Acc>
int64_t arange_length(Scalar start, Scalar end, Scalar step, DType dtype) {
  Acc xstart = start.to<Acc>(), xend = end.to<Acc>(), xstep = step.to<Acc>();
  TP_CHECK(xstep > 0 || xstep < 0, RuntimeError, "step must be nonzero");
  TP_CHECK(std::isfinite(static_cast<double>(xstart)) && std::isfinite(static_cast<double>(xend)),
           RuntimeError, "unsupported range: ", xstart, " -> ", xend);
  TP_CHECK((xstep > 0 && xend >= xstart) || (xstep < 0 && xend <= xstart), RuntimeError,
           "upper bound and lower bound inconsistent with step sign");
  double size_d = std::ceil((end.to_double() - start.to_double()) / step.to_double());
  if constexpr (std::is_same_v<Acc, int64_t>) {
    // int64 keeps an integer formula: doubles would lose precision past 2^53.
    if (dtype == DType::Int64) {
      // Wrapping as ATen's int64 arithmetic does at the ends of the range.
      const int64_t sgn = (xstep > 0) - (xstep < 0);
      auto wrap = [](uint64_t v) { return static_cast<int64_t>(v); };
      const int64_t span = wrap(static_cast<uint64_t>(xend) - static_cast<uint64_t>(xstart) +
                                static_cast<uint64_t>(xstep) - static_cast<uint64_t>(sgn));
      size_d = std::ceil(static_cast<double>(xstep == -1 && span == std::numeric_limits<int64_t>::min()
                                                 ? span : span / xstep));
    }
  }
  TP_CHECK(size_d >= 0 && size_d <= static_cast<double>(std::numeric_limits<int64_t>::max()),
           RuntimeError, "invalid size, possible overflow?");
  // 2^63 passes that check (int64's max rounds up to it as a double); ATen's cast then gives
  // the smallest int64, which its size check refuses.
  TP_CHECK(size_d < 9223372036854775808.0, RuntimeError,
           "IntArrayRef contains an int that cannot be represented as a SymInt: -9223372036854775808");
  return static_cast<int64_t>(size_d);
}

// linspace's values for one dtype: the first half counts up from start, the second half
// counts down from end, so both endpoints are exact.
template <typename T>
void linspace_fill(T* out, Scalar start_s, Scalar end_s, int64_t steps) {
  const int64_t halfway = steps / 2;
  if constexpr (std::is_integral_v<T>) {
    // Integer results step in double and truncate (PyTorch's step_t for integral types).
    const double start = static_cast<double>(start_s.to<T>());
    const double end = static_cast<double>(end_s.to<T>());
    const double step = (end - start) / static_cast<double>(steps - 1);
    for (int64_t i = 0; i < steps; ++i) {
      double v = i < halfway ? std::fma(step, static_cast<double>(i), start)
                             : std::fma(-step, static_cast<double>(steps - i - 1), end);
      out[i] = static_cast<T>(v);
    }
  } else if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>) {
    // Reduced floats step in float from endpoints rounded to T. The reference build
    // fuses the bfloat16 multiply-add but not the half one.
    const float start = static_cast<float>(start_s.to<T>());
    const float end = static_cast<float>(end_s.to<T>());
    const float step = (end - start) / static_cast<float>(steps - 1);
    const bool fused = std::is_same_v<T, BFloat16>;
    for (int64_t i = 0; i < steps; ++i) {
      bool up = i < halfway;
      float k = static_cast<float>(up ? i : steps - i - 1);
      float base = up ? start : end;
      float s = up ? step : -step;
      // volatile rounds the product on its own, so no compiler flag can fuse it.
      volatile float product = s * k;
      out[i] = T(fused ? std::fma(s, k, base) : base + product);
    }
  } else {
    const T start = start_s.to<T>();
    const T end = end_s.to<T>();
    const T step = (end - start) / static_cast<T>(steps - 1);
    for (int64_t i = 0; i < steps; ++i) {
      out[i] = i < halfway ? std::fma(step, static_cast<T>(i), start)
                           : std::fma(-step, static_cast<T>(steps - i - 1), end);
    }
  }
}

// A fresh tensor filled with `value`. Unlike fill_ this is no write: the tensor stays at
// version 0, as PyTorch's factories leave it (the in-place modification error prints it).
// A new tensor filled (at version 0, unlike fill_'s).
Tensor filled(const Tensor& t, Scalar value) {
  check_fill_value(value, t.dtype());
  backend_for(t.device()).fill(t, value);
  return t;
}

}  // namespace

namespace {
Device g_default_device = Device::cpu();
}  // namespace

Device default_device() { return g_default_device; }
void set_default_device(Device device) { g_default_device = device; }

Tensor zeros(const Shape& size, TensorOptions options) {
  for (int64_t s : size)
    TP_CHECK(s >= 0, RuntimeError, "zeros: Dimension size must be non-negative.");
  return filled(empty(size, options), Scalar(int64_t{0}));
}

Tensor ones(const Shape& size, TensorOptions options) {
  return filled(empty(size, options), Scalar(int64_t{1}));
}

Tensor full(const Shape& size, Scalar value, std::optional<DType> dtype, Device device) {
  DType inferred = value.is_bool()      ? DType::Bool
                   : value.is_int()     ? DType::Int64
                   : value.is_complex() ? default_complex_dtype()
                                        : default_float_dtype();
  return filled(empty(size, TensorOptions(dtype.value_or(inferred), device)), value);
}

Tensor eye(int64_t n, std::optional<int64_t> m, TensorOptions options) {
  int64_t cols = m.value_or(n);
  TP_CHECK(n >= 0, RuntimeError, "n must be greater or equal to 0, got ", n);
  TP_CHECK(cols >= 0, RuntimeError, "m must be greater or equal to 0, got ", cols);
  if (is_limited_dtype(options.dtype)) fail_not_implemented_for("eye", options.dtype);
  if (is_complex(options.dtype)) return cast(eye(n, m, TensorOptions(real_dtype(options.dtype), options.device)), options.dtype);
  return build_on_host({n, cols}, options.dtype, options.device, [&](const Tensor& host) {
    zero_(host);
    visit_dtype(host.dtype(), [&](auto tag) {
      using T = typename decltype(tag)::type;
      T* p = host.data<T>();
      for (int64_t i = 0; i < std::min(n, cols); ++i) p[i * cols + i] = Scalar(int64_t{1}).to<T>();
    });
  });
}

Tensor arange(Scalar end, std::optional<DType> dtype, Device device) {
  return arange(Scalar(int64_t{0}), end, Scalar(int64_t{1}), dtype, device);
}

Tensor arange(Scalar start, Scalar end, Scalar step, std::optional<DType> dtype, Device device) {
  bool any_float = start.is_float() || end.is_float() || step.is_float();
  DType out_dtype = dtype.value_or(any_float ? default_float_dtype() : DType::Int64);
  if (out_dtype == DType::Bool || is_limited_dtype(out_dtype) || is_complex(out_dtype)) {
    fail_not_implemented_for("arange_cpu", out_dtype);
  }

  int64_t n;
  if (is_integral(out_dtype, false)) n = arange_length<int64_t>(start, end, step, out_dtype);
  else if (is_reduced_float(out_dtype)) n = arange_length<float>(start, end, step, out_dtype);
  else n = arange_length<double>(start, end, step, out_dtype);

  return build_on_host({n}, out_dtype, device, [&](const Tensor& host) {
    visit_dtype(out_dtype, [&](auto tag) {
      using T = typename decltype(tag)::type;
      T* p = host.data<T>();
      if constexpr (std::is_same_v<T, bool>) {
        TP_ASSERT(false);  // rejected above
      } else if constexpr (std::is_integral_v<T>) {
        int64_t xstart = start.to<int64_t>(), xstep = step.to<int64_t>();
        for (int64_t i = 0; i < n; ++i) p[i] = static_cast<T>(xstart + xstep * i);
      } else if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>) {
        arange_floating<T, float>(p, n, start.to<float>(), step.to<float>());
      } else {
        arange_floating<T, double>(p, n, start.to_double(), step.to_double());
      }
    });
  });
}

Tensor linspace(Scalar start, Scalar end, int64_t steps, TensorOptions options) {
  TP_CHECK(steps >= 0, RuntimeError, "number of steps must be non-negative");
  if (is_complex(options.dtype) && !start.is_complex() && !end.is_complex()) {
    return cast(linspace(start, end, steps, TensorOptions(real_dtype(options.dtype), options.device)), options.dtype);
  }
  if (steps <= 1) {
    Tensor t = empty({steps}, options);
    return steps == 1 ? filled(t, start) : t;
  }
  if (options.dtype == DType::Bool || is_limited_dtype(options.dtype)) fail_not_implemented_for("linspace_cpu", options.dtype);
  return build_on_host({steps}, options.dtype, options.device, [&](const Tensor& host) {
    visit_dtype(options.dtype, [&](auto tag) {
      using T = typename decltype(tag)::type;
      if constexpr (!std::is_same_v<T, bool>) linspace_fill<T>(host.data<T>(), start, end, steps);
    });
  });
}

Tensor tensor(const std::vector<Scalar>& values, const Shape& shape, std::optional<DType> dtype,
              Device device) {
  TP_ASSERT(static_cast<int64_t>(values.size()) == shape_numel(shape));
  bool any_complex = false, any_float = false, any_int = false;
  for (const Scalar& v : values) {
    any_complex = any_complex || v.is_complex();
    any_float = any_float || v.is_float();
    any_int = any_int || v.is_int();
  }
  DType inferred = any_complex                 ? default_complex_dtype()
                   : any_float || values.empty() ? default_float_dtype()
                   : any_int                   ? DType::Int64
                                               : DType::Bool;
  DType out_dtype = dtype.value_or(inferred);
  return build_on_host(shape, out_dtype, device, [&](const Tensor& host) {
    if (is_complex(out_dtype)) {
      // (real, imaginary) pairs, in the element type of the complex dtype's parts
      visit_dtype(real_dtype(out_dtype), [&](auto tag) {
        using T = typename decltype(tag)::type;
        T* p = static_cast<T*>(host.data_ptr());
        for (size_t i = 0; i < values.size(); ++i) {
          p[2 * i] = static_cast<T>(values[i].to_double());
          p[2 * i + 1] = static_cast<T>(values[i].imag());
        }
      });
      return;
    }
    visit_any_dtype(out_dtype, [&](auto tag) {
      using T = typename decltype(tag)::type;
      T* p = host.data<T>();
      for (size_t i = 0; i < values.size(); ++i) {
        check_value_fits(values[i], out_dtype, dtype_name(out_dtype));
        p[i] = values[i].to<T>();
      }
    });
  });
}

Tensor empty_like(const Tensor& t, std::optional<DType> dtype, std::optional<Device> device) {
  return empty(t.sizes(), TensorOptions(dtype.value_or(t.dtype()), device.value_or(t.device())));
}

Tensor zeros_like(const Tensor& t, std::optional<DType> dtype, std::optional<Device> device) {
  return filled(empty_like(t, dtype, device), Scalar(int64_t{0}));
}

Tensor ones_like(const Tensor& t, std::optional<DType> dtype, std::optional<Device> device) {
  return filled(empty_like(t, dtype, device), Scalar(int64_t{1}));
}

Tensor full_like(const Tensor& t, Scalar value, std::optional<DType> dtype,
                 std::optional<Device> device) {
  return filled(empty_like(t, dtype, device), value);
}

}  // namespace tp
