// Helpers shared by gradient formulas: reducing a broadcast gradient back to its input's
// shape, the node base that holds saved tensors, and recording a formula's raw-kernel step
// so that create_graph can differentiate it.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "core/autograd/node.h"
#include "core/tensor.h"

namespace tp::autograd {

// "ExpBackward0" -> "Exp": an op's name as PyTorch's messages give it (a saved tensor's
// producer, a view's origin).
std::string producer_name(const std::string& node_name);

// True when `from` broadcasts to `to`.
bool is_expandable_to(const Shape& from, const Shape& to);
// Sums g over the dims that broadcasting added or stretched, giving shape `to`.
Tensor sum_to(const Tensor& g, const Shape& to);

// A node with a fixed name and saved tensors that a backward pass without retain_graph
// frees (a second pass then raises PyTorch's "backward through the graph a second time").
struct SavingNode : Node {
  explicit SavingNode(std::string name) : name_(std::move(name)) {}
  std::string name() const override { return name_; }
  // A composed op shows the node of the fused kernel it stands for (nn.LSTM's
  // MkldnnRnnLayerBackward0): only before anything else holds the node.
  void rename(std::string name) { name_ = std::move(name); }
  bool release_saved() override {
    bool had = !saved.empty();
    saved.clear();
    saved_output_nr.clear();
    return had;
  }
  // Remembers each saved tensor's version, for check_versions().
  void record_versions();
  // After `out` became output `output_nr` of this node: a saved `out` is "output N of" this
  // node, kept as a detached alias so that the node does not keep itself alive through its
  // own output (PyTorch's SavedVariable for an output; a graph never backwarded is freed).
  void note_output(const Tensor& out, uint32_t output_nr = 0);
  // After an in-place op wrote its result into `self`: the saved output is self now, so a
  // later write to self is caught as PyTorch catches it.
  void note_inplace_output(const Tensor& result, const Tensor& self);
  // PyTorch's error when a saved tensor was written in place after it was saved.
  void check_versions() const;
  // The saved tensors as a formula (or ctx.saved_tensors) reads them: a saved output is given
  // back this node as its grad_fn, so that under create_graph the gradient's graph goes
  // through it.
  TensorList unpacked_saved();
  TensorList saved;
  std::vector<uint64_t> saved_versions;
  std::vector<int64_t> saved_output_nr;  // which output each saved tensor is; -1: an input

 private:
  std::string name_;
};

// A node whose formula is a lambda over (grad_outputs, saved tensors, the node itself: its
// needs(i) says which input gradients anyone wants); most formulas are a few lines.
using Formula =
    std::function<TensorList(const TensorList& grads, const TensorList& saved, const Node& node)>;
struct FunctionNode : SavingNode {
  FunctionNode(std::string name, TensorList saved_tensors, Formula f)
      : SavingNode(std::move(name)), formula(std::move(f)) {
    saved = std::move(saved_tensors);
    record_versions();
  }
  TensorList apply(TensorList&& grads) override {
    check_versions();
    // Every gradient zero (undefined) gives zero gradients without running the formula, as
    // PyTorch's generated backward functions do (any_grad_defined): a formula may then assume
    // a defined gradient (a norm whose backward gave none fed i0's, which multiplied by it).
    bool any_defined = false;
    for (const Tensor& g : grads) any_defined = any_defined || g.defined();
    if (!any_defined) return TensorList(next_edges.size());
    return formula(grads, unpacked_saved(), *this);
  }
  Formula formula;
};

// Makes a FunctionNode (the usual return value of record_op's make_node).
inline std::shared_ptr<Node> make_node(std::string name, TensorList saved, Formula f) {
  return std::make_shared<FunctionNode>(std::move(name), std::move(saved), std::move(f));
}

// A formula's step that is linear in the gradient `g` and written with raw kernels (a scatter
// or window sum into fresh zeros): `compute()` gives its value; under create_graph it is
// recorded as node `name` whose own gradient is `adjoint(gg)` (the op that the step undoes,
// e.g. select for select's backward), as PyTorch's SelectBackwardBackward0 is.
// `flat`: tensors the step reads only through comparisons (relu's mask): under create_graph
// they are inputs of the node, with zero gradients, as in PyTorch's ThresholdBackwardBackward0.
Tensor linear_in_grad(const std::string& name, const Tensor& g, const std::function<Tensor()>& compute,
                      std::function<Tensor(const Tensor&)> adjoint, const TensorList& flat = {});

// Under create_graph, a formula that PyTorch computes with one backward kernel shows that
// kernel's node on its result (tanh's gradient has grad_fn TanhBackwardBackward0): the node
// that `formula()` made last takes the name. `flat`: inputs of that kernel whose gradient
// through it is zero (max pooling's input); when the formula made no node but one of them
// requires grad, the result still gets the kernel's node, as in PyTorch. Outside
// create_graph it just runs the formula.
Tensor shown_as(const std::string& name, const std::function<Tensor()>& formula, const TensorList& flat = {});

}  // namespace tp::autograd
