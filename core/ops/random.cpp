// Random ops: the argument checks of PyTorch's native/DistributionTemplates.h and
// TensorFactories.cpp, then the CPU kernels of native/cpu/DistributionTemplates.h and the
// samplers of core/DistributionsHelper.h, ported draw for draw (shared pieces: random_draws.h).
#include "core/ops/random.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "core/backends/complex_pairs.h"
#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/random_draws.h"
#include "core/random_math.h"

namespace tp {
namespace {

constexpr double kPi = 3.14159265358979323846;  // c10::pi<double>

// std::numeric_limits<T>::digits for the floating dtypes.
int float_digits(DType t) {
  switch (t) {
    case DType::Float16: return 11;
    case DType::BFloat16: return 8;
    case DType::Float32: return 24;
    default: return 53;
  }
}

// std::numeric_limits<T>::max() for the floating dtypes, as a double.
double float_max(DType t) {
  switch (t) {
    case DType::Float16: return 65504.0;
    case DType::BFloat16: return 3.3895313892515355e38;
    case DType::Float32: return static_cast<double>(std::numeric_limits<float>::max());
    default: return std::numeric_limits<double>::max();
  }
}

// ---- samplers (core/TransformationHelper.h, core/DistributionsHelper.h) ----
// `val * std + mean` is one FMA in libtorch's build, as uniform's scaling (random_draws.h).

// ---- normal_ kernels (native/cpu/DistributionTemplates.h) ----

// normal_fill_16<double>: Box-Muller pairing element j with element j + 8.
void normal_fill_16_double(double* data, double mean, double std) {
  for (int j = 0; j < 8; ++j) {
    const double u1 = 1 - data[j];  // [0, 1) -> (0, 1] for log
    const double u2 = data[j + 8];
    const double radius = std::sqrt(-2 * std::log(u1));
    const double theta = 2.0 * kPi * u2;
    data[j] = std::fma(radius * std::cos(theta), std, mean);
    data[j + 8] = std::fma(radius * std::sin(theta), std, mean);
  }
}

// normal_fill for float: uniforms first, then blocks of 16 through the AVX2 math (the
// x86 build's NormalFill16<float>); a ragged tail draws 16 fresh uniforms for the last 16
// slots and recomputes them.
void normal_fill_float(float* data, int64_t n, float mean, float std, Generator& g) {
  for (int64_t i = 0; i < n; ++i) data[i] = uniform_float(g, 0.0f, 1.0f);
  for (int64_t i = 0; i + 16 <= n; i += 16) rmath::normal_fill_16(data + i, mean, std);
  if (n % 16 != 0) {
    float* tail = data + n - 16;
    for (int i = 0; i < 16; ++i) tail[i] = uniform_float(g, 0.0f, 1.0f);
    rmath::normal_fill_16(tail, mean, std);
  }
}

// normal_fill for double: the same scheme with libm's log, sin and cos.
void normal_fill_double(double* data, int64_t n, double mean, double std, Generator& g) {
  for (int64_t i = 0; i < n; ++i) data[i] = uniform_double(g, 0.0, 1.0);
  for (int64_t i = 0; i + 16 <= n; i += 16) normal_fill_16_double(data + i, mean, std);
  if (n % 16 != 0) {
    double* tail = data + n - 16;
    for (int i = 0; i < 16; ++i) tail[i] = uniform_double(g, 0.0, 1.0);
    normal_fill_16_double(tail, mean, std);
  }
}

// normal_fill for Half/BFloat16: each block of 16 is computed in float (their opmath type)
// in a buffer and rounded down, so the values are float randn's values rounded.
template <typename T>
void normal_fill_16bit(T* data, int64_t n, float mean, float std, Generator& g) {
  float buf[16];
  auto fill_block = [&](T* out) {
    for (int j = 0; j < 16; ++j) buf[j] = uniform_float(g, 0.0f, 1.0f);
    rmath::normal_fill_16(buf, mean, std);
    for (int j = 0; j < 16; ++j) out[j] = T(buf[j]);
  };
  for (int64_t i = 0; i + 16 <= n; i += 16) fill_block(data + i);
  if (n % 16 != 0) fill_block(data + n - 16);
}

void normal_kernel(const Tensor& t, double mean, double std, Generator& g) {
  // ATen's normal_impl_: a complex tensor's parts are drawn as its float pairs, each with
  // std / sqrt(2), so that the complex variance is std ** 2.
  if (is_complex(t.dtype())) return normal_kernel(pair_view(t), mean, std / std::sqrt(2.0), g);
  const int64_t n = t.numel();
  if (!is_floating(t.dtype())) fail_not_implemented_for("normal_kernel_cpu", t.dtype());
  if (n >= 16 && t.is_contiguous()) {
    const float fmean = static_cast<float>(mean), fstd = static_cast<float>(std);
    switch (t.dtype()) {
      case DType::Float32: normal_fill_float(t.data<float>(), n, fmean, fstd, g); return;
      case DType::Float64: normal_fill_double(t.data<double>(), n, mean, std, g); return;
      case DType::Float16: normal_fill_16bit(t.data<Half>(), n, fmean, fstd, g); return;
      case DType::BFloat16: normal_fill_16bit(t.data<BFloat16>(), n, fmean, fstd, g); return;
      default: break;
    }
  }
  // Small or non-contiguous tensors: one normal_distribution<double> sample per element,
  // in memory order.
  visit_dtype(t.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
      T* data = t.data<T>();
      for_each_serial(t, [&](int64_t off) { data[off] = static_cast<T>(normal_double(g, mean, std)); });
    } else if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>) {
      T* data = t.data<T>();
      for_each_serial(t, [&](int64_t off) {
        data[off] = T(static_cast<float>(normal_double(g, mean, std)));
      });
    }
  });
}

