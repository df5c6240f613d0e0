// The special functions of the elementwise math ops (erfinv, digamma, polygamma, the Bessel
// functions i0/i1, sinc, logit, entr), written as ATen's Math.h and UnaryOpsKernel.cpp
// compute them, so float32 results match PyTorch's CPU bit for bit where it calls the same
// libm. Called by the ops' formulas (unary_formulas.h), which the CPU, the simulator and CUDA
// share, hence INFINITY and NAN rather than numeric_limits (not callable from device code).
//
// The Cephes-derived parts (zeta, digamma, chbevl and the Chebyshev coefficients of i0/i1)
// are under the 3-Clause BSD License of the Cephes Math Library, Copyright (c) 2018,
// Steven Moshier, as in PyTorch.
#pragma once

#include <cmath>
#include <type_traits>

#include "core/kernels/kernel_ctx.h"

namespace tp::special {

template <typename T>
TP_KERNEL_FN T erfinv(T y) {
  // A rational first guess (Pavlis' erfinv), refined by two Newton steps.
  const T a[4] = {T(0.886226899), T(-1.645349621), T(0.914624893), T(-0.140543331)};
  const T b[4] = {T(-2.118377725), T(1.442710462), T(-0.329097515), T(0.012229801)};
  const T c[4] = {T(-1.970840454), T(-1.624906493), T(3.429567803), T(1.641345311)};
  const T d[2] = {T(3.543889200), T(1.637067800)};
  const T y_abs = std::abs(y);
  if (y_abs > T(1)) return T(NAN);
  if (y_abs == T(1)) return std::copysign(T(INFINITY), y);
  T x;
  if (y_abs <= T(0.7)) {
    const T z = y * y;
    const T num = ((a[3] * z + a[2]) * z + a[1]) * z + a[0];
    const T dem = (((b[3] * z + b[2]) * z + b[1]) * z + b[0]) * z + T(1);
    x = y * num / dem;
  } else {
    const T z = std::sqrt(-std::log((T(1) - y_abs) / T(2)));
    const T num = ((c[3] * z + c[2]) * z + c[1]) * z + c[0];
    const T dem = (d[1] * z + d[0]) * z + T(1);
    x = std::copysign(num, y) / dem;
  }
  const T two_over_sqrt_pi = T(2) * T(0.564189583547756286948079451560772586);
  x = x - (std::erf(x) - y) / (two_over_sqrt_pi * std::exp(-x * x));
  x = x - (std::erf(x) - y) / (two_over_sqrt_pi * std::exp(-x * x));
  return x;
}

// Hurwitz zeta(x, q), accumulated in double (ATen's acc_type on the CPU); the first power
// is taken in T, as ATen takes it.
template <typename T>
TP_KERNEL_FN double zeta(T x, T q) {
  const double machep = 1.11022302462515654042E-16;
  const double A[] = {12.0, -720.0, 30240.0, -1209600.0, 47900160.0, -1.8924375803183791606e9,
                      7.47242496e10, -2.950130727918164224e12, 1.1646782814350067249e14,
                      -4.5979787224074726105e15, 1.8152105401943546773e17, -7.1661652561756670113e18};
  if (x == 1.0) return double(INFINITY);
  if (x < 1.0) return double(NAN);
  if (q <= 0.0) {
    if (q == std::floor(q)) return double(INFINITY);
    if (x != std::floor(x)) return double(NAN);
  }
  double s = std::pow(q, -x), a = q, b = 0.0;
  const double xd = x;
  int i = 0;
  while (i < 9 || a <= 9.0) {
    i += 1;
    a += 1.0;
    b = std::pow(a, -xd);
    s += b;
    if (-machep * s < b && b < machep * s) return s;
  }
  const double w = a;
  s += b * w / (xd - 1.0);
  s -= 0.5 * b;
  a = 1.0;
  double k = 0.0;
  for (i = 0; i < 12; i++) {
    a *= xd + k;
    b /= w;
    double t = a * b / A[i];
    s = s + t;
    t = std::fabs(t / s);
    if (t < machep) return s;
    k += 1.0;
    a *= xd + k;
    b /= w;
    k += 1.0;
  }
  return s;
}

template <typename T>
TP_KERNEL_FN T polevl(T x, const T* coef, int len) {
  T result = 0;
  for (int i = 0; i <= len; i++) result = result * x + coef[i];
  return result;
}

// digamma in T's own precision; for negative non-integers by the reflection formula, whose
// pi / tan(pi * r) is computed in double (on the fractional part r) as ATen does.
template <typename T>
TP_KERNEL_FN T digamma(T x) {
  const T psi_10 = T(2.25175258906672110764);
  if (x == T(0)) return std::copysign(T(INFINITY), -x);
  if (x < T(0)) {
    if (x == std::trunc(x)) return T(NAN);
    double q;
    const double r = std::modf(static_cast<double>(x), &q);
    const T pi_over_tan = static_cast<T>(M_PI / std::tan(M_PI * r));
    return digamma<T>(T(1) - x) - pi_over_tan;
  }
  T result = 0;
  while (x < T(10)) {
    result -= T(1) / x;
    x += T(1);
  }
  if (x == T(10)) return result + psi_10;
  const T A[] = {T(8.33333333333333333333E-2), T(-2.10927960927960927961E-2), T(7.57575757575757575758E-3),
                 T(-4.16666666666666666667E-3), T(3.96825396825396825397E-3), T(-8.33333333333333333333E-3),
                 T(8.33333333333333333333E-2)};
  T y = 0;
  if (x < T(1.0e17)) {
    const T z = T(1) / (x * x);
    y = z * polevl<T>(z, A, 6);
  }
  return result + std::log(x) - (T(0.5) / x) - y;
}

template <typename T>
TP_KERNEL_FN T trigamma(T x) {
  const T pi = T(M_PI);
  T sign = T(1), result = T(0);
  if (x < T(0.5)) {
    sign = T(-1);
    const T sin_pi_x = std::sin(pi * x);
    result -= (pi * pi) / (sin_pi_x * sin_pi_x);
    x = T(1) - x;
  }
  for (int i = 0; i < 6; ++i) {
    result += T(1) / (x * x);
    x += T(1);
  }
  // The asymptotic series with the fused multiply-adds PyTorch's CPU build contracts it to.
  const T ixx = T(1) / (x * x);
  const T inner = std::fma(-ixx, T(1) / T(42), T(1) / T(30));
  const T middle = std::fma(-ixx, inner, T(1) / T(6));
  result += std::fma(ixx, middle, T(1) + T(1) / (T(2) * x)) / x;
  return sign * result;
}

// polygamma(n, x): digamma and trigamma for n = 0, 1, else (-1)^(n+1) n! zeta(n + 1, x).
template <typename T>
TP_KERNEL_FN T polygamma(int64_t n, T x) {
  if (n == 0) return digamma<T>(x);
  if (n == 1) return trigamma<T>(x);
  const T one = T(1);
  // n + 1 in floating point: an absurd n must not overflow the integer.
  const T n_plus_one = static_cast<T>(static_cast<double>(n) + 1.0);
  return ((n % 2) ? one : -one) * std::exp(std::lgamma(static_cast<T>(n) + one)) * static_cast<T>(zeta<T>(n_plus_one, x));
}

// The Chebyshev series sum of Cephes' chbevl; x * b1 - b2 is one fused multiply-add, as
// PyTorch's CPU build (compiled for FMA) computes it, for the same bits.
template <typename T>
TP_KERNEL_FN T chbevl(T x, const T* array, int len) {
  T b0 = array[0], b1 = T(0), b2 = T(0);
  for (int i = 1; i < len; ++i) {
    b2 = b1;
    b1 = b0;
    b0 = std::fma(x, b1, -b2) + array[i];
  }
  return T(0.5) * (b0 - b2);
}

template <typename T>
TP_KERNEL_FN T i0(T x_in) {
  const T A[] = {T(-4.41534164647933937950E-18), T(3.33079451882223809783E-17), T(-2.43127984654795469359E-16),
                 T(1.71539128555513303061E-15),  T(-1.16853328779934516808E-14), T(7.67618549860493561688E-14),
                 T(-4.85644678311192946090E-13), T(2.95505266312963983461E-12), T(-1.72682629144155570723E-11),
                 T(9.67580903537323691224E-11),  T(-5.18979560163526290666E-10), T(2.65982372468238665035E-9),
                 T(-1.30002500998624804212E-8),  T(6.04699502254191894932E-8),  T(-2.67079385394061173391E-7),
                 T(1.11738753912010371815E-6),   T(-4.41673835845875056359E-6), T(1.64484480707288970893E-5),
                 T(-5.75419501008210370398E-5),  T(1.88502885095841655729E-4),  T(-5.76375574538582365885E-4),
                 T(1.63947561694133579842E-3),   T(-4.32430999505057594430E-3), T(1.05464603945949983183E-2),
                 T(-2.37374148058994688156E-2),  T(4.93052842396707084878E-2),  T(-9.49010970480476444210E-2),
                 T(1.71620901522208775349E-1),   T(-3.04682672343198398683E-1), T(6.76795274409476084995E-1)};
  const T B[] = {T(-7.23318048787475395456E-18), T(-4.83050448594418207126E-18), T(4.46562142029675999901E-17),
                 T(3.46122286769746109310E-17),  T(-2.82762398051658348494E-16), T(-3.42548561967721913462E-16),
                 T(1.77256013305652638360E-15),  T(3.81168066935262242075E-15),  T(-9.55484669882830764870E-15),
                 T(-4.15056934728722208663E-14), T(1.54008621752140982691E-14),  T(3.85277838274214270114E-13),
                 T(7.18012445138366623367E-13),  T(-1.79417853150680611778E-12), T(-1.32158118404477131188E-11),
                 T(-3.14991652796324136454E-11), T(1.18891471078464383424E-11),  T(4.94060238822496958910E-10),
                 T(3.39623202570838634515E-9),   T(2.26666899049817806459E-8),   T(2.04891858946906374183E-7),
                 T(2.89137052083475648297E-6),   T(6.88975834691682398426E-5),   T(3.36911647825569408990E-3),
                 T(8.04490411014108831608E-1)};
  const T x = std::abs(x_in);
  if (x <= T(8)) return std::exp(x) * chbevl<T>(x / T(2) - T(2), A, 30);
  return std::exp(x) * chbevl<T>(T(32) / x - T(2), B, 25) / std::sqrt(x);
}

// i1: float uses ATen's shorter float series, double the full one.
template <typename T>
TP_KERNEL_FN T i1(T x_in) {
  const double A64[] = {2.77791411276104639959E-18, -2.11142121435816608115E-17, 1.55363195773620046921E-16,
                        -1.10559694773538630805E-15, 7.60068429473540693410E-15, -5.04218550472791168711E-14,
                        3.22379336594557470981E-13, -1.98397439776494371520E-12, 1.17361862988909016308E-11,
                        -6.66348972350202774223E-11, 3.62559028155211703701E-10, -1.88724975172282928790E-9,
                        9.38153738649577178388E-9, -4.44505912879632808065E-8, 2.00329475355213526229E-7,
                        -8.56872026469545474066E-7, 3.47025130813767847674E-6, -1.32731636560394358279E-5,
                        4.78156510755005422638E-5, -1.61760815825896745588E-4, 5.12285956168575772895E-4,
                        -1.51357245063125314899E-3, 4.15642294431288815669E-3, -1.05640848946261981558E-2,
                        2.47264490306265168283E-2, -5.29459812080949914269E-2, 1.02643658689847095384E-1,
                        -1.76416518357834055153E-1, 2.52587186443633654823E-1};
  const double B64[] = {7.51729631084210481353E-18, 4.41434832307170791151E-18, -4.65030536848935832153E-17,
                        -3.20952592199342395980E-17, 2.96262899764595013876E-16, 3.30820231092092828324E-16,
                        -1.88035477551078244854E-15, -3.81440307243700780478E-15, 1.04202769841288027642E-14,
                        4.27244001671195135429E-14, -2.10154184277266431302E-14, -4.08355111109219731823E-13,
                        -7.19855177624590851209E-13, 2.03562854414708950722E-12, 1.41258074366137813316E-11,
                        3.25260358301548823856E-11, -1.89749581235054123450E-11, -5.58974346219658380687E-10,
                        -3.83538038596423702205E-9, -2.63146884688951950684E-8, -2.51223623787020892529E-7,
                        -3.88256480887769039346E-6, -1.10588938762623716291E-4, -9.76109749136146840777E-3,
                        7.78576235018280120474E-1};
  // The float series are the tails of the double ones (the last 17 and 7 coefficients).
  constexpr bool is_double = std::is_same_v<T, double>;
  const int a_len = is_double ? 29 : 17, b_len = is_double ? 25 : 7;
  T A[29], B[25];
  for (int i = 0; i < a_len; ++i) A[i] = static_cast<T>(A64[29 - a_len + i]);
  for (int i = 0; i < b_len; ++i) B[i] = static_cast<T>(B64[25 - b_len + i]);
  const T x = std::abs(x_in);
  T out;
  if (x <= T(8)) {
    out = std::exp(x) * x * chbevl<T>(x / T(2) - T(2), A, a_len);
  } else {
    out = (std::exp(x) * chbevl<T>(T(32) / x - T(2), B, b_len)) / std::sqrt(x);
  }
  return x_in < T(0) ? -out : out;
}

// sin(pi x) / (pi x), with pi in T's precision.
template <typename T>
TP_KERNEL_FN T sinc(T x) {
  if (x == T(0)) return T(1);
  const T product = T(M_PI) * x;
  return std::sin(product) / product;
}

// log(x / (1 - x)); with eps >= 0 the input is first clamped to [eps, 1 - eps].
template <typename T>
TP_KERNEL_FN T logit(T x, bool clamp, T eps) {
  if (clamp) {
    const T lo = eps, hi = T(1) - eps;
    x = x < lo ? lo : (x > hi ? hi : x);
  }
  return x == T(1) ? T(INFINITY) : std::log(x / (T(1) - x));
}

// -x log x, 0 at 0, -inf below 0.
template <typename T>
TP_KERNEL_FN T entr(T x) {
  if (x != x) return x;  // NaN
  if (x > T(0)) return -x * std::log(x);
  if (x == T(0)) return T(0);
  return -T(INFINITY);
}

}  // namespace tp::special
