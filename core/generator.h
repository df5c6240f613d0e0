// The CPU random number generator, bit-compatible with PyTorch's CPUGeneratorImpl:
// a 32-bit Mersenne Twister (mt19937) plus the cached second Box-Muller sample.
// Every random op in tensorplay draws from here, so seeds reproduce PyTorch's values.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

namespace tp {

// at::mt19937: the classic MT19937 seeded from the low 32 bits of a 64-bit seed.
class MT19937 {
 public:
  explicit MT19937(uint64_t seed = 5489);
  // The next 32 random bits.
  uint32_t operator()();

  static constexpr int kN = 624;
  // The state words and the position in them (at::mt19937_data_pod's state_, left_, next_),
  // for torch.get_rng_state(); restore() refuses a position PyTorch calls invalid.
  const std::array<uint32_t, kN>& words() const { return state_; }
  int left() const { return left_; }
  int next() const { return next_; }
  static bool valid_position(int left, uint64_t next) { return left > 0 && left <= kN && next <= kN; }
  void restore(const std::array<uint32_t, kN>& words, int left, int next);

 private:
  static constexpr int kM = 397;
  void twist();

  std::array<uint32_t, kN> state_{};
  int left_ = 1;  // draws left before the state must be twisted
  int next_ = 0;
};

// A CPU generator: torch.Generator() / torch.default_generator.
class Generator {
 public:
  explicit Generator(uint64_t seed = 67280421310721ULL);

  // torch.manual_seed(seed): restarts the stream and drops cached normal samples.
  void manual_seed(uint64_t seed);
  // The seed the current stream started from (torch.initial_seed()).
  uint64_t initial_seed() const { return seed_; }
  // torch.seed(): reseeds from /dev/urandom (all 64 bits, as c10 does) and returns it.
  uint64_t seed();

  // CPUGeneratorImpl::random(): 32 random bits.
  uint32_t random();
  // CPUGeneratorImpl::random64(): two draws, the first one is the high word.
  uint64_t random64();

  // Box-Muller makes two samples; the scalar normal path keeps the second one here.
  std::optional<double> next_double_normal_sample;
  std::optional<float> next_float_normal_sample;

  // The engine, and its replacement by a saved one (Generator.set_state).
  const MT19937& engine() const { return engine_; }
  void restore(uint64_t initial_seed, const MT19937& engine) {
    seed_ = initial_seed;
    engine_ = engine;
  }

 private:
  uint64_t seed_;
  MT19937 engine_;
};

// The process-wide generator used when no generator is passed (torch.default_generator).
// Like PyTorch 2.x it starts from a nondeterministic seed: torch.initial_seed() differs in
// every fresh process until torch.manual_seed() is called.
Generator& default_generator();

// The nondeterministic 64-bit seed c10 reads from /dev/urandom.
uint64_t nondeterministic_seed();

}  // namespace tp