// uniform_kernel: samples in the opmath type (float for 16-bit dtypes), rounds to T, and
// maps a value that rounded up onto `to` back to `from`, keeping the range half-open.
template <typename T>
void uniform_fill(const Tensor& t, double from, double to, Generator& g) {
  T* data = t.data<T>();
  const T to_t = T(static_cast<float>(to)), from_t = T(static_cast<float>(from));
  const float f = static_cast<float>(from), l = static_cast<float>(to);
  for_each_serial(t, [&](int64_t off) {
    const T value = T(uniform_float(g, f, l));
    data[off] = static_cast<float>(value) == static_cast<float>(to_t) ? from_t : value;
  });
}

void uniform_kernel(const Tensor& t, double from, double to, Generator& g) {
  switch (t.dtype()) {
    case DType::Float32: uniform_fill<float>(t, from, to, g); return;
    case DType::Float16: uniform_fill<Half>(t, from, to, g); return;
    case DType::BFloat16: uniform_fill<BFloat16>(t, from, to, g); return;
    case DType::Float64: {
      double* data = t.data<double>();
      for_each_serial(t, [&](int64_t off) {
        const double value = uniform_double(g, from, to);
        data[off] = value == to ? from : value;
      });
      return;
    }
    default: fail_not_implemented_for("check_uniform_bounds", t.dtype());
  }
}

// ---- random_(from, to) (randint) ----

// static_cast<int64_t>(float value) as x86 does it: out of range gives INT64_MIN.
int64_t to_int64_x86(double v) {
  if (!(v >= -9223372036854775808.0 && v < 9223372036854775808.0))
    return std::numeric_limits<int64_t>::min();
  return static_cast<int64_t>(v);
}

// static_cast<int64_t>(static_cast<T>(v)) for a floating dtype T.
int64_t round_trip(int64_t v, DType t) {
  switch (t) {
    case DType::Float16: return to_int64_x86(static_cast<float>(Half(static_cast<float>(v))));
    case DType::BFloat16:
      return to_int64_x86(static_cast<float>(BFloat16(static_cast<float>(v))));
    case DType::Float32: return to_int64_x86(static_cast<float>(v));
    default: return to_int64_x86(static_cast<double>(v));
  }
}

int floor_log2(int64_t v) {
  int n = 0;
  while (v >>= 1) ++n;
  return n;
}

// update_from / update_to: move the bounds inward so that rounding to T stays in [from, to).
int64_t update_from(int64_t from, DType t) {
  const int64_t from_plus_1 = round_trip(from + 1, t);
  if (from_plus_1 < from) {
    const int n = floor_log2(std::abs(from + 1));
    from = from_plus_1 + (int64_t{1} << (n - float_digits(t) + 1));
  }
  return from;
}

int64_t update_to(int64_t to, DType t) {
  const int64_t to_minus_1 = round_trip(to - 1, t);
  if (to_minus_1 >= to) {
    const int n = floor_log2(std::abs(to - 1));
    to = to_minus_1 - (int64_t{1} << (n - float_digits(t) + 1));
  }
  return to;
}

