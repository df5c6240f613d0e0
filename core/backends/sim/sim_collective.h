// What a collective (an NCCL all-reduce, broadcast, ...) costs a simulated GPU: the bytes
// each GPU sends over its link to the next, on the modeled clock. The data itself moves
// through host memory (the simulated GPU's memory is host memory) by the caller.
#pragma once

#include <cstdint>
#include <string>

#include "core/device.h"

namespace tp {

// Queues `name` on `device`'s stream for the time `link_bytes` take over the GPU's link to
// its peers (NVLink when the profile has it, else PCIe peer-to-peer), plus one latency.
// Returns the modeled seconds.
double model_link_collective(Device device, const std::string& name, double link_bytes);

}  // namespace tp
