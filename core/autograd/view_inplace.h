// In-place writes through views, as PyTorch's autograd handles them: the write becomes part
// of the base's history (CopySlices), and every view of that base rebuilds its grad_fn from
// the base (AsStridedBackward0) once the shared version counter shows a write since its
// grad_fn was made. Views that may not be written (pieces of split/unbind, views made under
// no_grad) raise PyTorch's errors instead.
#pragma once

#include <memory>

#include "core/autograd/node.h"
#include "core/tensor.h"

namespace tp::autograd {

// PyTorch's name() of the node (type(grad_fn).__name__ is "CopySlices"); the graph of other
// writes made of slice copies (circular padding, x[1:] = v) carries it too.
inline constexpr const char* kCopySlicesName = "torch::autograd::CopySlices";

// A view's grad_fn, rebuilt first when its base or another view of it was written since.
// `raw` is the grad_fn the view's meta holds.
const std::shared_ptr<Node>& current_view_grad_fn(const Tensor& view, const std::shared_ptr<Node>& raw);

// PyTorch's check_inplace for a view while a gradient is recorded: the restricted views'
// errors, and "a view of a leaf Variable...".
void check_view_inplace(const Tensor& view);

// After an in-place op wrote through `view`: `node` (whose input 0 is the view's old value)
// goes into the base's history as CopySlices, and the view's grad_fn is rebuilt from the base.
void rebase_view_history(const Tensor& view, const std::shared_ptr<Node>& node);

}  // namespace tp::autograd
