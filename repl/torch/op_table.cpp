// The op table assembled from its parts, with lookup by name and one shared builtin-function
// value per op (so torch.add is torch.add, and methods bind it to their tensor).
#include "repl/torch/op_table.h"

#include <unordered_map>

namespace tp::torchlang {

using namespace tp::lang;

const std::vector<OpSpec>& op_table() {
  static const std::vector<OpSpec> table = [] {
    std::vector<OpSpec> all;
    for (auto part : {creation_ops(), math_ops(), tensor_ops()}) all.insert(all.end(), part.begin(), part.end());
    return all;
  }();
  return table;
}

const OpSpec* find_op(const std::string& name, bool method) {
  static const auto index = [] {
    std::unordered_map<std::string, const OpSpec*> functions, methods;
    for (const OpSpec& op : op_table()) {
      if (op.where != OpWhere::Method) functions[op.name] = &op;
      if (op.where != OpWhere::Function) methods[op.name] = &op;
    }
    return std::make_pair(functions, methods);
  }();
  const auto& map = method ? index.second : index.first;
  auto it = map.find(name);
  return it == map.end() ? nullptr : it->second;
}

Value op_value(const OpSpec& op) {
  static std::unordered_map<const OpSpec*, Value> cache;
  auto it = cache.find(&op);
  if (it != cache.end()) return it->second;
  auto* f = new BuiltinFunction(op.name, op.fn);
  make_immortal(f);
  Value v = Value::object(f);
  cache[&op] = v;
  return v;
}

}  // namespace tp::torchlang
