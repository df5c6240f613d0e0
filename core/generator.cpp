// MT19937 and the CPU generator, written to match aten/src/ATen/core/MT19937RNGEngine.h and
// aten/src/ATen/CPUGeneratorImpl.cpp draw for draw.
#include "core/generator.h"

#include <fstream>
#include <random>

#include "core/error.h"

namespace tp {

MT19937::MT19937(uint64_t seed) {
  // PyTorch keeps the 64-bit seed for initial_seed() but only its low 32 bits feed the state.
  state_[0] = static_cast<uint32_t>(seed & 0xffffffffULL);
  for (int j = 1; j < kN; ++j) {
    state_[j] = 1812433253u * (state_[j - 1] ^ (state_[j - 1] >> 30)) + static_cast<uint32_t>(j);
  }
  left_ = 1;
  next_ = 0;
}

void MT19937::restore(const std::array<uint32_t, kN>& words, int left, int next) {
  state_ = words;
  left_ = left;
  next_ = next;
}

void MT19937::twist() {
  constexpr uint32_t kMatrixA = 0x9908b0dfu;
  constexpr uint32_t kUpper = 0x80000000u;
  constexpr uint32_t kLower = 0x7fffffffu;
  for (int i = 0; i < kN; ++i) {
    uint32_t y = (state_[i] & kUpper) | (state_[(i + 1) % kN] & kLower);
    state_[i] = state_[(i + kM) % kN] ^ (y >> 1) ^ ((y & 1u) ? kMatrixA : 0u);
  }
  next_ = 0;
}

uint32_t MT19937::operator()() {
  if (--left_ <= 0) {
    twist();
    left_ = kN;
  }
  uint32_t y = state_[next_++];
  // Tempering.
  y ^= (y >> 11);
  y ^= (y << 7) & 0x9d2c5680u;
  y ^= (y << 15) & 0xefc60000u;
  y ^= (y >> 18);
  return y;
}

Generator::Generator(uint64_t seed) : seed_(seed), engine_(seed) {}

void Generator::manual_seed(uint64_t seed) {
  next_float_normal_sample.reset();
  next_double_normal_sample.reset();
  seed_ = seed;
  engine_ = MT19937(seed);
}

uint64_t Generator::seed() {
  uint64_t s = nondeterministic_seed();
  manual_seed(s);
  return s;
}

uint32_t Generator::random() { return engine_(); }

uint64_t Generator::random64() {
  uint32_t hi = engine_();
  uint32_t lo = engine_();
  return (static_cast<uint64_t>(hi) << 32) | lo;
}

uint64_t nondeterministic_seed() {
  uint64_t value = 0;
  std::ifstream urandom("/dev/urandom", std::ios::binary);
  if (urandom.read(reinterpret_cast<char*>(&value), sizeof(value))) return value;
  // No /dev/urandom (unusual): fall back to the C++ library's entropy source.
  std::random_device rd;
  return (static_cast<uint64_t>(rd()) << 32) | rd();
}

Generator& default_generator() {
  // PyTorch 2.x seeds its default CPU generator with getNonDeterministicRandom() at start
  // (torch.initial_seed() changes from process to process); we do the same.
  static Generator gen(nondeterministic_seed());
  return gen;
}

}  // namespace tp
