// The byte layout of at::detail::CPUGeneratorImplState (CPUGeneratorImpl.cpp): the legacy
// TH generator's struct (64-bit seed, left, seeded, next, 624 state words widened to 64 bits,
// the old Box-Muller cache whose normal_y holds the cached double sample) followed by the
// cached float sample and its flag, with the C struct's padding.
#include "core/ops/rng_state.h"

#include <cstring>

#include "core/error.h"

namespace tp {
namespace {

struct LegacyState {  // CPUGeneratorImplStateLegacy
  uint64_t the_initial_seed;
  int32_t left;
  int32_t seeded;
  uint64_t next;
  uint64_t state[MT19937::kN];
  double normal_x;
  double normal_y;
  double normal_rho;
  int32_t normal_is_valid;
};

struct State {  // CPUGeneratorImplState
  LegacyState legacy;
  float next_float_normal_sample;
  bool is_next_float_normal_sample_valid;
};

static_assert(sizeof(State) == 5056, "PyTorch's CPU generator state is 5056 bytes");

}  // namespace

Tensor generator_state(const Generator& g) {
  State s;
  std::memset(&s, 0, sizeof(State));  // padding too: PyTorch's value-initialised struct is zero
  const MT19937& e = g.engine();
  s.legacy.the_initial_seed = g.initial_seed();
  s.legacy.left = e.left();
  s.legacy.seeded = 1;
  s.legacy.next = static_cast<uint64_t>(e.next());
  for (int i = 0; i < MT19937::kN; ++i) s.legacy.state[i] = e.words()[i];
  if (g.next_double_normal_sample) {
    s.legacy.normal_is_valid = 1;
    s.legacy.normal_y = *g.next_double_normal_sample;
  }
  if (g.next_float_normal_sample) {
    s.is_next_float_normal_sample_valid = true;
    s.next_float_normal_sample = *g.next_float_normal_sample;
  }
  Tensor out = empty({static_cast<int64_t>(sizeof(State))}, TensorOptions(DType::UInt8));
  std::memcpy(out.data<uint8_t>(), &s, sizeof(State));
  return out;
}

void set_generator_state(Generator& g, const Tensor& state) {
  TP_CHECK(state.dtype() == DType::UInt8 && state.device().is_cpu(), TypeError,
           "RNG state must be a torch.ByteTensor");
  TP_CHECK(state.is_contiguous(), RuntimeError, "RNG state must be contiguous");
  TP_CHECK(state.numel() == static_cast<int64_t>(sizeof(State)), RuntimeError,
           "Expected a CPUGeneratorImplState of size ", sizeof(State),
           " but found the input RNG state size to be ", state.numel());
  State s;
  std::memcpy(&s, state.data<uint8_t>(), sizeof(State));
  // mt19937::is_valid(): seeded, and the position inside the state words.
  TP_CHECK(s.legacy.seeded != 0 && MT19937::valid_position(s.legacy.left, s.legacy.next),
           RuntimeError, "Invalid mt19937 state");
  std::array<uint32_t, MT19937::kN> words;
  for (int i = 0; i < MT19937::kN; ++i) words[i] = static_cast<uint32_t>(s.legacy.state[i]);
  MT19937 engine;
  engine.restore(words, s.legacy.left, static_cast<int>(s.legacy.next));
  g.restore(s.legacy.the_initial_seed, engine);
  g.next_double_normal_sample.reset();
  g.next_float_normal_sample.reset();
  if (s.legacy.normal_is_valid) g.next_double_normal_sample = s.legacy.normal_y;
  if (s.is_next_float_normal_sample_valid) g.next_float_normal_sample = s.next_float_normal_sample;
}

}  // namespace tp
