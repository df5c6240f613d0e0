// The backward engine: finds the nodes reachable from the roots, counts how many gradients
// each waits for, then runs them latest-created first, summing gradients that meet and
// fitting each to its input's shape and dtype (PyTorch's validate_outputs).
#include <map>
#include <queue>
#include <unordered_map>

#include "core/autograd/autograd.h"
#include "core/autograd/grad_utils.h"
#include "core/autograd/tensor_hooks.h"
#include "core/error.h"
#include "core/ops/complex.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"

namespace tp::autograd {

namespace {

struct NodeOrder {
  bool operator()(const Node* a, const Node* b) const { return a->sequence_nr < b->sequence_nr; }
};

// validate_outputs' dtype and device rules: a gradient takes its tensor's dtype; one on
// another device moves there when it is 0-dim, else fails.
Tensor fit_dtype_and_device(Tensor g, DType dtype, Device device, size_t i) {
  if (is_complex(g.dtype()) && !is_complex(dtype)) g = real(g);  // a real input's share, no warning
  if (g.dtype() != dtype) g = cast(g, dtype);
  if (g.device() != device) {
    TP_CHECK(g.dim() == 0, RuntimeError, "invalid gradient at index ", i, " - expected device ",
             device.str(), " but got ", g.device().str());
    g = to(g, device, std::nullopt);
  }
  return g;
}

// A gradient arriving for input `i` of `node`, fitted to what the input was.
Tensor fit_gradient(const Node& node, size_t i, Tensor g) {
  const InputMeta& want = node.input_meta[i];
  if (g.sizes() != want.sizes) {
    TP_CHECK(is_expandable_to(want.sizes, g.sizes()), RuntimeError, "Function ", node.name(),
             " returned an invalid gradient at index ", i, " - got ", shape_str(g.sizes()),
             " but expected shape compatible with ", shape_str(want.sizes));
    g = sum_to(g, want.sizes);
  }
  return fit_dtype_and_device(std::move(g), want.dtype, want.device, i);
}

void accumulate(TensorList& buffer, size_t pos, Tensor g) {
  if (!g.defined()) return;
  Tensor& slot = buffer[pos];
  slot = slot.defined() ? add(slot, g) : std::move(g);
}

}  // namespace

void freed_graph_error() {
  fail(ErrorKind::RuntimeError,
       "Trying to backward through the graph a second time (or directly access saved tensors "
       "after they have already been freed). Saved intermediate values of the graph are freed "
       "when you call .backward() or autograd.grad(). Specify retain_graph=True if you need to "
       "backward through the graph a second time or if you need to access saved tensors after "
       "calling backward.");
}

namespace {

// One backward pass. With `capture`, gradients reaching those edges are returned instead of
// accumulated into leaves (torch.autograd.grad). Grad mode is create_graph while it runs:
// off, the formulas just compute; on, every op they call joins a new graph.
TensorList run_backward(const TensorList& roots, const TensorList& grads, bool retain_graph,
                        bool create_graph, const std::vector<Edge>* capture) {
  GradModeGuard grad_mode(create_graph);
  std::vector<Edge> root_edges;
  for (size_t i = 0; i < roots.size(); ++i) {
    Edge e = gradient_edge(roots[i]);
    TP_CHECK(e.fn, RuntimeError, "element ", i,
             " of tensors does not require grad and does not have a grad_fn");
    root_edges.push_back(e);
  }

  // Dependencies: how many edges point at each node.
  std::unordered_map<Node*, int> deps;
  std::vector<Node*> stack;
  std::unordered_map<Node*, bool> seen;
  for (const Edge& e : root_edges) {
    if (!seen[e.fn.get()]) {
      seen[e.fn.get()] = true;
      stack.push_back(e.fn.get());
    }
  }
  while (!stack.empty()) {
    Node* n = stack.back();
    stack.pop_back();
    for (const Edge& e : n->next_edges) {
      if (!e.fn) continue;
      ++deps[e.fn.get()];
      if (!seen[e.fn.get()]) {
        seen[e.fn.get()] = true;
        stack.push_back(e.fn.get());
      }
    }
  }

  std::unordered_map<Node*, TensorList> buffers;
  auto buffer_of = [&](Node* n) -> TensorList& {
    TensorList& b = buffers[n];
    if (b.empty()) b.resize(n->num_outputs);
    return b;
  };
  std::map<std::pair<Node*, uint32_t>, std::vector<size_t>> captured_at;
  TensorList captured;
  if (capture) {
    captured.resize(capture->size());
    for (size_t i = 0; i < capture->size(); ++i) {
      const Edge& e = (*capture)[i];
      if (e.fn) captured_at[{e.fn.get(), e.input_nr}].push_back(i);
    }
  }

  std::priority_queue<Node*, std::vector<Node*>, NodeOrder> ready;
  for (size_t i = 0; i < roots.size(); ++i) {
    Node* n = root_edges[i].fn.get();
    accumulate(buffer_of(n), root_edges[i].input_nr, grads[i]);
  }
  for (const Edge& e : root_edges) {
    Node* n = e.fn.get();
    if (deps[n] == 0) {
      deps[n] = -1;  // queued
      ready.push(n);
    }
  }

  while (!ready.empty()) {
    Node* node = ready.top();
    ready.pop();
    TensorList inputs = std::move(buffer_of(node));
    buffers.erase(node);
    run_tensor_hooks(*node, inputs);

    for (uint32_t out = 0; out < inputs.size(); ++out) {
      auto it = captured_at.find({node, out});
      if (it == captured_at.end()) continue;
      for (size_t idx : it->second) captured[idx] = inputs[out];
    }
    if (capture && dynamic_cast<AccumulateGrad*>(node)) continue;
    for (auto& [out, weak] : node->retained) {
      std::shared_ptr<TensorImpl> impl = weak.lock();
      if (!impl || out >= inputs.size() || !inputs[out].defined()) continue;
      Tensor t(impl);
      Tensor& g = meta(t).grad;
      g = g.defined() ? add(g, inputs[out]) : clone(inputs[out]);
    }
    if (node->released) freed_graph_error();
    TensorList outputs = node->apply(std::move(inputs));
    if (!retain_graph && node->release_saved()) node->released = true;
    TP_ASSERT(outputs.size() == node->next_edges.size() || dynamic_cast<AccumulateGrad*>(node));
    for (size_t i = 0; i < outputs.size(); ++i) {
      const Edge& e = node->next_edges[i];
      if (!e.fn) continue;
      Node* next = e.fn.get();
      if (outputs[i].defined()) accumulate(buffer_of(next), e.input_nr, fit_gradient(*node, i, outputs[i]));
      if (--deps[next] == 0) ready.push(next);
    }
  }
  return captured;
}

Tensor implicit_gradient(const Tensor& root, const Tensor& given, size_t i) {
  if (given.defined()) {
    TP_CHECK(given.sizes() == root.sizes(), RuntimeError, "Mismatch in shape: grad_output[", i,
             "] has a shape of torch.Size(", shape_str(given.sizes()), ") and output[", i,
             "] has a shape of torch.Size(", shape_str(root.sizes()), ").");
    return fit_dtype_and_device(given, root.dtype(), root.device(), i);
  }
  TP_CHECK(root.numel() == 1, RuntimeError, "grad can be implicitly created only for scalar outputs");
  TP_CHECK(is_floating(root.dtype()), RuntimeError,
           "grad can be implicitly created only for real scalar outputs but got ", dtype_repr(root.dtype()));
  return ones_like(root);
}

}  // namespace

void backward(const Tensor& root, const Tensor& gradient, bool retain_graph, bool create_graph) {
  backward(TensorList{root}, TensorList{gradient}, retain_graph, create_graph);
}

void backward(const TensorList& roots, const TensorList& gradients, bool retain_graph, bool create_graph) {
  TensorList grads;
  for (size_t i = 0; i < roots.size(); ++i) {
    TP_CHECK(roots[i].requires_grad(), RuntimeError, "element ", i,
             " of tensors does not require grad and does not have a grad_fn");
    grads.push_back(implicit_gradient(roots[i], i < gradients.size() ? gradients[i] : Tensor(), i));
  }
  run_backward(roots, grads, retain_graph, create_graph, nullptr);
}

TensorList grad(const TensorList& outputs, const TensorList& inputs, const TensorList& grad_outputs,
                bool retain_graph, bool allow_unused, bool create_graph) {
  TensorList grads;
  for (size_t i = 0; i < outputs.size(); ++i) {
    TP_CHECK(outputs[i].requires_grad(), RuntimeError, "element ", i,
             " of tensors does not require grad and does not have a grad_fn");
    grads.push_back(implicit_gradient(outputs[i], i < grad_outputs.size() ? grad_outputs[i] : Tensor(), i));
  }
  std::vector<Edge> capture;
  for (size_t i = 0; i < inputs.size(); ++i) {
    TP_CHECK(inputs[i].requires_grad(), RuntimeError, "One of the differentiated Tensors does not require grad");
    capture.push_back(gradient_edge(inputs[i]));
  }
  TensorList result = run_backward(outputs, grads, retain_graph, create_graph, &capture);
  for (size_t i = 0; i < result.size(); ++i) {
    TP_CHECK(result[i].defined() || allow_unused, RuntimeError, "The differentiated Tensor at index ", i,
             " appears to not have been used in the graph. Set allow_unused=True if this is the desired behavior.");
  }
  return result;
}

}  // namespace tp::autograd
