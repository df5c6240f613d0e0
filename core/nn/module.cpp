// Module's bookkeeping, walks and printing, following torch/nn/modules/module.py: the same
// traversal orders, the same de-duplication and the same error texts.
#include "core/nn/module.h"

#include <charconv>
#include <cmath>
#include <cstdio>

#include "core/autograd/autograd.h"
#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/device_ops.h"

namespace tp::nn {

namespace {

template <typename V>
V* find_in(std::vector<std::pair<std::string, V>>& dict, const std::string& name) {
  for (auto& [k, v] : dict)
    if (k == name) return &v;
  return nullptr;
}

template <typename V>
const V* find_in(const std::vector<std::pair<std::string, V>>& dict, const std::string& name) {
  for (auto& [k, v] : dict)
    if (k == name) return &v;
  return nullptr;
}

template <typename V>
void erase_from(std::vector<std::pair<std::string, V>>& dict, const std::string& name) {
  for (auto it = dict.begin(); it != dict.end(); ++it) {
    if (it->first == name) {
      dict.erase(it);
      return;
    }
  }
}

// Sets dict[name] = value, keeping an existing entry's place as a Python dict does.
template <typename V>
void set_in(std::vector<std::pair<std::string, V>>& dict, const std::string& name, V value) {
  if (V* slot = find_in(dict, name)) {
    *slot = std::move(value);
  } else {
    dict.emplace_back(name, std::move(value));
  }
}

std::string join_name(const std::string& prefix, const std::string& name) {
  return prefix.empty() ? name : prefix + "." + name;
}

// torch/nn/modules/module.py _addindent: indents every line but the first.
std::string add_indent(const std::string& s, int spaces) {
  std::string out;
  for (char c : s) {
    out += c;
    if (c == '\n') out += std::string(static_cast<size_t>(spaces), ' ');
  }
  return out;
}

std::string size_repr(const Shape& s) { return "torch.Size(" + shape_str(s) + ")"; }

std::string quoted_list(const std::vector<std::string>& keys) {
  std::string out;
  for (size_t i = 0; i < keys.size(); ++i) out += (i ? ", \"" : "\"") + keys[i] + "\"";
  return out;
}

}  // namespace

Module::Module(std::string type_name) : type_name_(std::move(type_name)) {}

// ---- Registration ----

void Module::register_parameter(const std::string& name, const Tensor& param) {
  erase_from(buffers_, name);
  non_persistent_.erase(name);
  erase_from(children_, name);
  set_in(params_, name, param);
}

void Module::register_buffer(const std::string& name, const Tensor& buffer, bool persistent) {
  erase_from(params_, name);
  erase_from(children_, name);
  set_in(buffers_, name, buffer);
  if (persistent) {
    non_persistent_.erase(name);
  } else {
    non_persistent_.insert(name);
  }
}

void Module::register_module(const std::string& name, std::shared_ptr<Module> module) {
  erase_from(params_, name);
  erase_from(buffers_, name);
  non_persistent_.erase(name);
  set_in(children_, name, std::move(module));
}

void Module::remove(const std::string& name) {
  erase_from(params_, name);
  erase_from(buffers_, name);
  non_persistent_.erase(name);
  erase_from(children_, name);
}

const Tensor* Module::find_parameter(const std::string& name) const { return find_in(params_, name); }
const Tensor* Module::find_buffer(const std::string& name) const { return find_in(buffers_, name); }
const std::shared_ptr<Module>* Module::find_module(const std::string& name) const {
  return find_in(children_, name);
}

void Module::add_parameter(const std::string& name, const Tensor& t) {
  autograd::make_parameter(t, true);
  register_parameter(name, t);
}

void Module::clear_entries_for_clone() {
  params_.clear();
  buffers_.clear();
  non_persistent_.clear();
  children_.clear();
}

// ---- Walks ----

void Module::walk(const std::string& prefix, std::vector<std::pair<std::string, const Module*>>& out,
                  std::set<const Module*>& seen) const {
  if (!seen.insert(this).second) return;
  out.emplace_back(prefix, this);
  for (auto& [name, child] : children_) {
    if (child) child->walk(join_name(prefix, name), out, seen);
  }
}

NamedModules Module::named_modules(const std::string& prefix) {
  std::vector<std::pair<std::string, const Module*>> found;
  std::set<const Module*> seen;
  walk(prefix, found, seen);
  NamedModules out;
  // The walk starts at `this`, which is not const here.
  for (auto& [name, m] : found) out.emplace_back(name, const_cast<Module*>(m));
  return out;
}

std::vector<Module*> Module::modules() {
  std::vector<Module*> out;
  for (auto& [name, m] : named_modules()) out.push_back(m);
  return out;
}

NamedChildren Module::named_children() const {
  NamedChildren out;
  std::set<const Module*> seen;
  for (auto& [name, child] : children_) {
    if (child && seen.insert(child.get()).second) out.emplace_back(name, child);
  }
  return out;
}

std::vector<std::shared_ptr<Module>> Module::children() const {
  std::vector<std::shared_ptr<Module>> out;
  for (auto& [name, child] : named_children()) out.push_back(child);
  return out;
}

// _named_members: the modules' own entries in walk order, a tensor shared by two names once.
NamedTensors Module::collect_tensors(const std::string& prefix, bool recurse, bool buffers) const {
  std::vector<std::pair<std::string, const Module*>> mods;
  if (recurse) {
    std::set<const Module*> seen;
    walk(prefix, mods, seen);
  } else {
    mods.emplace_back(prefix, this);
  }
  NamedTensors out;
  std::set<const TensorImpl*> seen_tensors;
  for (auto& [mod_prefix, m] : mods) {
    for (auto& [name, t] : buffers ? m->buffers_ : m->params_) {
      if (!t.defined() || !seen_tensors.insert(t.impl()).second) continue;
      out.emplace_back(join_name(mod_prefix, name), t);
    }
  }
  return out;
}

NamedTensors Module::named_parameters(bool recurse) const { return collect_tensors("", recurse, false); }
NamedTensors Module::named_parameters(const std::string& prefix, bool recurse) const {
  return collect_tensors(prefix, recurse, false);
}
std::vector<Tensor> Module::parameters(bool recurse) const {
  std::vector<Tensor> out;
  for (auto& [name, t] : named_parameters(recurse)) out.push_back(t);
  return out;
}
NamedTensors Module::named_buffers(bool recurse) const { return collect_tensors("", recurse, true); }
NamedTensors Module::named_buffers(const std::string& prefix, bool recurse) const {
  return collect_tensors(prefix, recurse, true);
}
std::vector<Tensor> Module::buffers(bool recurse) const {
  std::vector<Tensor> out;
  for (auto& [name, t] : named_buffers(recurse)) out.push_back(t);
  return out;
}

// ---- Modes and gradients ----

void Module::train(bool mode) {
  training_ = mode;
  for (auto& child : children()) child->train(mode);
}

void Module::zero_grad(bool set_to_none) {
  for (const Tensor& p : parameters()) {
    Tensor g = autograd::grad(p);
    if (!g.defined()) continue;
    if (set_to_none) {
      autograd::set_grad(p, Tensor());
      continue;
    }
    if (autograd::grad_fn(g)) {
      autograd::detach_(g);
    } else {
      autograd::set_requires_grad(g, false);
    }
    zero_(g);
  }
}

// ---- Moving ----

void Module::apply_to_tensors(const std::function<Tensor(const Tensor&)>& fn) {
  for (auto& child : children()) child->apply_to_tensors(fn);
  autograd::NoGradGuard no_grad;
  for (auto& [name, p] : params_) {
    if (!p.defined()) continue;
    Tensor moved = fn(p);
    if (!moved.is_same(p)) autograd::set_data(p, moved);
    Tensor g = autograd::grad(p);
    if (g.defined()) {
      Tensor g_moved = fn(g);
      if (!g_moved.is_same(g)) autograd::set_data(g, g_moved);
    }
  }
  for (auto& [name, b] : buffers_) {
    if (b.defined()) b = fn(b);
  }
}

void Module::to(std::optional<Device> device, std::optional<DType> dtype, bool non_blocking) {
  apply_to_tensors([&](const Tensor& t) {
    std::optional<DType> target = is_floating(t.dtype()) ? dtype : std::nullopt;
    return to_device(t, device, target, non_blocking);
  });
}

void Module::cuda(std::optional<int> index) {
  apply_to_tensors([&](const Tensor& t) { return to_cuda(t, index); });
}

void Module::cpu() {
  apply_to_tensors([](const Tensor& t) { return to_cpu(t); });
}

// ---- Saving and loading ----

void Module::state_dict_into(const std::string& prefix, NamedTensors& out) const {
  for (auto& [name, p] : params_) {
    if (p.defined()) out.emplace_back(prefix + name, autograd::detach(p));
  }
  for (auto& [name, b] : buffers_) {
    if (b.defined() && !non_persistent_.count(name)) out.emplace_back(prefix + name, autograd::detach(b));
  }
  for (auto& [name, child] : children_) {
    if (child) child->state_dict_into(prefix + name + ".", out);
  }
}

NamedTensors Module::state_dict() const {
  NamedTensors out;
  state_dict_into("", out);
  return out;
}

// _load_from_state_dict for one module, then its children with their prefixes.
void Module::load_into(const std::string& prefix, const NamedTensors& entries, LoadResult& result,
                       std::vector<std::string>& errors) {
  NamedTensors local;
  for (auto& [name, p] : params_)
    if (p.defined()) local.emplace_back(name, p);
  for (auto& [name, b] : buffers_)
    if (b.defined() && !non_persistent_.count(name)) local.emplace_back(name, b);

  for (auto& [name, target] : local) {
    const std::string key = prefix + name;
    const Tensor* given = find_in(entries, key);
    if (!given) {
      result.missing_keys.push_back(key);
      continue;
    }
    Tensor src = *given;
    // Checkpoints from before 0-dim tensors stored scalars as shape [1].
    if (target.dim() == 0 && src.dim() == 1) src = src.as_strided({}, {}, src.storage_offset());
    if (src.sizes() != target.sizes()) {
      errors.push_back("size mismatch for " + key + ": copying a param with shape " + size_repr(src.sizes()) +
                       " from checkpoint, the shape in current model is " + size_repr(target.sizes()) + ".");
      continue;
    }
    autograd::NoGradGuard no_grad;
    copy_(target, src);
  }

  for (auto& [key, value] : entries) {
    if (key.compare(0, prefix.size(), prefix) != 0) continue;
    std::string rest = key.substr(prefix.size());
    std::string first = rest.substr(0, rest.find('.'));
    if (!find_in(children_, first) && !find_in(local, first)) result.unexpected_keys.push_back(key);
  }

  for (auto& [name, child] : children_) {
    if (child) child->load_into(prefix + name + ".", entries, result, errors);
  }
}

LoadResult Module::load_state_dict(const NamedTensors& entries, bool strict) {
  LoadResult result;
  std::vector<std::string> errors;
  load_into("", entries, result, errors);
  if (strict) {
    if (!result.unexpected_keys.empty()) {
      errors.insert(errors.begin(), "Unexpected key(s) in state_dict: " + quoted_list(result.unexpected_keys) + ". ");
    }
    if (!result.missing_keys.empty()) {
      errors.insert(errors.begin(), "Missing key(s) in state_dict: " + quoted_list(result.missing_keys) + ". ");
    }
  }
  if (!errors.empty()) {
    std::string text = "Error(s) in loading state_dict for " + type_name_ + ":";
    for (const std::string& e : errors) text += "\n\t" + e;
    fail(ErrorKind::RuntimeError, text);
  }
  return result;
}

// ---- Printing ----

std::string Module::repr() const {
  std::vector<std::string> extra_lines;
  const std::string extra = extra_repr();
  if (!extra.empty()) {
    size_t start = 0;
    while (true) {
      size_t nl = extra.find('\n', start);
      extra_lines.push_back(extra.substr(start, nl == std::string::npos ? std::string::npos : nl - start));
      if (nl == std::string::npos) break;
      start = nl + 1;
    }
  }
  std::vector<std::string> child_lines;
  for (auto& [name, child] : children_) {
    child_lines.push_back("(" + name + "): " + add_indent(child ? child->repr() : "None", 2));
  }
  std::string out = type_name_ + "(";
  if (extra_lines.size() == 1 && child_lines.empty()) {
    out += extra_lines[0];
  } else if (!extra_lines.empty() || !child_lines.empty()) {
    out += "\n";
    for (const std::string& l : extra_lines) out += "  " + l + "\n";
    for (const std::string& l : child_lines) out += "  " + l + "\n";
  }
  return out + ")";
}

// ---- Behaviour ----

Tensor Module::forward(const Tensor&) {
  fail(ErrorKind::NotImplementedError, "Module [", type_name_, "] is missing the required \"forward\" function");
}

std::shared_ptr<Module> Module::clone_empty() const {
  auto copy = std::make_shared<Module>(*this);
  copy->clear_entries_for_clone();
  return copy;
}

std::string python_float_repr(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof(buf), v, std::chars_format::scientific);
  std::string sci(buf, res.ptr);
  // sci is "-d.ddde±XX": split into sign, digits and exponent.
  size_t e_pos = sci.find('e');
  int exponent = std::stoi(sci.substr(e_pos + 1));
  std::string mantissa = sci.substr(0, e_pos);
  std::string sign;
  if (mantissa[0] == '-') {
    sign = "-";
    mantissa = mantissa.substr(1);
  }
  std::string digits;
  for (char c : mantissa)
    if (c != '.') digits += c;
  // Python's repr switches to exponent form outside 1e-4 <= |v| < 1e16.
  if (exponent < -4 || exponent >= 16) {
    char exp_buf[16];
    std::snprintf(exp_buf, sizeof(exp_buf), "e%c%02d", exponent < 0 ? '-' : '+', exponent < 0 ? -exponent : exponent);
    return sign + mantissa + exp_buf;
  }
  const int point = exponent + 1;  // digits before the decimal point
  std::string out;
  if (point <= 0) {
    out = "0." + std::string(static_cast<size_t>(-point), '0') + digits;
  } else if (static_cast<size_t>(point) >= digits.size()) {
    out = digits + std::string(static_cast<size_t>(point) - digits.size(), '0') + ".0";
  } else {
    out = digits.substr(0, static_cast<size_t>(point)) + "." + digits.substr(static_cast<size_t>(point));
  }
  return sign + out;
}

}  // namespace tp::nn
