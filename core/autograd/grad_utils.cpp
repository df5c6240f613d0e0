// Broadcast reduction for gradients, saved-tensor version checks, and the recording of a
// formula's raw-kernel steps and names under create_graph.
#include "core/autograd/grad_utils.h"

#include "core/autograd/autograd.h"
#include "core/autograd/meta.h"
#include "core/error.h"

#include "core/ops/creation.h"
#include "core/ops/reduce.h"
#include "core/ops/shape.h"

namespace tp::autograd {

bool is_expandable_to(const Shape& from, const Shape& to) {
  if (from.size() > to.size()) return false;
  size_t lead = to.size() - from.size();
  for (size_t i = 0; i < from.size(); ++i)
    if (from[i] != 1 && from[i] != to[lead + i]) return false;
  return true;
}

std::string producer_name(const std::string& node_name) {
  size_t pos = node_name.rfind("Backward");
  return pos == std::string::npos ? node_name : node_name.substr(0, pos);
}

void SavingNode::record_versions() {
  saved_versions.clear();
  for (const Tensor& t : saved) saved_versions.push_back(t.defined() ? t.version() : 0);
}

void SavingNode::note_output(const Tensor& out, uint32_t output_nr) {
  saved_output_nr.resize(saved.size(), -1);
  for (size_t i = 0; i < saved.size(); ++i) {
    if (!saved[i].defined() || !saved[i].is_same(out)) continue;
    saved[i] = detach(out);
    saved_output_nr[i] = output_nr;
  }
}

void SavingNode::note_inplace_output(const Tensor& result, const Tensor& self) {
  if (result.sizes() != self.sizes() || result.dtype() != self.dtype()) return;
  for (size_t i = 0; i < saved.size() && i < saved_output_nr.size(); ++i) {
    if (saved_output_nr[i] != 0) continue;
    saved[i] = detach(self);
    saved_versions[i] = self.version();
  }
}

TensorList SavingNode::unpacked_saved() {
  if (saved_output_nr.empty()) return saved;
  TensorList out = saved;
  for (size_t i = 0; i < out.size() && i < saved_output_nr.size(); ++i) {
    if (saved_output_nr[i] < 0 || !saved[i].defined()) continue;
    out[i] = detach(saved[i]);
    set_history(out[i], shared_from_this(), static_cast<uint32_t>(saved_output_nr[i]));
  }
  return out;
}

void SavingNode::check_versions() const {
  for (size_t i = 0; i < saved.size() && i < saved_versions.size(); ++i) {
    const Tensor& t = saved[i];
    if (!t.defined() || t.version() == saved_versions[i]) continue;
    // The op that made it: this node for a saved output, else the input's grad_fn as it is
    // now: the in-place op that wrote it ("Add" after y.add_(1)), or "AsStrided" for a view
    // whose base was written. PyTorch 2.x says "output 0" whichever output it is (recorded:
    // the mean of var_mean, written under no_grad, is "output 0 of VarMean").
    const bool own_output = i < saved_output_nr.size() && saved_output_nr[i] >= 0;
    const std::shared_ptr<Node> fn = own_output ? nullptr : grad_fn(t);
    const std::string producer = own_output ? name() : fn ? fn->name() : "";
    const std::string which = producer.empty() ? "" : ", which is output 0 of " + producer_name(producer) + ",";
    fail(ErrorKind::RuntimeError,
         "one of the variables needed for gradient computation has been modified by an inplace "
         "operation: [", legacy_type_str(t), " ", shape_str(t.sizes()), "]", which, " is at version ",
         t.version(), "; expected version ", saved_versions[i],
         " instead. Hint: enable anomaly detection to find the operation that failed to compute "
         "its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).");
  }
}

Tensor sum_to(const Tensor& g, const Shape& to) {
  // As ATen's sum_to: one sum over the added and the stretched dims (keepdim), then a view
  // dropping the added ones (so a bias gradient made under create_graph is a ViewBackward0).
  const Shape& from = g.sizes();
  if (from == to) return g;
  size_t lead = from.size() - to.size();
  DimList reduced;
  for (size_t i = 0; i < lead; ++i) reduced.push_back(static_cast<int64_t>(i));
  for (size_t i = 0; i < to.size(); ++i)
    if (to[i] == 1 && from[lead + i] != 1) reduced.push_back(static_cast<int64_t>(lead + i));
  Tensor r = reduced.empty() ? g : sum(g, reduced, /*keepdim=*/true);
  return lead > 0 ? reshape(r, to) : r;
}

namespace {

// The gradient of a node that is linear in its first input: `adjoint(gg)` for it, zeros for
// the flat inputs after it.
Formula linear_formula(std::function<Tensor(const Tensor&)> adjoint) {
  return [adjoint = std::move(adjoint)](const TensorList& gg, const TensorList&, const Node& n) {
    TensorList grads{adjoint(gg[0])};
    for (size_t i = 1; i < n.next_edges.size(); ++i) {
      const InputMeta& m = n.input_meta[i];
      grads.push_back(n.needs(i) ? zeros(m.sizes, TensorOptions(m.dtype, m.device)) : Tensor());
    }
    return grads;
  };
}

}  // namespace

Tensor linear_in_grad(const std::string& name, const Tensor& g, const std::function<Tensor()>& compute,
                      std::function<Tensor(const Tensor&)> adjoint, const TensorList& flat) {
  TensorList inputs{g};
  inputs.insert(inputs.end(), flat.begin(), flat.end());
  return record_op(inputs, compute, [&](const Tensor&) { return make_node(name, {}, linear_formula(std::move(adjoint))); });
}

Tensor shown_as(const std::string& name, const std::function<Tensor()>& formula, const TensorList& flat) {
  if (!grad_enabled()) return formula();
  const uint64_t first = Node::upcoming_sequence_nr();
  Tensor result = formula();
  auto* node = dynamic_cast<SavingNode*>(grad_fn(result).get());
  if (node && node->sequence_nr >= first) {
    node->rename(name);
    return result;
  }
  // No node of its own: a pass-through node (the result's own history behind it).
  TensorList inputs{result};
  inputs.insert(inputs.end(), flat.begin(), flat.end());
  return record_op(inputs, [&] { return detach(result); },
                   [&](const Tensor&) { return make_node(name, {}, linear_formula([](const Tensor& gg) { return gg; })); });
}

}  // namespace tp::autograd