// check_from_to_in_range: both bounds must be representable in the dtype.
void check_from_to_in_range(int64_t from, int64_t to_inc, DType t) {
  const char* name = dtype_cpp_name(t);
  if (is_floating(t)) {
    const double max = float_max(t);
    const double f = static_cast<double>(from), l = static_cast<double>(to_inc);
    TP_CHECK(f >= -max && f <= max, RuntimeError, "from is out of bounds for ", name);
    TP_CHECK(l >= -max && l <= max, RuntimeError, "to - 1 is out of bounds for ", name);
    return;
  }
  int64_t lo = std::numeric_limits<int64_t>::min(), hi = std::numeric_limits<int64_t>::max();
  switch (t) {
    case DType::Bool: lo = 0; hi = 1; break;
    case DType::UInt8: lo = 0; hi = 255; break;
    case DType::Int8: lo = -128; hi = 127; break;
    case DType::Int16: lo = -32768; hi = 32767; break;
    case DType::UInt16: lo = 0; hi = 65535; break;
    case DType::UInt32: lo = 0; hi = std::numeric_limits<uint32_t>::max(); break;
    case DType::UInt64: lo = 0; break;
    case DType::Int32:
      lo = std::numeric_limits<int32_t>::min();
      hi = std::numeric_limits<int32_t>::max();
      break;
    default: break;
  }
  TP_CHECK(from >= lo && from <= hi, RuntimeError, "from is out of bounds for ", name);
  TP_CHECK(to_inc >= lo && to_inc <= hi, RuntimeError, "to - 1 is out of bounds for ", name);
}

void random_from_to_kernel(const Tensor& t, uint64_t range, int64_t base, Generator& g) {
  // Ranges of 2^28 or more take 64-bit draws, whatever the dtype (the public wheels'
  // branch of uniform_int_from_to_distribution; fbcode builds use 2^32 and some dtypes).
  const DType dt = t.dtype();
  const bool wide = range >= (uint64_t{1} << 28);
  visit_any_dtype(dt, [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* data = t.data<T>();
    for_each_serial(t, [&](int64_t off) {
      const uint64_t v = wide ? g.random64() : static_cast<uint64_t>(g.random());
      const int64_t value = static_cast<int64_t>(v % range + static_cast<uint64_t>(base));
      if constexpr (std::is_same_v<T, bool>) {
        data[off] = value != 0;
      } else if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>) {
        data[off] = T(static_cast<float>(value));
      } else {
        data[off] = static_cast<T>(value);
      }
    });
  });
}

// Creates on the CPU, then moves to options.device.
Tensor on_device(const Tensor& host, Device device) {
  return device.is_cpu() ? host : to(host, device, std::nullopt);
}

}  // namespace

std::vector<int64_t> fastest_first_dims(const Shape& sizes, const Shape& strides) {
  const int64_t nd = static_cast<int64_t>(sizes.size());
  std::vector<int64_t> perm(nd);
  for (int64_t i = 0; i < nd; ++i) perm[i] = nd - 1 - i;
  auto should_swap = [&](int64_t d0, int64_t d1) {
    const int64_t s0 = strides[d0], s1 = strides[d1];
    if (s0 == 0 || s1 == 0) return 0;  // a broadcast dim says nothing about order
    if (s0 < s1) return -1;
    if (s0 > s1) return 1;
    return sizes[d0] > sizes[d1] ? 1 : 0;
  };
  // Insertion sort that tolerates "no opinion" answers, as PyTorch's does.
  for (int64_t i = 1; i < nd; ++i) {
    int64_t dim1 = i;
    for (int64_t dim0 = i - 1; dim0 >= 0; --dim0) {
      const int cmp = should_swap(perm[dim0], perm[dim1]);
      if (cmp > 0) {
        std::swap(perm[dim0], perm[dim1]);
        dim1 = dim0;
      } else if (cmp < 0) {
        break;
      }
    }
  }
  return perm;
}

Tensor empty_like_preserve(const Tensor& t, TensorOptions options) {
  const std::vector<int64_t> perm = fastest_first_dims(t.sizes(), t.strides());
  Shape strides(perm.size());
  int64_t step = 1;
  for (int64_t d : perm) {
    strides[d] = step;
    step *= std::max<int64_t>(t.sizes()[d], 1);
  }
  Tensor flat = empty({t.numel()}, options);
  return flat.as_strided(t.sizes(), strides, 0);
}

