// Bindings of the type-promotion queries torch.result_type, torch.promote_types and
// torch.can_cast over core's rules (core/dtype.h, core/ops/type_promotion.h), and their part
// of the op table.
#include <string>
#include <vector>

#include "core/ops/copy.h"
#include "core/ops/type_promotion.h"
#include "python/src/args.h"
#include "python/src/op_table.h"

namespace tp::torchpy {

namespace {

// A type that is required but missing: PyTorch's text for a missing positional argument.
DType required_dtype(const OpArgs& p, size_t i, const char* name) {
  if (!p.has(i)) raise_type_error(std::string(p.fname) + "() missing 1 required positional arguments: \"" + name + "\"");
  return *p.dtype(i);
}

py::object d_promote_types(const py::args& a, const py::kwargs& kw) {
  OpArgs p("promote_types", a, kw, {"type1", "type2"});
  DType first = required_dtype(p, 0, "type1");
  return wrap_dtype(promote_types(first, required_dtype(p, 1, "type2")));
}

py::object d_can_cast(const py::args& a, const py::kwargs& kw) {
  OpArgs p("can_cast", a, kw, {"from_", "to"});
  DType from = required_dtype(p, 0, "from_");
  return py::bool_(can_cast(from, required_dtype(p, 1, "to")));
}

// result_type's four overloads, as PyTorch's argument parser lists them when none matches.
struct Overload {
  bool tensor[2];  // per argument: Tensor (true) or Number (false)
  const char* text;
};
constexpr Overload kResultTypeOverloads[] = {
    {{true, true}, "(Tensor tensor, Tensor other)"},
    {{false, true}, "(Number scalar, Tensor tensor)"},
    {{true, false}, "(Tensor tensor, Number other)"},
    {{false, false}, "(Number scalar1, Number scalar2)"},
};

[[noreturn]] void result_type_mismatch(const std::vector<py::handle>& args) {
  std::string got;
  for (py::handle v : args) got += (got.empty() ? "" : ", ") + (is_tensor(v) ? std::string("Tensor") : type_name(v));
  std::string text = "result_type() received an invalid combination of arguments - got (" + got +
                     "), but expected one of:\n";
  for (const Overload& o : kResultTypeOverloads) {
    text += " * " + std::string(o.text) + "\n";
    if (args.size() != 2) continue;
    std::string marked;
    for (size_t i = 0; i < 2; ++i) {
      // As in PyTorch's listing, only a tensor in a Tensor slot goes unmarked.
      bool fits = o.tensor[i] && is_tensor(args[i]);
      std::string name = is_tensor(args[i]) ? "Tensor" : type_name(args[i]);
      marked += (i ? ", " : "") + (fits ? name : "!" + name + "!");
    }
    text += "      didn't match because some of the arguments have invalid types: (" + marked + ")\n";
  }
  raise_type_error(text);
}

// result_type(tensor, other) with either side a Tensor or a Python number; a number takes part
// as a wrapped number, which ranks below tensors of its category.
py::object d_result_type(const py::args& a, const py::kwargs& kw) {
  std::vector<py::handle> args(a.begin(), a.end());
  for (const char* name : {"tensor", "scalar", "scalar1", "other", "scalar2"})
    if (kw.contains(name)) args.push_back(kw[name]);
  if (args.size() != 2 || args.size() != a.size() + kw.size()) result_type_mismatch(args);
  std::vector<Tensor> operands;
  for (py::handle v : args) {
    if (is_tensor(v)) {
      operands.push_back(tensor_of(v));
    } else if (auto s = as_scalar(v)) {
      operands.push_back(scalar_to_tensor(*s));
    } else {
      result_type_mismatch(args);
    }
  }
  return wrap_dtype(result_type(operands[0], operands[1]));
}

}  // namespace

std::vector<OpSpec> dtype_ops() {
  using W = OpWhere;
  return {
      {"result_type", d_result_type, W::Function,
       "result_type(tensor, other): the dtype an op on tensor and other (tensors or numbers) computes in"},
      {"promote_types", d_promote_types, W::Function,
       "promote_types(type1, type2): the smallest dtype both type1 and type2 convert to"},
      {"can_cast", d_can_cast, W::Function, "can_cast(from_, to): whether from_ may be cast to to in place"},
  };
}

}  // namespace tp::torchpy
