// The pieces every random op shares: which generator to draw from, the uniform samplers of
// core/DistributionsHelper.h, the order in which PyTorch's serial CPU kernels visit elements,
// and filling a non-CPU tensor through a CPU temporary (see the note in random.h).
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <vector>

#include "core/backends/cpu/strided_loop.h"
#include "core/generator.h"
#include "core/ops/copy.h"
#include "core/tensor.h"

namespace tp {

// gen, or the default generator for none.
inline Generator& pick_generator(Generator* gen) { return gen ? *gen : default_generator(); }

// The source writes `x * (to - from) + from`, but libtorch's CPU kernels are compiled with
// -mfma and GCC's default fp-contract=fast, which fuses it into one FMA; std::fma reproduces
// that rounding (checked against torch 2.x's recorded values).

// uniform_real_distribution<float>: 24 random bits scaled to [0, 1), then to [from, to).
inline float uniform_float(Generator& g, float from, float to) {
  const float x = static_cast<float>(g.random() & ((1u << 24) - 1)) * (1.0f / (1u << 24));
  return std::fma(x, to - from, from);
}

// uniform_real_distribution<double>: 53 bits of random64().
inline double uniform_double(Generator& g, double from, double to) {
  const uint64_t mask = (uint64_t{1} << 53) - 1;
  const double x = static_cast<double>(g.random64() & mask) * (1.0 / (uint64_t{1} << 53));
  return std::fma(x, to - from, from);
}

// normal_distribution<double>: Box-Muller, keeping the sine half for the next call; `val * std
// + mean` is one FMA in libtorch's build, as uniform's scaling.
inline double normal_double(Generator& g, double mean, double std) {
  constexpr double kTwoPi = 2.0 * 3.14159265358979323846;  // 2 * c10::pi<double>
  if (g.next_double_normal_sample) {
    const double cached = *g.next_double_normal_sample;
    g.next_double_normal_sample.reset();
    return std::fma(cached, std, mean);
  }
  const double u1 = uniform_double(g, 0.0, 1.0);
  const double u2 = uniform_double(g, 0.0, 1.0);
  const double r = std::sqrt(-2.0 * std::log1p(-u2));
  const double theta = kTwoPi * u1;
  g.next_double_normal_sample = r * std::sin(theta);
  return std::fma(r * std::cos(theta), std, mean);
}

// The dims of t, fastest first, in the order TensorIterator::reorder_dimensions gives a
// single output: smaller strides vary faster, so a random kernel fills memory in order.
std::vector<int64_t> fastest_first_dims(const Shape& sizes, const Shape& strides);

// empty_like with memory_format=preserve: same sizes, dense strides in t's stride order.
Tensor empty_like_preserve(const Tensor& t, TensorOptions options);

// Calls f(element offset) for each element of a CPU tensor in TensorIterator's order.
template <typename F>
void for_each_serial(const Tensor& t, F&& f) {
  const std::vector<int64_t> perm = fastest_first_dims(t.sizes(), t.strides());
  const size_t nd = perm.size();
  Shape sizes(nd), strides(nd);
  for (size_t i = 0; i < nd; ++i) {  // outermost first for strided_for_each
    sizes[i] = t.sizes()[perm[nd - 1 - i]];
    strides[i] = t.strides()[perm[nd - 1 - i]];
  }
  cpu::strided_for_each<1>(sizes, {&strides},
                           [&](const std::array<int64_t, 1>& off) { f(off[0]); });
}

// uniform_, normal_ and random_ without counting a version: for a factory's fresh tensor.
const Tensor& draw_uniform(const Tensor& t, double from, double to, Generator* gen);
const Tensor& draw_normal(const Tensor& t, double mean, double std, Generator* gen);
const Tensor& draw_random(const Tensor& t, int64_t from, int64_t to, Generator* gen);

// Fills a CPU temporary and copies it to t's device. A meta tensor has no values to fill,
// so nothing is drawn (the generator does not move).
template <typename Fill>
const Tensor& via_host(const Tensor& t, Fill&& fill) {
  if (t.device().is_meta()) return t;
  Tensor host = empty(t.sizes(), TensorOptions(t.dtype(), Device::cpu()));
  fill(host);
  copy_(t, host);
  return t;
}

}  // namespace tp
