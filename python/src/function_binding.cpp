// torch.autograd.Function, C++ half: the node that joins a custom Function's outputs to the
// graph and, in backward, calls the Python backward (torch/autograd/function.py checks what
// it returns). The node holds its ctx; the ctx holds the node only weakly (ctx._cdata), so
// the graph owns both, as PyTorch's PyNode and THPFunction do.
#include "core/autograd/autograd.h"
#include "core/autograd/grad_utils.h"
#include "core/error.h"
#include "core/ops/creation.h"
#include "python/src/function_node.h"
#include "python/src/py_types.h"

namespace tp::torchpy {

namespace {

struct OutputMeta {
  bool is_tensor = false;
  InputMeta meta;
};

struct PyFunctionNode : autograd::SavingNode {
  PyFunctionNode(py::object ctx, std::string name)
      : SavingNode(std::move(name)), ctx(std::move(ctx)) {}
  ~PyFunctionNode() override {
    // The last tensor of a graph may die on a thread without the GIL (the GUI's).
    if (!Py_IsInitialized()) {
      ctx.release();
      return;
    }
    py::gil_scoped_acquire gil;
    ctx = py::object();
  }

  TensorList apply(TensorList&& grads) override {
    py::gil_scoped_acquire gil;
    const bool materialize = py::bool_(ctx.attr("materialize_grads"));
    py::tuple args(grads.size());
    for (size_t i = 0; i < grads.size(); ++i) {
      if (grads[i].defined()) {
        args[i] = wrap(grads[i]);
      } else if (materialize && outputs[i].is_tensor) {
        const InputMeta& m = outputs[i].meta;
        args[i] = wrap(zeros(m.sizes, TensorOptions(m.dtype, m.device)));
      } else {
        args[i] = py::none();
      }
    }
    // _run_backward returns one gradient (or None) per tensor input, in order.
    py::list result = ctx.attr("_run_backward")(*args);
    TensorList out;
    for (py::handle g : result) out.push_back(g.is_none() ? Tensor() : tensor_of(g));
    return out;
  }

  py::object ctx;
  std::vector<OutputMeta> outputs;
};

using WeakNode = std::weak_ptr<PyFunctionNode>;

std::shared_ptr<PyFunctionNode> node_of(py::handle ref) {
  auto node =
      static_cast<WeakNode*>(py::reinterpret_borrow<py::capsule>(ref).get_pointer())->lock();
  TP_CHECK(node, RuntimeError, "the graph of this autograd.Function's output was freed");
  return node;
}

bool is_input(const Tensor& t, const TensorList& inputs) {
  for (const Tensor& in : inputs)
    if (in.is_same(t)) return true;
  return false;
}

TensorList tensor_list(py::handle seq) {
  TensorList out;
  for (py::handle t : seq) out.push_back(tensor_of(t));
  return out;
}

// _function_attach(ctx, inputs, outputs, non_differentiable, dirty, saved): after forward,
// makes the node (edges to the tensor inputs), gives each differentiable output its history
// and returns the outputs. An input marked dirty (modified in place) is returned itself, its
// history now this node; any other output that is an input, or already has history, is
// returned as a new tensor sharing its storage, so the input keeps its own history.
py::tuple attach(py::object ctx, py::handle inputs, py::tuple outputs,
                 py::handle non_differentiable, py::handle dirty, py::handle saved) {
  std::string name = py::str(py::type::of(ctx).attr("__name__"));
  auto node = std::make_shared<PyFunctionNode>(ctx, name);
  const TensorList ins = tensor_list(inputs);
  autograd::collect_edges(*node, ins);
  const TensorList non_diff = tensor_list(non_differentiable);
  const TensorList dirty_inputs = tensor_list(dirty);
  size_t dirty_returned = 0;
  for (py::handle t : saved) node->saved.push_back(t.is_none() ? Tensor() : tensor_of(t));
  node->record_versions();

  node->num_outputs = static_cast<uint32_t>(outputs.size());
  py::tuple result(outputs.size());
  for (size_t i = 0; i < outputs.size(); ++i) {
    py::object o = outputs[i];
    OutputMeta om;
    if (is_tensor(o)) {
      Tensor t = tensor_of(o);
      om = {true, InputMeta{t.sizes(), t.dtype(), t.device()}};
      if (is_input(t, dirty_inputs)) {
        TP_CHECK(!(autograd::is_leaf(t) && t.requires_grad()), RuntimeError,
                 "a leaf Variable that requires grad has been used in an in-place operation.");
        ++dirty_returned;
      }
      if (is_floating(t.dtype()) && !is_input(t, non_diff)) {
        if (!is_input(t, dirty_inputs) && (is_input(t, ins) || t.requires_grad())) {
          t = autograd::detach(t);
          o = wrap(t);
        }
        autograd::set_history(t, node, static_cast<uint32_t>(i));
      }
    }
    node->outputs.push_back(om);
    result[i] = o;
  }
  TP_CHECK(dirty_returned >= dirty_inputs.size(), RuntimeError,
           "Some elements marked as dirty during the forward method were not returned as output. "
           "The inputs that are modified inplace must all be outputs of the Function.");
  ctx.attr("_cdata") =
      py::capsule(new WeakNode(node), [](void* p) { delete static_cast<WeakNode*>(p); });
  return result;
}

py::tuple saved_tensors(py::handle ref) {
  auto node = node_of(ref);
  if (node->released) autograd::freed_graph_error();
  node->check_versions();
  const TensorList saved = node->unpacked_saved();
  py::tuple out(saved.size());
  for (size_t i = 0; i < saved.size(); ++i) out[i] = wrap(saved[i]);
  return out;
}

py::tuple next_functions(py::handle ref) {
  auto node = node_of(ref);
  py::tuple out(node->next_edges.size());
  for (size_t i = 0; i < node->next_edges.size(); ++i) {
    const Edge& e = node->next_edges[i];
    out[i] = py::make_tuple(wrap_node(e.fn), e.input_nr);
  }
  return out;
}

}  // namespace

py::object function_ctx(const Node& node) {
  auto* fn = dynamic_cast<const PyFunctionNode*>(&node);
  return fn ? fn->ctx : py::object();
}

void bind_function(py::module_& m) {
  m.def("_function_attach", &attach, py::arg("ctx"), py::arg("inputs"), py::arg("outputs"),
        py::arg("non_differentiable"), py::arg("dirty"), py::arg("saved"),
        "After a custom Function's forward: its node joins the graph; returns the outputs.");
  m.def("_function_saved_tensors", &saved_tensors, py::arg("cdata"),
        "ctx.saved_tensors of a Function node.");
  m.def("_function_next_functions", &next_functions, py::arg("cdata"),
        "ctx.next_functions of a Function node.");
}

}  // namespace tp::torchpy
