// The hooks registered with Tensor.register_hook, kept beside the graph: by the node whose
// output the tensor is (a non-leaf's hooks outlive the tensor, as PyTorch's live on its
// grad_fn) or by the leaf itself. Looked up by the object's address, each entry holding a weak
// pointer so it never matches a later object at a reused address.
#include "core/autograd/tensor_hooks.h"

#include <algorithm>
#include <memory>
#include <unordered_map>
#include <vector>

#include "core/autograd/autograd.h"
#include "core/error.h"

namespace tp::autograd {

namespace {

struct HookEntry {
  uint64_t id;
  uint32_t output_nr;  // which output of the node the hooked tensor is (0 for a leaf)
  TensorHook fn;
};

using Owner = std::weak_ptr<const void>;
struct Hooks {
  Owner owner;
  std::vector<HookEntry> entries;
};
using HookTable = std::unordered_map<const void*, Hooks>;

HookTable& table() {
  static HookTable hooks;
  return hooks;
}

// Entries of objects that are gone: dropped whenever a hook is added.
void prune() {
  HookTable& hooks = table();
  for (auto it = hooks.begin(); it != hooks.end();) it = it->second.owner.expired() ? hooks.erase(it) : std::next(it);
}

}  // namespace

std::function<void()> add_tensor_hook(const Tensor& t, TensorHook hook) {
  TP_CHECK(t.requires_grad(), RuntimeError, "cannot register a hook on a tensor that doesn't require gradient");
  static uint64_t next_id = 0;
  const uint64_t id = ++next_id;
  prune();
  std::shared_ptr<const void> owner;
  uint32_t output_nr = 0;
  if (is_leaf(t)) {
    owner = std::static_pointer_cast<const void>(t.impl_ptr());
  } else {
    owner = std::static_pointer_cast<const void>(grad_fn(t));
    output_nr = meta(t).output_nr;
  }
  const void* key = owner.get();
  Hooks& hooks = table()[key];
  hooks.owner = owner;
  hooks.entries.push_back({id, output_nr, std::move(hook)});
  return [key, weak = Owner(owner), id] {
    auto it = table().find(key);
    if (it == table().end() || it->second.owner.owner_before(weak) || weak.owner_before(it->second.owner)) return;
    auto& entries = it->second.entries;
    entries.erase(std::remove_if(entries.begin(), entries.end(), [id](const HookEntry& h) { return h.id == id; }),
                  entries.end());
  };
}

void run_tensor_hooks(Node& node, TensorList& grads) {
  if (table().empty()) return;
  auto* acc = dynamic_cast<AccumulateGrad*>(&node);
  const void* target = acc ? static_cast<const void*>(acc->variable.impl_ptr().get()) : &node;
  // A live owner at this address is this object (an expired one locks to null).
  auto it = table().find(target);
  if (it == table().end() || it->second.owner.lock().get() != target || it->second.entries.empty()) return;
  const std::vector<HookEntry> snapshot = it->second.entries;  // a hook may add or remove hooks
  for (const HookEntry& h : snapshot) {
    if (h.output_nr >= grads.size() || !grads[h.output_nr].defined()) continue;
    Tensor replaced = h.fn(grads[h.output_nr]);
    if (replaced.defined()) grads[h.output_nr] = std::move(replaced);
  }
}

}  // namespace tp::autograd
