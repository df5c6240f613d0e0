// The Python stack at this moment, innermost frame first: what the memory history records
// for each allocation and the profiler's with_stack for each op.
#pragma once

#include <vector>

#include "core/backends/caching_allocator.h"

namespace tp::torchpy {

std::vector<AllocFrame> python_frames();

}  // namespace tp::torchpy
