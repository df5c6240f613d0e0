// torch.get_rng_state / set_rng_state and Generator.get_state / set_state: a CPU generator's
// state as the 5056-byte uint8 tensor PyTorch's CPUGeneratorImpl writes, byte for byte, so a
// saved state restores the same stream (and a state saved by PyTorch loads here).
#pragma once

#include "core/generator.h"
#include "core/tensor.h"

namespace tp {

// The state of g as a new uint8 tensor of 5056 bytes.
Tensor generator_state(const Generator& g);
// Restores g from a state tensor; PyTorch's errors for a wrong dtype, size or layout.
void set_generator_state(Generator& g, const Tensor& state);

}  // namespace tp
