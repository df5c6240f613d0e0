// The Airy function Ai and the regularized incomplete gamma functions P(a, x) and Q(a, x)
// (torch.special.airy_ai, torch.igamma, torch.igammac), tensorplay's own evaluation in double,
// rounded once to the result dtype: they agree with ATen's Cephes kernels to within
// torch.testing.assert_close's tolerances, not bit for bit. Called by the ops' formulas, which
// the CPU, the simulator and CUDA share (hence INFINITY and NAN, and no tables in memory).
#pragma once

#include <cmath>

#include "core/kernels/kernel_ctx.h"

namespace tp::special {

// Ai(x): its Maclaurin series where it does not cancel (-8 <= x <= 5); beyond, its asymptotic
// expansions (DLMF 9.7.5 and 9.7.9), whose coefficients u_k follow from u_0 = 1 by
// u_k = u_{k-1} (6k-5)(6k-3)(6k-1) / (216 k (2k-1)).
TP_KERNEL_FN double airy_ai(double x) {
  if (std::isnan(x)) return x;
  if (std::isinf(x)) return NAN;
  const double ai0 = 0.355028053887817239260, minus_ai_prime0 = 0.258819403792806798405;
  const double sqrt_pi = 1.772453850905516027298;
  if (x > 5.0) {
    const double zeta = 2.0 * x * std::sqrt(x) / 3.0;
    double u = 1.0, power = 1.0, total = 1.0;
    for (int k = 1; k < 14; ++k) {
      u *= (6.0 * k - 5) * (6.0 * k - 3) * (6.0 * k - 1) / (216.0 * k * (2.0 * k - 1));
      power /= -zeta;
      total += u * power;
    }
    return std::exp(-zeta) / (2.0 * sqrt_pi * std::sqrt(std::sqrt(x))) * total;
  }
  if (x < -8.0) {
    const double t = std::sqrt(-x), zeta = -2.0 * x * t / 3.0;
    double u = 1.0, power = 1.0, even = 1.0, odd = 0.0;
    for (int k = 1; k < 22; ++k) {
      u *= (6.0 * k - 5) * (6.0 * k - 3) * (6.0 * k - 1) / (216.0 * k * (2.0 * k - 1));
      power /= zeta;
      const double sign = (k / 2) % 2 ? -1.0 : 1.0;
      (k % 2 ? odd : even) += sign * u * power;
    }
    const double theta = zeta + 0.25 * M_PI;
    return (std::sin(theta) * even - std::cos(theta) * odd) / (sqrt_pi * std::sqrt(t));
  }
  const double cube = x * x * x;
  double f = 1.0, g = x, term_f = 1.0, term_g = x;
  for (int k = 1; k < 60; ++k) {
    term_f *= cube / ((3.0 * k - 1) * (3.0 * k));
    term_g *= cube / ((3.0 * k) * (3.0 * k + 1));
    f += term_f;
    g += term_g;
  }
  return ai0 * f - minus_ai_prime0 * g;
}

// P(a, x) by its power series, x < a + 1: x^a e^-x / Gamma(a + 1) sum_n x^n / ((a+1)...(a+n)).
TP_KERNEL_FN double lower_gamma_series(double a, double x) {
  double term = 1.0, total = 1.0;
  for (int n = 1; n < 10000; ++n) {
    term *= x / (a + n);
    total += term;
    if (std::abs(term) <= 1e-17 * std::abs(total)) break;
  }
  return std::exp(a * std::log(x) - x - std::lgamma(a + 1.0)) * total;
}

// Q(a, x) by its continued fraction, x >= a + 1, evaluated by Lentz's method.
TP_KERNEL_FN double upper_gamma_fraction(double a, double x) {
  const double tiny = 1e-300;
  double b = x + 1.0 - a, c = 1.0 / tiny, d = 1.0 / b, h = d;
  for (int n = 1; n < 10000; ++n) {
    const double an = -n * (n - a);
    b += 2.0;
    d = an * d + b;
    if (std::abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (std::abs(c) < tiny) c = tiny;
    d = 1.0 / d;
    const double delta = d * c;
    h *= delta;
    if (std::abs(delta - 1.0) <= 1e-16) break;
  }
  return std::exp(a * std::log(x) - x - std::lgamma(a)) * h;
}

// P(a, x) (upper = false) or Q(a, x) (upper = true), with ATen's values at the edges: NaN for
// a negative argument, for a = x = 0 and for two infinities.
TP_KERNEL_FN double incomplete_gamma(double a, double x, bool upper) {
  if (std::isnan(a) || std::isnan(x) || a < 0 || x < 0) return NAN;
  const double one = upper ? 0.0 : 1.0, zero = upper ? 1.0 : 0.0;  // P's edge values, or Q's
  if (a == 0) return x > 0 ? one : NAN;
  if (x == 0) return zero;
  if (std::isinf(a)) return std::isinf(x) ? NAN : zero;
  if (std::isinf(x)) return one;
  if (x < a + 1.0) {
    const double p = lower_gamma_series(a, x);
    return upper ? 1.0 - p : p;
  }
  const double q = upper_gamma_fraction(a, x);
  return upper ? q : 1.0 - q;
}

}  // namespace tp::special