const Tensor& draw_uniform(const Tensor& t, double from, double to, Generator* gen) {
  if (!t.device().is_cpu()) return via_host(t, [&](const Tensor& h) { draw_uniform(h, from, to, gen); });
  const DType dt = t.dtype();
  // ATen's uniform_ of a complex tensor draws its float pairs.
  if (is_complex(dt)) {
    draw_uniform(pair_view(t), from, to, gen);
    return t;
  }
  if (!is_floating(dt)) fail_not_implemented_for("check_uniform_bounds", dt);
  const double max = float_max(dt);
  const char* name = dtype_cpp_name(dt);
  TP_CHECK(from >= -max && from <= max, RuntimeError, "from is out of bounds for ", name);
  TP_CHECK(to >= -max && to <= max, RuntimeError, "to is out of bounds for ", name);
  TP_CHECK(from <= to, RuntimeError, "uniform_ expects to return a [from, to) range, but found from=",
           from, " > to=", to);
  TP_CHECK(to - from <= max, RuntimeError, "uniform_ expects to-from <= std::numeric_limits<",
           dtype_legacy_name(dt), ">::max(), but found to=", to, " and from=", from,
           " which result in to-from to exceed the limit");
  if (t.numel() == 0) return t;
  uniform_kernel(t, from, to, pick_generator(gen));
  return t;
}

const Tensor& draw_normal(const Tensor& t, double mean, double std, Generator* gen) {
  if (!t.device().is_cpu()) return via_host(t, [&](const Tensor& h) { draw_normal(h, mean, std, gen); });
  TP_CHECK(std >= 0.0, RuntimeError, "normal expects std >= 0.0, but found std ", std);
  if (t.numel() == 0) return t;
  normal_kernel(t, mean, std, pick_generator(gen));
  return t;
}

const Tensor& draw_random(const Tensor& t, int64_t from, int64_t to, Generator* gen) {
  if (!t.device().is_cpu()) return via_host(t, [&](const Tensor& h) { draw_random(h, from, to, gen); });
  TP_CHECK(from < to, RuntimeError, "random_ expects 'from' to be less than 'to', but got from=",
           from, " >= to=", to);
  const DType dt = t.dtype();
  if (is_floating(dt)) {
    from = update_from(from, dt);
    to = update_to(to, dt);
    TP_CHECK(from < to, RuntimeError,
             "random_ expects 'from' casted to dtype to be less than 'to' casted to dtype, but got "
             "from=", from, " >= to=", to);
  }
  check_from_to_in_range(from, to - 1, dt);
  if (t.numel() == 0) return t;
  const uint64_t range = static_cast<uint64_t>(to) - static_cast<uint64_t>(from);
  random_from_to_kernel(t, range, from, pick_generator(gen));
  return t;
}

// The in-place ops count the write on the version counter, as every in-place op does; a
// factory's fresh tensor is filled by draw_* without it, as ATen's factories fill below the
// autograd layer (torch.randn(3)._version is 0). Off the CPU, via_host's copy_ counts it.
const Tensor& uniform_(const Tensor& t, double from, double to, Generator* gen) {
  draw_uniform(t, from, to, gen);
  if (t.device().is_cpu()) t.bump_version();
  return t;
}

const Tensor& normal_(const Tensor& t, double mean, double std, Generator* gen) {
  draw_normal(t, mean, std, gen);
  if (t.device().is_cpu()) t.bump_version();
  return t;
}

const Tensor& random_(const Tensor& t, int64_t from, int64_t to, Generator* gen) {
  draw_random(t, from, to, gen);
  if (t.device().is_cpu()) t.bump_version();
  return t;
}

Tensor rand(const Shape& size, TensorOptions options, Generator* gen) {
  if (options.device.is_meta()) return empty(size, options);
  Tensor host = empty(size, options.with_device(Device::cpu()));
  draw_uniform(host, 0.0, 1.0, gen);
  return on_device(host, options.device);
}

Tensor randn(const Shape& size, TensorOptions options, Generator* gen) {
  if (options.device.is_meta()) return empty(size, options);
  Tensor host = empty(size, options.with_device(Device::cpu()));
  draw_normal(host, 0.0, 1.0, gen);
  return on_device(host, options.device);
}

Tensor randint(int64_t low, int64_t high, const Shape& size, TensorOptions options,
               Generator* gen) {
  if (options.device.is_meta()) return empty(size, options);
  Tensor host = empty(size, options.with_device(Device::cpu()));
  draw_random(host, low, high, gen);
  return on_device(host, options.device);
}

