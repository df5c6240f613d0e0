// Binding of torch.broadcast_tensors(*tensors); its part of the op table.
#include "core/ops/broadcast_tensors.h"
#include "python/src/args.h"
#include "python/src/op_table.h"

namespace tp::torchpy {

namespace {

// Returns a tuple; an input already at the common shape comes back as the same object.
py::object f_broadcast_tensors(const py::args& a, const py::kwargs& kw) {
  if (!kw.empty()) {
    std::string name = py::str(kw.begin()->first);
    raise_type_error("broadcast_tensors() got an unexpected keyword argument '" + name + "'");
  }
  std::vector<Tensor> inputs;
  for (size_t k = 0; k < a.size(); ++k) {
    if (!is_tensor(a[k]))
      raise_type_error("expected Tensor as element " + std::to_string(k) + " in argument 0, but got " +
                       type_name(a[k]));
    inputs.push_back(tensor_of(a[k]));
  }
  std::vector<Tensor> outs = broadcast_tensors(inputs);
  py::tuple result(outs.size());
  for (size_t k = 0; k < outs.size(); ++k)
    result[k] = outs[k].is_same(inputs[k]) ? py::reinterpret_borrow<py::object>(a[k]) : wrap(outs[k]);
  return result;
}

}  // namespace

std::vector<OpSpec> broadcast_ops() {
  return {
      {"broadcast_tensors", f_broadcast_tensors, OpWhere::Function,
       "broadcast_tensors(*tensors): the tensors expanded to their common broadcast shape"},
  };
}

}  // namespace tp::torchpy
