// Bindings of the sampling ops (torch.multinomial, torch.bernoulli, torch.normal and the
// Tensor methods multinomial, bernoulli, bernoulli_, exponential_, cauchy_, log_normal_,
// geometric_) and their part of the op table; the generator's state functions are in generator_binding.cpp.
#include "core/autograd/autograd.h"
#include "core/ops/creation.h"
#include "core/ops/distributions.h"
#include "python/src/args.h"
#include "python/src/op_table.h"

namespace tp::torchpy {

namespace {

py::object self_arg(const py::args& a) { return py::reinterpret_borrow<py::object>(a[0]); }

// "got (Tensor, float, tuple)" of PyTorch's overload errors: the positional types, then
// the keywords as name=type.
std::string got_types(const py::args& a, const py::kwargs& kw, size_t first) {
  std::string got;
  for (size_t i = first; i < a.size(); ++i) got += (got.empty() ? "" : ", ") + type_name(a[i]);
  for (auto item : kw)
    got += (got.empty() ? "" : ", ") + std::string(py::str(item.first)) + "=" + type_name(item.second);
  return got;
}

py::object t_multinomial(const py::args& a, const py::kwargs& kw) {
  OpArgs p("multinomial", a, kw, {"input", "num_samples", "replacement", "generator"});
  return wrap(multinomial(p.tensor(0), p.integer(1), p.boolean(2, false), generator_arg(p, 3)));
}

py::object t_bernoulli(const py::args& a, const py::kwargs& kw) {
  OpArgs p("bernoulli", a, kw, {"input", "p", "generator"});
  if (p.has(1)) return wrap(bernoulli(p.tensor(0), p.number(1, 0.5), generator_arg(p, 2)));
  return wrap(bernoulli(p.tensor(0), generator_arg(p, 2)));
}

py::object m_bernoulli_(const py::args& a, const py::kwargs& kw) {
  OpArgs p("bernoulli_", a, kw, {"input", "p", "generator"});
  Generator* gen = generator_arg(p, 2);
  if (p.has(1) && is_tensor(p.get(1))) {
    bernoulli_(p.tensor(0), p.tensor(1), gen);
  } else {
    if (p.has(1) && !as_scalar(p.get(1))) {
      raise_type_error("bernoulli_() received an invalid combination of arguments - got (" + got_types(a, kw, 1) +
                       "), but expected one of:\n * (Tensor p, *, torch.Generator generator = None)\n"
                       " * (float p = 0.5, *, torch.Generator generator = None)\n");
    }
    bernoulli_(p.tensor(0), p.number(1, 0.5), gen);
  }
  return self_arg(a);
}

py::object m_exponential_(const py::args& a, const py::kwargs& kw) {
  OpArgs p("exponential_", a, kw, {"input", "lambd", "generator"});
  exponential_(p.tensor(0), p.number(1, 1.0), generator_arg(p, 2));
  return self_arg(a);
}

py::object m_cauchy_(const py::args& a, const py::kwargs& kw) {
  OpArgs p("cauchy_", a, kw, {"input", "median", "sigma", "generator"});
  cauchy_(p.tensor(0), p.number(1, 0.0), p.number(2, 1.0), generator_arg(p, 3));
  return self_arg(a);
}

py::object m_log_normal_(const py::args& a, const py::kwargs& kw) {
  OpArgs p("log_normal_", a, kw, {"input", "mean", "std", "generator"});
  log_normal_(p.tensor(0), p.number(1, 1.0), p.number(2, 2.0), generator_arg(p, 3));
  return self_arg(a);
}

py::object m_geometric_(const py::args& a, const py::kwargs& kw) {
  OpArgs p("geometric_", a, kw, {"input", "p", "generator"});
  if (!p.has(1)) raise_type_error("geometric_() missing 1 required positional arguments: \"p\"");
  geometric_(p.tensor(0), p.number(1, 0.0), generator_arg(p, 2));
  return self_arg(a);
}

[[noreturn]] void normal_overload_error(const py::args& a, const py::kwargs& kw) {
  raise_type_error(
      "normal() received an invalid combination of arguments - got (" + got_types(a, kw, 0) +
      "), but expected one of:\n"
      " * (Tensor mean, Tensor std, *, torch.Generator generator = None, Tensor out = None)\n"
      " * (Tensor mean, float std = 1, *, torch.Generator generator = None, Tensor out = None)\n"
      " * (float mean, Tensor std, *, torch.Generator generator = None, Tensor out = None)\n"
      " * (float mean, float std, tuple of ints size, *, torch.Generator generator = None, Tensor out = None, "
      "torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, bool pin_memory = False, "
      "bool requires_grad = False)\n");
}

// torch.normal: the overload is picked by which of mean and std are tensors.
py::object t_normal(const py::args& a, const py::kwargs& kw) {
  OpArgs p("normal", a, kw,
           {"mean", "std", "size", "generator", "dtype", "device", "requires_grad", "layout", "pin_memory"});
  const bool mean_t = p.has(0) && is_tensor(p.get(0)), std_t = p.has(1) && is_tensor(p.get(1));
  Generator* gen = generator_arg(p, 3);
  const bool factory_args = p.has(2) || p.has(4) || p.has(5) || p.has(6);
  if (mean_t || std_t) {
    if (factory_args) normal_overload_error(a, kw);
    if (mean_t && std_t) return wrap(normal(p.tensor(0), p.tensor(1), gen));
    if (mean_t) {
      if (p.has(1) && !as_scalar(p.get(1))) normal_overload_error(a, kw);
      return wrap(normal(p.tensor(0), p.number(1, 1.0), gen));
    }
    if (!p.has(0) || !as_scalar(p.get(0))) normal_overload_error(a, kw);
    return wrap(normal(p.number(0, 0.0), p.tensor(1), gen));
  }
  if (p.has(0) && !p.has(1) && !p.has(2)) p.type_error(0, "Tensor");  // normal(1.0)
  if (!p.has(0) || !p.has(1) || !p.has(2) || !as_scalar(p.get(0)) || !as_scalar(p.get(1)))
    normal_overload_error(a, kw);
  TensorOptions options(p.dtype(4).value_or(default_float_dtype()), p.device(5).value_or(default_device()));
  Tensor out = normal(p.number(0, 0.0), p.number(1, 1.0), p.int_list(2), options, gen);
  if (p.boolean(6, false)) autograd::set_requires_grad(out, true, autograd::RequiresGradBy::Creation);
  return wrap(out);
}

}  // namespace

std::vector<OpSpec> random_ops() {
  using W = OpWhere;
  return {
      {"multinomial", t_multinomial, W::Both,
       "multinomial(input, num_samples, replacement=False): category indices drawn from rows of weights"},
      {"bernoulli", t_bernoulli, W::Both, "bernoulli(input): 0/1 draws with probabilities input"},
      {"bernoulli_", m_bernoulli_, W::Method, "x.bernoulli_(p=0.5): fills x with 0/1 draws, in place"},
      {"exponential_", m_exponential_, W::Method, "x.exponential_(lambd=1): exponential samples, in place"},
      {"geometric_", m_geometric_, W::Method, "x.geometric_(p): trials up to the first success, in place"},
      {"cauchy_", m_cauchy_, W::Method, "x.cauchy_(median=0, sigma=1): Cauchy samples, in place"},
      {"log_normal_", m_log_normal_, W::Method, "x.log_normal_(mean=1, std=2): exp of normal samples, in place"},
      {"normal", t_normal, W::Function, "normal(mean, std, size=None): normal samples with the given means and stds"},
  };
}

}  // namespace tp::torchpy
