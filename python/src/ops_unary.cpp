// Bindings of the unary ops, derived from core/backends/unary_ops.def: torch.NAME and
// Tensor.NAME (with Tensor.NAME_ / torch.NAME_ where the row says) go into the op table;
// the NN rows become torch._C._nn.NAME / NAME_ (torch.nn.functional wraps them). Ops that
// take arguments are bound by hand: clamp in ops_math.cpp, the activations here.
#include "core/ops/activations.h"
#include "core/ops/elementwise.h"
#include "python/src/args.h"
#include "python/src/bindings.h"
#include "python/src/op_table.h"

namespace tp::torchpy {

namespace {

using UnaryFn = Tensor (*)(const Tensor&);

// tp::NAME for each row (nullptr for the rows bound by hand), and the in-place names and
// help lines, indexed by UnaryOp.
#define TP_UNARY_OP(Enum, name, ...) &tp::name,
#define TP_UNARY_OP_ARGS(...) nullptr,
constexpr UnaryFn kFns[] = {
#include "core/backends/unary_ops.def"
};
#define TP_UNARY_OP(Enum, name, ...) #name "_",
constexpr const char* kInplaceNames[] = {
#include "core/backends/unary_ops.def"
};
#define TP_UNARY_OP(Enum, name, ...) "x." #name "_(): in place",
constexpr const char* kInplaceHelp[] = {
#include "core/backends/unary_ops.def"
};

template <UnaryOp op>
py::object call(const py::args& a, const py::kwargs& kw) {
  OpArgs p(unary_op_info(op).name, a, kw, {"input"});
  return wrap(kFns[static_cast<int>(op)](p.tensor(0)));
}

// In-place ops return self: the same Python object.
template <UnaryOp op>
py::object call_inplace(const py::args& a, const py::kwargs& kw) {
  OpArgs p(kInplaceNames[static_cast<int>(op)], a, kw, {"input"});
  unary_(op, p.tensor(0));
  return py::reinterpret_borrow<py::object>(a[0]);
}

struct Binding {
  NativeFn fn, inplace;
};
#define TP_UNARY_OP(Enum, ...) {call<UnaryOp::Enum>, call_inplace<UnaryOp::Enum>},
#define TP_UNARY_OP_ARGS(...) {nullptr, nullptr},
constexpr Binding kBindings[] = {
#include "core/backends/unary_ops.def"
};

// The activations with arguments, as torch.nn.functional spells them; with inplace=True
// they return the input object itself.
py::object result(const OpArgs& p, bool inplace, const Tensor& out) {
  return inplace ? py::reinterpret_borrow<py::object>(p.get(0)) : wrap(out);
}

void bind_activations(py::module_& nn) {
  nn.def("leaky_relu", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("leaky_relu", a, kw, {"input", "negative_slope", "inplace"});
    const bool inplace = p.boolean(2, false);
    return result(p, inplace, leaky_relu(p.tensor(0), p.number(1, 0.01), inplace));
  });
  nn.def("elu", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("elu", a, kw, {"input", "alpha", "inplace"});
    const bool inplace = p.boolean(2, false);
    return result(p, inplace, elu(p.tensor(0), p.number(1, 1.0), inplace));
  });
  nn.def("selu", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("selu", a, kw, {"input", "inplace"});
    const bool inplace = p.boolean(1, false);
    return result(p, inplace, selu(p.tensor(0), inplace));
  });
  nn.def("celu", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("celu", a, kw, {"input", "alpha", "inplace"});
    const bool inplace = p.boolean(2, false);
    return result(p, inplace, celu(p.tensor(0), p.number(1, 1.0), inplace));
  });
  nn.def("softplus", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("softplus", a, kw, {"input", "beta", "threshold"});
    return wrap(softplus(p.tensor(0), p.number(1, 1.0), p.number(2, 20.0)));
  });
  nn.def("gelu", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("gelu", a, kw, {"input", "approximate"});
    std::string approximate = p.has(1) ? py::str(p.get(1)).cast<std::string>() : "none";
    return wrap(gelu(p.tensor(0), approximate));
  });
  nn.def("hardtanh", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("hardtanh", a, kw, {"input", "min_val", "max_val", "inplace"});
    const bool inplace = p.boolean(3, false);
    return result(p, inplace, hardtanh(p.tensor(0), p.number(1, -1.0), p.number(2, 1.0), inplace));
  });
  nn.def("relu6", [](const py::args& a, const py::kwargs& kw) {
    OpArgs p("relu6", a, kw, {"input", "inplace"});
    const bool inplace = p.boolean(1, false);
    return result(p, inplace, relu6(p.tensor(0), inplace));
  });
}

// torch.selu / torch.celu and their in-place forms (Tensor has no such methods).
py::object t_selu(const py::args& a, const py::kwargs& kw) {
  OpArgs p("selu", a, kw, {"input"});
  return wrap(selu(p.tensor(0)));
}
py::object t_selu_(const py::args& a, const py::kwargs& kw) {
  OpArgs p("selu_", a, kw, {"input"});
  return result(p, true, selu(p.tensor(0), true));
}
py::object t_celu(const py::args& a, const py::kwargs& kw) {
  OpArgs p("celu", a, kw, {"input", "alpha"});
  return wrap(celu(p.tensor(0), p.number(1, 1.0)));
}
py::object t_celu_(const py::args& a, const py::kwargs& kw) {
  OpArgs p("celu_", a, kw, {"input", "alpha"});
  return result(p, true, celu(p.tensor(0), p.number(1, 1.0), true));
}

}  // namespace

std::vector<OpSpec> unary_ops() {
  std::vector<OpSpec> rows, inplace_rows;
  for (int k = 0; k < kUnaryOpCount; ++k) {
    const UnaryOpInfo& info = kUnaryOps[k];
    if (info.python != UnaryPython::Both) continue;
    rows.push_back({info.name, kBindings[k].fn, OpWhere::Both, info.help});
    if (info.inplace != UnaryInplace::No) {
      OpWhere where = info.inplace == UnaryInplace::Both ? OpWhere::Both : OpWhere::Method;
      inplace_rows.push_back({kInplaceNames[k], kBindings[k].inplace, where, kInplaceHelp[k]});
    }
  }
  rows.insert(rows.end(), inplace_rows.begin(), inplace_rows.end());
  rows.push_back({"selu", t_selu, OpWhere::Function, "selu(input): scaled elu"});
  rows.push_back({"selu_", t_selu_, OpWhere::Function, "selu_(input): in place"});
  rows.push_back({"celu", t_celu, OpWhere::Function, "celu(input, alpha=1.0)"});
  rows.push_back({"celu_", t_celu_, OpWhere::Function, "celu_(input, alpha=1.0): in place"});
  return rows;
}

void bind_unary_nn(py::module_& nn) {
  for (int k = 0; k < kUnaryOpCount; ++k) {
    const UnaryOpInfo& info = kUnaryOps[k];
    if (info.python != UnaryPython::NN) continue;
    NativeFn fn = kBindings[k].fn, inplace = kBindings[k].inplace;
    nn.def(info.name, [fn](const py::args& a, const py::kwargs& kw) { return fn(a, kw); }, info.help);
    if (info.inplace != UnaryInplace::No) {
      nn.def(kInplaceNames[k], [inplace](const py::args& a, const py::kwargs& kw) { return inplace(a, kw); },
             kInplaceHelp[k]);
    }
  }
  bind_activations(nn);
}

}  // namespace tp::torchpy
