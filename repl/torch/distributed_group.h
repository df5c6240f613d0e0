// The session's default torch.distributed process group, as the bindings beside
// distributed_binding.cpp (DistributedDataParallel, DistributedSampler) need it.
#pragma once

#include <cstdint>
#include <string>

#include "repl/lang/interpreter.h"

namespace tp::torchlang {

struct ProcessGroup {
  std::string backend;  // "nccl", "gloo"
  int64_t rank = 0, world_size = 1;
};

// The default group; PyTorch's ValueError ("Default process group has not been
// initialized, ...") when init_process_group has not run.
ProcessGroup default_process_group(lang::Interpreter& I);

}  // namespace tp::torchlang
