// torch.nn.functional (F.relu, F.linear, F.dropout, F.softmax, the losses) and the loss
// modules of torch.nn (nn.CrossEntropyLoss(), ...), each a thin call into core/nn.
#include <functional>
#include <map>

#include "core/error.h"
#include "core/nn/functional.h"
#include "core/nn/loss.h"
#include "repl/lang/methods.h"
#include "repl/torch/args.h"
#include "repl/torch/nn_binding.h"
#include "repl/torch/op_table.h"

namespace tp::torchlang {

using namespace tp::lang;
namespace F = tp::nn::functional;

namespace {

using LossFn = std::function<Tensor(const Tensor&, const Tensor&)>;

// A loss as an nn.Module: prints as "CrossEntropyLoss()", forward(input, target).
struct LossModule : nn::Module {
  LossModule(std::string name, LossFn f) : nn::Module(std::move(name)), fn(std::move(f)) {}
  std::shared_ptr<nn::Module> clone_empty() const override { return std::make_shared<LossModule>(type_name(), fn); }
  LossFn fn;
};

Tensor opt_tensor(const OpArgs& p, size_t i) { return p.has(i) ? p.tensor(i) : Tensor(); }
nn::Reduction reduction_arg(const OpArgs& p, size_t i) {
  return p.has(i) ? nn::parse_reduction(str_of(p.get(i))) : nn::Reduction::Mean;
}

// mse/l1 warn as PyTorch does when target's shape differs from input's.
void size_warning(Interpreter& I, const Tensor& input, const Tensor& target) {
  std::string w = F::loss_size_warning(input, target);
  if (!w.empty()) I.warn("UserWarning", w);
}

// ---- functional forms ----

Value f_linear(Interpreter& I, Args a) {
  OpArgs p(I, "linear", a, {"input", "weight", "bias"});
  return wrap(F::linear(p.tensor(0), p.tensor(1), opt_tensor(p, 2)));
}
Value f_relu(Interpreter& I, Args a) {
  OpArgs p(I, "relu", a, {"input", "inplace"});
  if (p.boolean(1, false)) {
    F::relu(p.tensor(0), true);
    return a[0];
  }
  return wrap(F::relu(p.tensor(0), false));
}
Value f_sigmoid(Interpreter& I, Args a) {
  OpArgs p(I, "sigmoid", a, {"input"});
  return wrap(F::sigmoid(p.tensor(0)));
}
Value f_tanh(Interpreter& I, Args a) {
  OpArgs p(I, "tanh", a, {"input"});
  return wrap(F::tanh(p.tensor(0)));
}
Value f_softmax(Interpreter& I, Args a) {
  OpArgs p(I, "softmax", a, {"input", "dim", "_stacklevel", "dtype"});
  return wrap(F::softmax(p.tensor(0), p.opt_int(1)));
}
Value f_log_softmax(Interpreter& I, Args a) {
  OpArgs p(I, "log_softmax", a, {"input", "dim", "_stacklevel", "dtype"});
  return wrap(F::log_softmax(p.tensor(0), p.opt_int(1)));
}
Value f_dropout(Interpreter& I, Args a) {
  OpArgs p(I, "dropout", a, {"input", "p", "training", "inplace"});
  return wrap(F::dropout(p.tensor(0), p.number(1, 0.5), p.boolean(2, true), p.boolean(3, false)));
}
Value f_cross_entropy(Interpreter& I, Args a) {
  OpArgs p(I, "cross_entropy", a, {"input", "target", "weight", "size_average", "ignore_index", "reduce", "reduction", "label_smoothing"});
  return wrap(F::cross_entropy(p.tensor(0), p.tensor(1), opt_tensor(p, 2), p.integer(4, -100), reduction_arg(p, 6),
                               p.number(7, 0.0)));
}
Value f_nll_loss(Interpreter& I, Args a) {
  OpArgs p(I, "nll_loss", a, {"input", "target", "weight", "size_average", "ignore_index", "reduce", "reduction"});
  return wrap(F::nll_loss(p.tensor(0), p.tensor(1), opt_tensor(p, 2), p.integer(4, -100), reduction_arg(p, 6)));
}
Value f_mse_loss(Interpreter& I, Args a) {
  OpArgs p(I, "mse_loss", a, {"input", "target", "size_average", "reduce", "reduction"});
  size_warning(I, p.tensor(0), p.tensor(1));
  return wrap(F::mse_loss(p.tensor(0), p.tensor(1), reduction_arg(p, 4)));
}
Value f_l1_loss(Interpreter& I, Args a) {
  OpArgs p(I, "l1_loss", a, {"input", "target", "size_average", "reduce", "reduction"});
  size_warning(I, p.tensor(0), p.tensor(1));
  return wrap(F::l1_loss(p.tensor(0), p.tensor(1), reduction_arg(p, 4)));
}
Value f_bce(Interpreter& I, Args a) {
  OpArgs p(I, "binary_cross_entropy", a, {"input", "target", "weight", "size_average", "reduce", "reduction"});
  return wrap(F::binary_cross_entropy(p.tensor(0), p.tensor(1), opt_tensor(p, 2), reduction_arg(p, 5)));
}
Value f_bce_logits(Interpreter& I, Args a) {
  OpArgs p(I, "binary_cross_entropy_with_logits", a, {"input", "target", "weight", "size_average", "reduce", "reduction", "pos_weight"});
  return wrap(F::binary_cross_entropy_with_logits(p.tensor(0), p.tensor(1), opt_tensor(p, 2), opt_tensor(p, 6),
                                                  reduction_arg(p, 5)));
}

// ---- loss modules ----

TypeObject* loss_type(const char* name);

Value loss_forward(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "forward", a, 2, 2);
  auto* m = dynamic_cast<LossModule*>(module_of(self)->m.get());
  TP_ASSERT(m);
  for (size_t i = 0; i < 2; ++i) {
    if (!is_tensor(a[i])) {
      I.raise(ty::TypeError, m->type_name() + ".forward() expected Tensor arguments, got " + a[i].type()->name);
    }
  }
  if (m->type_name() == "MSELoss" || m->type_name() == "L1Loss") size_warning(I, tensor_of(a[0]), tensor_of(a[1]));
  return wrap(m->fn(tensor_of(a[0]), tensor_of(a[1])));
}

Value make_loss(const char* name, LossFn fn) {
  return wrap_module(loss_type(name), std::make_shared<LossModule>(name, std::move(fn)));
}

Value make_cross_entropy(Interpreter& I, Args a) {
  OpArgs p(I, "CrossEntropyLoss", a, {"weight", "size_average", "ignore_index", "reduce", "reduction", "label_smoothing"});
  nn::CrossEntropyLoss l{opt_tensor(p, 0), p.integer(2, -100), reduction_arg(p, 4), p.number(5, 0.0)};
  return make_loss("CrossEntropyLoss", [l](const Tensor& x, const Tensor& y) { return l(x, y); });
}
Value make_nll(Interpreter& I, Args a) {
  OpArgs p(I, "NLLLoss", a, {"weight", "size_average", "ignore_index", "reduce", "reduction"});
  nn::NLLLoss l{opt_tensor(p, 0), p.integer(2, -100), reduction_arg(p, 4)};
  return make_loss("NLLLoss", [l](const Tensor& x, const Tensor& y) { return l(x, y); });
}
Value make_mse(Interpreter& I, Args a) {
  OpArgs p(I, "MSELoss", a, {"size_average", "reduce", "reduction"});
  nn::MSELoss l{reduction_arg(p, 2)};
  return make_loss("MSELoss", [l](const Tensor& x, const Tensor& y) { return l(x, y); });
}
Value make_l1(Interpreter& I, Args a) {
  OpArgs p(I, "L1Loss", a, {"size_average", "reduce", "reduction"});
  nn::L1Loss l{reduction_arg(p, 2)};
  return make_loss("L1Loss", [l](const Tensor& x, const Tensor& y) { return l(x, y); });
}
Value make_bce(Interpreter& I, Args a) {
  OpArgs p(I, "BCELoss", a, {"weight", "size_average", "reduce", "reduction"});
  nn::BCELoss l{opt_tensor(p, 0), reduction_arg(p, 3)};
  return make_loss("BCELoss", [l](const Tensor& x, const Tensor& y) { return l(x, y); });
}
Value make_bce_logits(Interpreter& I, Args a) {
  OpArgs p(I, "BCEWithLogitsLoss", a, {"weight", "size_average", "reduce", "reduction", "pos_weight"});
  nn::BCEWithLogitsLoss l{opt_tensor(p, 0), opt_tensor(p, 4), reduction_arg(p, 3)};
  return make_loss("BCEWithLogitsLoss", [l](const Tensor& x, const Tensor& y) { return l(x, y); });
}

TypeObject* loss_type(const char* name) {
  static std::map<std::string, TypeObject*> types;
  TypeObject*& t = types[name];
  if (!t) {
    t = new_native_type(name, "torch.nn.modules.loss", pyty::module);
    add_method(t, "forward", loss_forward);
  }
  return t;
}

}  // namespace

