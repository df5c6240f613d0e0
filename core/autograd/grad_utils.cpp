// Broadcast reduction for gradients.
#include "core/autograd/grad_utils.h"

#include "core/autograd/meta.h"
#include "core/error.h"

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

namespace {
// "ExpBackward0" -> "Exp", as PyTorch names a saved tensor's producer.
std::string producer_name(const std::string& node) {
  size_t pos = node.rfind("Backward");
  return pos == std::string::npos ? node : node.substr(0, pos);
}
}  // namespace

void SavingNode::record_versions() {
  saved_versions.clear();
  saved_producers.clear();
  for (const Tensor& t : saved) {
    saved_versions.push_back(t.defined() ? t.storage()->version() : 0);
    const auto& fn = t.defined() && t.impl()->autograd ? t.impl()->autograd->grad_fn : nullptr;
    saved_producers.push_back(fn ? producer_name(fn->name()) : "");
  }
}

void SavingNode::note_output(const Tensor& out) {
  for (size_t i = 0; i < saved.size(); ++i)
    if (saved[i].defined() && saved[i].is_same(out)) saved_producers[i] = producer_name(name());
}

void SavingNode::check_versions() const {
  for (size_t i = 0; i < saved.size() && i < saved_versions.size(); ++i) {
    const Tensor& t = saved[i];
    if (!t.defined() || t.storage()->version() == saved_versions[i]) continue;
    std::string which = saved_producers[i].empty() ? "" : ", which is output 0 of " + saved_producers[i] + ",";
    fail(ErrorKind::RuntimeError,
         "one of the variables needed for gradient computation has been modified by an inplace "
         "operation: [", legacy_type_str(t), " ", shape_str(t.sizes()), "]", which, " is at version ",
         t.storage()->version(), "; expected version ", saved_versions[i],
         " instead. Hint: enable anomaly detection to find the operation that failed to compute "
         "its gradient, with torch.autograd.set_detect_anomaly(True, check_nan=False).");
  }
}

Tensor sum_to(const Tensor& g, const Shape& to) {
  const Shape& from = g.sizes();
  if (from == to) return g;
  size_t lead = from.size() - to.size();
  DimList lead_dims, kept_dims;
  for (size_t i = 0; i < lead; ++i) lead_dims.push_back(static_cast<int64_t>(i));
  for (size_t i = 0; i < to.size(); ++i)
    if (to[i] == 1 && from[lead + i] != 1) kept_dims.push_back(static_cast<int64_t>(lead + i));
  Tensor r = g;
  if (!kept_dims.empty()) r = sum(r, kept_dims, /*keepdim=*/true);
  if (!lead_dims.empty()) r = sum(r, lead_dims, /*keepdim=*/false);
  return r.sizes() == to ? r : reshape(r, to);
}

}  // namespace tp::autograd
