// In-place writes through views (PyTorch's CopySlices, VariableHooks::grad_fn and
// handle_view_on_rebase in torch/csrc/autograd/variable.cpp).
#include "core/autograd/view_inplace.h"

#include <string>

#include "core/autograd/autograd.h"
#include "core/autograd/grad_utils.h"
#include "core/autograd/layout_grads.h"
#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"

namespace tp::autograd {

namespace {

// The base's grad_fn after a write through one of its views: the gradient of the base's new
// value is the incoming one, except over the view, where it goes through the in-place op's
// own node `fn` (whose input 0 was the view's old value, the others pass on as they are).
struct CopySlices : Node {
  CopySlices(const Tensor& base, const Tensor& view, std::shared_ptr<Node> op)
      : base_sizes(base.sizes()),
        base_strides(base.strides()),
        view_sizes(view.sizes()),
        view_strides(view.strides()),
        view_offset(view.storage_offset() - base.storage_offset()),
        fn(std::move(op)) {
    next_edges.push_back(gradient_edge(base));
    input_meta.push_back(InputMeta{base.sizes(), base.dtype(), base.device()});
    for (size_t i = 1; i < fn->next_edges.size(); ++i) {
      next_edges.push_back(fn->next_edges[i]);
      input_meta.push_back(fn->input_meta[i]);
    }
  }
  std::string name() const override { return kCopySlicesName; }
  bool release_saved() override { return fn->release_saved(); }

  TensorList apply(TensorList&& grads) override {
    TensorList out(next_edges.size());
    const Tensor& grad = grads[0];
    if (!grad.defined()) return out;
    // The gradient laid out as the base is, so the view's geometry finds its elements.
    Tensor memory = empty({storage_extent(base_sizes, base_strides, 0)}, TensorOptions(grad.dtype(), grad.device()));
    Tensor result = memory.as_strided(base_sizes, base_strides, 0);
    copy_(result, grad);
    Tensor slice = result.view_of(view_sizes, view_strides, view_offset);
    TensorList res = fn->apply({clone(slice)});
    for (size_t i = 0; i < res.size() && i < out.size(); ++i) {
      if (!needs(i)) continue;
      if (i > 0) {
        out[i] = res[i];
        continue;
      }
      // An undefined gradient is a zero one: the view's old value no longer matters.
      if (res[0].defined()) {
        copy_(slice, res[0]);
      } else {
        fill_(slice, Scalar(0.0));
      }
      out[0] = result;
    }
    return out;
  }

  Shape base_sizes, base_strides, view_sizes, view_strides;
  int64_t view_offset;
  std::shared_ptr<Node> fn;
};

// PyTorch's handle_view_on_rebase: the restricted views may not be rebased. `indirect`: the
// write went through the base or another view.
void check_rebase_allowed(const Tensor& view, bool indirect) {
  const ViewCreation creation = view.impl()->view.creation;
  if (creation == ViewCreation::Default) return;
  const AutogradMeta* m = view.impl()->autograd.get();
  const Node* fn = m ? m->grad_fn.get() : nullptr;
  const std::string modified = indirect ? "its base or another view of its base has been" : "is being";
  const std::string output = fn ? "Output " + std::to_string(m->output_nr) + " of " + producer_name(fn->name()) : "";
  std::string msg;
  if (creation == ViewCreation::NoGradMode || !fn) {
    msg = (fn ? output + " is a view of a view which was created in" : std::string("A view was created in")) +
          " no_grad mode and " + modified + " modified inplace with grad mode enabled.";
  } else {
    msg = output + " is a view and " + modified + " modified inplace.";
  }
  if (creation == ViewCreation::MultiOutput) {
    msg += " This view is the output of a function that returns multiple views. Such functions do not allow the "
           "output views to be modified inplace. You should replace the inplace operation by an out-of-place one.";
  } else {
    msg += " Given that this use case is ambiguous and error-prone, it is forbidden. You can clarify your code by "
           "moving both the view and the inplace either both inside the no_grad block (if you don't want the "
           "inplace to be tracked) or both outside (if you want the inplace to be tracked).";
  }
  fail(ErrorKind::RuntimeError, msg);
}

// The view's grad_fn made anew from the base's current history.
void regenerate(const Tensor& view) {
  const Tensor base = view.view_base();
  std::shared_ptr<Node> node = as_strided_node(base, view.sizes(), view.strides(), view.storage_offset());
  collect_edges(*node, {base});
  AutogradMeta& m = meta(view);
  m.grad_fn = std::move(node);
  m.output_nr = 0;
  view.impl()->view.grad_fn_version = view.version();
}

}  // namespace

const std::shared_ptr<Node>& current_view_grad_fn(const Tensor& view, const std::shared_ptr<Node>& raw) {
  if (!raw && !view.view_base().requires_grad()) return raw;
  if (view.impl()->view.grad_fn_version == view.version()) return raw;
  check_rebase_allowed(view, /*indirect=*/true);
  regenerate(view);
  return meta(view).grad_fn;
}

void check_view_inplace(const Tensor& view) {
  check_rebase_allowed(view, /*indirect=*/false);
  TP_CHECK(!(view.requires_grad() && is_leaf(view.view_base())), RuntimeError,
           "a view of a leaf Variable that requires grad is being used in an in-place operation.");
}

void rebase_view_history(const Tensor& view, const std::shared_ptr<Node>& node) {
  const Tensor base = view.view_base();
  set_history(base, std::make_shared<CopySlices>(base, view, node));
  regenerate(view);
}

}  // namespace tp::autograd
