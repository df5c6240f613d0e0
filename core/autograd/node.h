// A node of the backward graph (a grad_fn): it maps the gradients of its outputs to the
// gradients of its inputs, and its edges say where each input's gradient goes next.
// Formulas call the ordinary ops, so a gradient is computed on the device of its tensor.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/tensor.h"

namespace tp {

struct Node;

// Where one input's gradient flows: output `input_nr` of node `fn` (null: nowhere).
struct Edge {
  std::shared_ptr<Node> fn;
  uint32_t input_nr = 0;
};

// What the engine checks a gradient against before passing it on (shape, dtype, device).
struct InputMeta {
  Shape sizes;
  DType dtype = DType::Float32;
  Device device;
};

using TensorList = std::vector<Tensor>;

struct Node : std::enable_shared_from_this<Node> {
  Node();
  virtual ~Node() = default;
  // PyTorch's name(), e.g. "AddmmBackward0"; its hand-written nodes carry their C++
  // namespace ("torch::autograd::AccumulateGrad").
  virtual std::string name() const = 0;
  // The Python class's name (type(grad_fn).__name__, what a tensor prints): name() without
  // the namespace.
  std::string class_name() const;
  // Gradients w.r.t. the inputs (one per next edge; undefined = zero) from the gradients
  // w.r.t. the outputs (undefined = zero).
  virtual TensorList apply(TensorList&& grad_outputs) = 0;
  // Whether input i's gradient goes anywhere (skip computing it otherwise).
  bool needs(size_t i) const { return i < next_edges.size() && next_edges[i].fn != nullptr; }
  // Drops saved tensors after a backward pass without retain_graph; true when there were
  // some (a second backward through this node is then an error).
  virtual bool release_saved() { return false; }
  // The sequence_nr the next node made will get (which nodes a computation made).
  static uint64_t upcoming_sequence_nr();

  std::vector<Edge> next_edges;
  std::vector<InputMeta> input_meta;  // one per next edge
  uint64_t sequence_nr;               // creation order: later nodes run first
  uint32_t num_outputs = 1;
  bool released = false;              // its saved tensors were freed by a backward pass
  // Non-leaf outputs that asked for retain_grad(), by output number.
  std::vector<std::pair<uint32_t, std::weak_ptr<TensorImpl>>> retained;
};

// The sink of a leaf tensor: adds the incoming gradient into the leaf's .grad.
struct AccumulateGrad : Node {
  explicit AccumulateGrad(Tensor leaf);
  std::string name() const override { return "torch::autograd::AccumulateGrad"; }
  TensorList apply(TensorList&& grads) override;
  Tensor variable;
};

// A grad_fn that cannot be differentiated (floor_divide's "NotImplemented").
struct NotImplementedNode : Node {
  explicit NotImplementedNode(std::string op) : op(std::move(op)) {}
  std::string name() const override { return "NotImplemented"; }
  TensorList apply(TensorList&& grads) override;
  std::string op;
};

}  // namespace tp
