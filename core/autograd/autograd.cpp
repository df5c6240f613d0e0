// Tensor-level autograd state (requires_grad, .grad, detach, parameters) and the recording
// helpers that ops use to join the graph.
#include "core/autograd/autograd.h"
#include "core/autograd/grad_utils.h"
#include "core/autograd/view_inplace.h"

#include <algorithm>
#include <atomic>

#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"

namespace tp {

namespace {
std::atomic<uint64_t> next_sequence_nr{0};
thread_local bool grad_mode = true;
thread_local bool recorded_forward = false;
}  // namespace

Node::Node() : sequence_nr(next_sequence_nr++) {}
uint64_t Node::upcoming_sequence_nr() { return next_sequence_nr.load(); }

std::string Node::class_name() const {
  std::string full = name();
  size_t colon = full.rfind("::");
  return colon == std::string::npos ? full : full.substr(colon + 2);
}

namespace autograd {

bool grad_enabled() { return grad_mode; }
void set_grad_enabled(bool enabled) { grad_mode = enabled; }
bool in_recorded_forward() { return recorded_forward; }
void set_in_recorded_forward(bool inside) { recorded_forward = inside; }

AutogradMeta& meta(const Tensor& t) {
  TensorImpl* impl = t.impl();
  if (!impl->autograd) impl->autograd = std::make_shared<AutogradMeta>();
  return *impl->autograd;
}

namespace {
const AutogradMeta* meta_or_null(const Tensor& t) { return t.impl()->autograd.get(); }
const std::shared_ptr<Node> kNoNode;
}  // namespace

bool is_leaf(const Tensor& t) { return grad_fn(t) == nullptr; }

void set_requires_grad(const Tensor& t, bool flag, RequiresGradBy by) {
  TP_CHECK(is_leaf(t), RuntimeError,
           "you can only change requires_grad flags of leaf variables. If you want to use a "
           "computed variable in a subgraph that doesn't require differentiation use "
           "var_no_grad = var.detach().");
  TP_CHECK(!flag || is_floating(t.dtype()) || is_complex(t.dtype()), RuntimeError,
           by == RequiresGradBy::Method      ? "only Tensors of floating point dtype can require gradients"
           : by == RequiresGradBy::Attribute ? "only Tensors of floating point and complex dtype can require gradients"
                                             : "Only Tensors of floating point and complex dtype can require gradients");
  if (!flag && !meta_or_null(t)) return;
  meta(t).requires_grad = flag;
}

Tensor grad(const Tensor& t) {
  const AutogradMeta* m = meta_or_null(t);
  return m ? m->grad : Tensor();
}

void set_grad(const Tensor& t, const Tensor& g) {
  if (g.defined()) {
    TP_CHECK(g.sizes() == t.sizes(), RuntimeError, "attempting to assign a gradient of size '",
             shape_str(g.sizes()), "' to a tensor of size '", shape_str(t.sizes()),
             "'. Please ensure that the gradient and the tensor are the same size");
    TP_CHECK(g.dtype() == t.dtype(), RuntimeError, "attempting to assign a gradient with dtype '",
             dtype_cpp_name(g.dtype()), "' to a tensor with grad_dtype '",
             dtype_legacy_name(t.dtype()),
             "'. The gradient must match the tensor's grad_dtype (defaults to the tensor's "
             "dtype). You can set the tensor's grad_dtype attribute with a specific dtype, or "
             "None to allow any dtype. Set grad_dtype with caution. Diverging the dtypes of a "
             "tensor and its gradient may break downstream systems that assume they match.");
    TP_CHECK(g.device() == t.device(), RuntimeError,
             "attempting to assign a gradient located on device with index '", g.device().index,
             "' to a tensor located on device with index '", t.device().index,
             "'. Please ensure that the gradient and the tensor are on the same device");
  }
  if (!g.defined() && !meta_or_null(t)) return;
  meta(t).grad = g;
}

const std::shared_ptr<Node>& grad_fn(const Tensor& t) {
  const AutogradMeta* m = meta_or_null(t);
  const std::shared_ptr<Node>& raw = m ? m->grad_fn : kNoNode;
  return t.is_view() ? current_view_grad_fn(t, raw) : raw;
}

void retain_grad(const Tensor& t) {
  TP_CHECK(t.requires_grad(), RuntimeError, "can't retain_grad on Tensor that has requires_grad=False");
  if (is_leaf(t)) return;  // leaves keep their grad anyway
  AutogradMeta& m = meta(t);
  if (m.retains_grad) return;
  m.retains_grad = true;
  m.grad_fn->retained.emplace_back(m.output_nr, std::weak_ptr<TensorImpl>(t.impl_ptr()));
}

Tensor detach(const Tensor& t) {
  Tensor out = t.as_strided(t.sizes(), t.strides(), t.storage_offset());
  out.impl()->wrapped_number = t.is_wrapped_number();
  return out;
}

Tensor data_of(const Tensor& t) {
  Tensor out = detach(t);
  out.impl()->version = std::make_shared<uint64_t>(0);
  return out;
}

void detach_(const Tensor& t) {
  // A view's grad_fn is rebuilt from its base's (view_inplace.h): it cannot leave the graph alone.
  TP_CHECK(!t.is_view(), RuntimeError,
           "Can't detach views in-place. Use detach() instead. If you are using DistributedDataParallel "
           "(DDP) for training, and gradient_as_bucket_view is set as True, gradients are views of DDP "
           "buckets, and hence detach_() cannot be called on these gradients. To fix this error, please "
           "refer to the Optimizer.zero_grad() function in torch/optim/optimizer.py as the solution.");
  if (!meta_or_null(t)) return;
  AutogradMeta& m = meta(t);
  m.grad_fn.reset();
  m.output_nr = 0;
  m.requires_grad = false;
}

void set_data(const Tensor& t, const Tensor& src) {
  TensorImpl* dst = t.impl();
  const TensorImpl* from = src.impl();
  dst->storage = from->storage;
  dst->sizes = from->sizes;
  dst->strides = from->strides;
  dst->offset = from->offset;
  dst->dtype = from->dtype;
}

void make_parameter(const Tensor& t, bool requires_grad) {
  AutogradMeta& m = meta(t);
  m.is_parameter = true;
  set_requires_grad(t, requires_grad, RequiresGradBy::Creation);
}

bool is_parameter(const Tensor& t) {
  const AutogradMeta* m = meta_or_null(t);
  return m && m->is_parameter;
}

Edge gradient_edge(const Tensor& t) {
  if (const std::shared_ptr<Node>& fn = grad_fn(t)) return Edge{fn, meta(t).output_nr};
  AutogradMeta* m = t.impl()->autograd.get();
  if (!m || !m->requires_grad) return {};
  std::shared_ptr<AccumulateGrad> acc = m->grad_accumulator.lock();
  if (!acc) {
    acc = std::make_shared<AccumulateGrad>(t);
    m->grad_accumulator = acc;
  }
  return Edge{acc, 0};
}

bool needs_grad(std::initializer_list<const Tensor*> inputs) {
  if (!grad_mode) return false;
  for (const Tensor* t : inputs)
    if (t->defined() && t->requires_grad()) return true;
  return false;
}

bool needs_grad(const TensorList& inputs) {
  if (!grad_mode) return false;
  for (const Tensor& t : inputs)
    if (t.defined() && t.requires_grad()) return true;
  return false;
}

void set_history(const Tensor& out, const std::shared_ptr<Node>& node, uint32_t output_nr) {
  if (out.is_view()) {
    if (out.view_base().requires_grad()) {
      out.impl()->view.grad_fn_version = out.version();  // its grad_fn is current as of now
    } else {
      out.impl()->view = ViewInfo{};
    }
  }
  AutogradMeta& m = meta(out);
  m.requires_grad = true;
  m.grad_fn = node;
  m.output_nr = output_nr;
  m.retains_grad = false;
  m.grad = Tensor();
  if (auto* saving = dynamic_cast<SavingNode*>(node.get())) saving->note_output(out, output_nr);
}

void collect_edges(Node& node, const TensorList& inputs) {
  node.next_edges.clear();
  node.input_meta.clear();
  node.next_edges.reserve(inputs.size());
  node.input_meta.reserve(inputs.size());
  for (const Tensor& t : inputs) {
    if (!t.defined()) {
      node.next_edges.push_back({});
      node.input_meta.push_back({});
      continue;
    }
    node.next_edges.push_back(gradient_edge(t));
    node.input_meta.push_back(InputMeta{t.sizes(), t.dtype(), t.device()});
  }
}

void note_inplace_output(Node& node, const Tensor& result, const Tensor& self) {
  if (auto* s = dynamic_cast<SavingNode*>(&node)) s->note_inplace_output(result, self);
}

void check_inplace(const Tensor& self, bool recording) {
  if (!recording || !grad_mode) return;
  if (self.is_view()) check_view_inplace(self);
  TP_CHECK(!(self.requires_grad() && is_leaf(self)), RuntimeError,
           "a leaf Variable that requires grad is being used in an in-place operation.");
}

Tensor inplace_operand(const Tensor& self, bool needed) {
  if (!needed) return self;
  Tensor snapshot;
  {
    NoGradGuard no_grad;
    snapshot = clone(self);
  }
  if (self.requires_grad()) {
    AutogradMeta& m = meta(snapshot);
    m.requires_grad = true;
    m.grad_fn = grad_fn(self);
    m.output_nr = meta(self).output_nr;
  }
  return snapshot;
}

void rebase_history(const Tensor& self, const std::shared_ptr<Node>& node) {
  if (self.is_view()) return rebase_view_history(self, node);
  set_history(self, node);
}

void rebase_history(const Tensor& self, const std::shared_ptr<Node>& node, const TensorList& inputs) {
  collect_edges(*node, inputs);
  rebase_history(self, node);
}

uint64_t add_post_accumulate_grad_hook(const Tensor& t, std::function<void(const Tensor&)> hook) {
  TP_CHECK(t.requires_grad(), RuntimeError, "cannot register a hook on a tensor that doesn't require gradient");
  TP_CHECK(is_leaf(t), RuntimeError, "post accumulate grad hooks cannot be registered on non-leaf tensors");
  static uint64_t next_id = 0;
  meta(t).post_accumulate_hooks.emplace_back(++next_id, std::move(hook));
  return next_id;
}

void remove_post_accumulate_grad_hook(const Tensor& t, uint64_t id) {
  auto& hooks = meta(t).post_accumulate_hooks;
  hooks.erase(std::remove_if(hooks.begin(), hooks.end(), [id](const auto& h) { return h.first == id; }), hooks.end());
}

}  // namespace autograd

AccumulateGrad::AccumulateGrad(Tensor leaf) : variable(std::move(leaf)) {}

TensorList AccumulateGrad::apply(TensorList&& grads) {
  Tensor& g = grads[0];
  if (!g.defined()) return {};
  AutogradMeta& m = autograd::meta(variable);
  if (!m.grad.defined()) {
    if (autograd::grad_enabled()) {
      // create_graph: a recorded copy (PyTorch's clone_obey_contract), so .grad keeps the
      // gradient's history (grad_fn CopyBackwards).
      m.grad = empty(g.sizes(), TensorOptions(g.dtype(), g.device()));
      copy_(m.grad, g);
    } else {
      // The incoming gradient may be shared with other branches of the graph: keep a copy.
      m.grad = clone(g);
    }
  } else if (autograd::grad_enabled()) {
    // create_graph: out of place, so the old .grad's graph stays intact (AddBackward0).
    m.grad = add(m.grad, g);
  } else {
    // In place, as PyTorch does outside grad mode: a learner holding p.grad sees the sum.
    add_(m.grad, g);
  }
  // A copy: a hook may register or remove hooks.
  const auto hooks = m.post_accumulate_hooks;
  for (const auto& hook : hooks) hook.second(variable);
  return {};
}

TensorList NotImplementedNode::apply(TensorList&&) {
  fail(ErrorKind::RuntimeError, "derivative for aten::", op, " is not implemented");
}

}  // namespace tp
