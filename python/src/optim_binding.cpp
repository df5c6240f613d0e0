// torch._C's optimizer steps (torch/optim/*.py calls them once per parameter): the arguments
// converted, the update math in core/optim.
#include "core/optim/optimizers.h"
#include "python/src/bindings.h"
#include "python/src/py_types.h"

namespace tp::torchpy {

namespace {

// optimizer.state[param], the Python dict torch/optim keeps, as core's ParamState.
class DictState final : public optim::ParamState {
 public:
  explicit DictState(py::dict dict) : dict_(std::move(dict)) {}
  bool empty() const override { return py::len(dict_) == 0; }
  bool contains(const char* name) const override { return dict_.contains(name); }
  bool holds_tensor(const char* name) const override { return contains(name) && !dict_[name].is_none(); }
  Tensor get(const char* name) const override { return tensor_of(dict_[name]); }
  // One interned string object per key, as PyTorch's literal keys are: torch.save then pickles
  // every later "exp_avg" as a reference to the first, byte for byte as PyTorch does.
  void set(const char* name, const Tensor& value) override {
    dict_[py::reinterpret_steal<py::str>(PyUnicode_InternFromString(name))] = wrap(value);
  }

 private:
  py::dict dict_;
};

}  // namespace

void bind_optim(py::module_& m) {
  m.def("_sgd_step", [](py::handle param, py::dict state, double lr, double momentum, double dampening,
                        double weight_decay, bool nesterov, bool maximize) {
    DictState s(std::move(state));
    optim::sgd_step(tensor_of(param), s, {lr, momentum, dampening, weight_decay, nesterov, maximize});
  }, py::arg("param"), py::arg("state"), py::arg("lr"), py::arg("momentum"), py::arg("dampening"),
     py::arg("weight_decay"), py::arg("nesterov"), py::arg("maximize"),
     "One parameter's torch.optim.SGD update (state: optimizer.state[param]).");
  m.def("_adam_step", [](py::handle param, py::dict state, double lr, double beta1, double beta2, double eps,
                         double weight_decay, bool amsgrad, bool maximize, bool decoupled) {
    DictState s(std::move(state));
    optim::adam_step(tensor_of(param), s, {lr, beta1, beta2, eps, weight_decay, amsgrad, maximize, decoupled});
  }, py::arg("param"), py::arg("state"), py::arg("lr"), py::arg("beta1"), py::arg("beta2"), py::arg("eps"),
     py::arg("weight_decay"), py::arg("amsgrad"), py::arg("maximize"), py::arg("decoupled"),
     "One parameter's torch.optim.Adam / AdamW update (state: optimizer.state[param]).");
  m.def("_adadelta_step", [](py::handle param, py::dict state, double lr, double rho, double eps,
                             double weight_decay, bool maximize) {
    DictState s(std::move(state));
    optim::adadelta_step(tensor_of(param), s, {lr, rho, eps, weight_decay, maximize});
  }, py::arg("param"), py::arg("state"), py::arg("lr"), py::arg("rho"), py::arg("eps"), py::arg("weight_decay"),
     py::arg("maximize"), "One parameter's torch.optim.Adadelta update.");
  m.def("_rmsprop_step", [](py::handle param, py::dict state, double lr, double alpha, double eps,
                            double weight_decay, double momentum, bool centered, bool maximize) {
    DictState s(std::move(state));
    optim::rmsprop_step(tensor_of(param), s, {lr, alpha, eps, weight_decay, momentum, centered, maximize});
  }, py::arg("param"), py::arg("state"), py::arg("lr"), py::arg("alpha"), py::arg("eps"), py::arg("weight_decay"),
     py::arg("momentum"), py::arg("centered"), py::arg("maximize"), "One parameter's torch.optim.RMSprop update.");
  m.def("_adagrad_step", [](py::handle param, py::dict state, double lr, double lr_decay, double eps,
                            double weight_decay, bool maximize) {
    DictState s(std::move(state));
    optim::adagrad_step(tensor_of(param), s, {lr, lr_decay, eps, weight_decay, maximize});
  }, py::arg("param"), py::arg("state"), py::arg("lr"), py::arg("lr_decay"), py::arg("eps"),
     py::arg("weight_decay"), py::arg("maximize"), "One parameter's torch.optim.Adagrad update.");
  m.def("_adamax_step", [](py::handle param, py::dict state, double lr, double beta1, double beta2, double eps,
                           double weight_decay, bool maximize) {
    DictState s(std::move(state));
    optim::adamax_step(tensor_of(param), s, {lr, beta1, beta2, eps, weight_decay, maximize});
  }, py::arg("param"), py::arg("state"), py::arg("lr"), py::arg("beta1"), py::arg("beta2"), py::arg("eps"),
     py::arg("weight_decay"), py::arg("maximize"), "One parameter's torch.optim.Adamax update.");
  m.def("_nadam_step", [](py::handle param, py::dict state, double lr, double beta1, double beta2, double eps,
                          double weight_decay, double momentum_decay, bool decoupled, bool maximize) {
    DictState s(std::move(state));
    optim::nadam_step(tensor_of(param), s, {lr, beta1, beta2, eps, weight_decay, momentum_decay, decoupled, maximize});
  }, py::arg("param"), py::arg("state"), py::arg("lr"), py::arg("beta1"), py::arg("beta2"), py::arg("eps"),
     py::arg("weight_decay"), py::arg("momentum_decay"), py::arg("decoupled"), py::arg("maximize"),
     "One parameter's torch.optim.NAdam update.");
  m.def("_radam_step", [](py::handle param, py::dict state, double lr, double beta1, double beta2, double eps,
                          double weight_decay, bool decoupled, bool maximize) {
    DictState s(std::move(state));
    optim::radam_step(tensor_of(param), s, {lr, beta1, beta2, eps, weight_decay, decoupled, maximize});
  }, py::arg("param"), py::arg("state"), py::arg("lr"), py::arg("beta1"), py::arg("beta2"), py::arg("eps"),
     py::arg("weight_decay"), py::arg("decoupled"), py::arg("maximize"), "One parameter's torch.optim.RAdam update.");
}

}  // namespace tp::torchpy
