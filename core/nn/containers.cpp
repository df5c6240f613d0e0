// Sequential and ModuleList: children named by position, indexing with PyTorch's IndexError,
// Sequential's chained forward and ModuleList's compressed repr.
#include "core/nn/containers.h"

#include "core/error.h"

namespace tp::nn {

namespace {

// _get_item_by_idx / _get_abs_string_index: the child at a possibly negative position.
std::shared_ptr<Module> child_at(const Module& m, int64_t index) {
  const auto& kids = m.children_dict();
  const int64_t n = static_cast<int64_t>(kids.size());
  if (index < -n || index >= n) fail(ErrorKind::IndexError, "index ", index, " is out of range");
  if (index < 0) index += n;
  return kids[static_cast<size_t>(index)].second;
}

// _addindent with 2 spaces.
std::string indent2(const std::string& s) {
  std::string out;
  for (char c : s) {
    out += c;
    if (c == '\n') out += "  ";
  }
  return out;
}

}  // namespace

Sequential::Sequential(const std::vector<std::shared_ptr<Module>>& modules) : Module("Sequential") {
  for (const auto& m : modules) append(m);
}

void Sequential::append(std::shared_ptr<Module> module) {
  register_module(std::to_string(size()), std::move(module));
}

std::shared_ptr<Module> Sequential::at(int64_t index) const { return child_at(*this, index); }

Tensor Sequential::forward(const Tensor& x) {
  Tensor out = x;
  for (auto& [name, child] : children_dict()) {
    if (!child) fail(ErrorKind::TypeError, "'NoneType' object is not callable");
    out = child->forward(out);
  }
  return out;
}

std::shared_ptr<Module> Sequential::clone_empty() const {
  auto copy = std::make_shared<Sequential>(*this);
  copy->clear_entries_for_clone();
  return copy;
}

ModuleList::ModuleList(const std::vector<std::shared_ptr<Module>>& modules) : Module("ModuleList") {
  for (const auto& m : modules) append(m);
}

void ModuleList::append(std::shared_ptr<Module> module) {
  register_module(std::to_string(size()), std::move(module));
}

std::shared_ptr<Module> ModuleList::at(int64_t index) const { return child_at(*this, index); }

// ModuleList.__repr__: consecutive children with the same repr print once as a range.
std::string ModuleList::repr() const {
  const auto& kids = children_dict();
  if (kids.empty()) return type_name() + "()";
  std::vector<std::string> reprs;
  for (auto& [name, child] : kids) reprs.push_back(child ? child->repr() : "None");
  std::string out = type_name() + "(\n";
  size_t start = 0;
  while (start < reprs.size()) {
    size_t end = start;
    while (end + 1 < reprs.size() && reprs[end + 1] == reprs[start]) ++end;
    std::string line = "(" + std::to_string(start) + "): " + reprs[start];
    if (end != start) {
      line = "(" + std::to_string(start) + "-" + std::to_string(end) + "): " + std::to_string(end - start + 1) +
             " x " + reprs[start];
    }
    out += "  " + indent2(line) + "\n";
    start = end + 1;
  }
  return out + ")";
}

std::shared_ptr<Module> ModuleList::clone_empty() const {
  auto copy = std::make_shared<ModuleList>(*this);
  copy->clear_entries_for_clone();
  return copy;
}

}  // namespace tp::nn
