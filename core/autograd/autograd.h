// The autograd API: what a tensor's requires_grad/.grad/backward/detach mean, and how an op
// records itself. Every differentiable op entry point goes through record_op(): the forward
// runs with recording off, then a node with the op's gradient formula joins the graph.
#pragma once

#include <functional>
#include <initializer_list>
#include <memory>
#include <optional>

#include "core/autograd/grad_mode.h"
#include "core/autograd/meta.h"
#include "core/autograd/node.h"
#include "core/tensor.h"

namespace tp::autograd {

// ---- Tensor state ----

// The tensor's autograd state, created on first use.
AutogradMeta& meta(const Tensor& t);
// A leaf is a tensor with no grad_fn (every tensor that does not require grad is one).
bool is_leaf(const Tensor& t);
// Who asks a tensor to require grad: PyTorch words the refusal of an integer tensor
// differently for each.
enum class RequiresGradBy {
  Method,     // t.requires_grad_()
  Attribute,  // t.requires_grad = True
  Creation,   // a factory's requires_grad=True, nn.Parameter, autograd.Variable
};
// Sets requires_grad: only leaves, only floating dtypes, as PyTorch checks.
void set_requires_grad(const Tensor& t, bool flag, RequiresGradBy by = RequiresGradBy::Method);
// t.grad (undefined when none).
Tensor grad(const Tensor& t);
// t.grad = g (undefined clears it); checks device, dtype and shape like PyTorch.
void set_grad(const Tensor& t, const Tensor& g);
const std::shared_ptr<Node>& grad_fn(const Tensor& t);
// t.retain_grad(): a non-leaf keeps its .grad after backward.
void retain_grad(const Tensor& t);
// t.detach(): same storage, no history, requires_grad False; shares t's version counter, so
// an in-place write through it is caught by a backward that saved t.
Tensor detach(const Tensor& t);
// t.data: as detach() but with a version counter of its own: PyTorch's escape hatch for
// writes autograd must not see (optimizers, gradcheck's perturbations).
Tensor data_of(const Tensor& t);
// t.detach_(): cuts t itself out of the graph.
void detach_(const Tensor& t);
// t.data = src: t keeps its identity and autograd state but takes src's storage, shape and
// dtype (how module.to() moves parameters in place).
void set_data(const Tensor& t, const Tensor& src);
// Marks t as an nn.Parameter (a leaf that requires grad unless told otherwise).
void make_parameter(const Tensor& t, bool requires_grad);
// Tensor.register_post_accumulate_grad_hook: a leaf that requires grad (PyTorch's errors
// otherwise). Returns an id for remove_post_accumulate_grad_hook.
uint64_t add_post_accumulate_grad_hook(const Tensor& t, std::function<void(const Tensor&)> hook);
void remove_post_accumulate_grad_hook(const Tensor& t, uint64_t id);
bool is_parameter(const Tensor& t);
// The edge a gradient for `t` should flow into (its grad_fn, or its leaf accumulator).
Edge gradient_edge(const Tensor& t);

// ---- Backward ----

// t.backward(gradient, retain_graph, create_graph): implicit gradient 1 for a scalar. With
// create_graph the formulas run with grad mode on, so the gradients they make are recorded
// and can be differentiated again (higher-order gradients).
void backward(const Tensor& root, const Tensor& gradient = {}, bool retain_graph = false,
              bool create_graph = false);
// torch.autograd.backward over several roots at once.
void backward(const TensorList& roots, const TensorList& gradients, bool retain_graph,
              bool create_graph = false);
// torch.autograd.grad(outputs, inputs): gradients returned, .grad left untouched.
TensorList grad(const TensorList& outputs, const TensorList& inputs, const TensorList& grad_outputs,
                bool retain_graph, bool allow_unused, bool create_graph = false);

// PyTorch's error for a second backward through freed saved tensors (or reading them).
[[noreturn]] void freed_graph_error();

// ---- Recording (for op implementations) ----

// True when grad mode is on and any input requires grad.
bool needs_grad(std::initializer_list<const Tensor*> inputs);
bool needs_grad(const TensorList& inputs);
// Makes `out` (fresh from the op) the output `output_nr` of `node` (a node that saved `out`
// keeps it as its output: grad_utils.h's SavingNode::note_output). An `out` that is a view of
// a tensor the op made for itself (a reduction's reshaped buffer, whose base has no history)
// stops being a view: only views of what the caller holds route in-place writes to a base.
void set_history(const Tensor& out, const std::shared_ptr<Node>& node, uint32_t output_nr = 0);
// Connects `node` to the inputs: one edge and one InputMeta each (undefined input: no edge).
void collect_edges(Node& node, const TensorList& inputs);

// Tells the node of an in-place op that its output `result` now lives in `self`.
void note_inplace_output(Node& node, const Tensor& result, const Tensor& self);

// The shape of every differentiable op: runs `compute` (recording off if a node will be
// made) and, when an input requires grad, attaches `make_node(out)`'s node to `out`.
template <typename Compute, typename MakeNode>
Tensor record_op(const TensorList& inputs, Compute&& compute, MakeNode&& make_node) {
  if (!needs_grad(inputs)) return compute();
  Tensor out;
  {
    ForwardGuard forward;
    out = compute();
  }
  std::shared_ptr<Node> node = make_node(out);
  if (!node) return out;  // not differentiable (comparisons, integer results)
  collect_edges(*node, inputs);
  set_history(out, node);
  return out;
}

// For an in-place op on `self` (`recording`: needs_grad of all its inputs): PyTorch's
// check_inplace: a leaf that requires grad, a view of one, a piece of split/unbind or a view
// made under no_grad may not be written while a gradient is being recorded.
void check_inplace(const Tensor& self, bool recording);
inline void check_inplace(const Tensor& self) { check_inplace(self, needs_grad({&self})); }
// The operand an in-place op should compute from: self itself, or (when a gradient is
// `needed`) a copy carrying self's history, so saved values survive self being overwritten.
Tensor inplace_operand(const Tensor& self, bool needed);
// After an in-place op wrote into `self`: `node` (its input 0 self's old value, its edges
// collected) becomes self's grad_fn; when self is a view, it joins the base's history
// instead (core/autograd/view_inplace.h).
void rebase_history(const Tensor& self, const std::shared_ptr<Node>& node);
// The same, collecting the node's edges from `inputs` (self's old value first).
void rebase_history(const Tensor& self, const std::shared_ptr<Node>& node, const TensorList& inputs);

}  // namespace tp::autograd
