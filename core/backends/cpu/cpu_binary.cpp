// CPU elementwise binary kernels and where(). Operands arrive expanded to the output's
// shape in one compute dtype; half and bfloat16 are computed in float, then rounded.
// Integer division by zero raises from the kernel, as PyTorch's does.
#include <cmath>
#include <type_traits>

#include "core/backends/cpu/cpu_backend.h"
#include "core/backends/cpu/strided_loop.h"
#include "core/error.h"

namespace tp {

namespace {

template <typename T>
using OpMath = std::conditional_t<std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>, float, T>;

// out = f(a, b) elementwise; a, b, out share a shape, strides may differ.
template <typename T, typename Out, typename F>
void map_binary(const Tensor& a, const Tensor& b, const Tensor& out, F f) {
  const T* pa = a.data<T>();
  const T* pb = b.data<T>();
  Out* po = out.data<Out>();
  cpu::strided_runs<3>(out.sizes(), {&out.strides(), &a.strides(), &b.strides()},
                       [&](const std::array<int64_t, 3>& base, const std::array<int64_t, 3>& step,
                           int64_t n) {
                         Out* o = po + base[0];
                         const T* x = pa + base[1];
                         const T* y = pb + base[2];
                         for (int64_t i = 0; i < n; ++i) {
                           o[i * step[0]] = static_cast<Out>(f(static_cast<OpMath<T>>(x[i * step[1]]),
                                                               static_cast<OpMath<T>>(y[i * step[2]])));
                         }
                       });
}

// Python's a // b for floats (ATen div_floor_floating).
template <typename C>
C floor_divide_float(C a, C b) {
  if (b == 0) return a / b;
  C mod = std::fmod(a, b);
  C div = (a - mod) / b;
  if (mod != 0 && (b < 0) != (mod < 0)) div -= C(1);
  if (div == 0) return std::copysign(C(0), a / b);
  C floordiv = std::floor(div);
  if (div - floordiv > C(0.5)) floordiv += C(1);
  return floordiv;
}

// Python's a % b for floats: the result takes the divisor's sign.
template <typename C>
C remainder_float(C a, C b) {
  C mod = std::fmod(a, b);
  if (mod != 0 && (b < 0) != (mod < 0)) mod += b;
  return mod;
}

template <typename C>
C maximum_float(C a, C b) {
  if (std::isnan(a)) return a;
  if (std::isnan(b)) return b;
  return a > b ? a : b;
}

template <typename C>
C minimum_float(C a, C b) {
  if (std::isnan(a)) return a;
  if (std::isnan(b)) return b;
  return a < b ? a : b;
}

// Integer power by squaring; negative exponents give 0 unless the base is 1 or -1.
template <typename T>
T pow_int(T base, T exp) {
  if constexpr (std::is_signed_v<T>) {
    if (exp < 0) {
      if (base == 1) return 1;
      if (base == -1) return (-exp) % 2 ? T(-1) : T(1);
      return 0;
    }
  }
  T result = 1;
  while (exp) {
    if (exp & 1) result = static_cast<T>(result * base);
    exp = static_cast<T>(exp / 2);
    base = static_cast<T>(base * base);
  }
  return result;
}

void check_nonzero_divisor(bool nonzero) {
  TP_CHECK(nonzero, RuntimeError, "ZeroDivisionError");
}

// Comparisons and logical ops: any dtype in, bool out.
template <typename T>
bool bool_result_binary(BinaryOp op, const Tensor& a, const Tensor& b, const Tensor& out) {
  using C = OpMath<T>;
  switch (op) {
    case BinaryOp::Eq: map_binary<T, bool>(a, b, out, [](C x, C y) { return x == y; }); return true;
    case BinaryOp::Ne: map_binary<T, bool>(a, b, out, [](C x, C y) { return x != y; }); return true;
    case BinaryOp::Lt: map_binary<T, bool>(a, b, out, [](C x, C y) { return x < y; }); return true;
    case BinaryOp::Le: map_binary<T, bool>(a, b, out, [](C x, C y) { return x <= y; }); return true;
    case BinaryOp::Gt: map_binary<T, bool>(a, b, out, [](C x, C y) { return x > y; }); return true;
    case BinaryOp::Ge: map_binary<T, bool>(a, b, out, [](C x, C y) { return x >= y; }); return true;
    case BinaryOp::LogicalAnd:
      map_binary<T, bool>(a, b, out, [](C x, C y) { return x != C(0) && y != C(0); });
      return true;
    case BinaryOp::LogicalOr:
      map_binary<T, bool>(a, b, out, [](C x, C y) { return x != C(0) || y != C(0); });
      return true;
    case BinaryOp::LogicalXor:
      map_binary<T, bool>(a, b, out, [](C x, C y) { return (x != C(0)) != (y != C(0)); });
      return true;
    default: return false;
  }
}

template <typename T>
void float_binary(BinaryOp op, const Tensor& a, const Tensor& b, const Tensor& out) {
  using C = OpMath<T>;
  switch (op) {
    case BinaryOp::Add: return map_binary<T, T>(a, b, out, [](C x, C y) { return x + y; });
    case BinaryOp::Sub: return map_binary<T, T>(a, b, out, [](C x, C y) { return x - y; });
    case BinaryOp::Mul: return map_binary<T, T>(a, b, out, [](C x, C y) { return x * y; });
    case BinaryOp::Div: return map_binary<T, T>(a, b, out, [](C x, C y) { return x / y; });
    case BinaryOp::FloorDiv: return map_binary<T, T>(a, b, out, floor_divide_float<C>);
    case BinaryOp::Remainder: return map_binary<T, T>(a, b, out, remainder_float<C>);
    case BinaryOp::Pow: return map_binary<T, T>(a, b, out, [](C x, C y) { return std::pow(x, y); });
    case BinaryOp::Maximum: return map_binary<T, T>(a, b, out, maximum_float<C>);
    case BinaryOp::Minimum: return map_binary<T, T>(a, b, out, minimum_float<C>);
    case BinaryOp::Atan2:
      return map_binary<T, T>(a, b, out, [](C x, C y) { return std::atan2(x, y); });
    default: break;
  }
  TP_ASSERT(false && "binary op not valid for a floating dtype");
}

// Bool and integer arithmetic. Div here is C's truncating division (rounding_mode='trunc');
// true division never reaches integers because the op layer promotes to float first.
template <typename T>
void integral_binary(BinaryOp op, const Tensor& a, const Tensor& b, const Tensor& out) {
  switch (op) {
    case BinaryOp::Add:
      return map_binary<T, T>(a, b, out, [](T x, T y) { return static_cast<T>(x + y); });
    case BinaryOp::Sub:
      return map_binary<T, T>(a, b, out, [](T x, T y) { return static_cast<T>(x - y); });
    case BinaryOp::Mul:
      return map_binary<T, T>(a, b, out, [](T x, T y) { return static_cast<T>(x * y); });
    case BinaryOp::Div:
      return map_binary<T, T>(a, b, out, [](T x, T y) {
        check_nonzero_divisor(y != T(0));
        return static_cast<T>(x / y);
      });
    case BinaryOp::FloorDiv:
      return map_binary<T, T>(a, b, out, [](T x, T y) {
        check_nonzero_divisor(y != T(0));
        T quot = static_cast<T>(x / y);
        T rem = static_cast<T>(x % y);
        return (rem != T(0) && (x < T(0)) != (y < T(0))) ? static_cast<T>(quot - 1) : quot;
      });
    case BinaryOp::Remainder:
      return map_binary<T, T>(a, b, out, [](T x, T y) {
        check_nonzero_divisor(y != T(0));
        T rem = static_cast<T>(x % y);
        return (rem != T(0) && (rem < T(0)) != (y < T(0))) ? static_cast<T>(rem + y) : rem;
      });
    case BinaryOp::Pow: return map_binary<T, T>(a, b, out, pow_int<T>);
    case BinaryOp::Maximum: return map_binary<T, T>(a, b, out, [](T x, T y) { return x > y ? x : y; });
    case BinaryOp::Minimum: return map_binary<T, T>(a, b, out, [](T x, T y) { return x < y ? x : y; });
    case BinaryOp::BitwiseAnd:
      return map_binary<T, T>(a, b, out, [](T x, T y) { return static_cast<T>(x & y); });
    case BinaryOp::BitwiseOr:
      return map_binary<T, T>(a, b, out, [](T x, T y) { return static_cast<T>(x | y); });
    case BinaryOp::BitwiseXor:
      return map_binary<T, T>(a, b, out, [](T x, T y) { return static_cast<T>(x ^ y); });
    default: break;
  }
  TP_ASSERT(false && "binary op not valid for an integral dtype");
}

}  // namespace

void CpuBackend::binary(BinaryOp op, const Tensor& a, const Tensor& b, const Tensor& out) {
  visit_dtype(a.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    if (bool_result_binary<T>(op, a, b, out)) return;
    if constexpr (std::is_floating_point_v<OpMath<T>>) {
      float_binary<T>(op, a, b, out);
    } else {
      // bool too: True + True is stored as static_cast<bool>(2), i.e. True.
      integral_binary<T>(op, a, b, out);
    }
  });
}

void CpuBackend::where(const Tensor& cond, const Tensor& a, const Tensor& b, const Tensor& out) {
  // cond is bool (or the deprecated uint8): either way one byte, nonzero means true.
  const uint8_t* pc = static_cast<const uint8_t*>(cond.data_ptr());
  visit_dtype(out.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* pa = a.data<T>();
    const T* pb = b.data<T>();
    T* po = out.data<T>();
    cpu::strided_runs<4>(
        out.sizes(), {&out.strides(), &cond.strides(), &a.strides(), &b.strides()},
        [&](const std::array<int64_t, 4>& base, const std::array<int64_t, 4>& step, int64_t n) {
          for (int64_t i = 0; i < n; ++i) {
            po[base[0] + i * step[0]] = pc[base[1] + i * step[1]] ? pa[base[2] + i * step[2]]
                                                                   : pb[base[3] + i * step[3]];
          }
        });
  });
}

}  // namespace tp
