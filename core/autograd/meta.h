// Autograd state attached to a tensor (PyTorch's AutogradMeta): whether it requires grad,
// its accumulated .grad, the node that produced it (grad_fn) and which output of that node
// it is. A tensor without this state is a plain value that does not require grad.
#pragma once

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/tensor.h"

namespace tp {

struct Node;
struct AccumulateGrad;

struct AutogradMeta {
  bool requires_grad = false;
  bool retains_grad = false;   // retain_grad() on a non-leaf
  bool is_parameter = false;   // an nn.Parameter (prints "Parameter containing:")
  Tensor grad;                 // undefined until a backward pass reaches it
  std::shared_ptr<Node> grad_fn;  // null for leaves
  uint32_t output_nr = 0;         // which output of grad_fn this tensor is
  // A leaf's accumulator, shared by every graph that uses the leaf (weak: the graph owns it).
  std::weak_ptr<AccumulateGrad> grad_accumulator;
  // register_post_accumulate_grad_hook: called with the leaf once a backward pass has added
  // into its .grad (DDP starts a bucket's all-reduce there), by registration id.
  std::vector<std::pair<uint64_t, std::function<void(const Tensor&)>>> post_accumulate_hooks;
};

}  // namespace tp
