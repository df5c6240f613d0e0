// torch.optim's optimizer objects as the language sees them; GradScaler (amp_binding.cpp)
// reaches the core optimizer through optimizer_of().
#pragma once

#include <memory>

#include "core/optim/optimizer.h"
#include "repl/torch/torch_types.h"

namespace tp::torchlang {

// The core optimizer behind an optimizer value, with param_groups edits (lr, ...) applied;
// raises TypeError for anything else.
optim::Optimizer& optimizer_of(Interpreter& I, const Value& v);

}  // namespace tp::torchlang