void init_functional_module(Interpreter&, lang::ModuleObject& m) {
  add_function(m, "linear", f_linear);
  add_function(m, "relu", f_relu);
  add_function(m, "sigmoid", f_sigmoid);
  add_function(m, "tanh", f_tanh);
  add_function(m, "softmax", f_softmax);
  add_function(m, "log_softmax", f_log_softmax);
  add_function(m, "dropout", f_dropout);
}

void add_loss_bindings(Interpreter&, lang::ModuleObject& nn, lang::ModuleObject& functional) {
  add_function(functional, "cross_entropy", f_cross_entropy);
  add_function(functional, "nll_loss", f_nll_loss);
  add_function(functional, "mse_loss", f_mse_loss);
  add_function(functional, "l1_loss", f_l1_loss);
  add_function(functional, "binary_cross_entropy", f_bce);
  add_function(functional, "binary_cross_entropy_with_logits", f_bce_logits);
  struct Loss {
    const char* name;
    NativeFn make;
  };
  for (Loss l : {Loss{"CrossEntropyLoss", make_cross_entropy}, {"NLLLoss", make_nll}, {"MSELoss", make_mse},
                 {"L1Loss", make_l1}, {"BCELoss", make_bce}, {"BCEWithLogitsLoss", make_bce_logits}}) {
    loss_type(l.name)->construct = l.make;
    nn.attrs.set(l.name, Value::object(loss_type(l.name)));
  }
}

}  // namespace tp::torchlang
