// Scalar ports of the float log and sincos that PyTorch's x86 normal_() uses
// (aten/src/ATen/native/cpu/avx_mathfun.h: log256_ps, sincos256_ps, after Pommier's
// sse_mathfun and the Cephes polynomials). Each line mirrors one vector instruction, in
// the same order, so the rounding of every step and hence the bits of randn match.
//
// The source writes separate _mm256_mul_ps/_mm256_add_ps, but GCC (fp-contract=fast)
// fuses many of them into FMAs when it builds libtorch; std::fma stands exactly where the
// shipped libtorch_cpu.so (torch 2.x, AVX2 kernel, checked by disassembly) has a vfmadd.
#pragma once

#include <cmath>
#include <cstdint>

#include "core/half.h"

namespace tp::rmath {

// The AVX code works on bit patterns; these name the two moves between views.
inline uint32_t bits(float f) { return float_bits(f); }
inline float from_bits(uint32_t u) { return bits_float(u); }

// log256_ps for one lane: natural log, NaN for x <= 0.
inline float cephes_logf(float x) {
  const float one = 1.0f;
  const bool invalid = x <= 0.0f;
  const float min_norm_pos = from_bits(0x00800000u);
  x = (x > min_norm_pos) ? x : min_norm_pos;  // _mm256_max_ps: cut off denormals

  int32_t imm0 = static_cast<int32_t>(bits(x) >> 23);
  // Keep only the mantissa, as a number in [0.5, 1).
  x = from_bits((bits(x) & ~0x7f800000u) | bits(0.5f));
  imm0 -= 0x7f;
  float e = static_cast<float>(imm0);
  e = e + one;

  // if (x < SQRTHF) { e -= 1; x = x + x - 1; } else { x = x - 1; }
  const bool mask = x < static_cast<float>(0.707106781186547524);
  float tmp = mask ? x : 0.0f;
  x = x - one;
  e = e - (mask ? one : 0.0f);
  x = x + tmp;

  const float z = x * x;
  float y = static_cast<float>(7.0376836292E-2);
  y = std::fma(y, x, static_cast<float>(-1.1514610310E-1));
  y = std::fma(y, x, static_cast<float>(1.1676998740E-1));
  y = std::fma(y, x, static_cast<float>(-1.2420140846E-1));
  y = std::fma(y, x, static_cast<float>(1.4249322787E-1));
  y = std::fma(y, x, static_cast<float>(-1.6668057665E-1));
  y = std::fma(y, x, static_cast<float>(2.0000714765E-1));
  y = std::fma(y, x, static_cast<float>(-2.4999993993E-1));
  y = std::fma(y, x, static_cast<float>(3.3333331174E-1));
  y = y * x;

  tmp = e * static_cast<float>(-2.12194440e-4);
  y = std::fma(y, z, tmp);
  y = std::fma(-z, 0.5f, y);
  x = x + y;
  x = std::fma(e, 0.693359375f, x);
  return invalid ? from_bits(0xffffffffu) : x;  // or-ing the all-ones mask gives NaN
}

// sincos256_ps for one lane: sine and cosine of x (accurate for |x| < 8192).
inline void cephes_sincosf(float x, float* s, float* c) {
  uint32_t sign_bit_sin = bits(x) & 0x80000000u;
  x = from_bits(bits(x) & 0x7fffffffu);  // |x|

  float y = x * static_cast<float>(1.27323954473516);  // scale by 4/pi
  int32_t imm2 = static_cast<int32_t>(y);              // _mm256_cvttps_epi32 truncates
  imm2 = (imm2 + 1) & ~1;                              // j = (j+1) & ~1
  y = static_cast<float>(imm2);
  int32_t imm4 = imm2;

  const uint32_t swap_sign_bit_sin = static_cast<uint32_t>(imm2 & 4) << 29;
  const bool poly_mask = (imm2 & 2) == 0;  // which polynomial gives the sine

  // Extended precision modular arithmetic: x = ((x - y*DP1) - y*DP2) - y*DP3.
  x = std::fma(y, -0.78515625f, x);
  x = std::fma(y, static_cast<float>(-2.4187564849853515625e-4), x);
  x = std::fma(y, static_cast<float>(-3.77489497744594108e-8), x);

  imm4 = imm4 - 2;
  const uint32_t sign_bit_cos = static_cast<uint32_t>(~imm4 & 4) << 29;
  sign_bit_sin ^= swap_sign_bit_sin;

  // Cosine polynomial, for 0 <= x <= pi/4.
  const float z = x * x;
  const float tmp = z * 0.5f;
  y = static_cast<float>(2.443315711809948E-005);
  y = std::fma(y, z, static_cast<float>(-1.388731625493765E-003));
  y = std::fma(y, z, static_cast<float>(4.166664568298827E-002));
  y = y * z;
  y = std::fma(y, z, -tmp);
  y = y + 1.0f;

  // Sine polynomial.
  float y2 = static_cast<float>(-1.9515295891E-4);
  y2 = std::fma(y2, z, static_cast<float>(8.3321608736E-3));
  y2 = std::fma(y2, z, static_cast<float>(-1.6666654611E-1));
  y2 = y2 * z;
  y2 = std::fma(y2, x, x);

  // Select each result from the two polynomials (the masks give +0.0 for "not chosen").
  const float ysin2 = poly_mask ? y2 : 0.0f;
  const float ysin1 = poly_mask ? 0.0f : y;
  y2 = y2 - ysin2;
  y = y - ysin1;
  const float sin_v = ysin1 + ysin2;
  const float cos_v = y + y2;
  *s = from_bits(bits(sin_v) ^ sign_bit_sin);
  *c = from_bits(bits(cos_v) ^ sign_bit_cos);
}

// normal_fill_16_AVX2 for 16 uniforms in [0, 1): Box-Muller pairing lane j with lane j+8.
inline void normal_fill_16(float* data, float mean, float std) {
  const float two_pi = static_cast<float>(2.0 * 3.14159265358979323846);
  float out[16];
  for (int j = 0; j < 8; ++j) {
    const float u1 = 1.0f - data[j];
    const float u2 = data[j + 8];
    const float radius = std::sqrt(-2.0f * cephes_logf(u1));
    const float theta = two_pi * u2;
    float sintheta, costheta;
    cephes_sincosf(theta, &sintheta, &costheta);
    const float n1 = radius * costheta;
    const float n2 = radius * sintheta;
    out[j] = std::fma(n1, std, mean);  // _mm256_fmadd_ps
    out[j + 8] = std::fma(n2, std, mean);
  }
  for (int j = 0; j < 16; ++j) data[j] = out[j];
}

}  // namespace tp::rmath