Tensor randint(int64_t high, const Shape& size, TensorOptions options, Generator* gen) {
  return randint(0, high, size, options, gen);
}

Tensor randperm(int64_t n, TensorOptions options, Generator* gen) {
  Tensor host = empty({n}, options.with_device(Device::cpu()));
  const DType dt = options.dtype;
  // check_supported_max_int_with_precision: n - 1 must fit, and floats must count to n.
  const int64_t top = n > 0 ? n - 1 : n;
  TP_CHECK(!(dt == DType::UInt8 && top > 255), RuntimeError,
           "value cannot be converted to type uint8_t without overflow");
  TP_CHECK(!(dt == DType::Int8 && top > 127), RuntimeError,
           "value cannot be converted to type int8_t without overflow");
  TP_CHECK(!(dt == DType::Int16 && top > 32767), RuntimeError,
           "value cannot be converted to type int16_t without overflow");
  TP_CHECK(!(dt == DType::Int32 && top > std::numeric_limits<int32_t>::max()), RuntimeError,
           "value cannot be converted to type int without overflow");
  TP_CHECK(!(dt == DType::Float16 && n > (int64_t{1} << 11) + 1), RuntimeError,
           "n cannot be greater than 2049 for Half type.");
  TP_CHECK(!(dt == DType::Float32 && n > (int64_t{1} << 24) + 1), RuntimeError,
           "n cannot be greater than 2^24+1 for Float type.");
  TP_CHECK(!(dt == DType::Float64 && n > (int64_t{1} << 53) + 1), RuntimeError,
           "n cannot be greater than 2^53+1 for Double type.");
  if (dt == DType::Bool || is_limited_dtype(dt)) fail_not_implemented_for("randperm", dt);
  if (options.device.is_meta()) return empty({n}, options);
  Generator& g = pick_generator(gen);
  visit_dtype(dt, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (!std::is_same_v<T, bool>) {
      T* data = host.data<T>();
      auto value = [](int64_t i) {
        if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>)
          return T(static_cast<float>(i));
        else
          return static_cast<T>(i);
      };
      if (n < std::numeric_limits<uint32_t>::max() / 20) {
        // The classic swap loop, one 32-bit draw per position (PyTorch keeps it for small n).
        for (int64_t i = 0; i < n; ++i) data[i] = value(i);
        for (int64_t i = 0; i < n - 1; ++i) {
          const int64_t z = static_cast<int64_t>(g.random()) % (n - i);
          std::swap(data[i], data[z + i]);
        }
      } else {
        // Huge n: the "inside-out" Fisher-Yates with 64-bit draws, so % stays unbiased.
        for (int64_t i = 0; i < n; ++i) {
          const int64_t z = static_cast<int64_t>(g.random64() % static_cast<uint64_t>(i + 1));
          data[i] = data[z];
          data[z] = value(i);
        }
      }
    }
  });
  return on_device(host, options.device);
}

Tensor rand_like(const Tensor& t) { return rand_like(t, TensorOptions(t.dtype(), t.device())); }

Tensor rand_like(const Tensor& t, TensorOptions options) {
  Tensor host = empty_like_preserve(t, options.with_device(Device::cpu()));
  draw_uniform(host, 0.0, 1.0, nullptr);
  return on_device(host, options.device);
}

Tensor randn_like(const Tensor& t) { return randn_like(t, TensorOptions(t.dtype(), t.device())); }

Tensor randn_like(const Tensor& t, TensorOptions options) {
  // A transposed t gives a transposed (non-contiguous) result, which takes the serial path.
  Tensor host = empty_like_preserve(t, options.with_device(Device::cpu()));
  draw_normal(host, 0.0, 1.0, nullptr);
  return on_device(host, options.device);
}

Tensor randint_like(const Tensor& t, int64_t high) { return randint_like(t, 0, high); }

Tensor randint_like(const Tensor& t, int64_t low, int64_t high) {
  return randint_like(t, low, high, TensorOptions(t.dtype(), t.device()));
}

Tensor randint_like(const Tensor& t, int64_t low, int64_t high, TensorOptions options) {
  Tensor host = empty_like_preserve(t, options.with_device(Device::cpu()));
  draw_random(host, low, high, nullptr);
  return on_device(host, options.device);
}

}  // namespace tp
