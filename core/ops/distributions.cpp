// Sampling ops: the checks of PyTorch's native/Distributions.cpp and DistributionTemplates.h,
// and the CPU kernels of native/cpu/MultinomialKernel.cpp and cpu/DistributionTemplates.h
// (exponential_, geometric_, bernoulli_) ported draw for draw. The ops compute on the host and copy.
#include "core/ops/distributions.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <utility>
#include <vector>

#include "core/autograd/autograd.h"
#include "core/autograd/grad_utils.h"
#include "core/error.h"
#include "core/ops/broadcast.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/device_ops.h"
#include "core/ops/elementwise.h"
#include "core/ops/random.h"
#include "core/ops/random_draws.h"
#include "core/ops/shape.h"

namespace tp {
namespace {

// Numbers of every dtype as double and back (16-bit floats round through float).
template <typename T>
double load(T v) {
  if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>)
    return static_cast<double>(static_cast<float>(v));
  else
    return static_cast<double>(v);
}
template <typename T>
T store(double v) {
  if constexpr (std::is_same_v<T, bool>)
    return v != 0.0;
  else if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>)
    return T(static_cast<float>(v));
  else
    return static_cast<T>(v);
}

// ---- multinomial ----

// Largest category count: the indices pass through float in some kernels (FLT_MANT_DIG).
constexpr int64_t kMaxCategories = int64_t{1} << 24;

void check_multinomial(const Tensor& input, int64_t n_sample, bool replacement) {
  TP_CHECK(input.dim() > 0 && input.dim() <= 2, RuntimeError, "prob_dist must be 1 or 2 dim");
  TP_CHECK(is_floating(input.dtype()), RuntimeError,
           "multinomial only supports floating-point dtypes for input, got: ",
           dtype_legacy_name(input.dtype()));
  TP_CHECK(n_sample > 0, RuntimeError, "cannot sample n_sample <= 0 samples");
  const int64_t n_categories = input.size(-1);
  TP_CHECK(replacement || n_sample <= n_categories, RuntimeError,
           "cannot sample n_sample > prob_dist.size(-1) samples without replacement");
  TP_CHECK(n_categories <= kMaxCategories, RuntimeError, "number of categories cannot exceed 2^24");
}

// The rows of a contiguous host tensor as doubles (exact for every floating dtype).
std::vector<double> row_major_values(const Tensor& t) {
  Tensor c = contiguous(t);
  std::vector<double> out(static_cast<size_t>(c.numel()));
  visit_dtype(c.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    const T* p = c.data<T>();
    for (size_t i = 0; i < out.size(); ++i) out[i] = load(p[i]);
  });
  return out;
}

// argmax's GreaterOrNan: the first NaN, else the first largest value.
int64_t first_argmax(const double* v, int64_t n) {
  int64_t best = 0;
  for (int64_t j = 1; j < n; ++j) {
    if (std::isnan(v[best])) break;
    if (std::isnan(v[j]) || v[j] > v[best]) best = j;
  }
  return best;
}

// TopKImpl.h's topk_impl_loop for largest=true, sorted=true: the same standard-library calls
// on (value, index) pairs with the same comparator, so equal values come out in its order.
void topk_indices(const double* v, int64_t n, int64_t k, int64_t* out) {
  using Elem = std::pair<double, int64_t>;
  std::vector<Elem> queue(static_cast<size_t>(n));
  for (int64_t j = 0; j < n; ++j) queue[j] = {v[j], j};
  auto greater = [](const Elem& x, const Elem& y) {
    return (std::isnan(x.first) && !std::isnan(y.first)) || x.first > y.first;
  };
  if (k * 64 <= n) {
    std::partial_sort(queue.begin(), queue.begin() + k, queue.end(), greater);
  } else {
    std::nth_element(queue.begin(), queue.begin() + k - 1, queue.end(), greater);
    std::sort(queue.begin(), queue.begin() + k - 1, greater);
  }
  for (int64_t j = 0; j < k; ++j) out[j] = queue[j].second;
}

// exponential_distribution<double>: -1/lambda * log1p(-u), u uniform on [0, 1).
double exponential_sample(Generator& g, double lambd) {
  return -1.0 / lambd * std::log1p(-uniform_double(g, 0.0, 1.0));
}

void exponential_fill(const Tensor& t, double lambd, Generator& g) {
  visit_dtype(t.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* data = t.data<T>();
    for_each_serial(t, [&](int64_t off) { data[off] = store<T>(exponential_sample(g, lambd)); });
  });
}

// cauchy_distribution<double>: median + sigma * tan(pi (u - 1/2)), fused as libtorch's build fuses it.
void cauchy_fill(const Tensor& t, double median, double sigma, Generator& g) {
  constexpr double kPi = 3.14159265358979323846;  // c10::pi<double>
  visit_dtype(t.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* data = t.data<T>();
    for_each_serial(t, [&](int64_t off) {
      data[off] = store<T>(std::fma(sigma, std::tan(kPi * (uniform_double(g, 0.0, 1.0) - 0.5)), median));
    });
  });
}

// lognormal_distribution<double>: exp of normal_distribution<double>'s draw.
void log_normal_fill(const Tensor& t, double mean, double std, Generator& g) {
  visit_dtype(t.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* data = t.data<T>();
    for_each_serial(t, [&](int64_t off) { data[off] = store<T>(std::exp(normal_double(g, mean, std))); });
  });
}

// a / b as a tensor of dtype dt divides: double in double; float and the 16-bit types in
// float, then rounded to the dtype.
double divide_as(DType dt, double a, double b) {
  if (dt == DType::Float64) return a / b;
  const float f = static_cast<float>(a) / static_cast<float>(b);
  if (dt == DType::Float16) return load(Half(f));
  if (dt == DType::BFloat16) return load(BFloat16(f));
  return f;
}

// Without replacement (and for one sample): the exponential race of Distributions.cpp,
// q = empty_like(w).exponential_(1); the top n of w / q (argmax for n = 1).
void multinomial_race(const Tensor& w, int64_t n_sample, int64_t* result, Generator& g) {
  TP_CHECK(w.numel() > 0, RuntimeError,  // the validity check's aminmax over no categories
           "aminmax(): cannot compute aminmax over an empty dimension as the operation has no identity.");
  const std::vector<double> weights = row_major_values(w);
  double low = std::numeric_limits<double>::infinity(), high = -low;
  bool any_nan = false;
  for (double v : weights) {
    any_nan = any_nan || std::isnan(v);
    low = std::min(low, v);
    high = std::max(high, v);
  }
  TP_CHECK(!any_nan && high < std::numeric_limits<double>::infinity() && low >= 0, RuntimeError,
           "probability tensor contains either `inf`, `nan` or element < 0");
  const int64_t n_cat = w.size(-1), n_dist = w.dim() == 1 ? 1 : w.size(0);
  for (int64_t i = 0; i < n_dist; ++i) {
    const double* row = weights.data() + i * n_cat;
    TP_CHECK(std::any_of(row, row + n_cat, [](double v) { return v != 0.0; }), RuntimeError,
             "invalid multinomial distribution (sum of probabilities <= 0)");
  }
  Tensor q = empty_like_preserve(w, TensorOptions(w.dtype()));
  exponential_fill(q, 1.0, g);
  std::vector<double> ratio = row_major_values(q);
  for (size_t j = 0; j < ratio.size(); ++j) ratio[j] = divide_as(w.dtype(), weights[j], ratio[j]);
  for (int64_t i = 0; i < n_dist; ++i) {
    const double* row = ratio.data() + i * n_cat;
    if (n_sample == 1) result[i] = first_argmax(row, n_cat);
    else topk_indices(row, n_cat, n_sample, result + i * n_sample);
  }
}

// With replacement: MultinomialKernel.cpp. Each row's cumulative sums in Acc (the dtype, or
// float for 16-bit types), normalised, then one double uniform per sample and a binary search.
template <typename Acc>
void multinomial_cumulative(const Tensor& w, int64_t n_sample, int64_t* result, Generator& g) {
  const std::vector<double> weights = row_major_values(w);
  const int64_t n_cat = w.size(-1), n_dist = w.dim() == 1 ? 1 : w.size(0);
  std::vector<Acc> cum(static_cast<size_t>(n_cat));
  for (int64_t i = 0; i < n_dist; ++i) {
    Acc sum = 0;
    for (int64_t j = 0; j < n_cat; ++j) {
      const Acc val = static_cast<Acc>(weights[i * n_cat + j]);
      TP_CHECK(val >= 0, RuntimeError,
               "invalid multinomial distribution (encountering probability entry < 0)");
      TP_CHECK(std::isfinite(val), RuntimeError,
               "invalid multinomial distribution (encountering probability entry = infinity or NaN)");
      sum += val;
      cum[j] = sum;
    }
    TP_CHECK(sum > 0, RuntimeError, "invalid multinomial distribution (sum of probabilities <= 0)");
    for (int64_t j = 0; j < n_cat; ++j) cum[j] /= sum;
    for (int64_t s = 0; s < n_sample; ++s) {
      const double u = uniform_double(g, 0.0, 1.0);
      cum[n_cat - 1] = 1;  // the last bucket ends at exactly 1
      int64_t left = 0, right = n_cat;
      while (right - left > 0) {
        const int64_t mid = left + (right - left) / 2;
        if (static_cast<double>(cum[mid]) < u) left = mid + 1;
        else right = mid;
      }
      result[i * n_sample + s] = left;
    }
  }
}

// ---- bernoulli_ kernels ----

void check_probability(double p) {
  TP_CHECK(p >= 0 && p <= 1, RuntimeError,
           "Expected p_in >= 0 && p_in <= 1 to be true, but got false.  (Could this error message "
           "be improved?  If so, please report an enhancement request to PyTorch.)");
}

// bernoulli_(Tensor p): p broadcast to t; a double p draws a double uniform, any other
// floating p a float one (bernoulli_distribution<double> / <float>).
void bernoulli_tensor_fill(const Tensor& t, const Tensor& p, Generator& g) {
  if (!is_floating(p.dtype())) {
    fail(ErrorKind::NotImplementedError, "\"bernoulli_tensor_cpu_p_\" not implemented for '",
         dtype_legacy_name(p.dtype()), "'");
  }
  const DType pt = p.dtype() == DType::Float64 ? DType::Float64 : DType::Float32;
  // The draws land in a dense tensor in t's dim order, with p laid out the same, so one offset
  // addresses both (t itself may be a view with gaps: t[::5]); then into t. The order of the
  // draws is t's own, as TensorIterator's.
  Tensor out = empty_like_preserve(t, TensorOptions(t.dtype()));
  Tensor probs = empty_like_preserve(t, TensorOptions(pt));
  copy_(probs, expand(p, t.sizes()));
  visit_dtype(t.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* data = out.data<T>();
    if (pt == DType::Float64) {
      const double* pp = probs.data<double>();
      for_each_serial(out, [&](int64_t off) {
        check_probability(pp[off]);
        data[off] = store<T>(uniform_double(g, 0.0, 1.0) < pp[off] ? 1.0 : 0.0);
      });
    } else {
      const float* pp = probs.data<float>();
      for_each_serial(out, [&](int64_t off) {
        check_probability(pp[off]);
        data[off] = store<T>(uniform_float(g, 0.0f, 1.0f) < pp[off] ? 1.0 : 0.0);
      });
    }
  });
  copy_(t, out);
}

// bernoulli_(float p): bernoulli_scalar_kernel_default, one double uniform per element.
// PyTorch builds with MKL may take MKL's own stream here instead (Intel CPUs): the same
// distribution, different numbers; this is the kernel PyTorch runs elsewhere.
void bernoulli_scalar_fill(const Tensor& t, double p, Generator& g) {
  visit_dtype(t.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* data = t.data<T>();
    for_each_serial(t, [&](int64_t off) {
      data[off] = store<T>(uniform_double(g, 0.0, 1.0) < p ? 1.0 : 0.0);
    });
  });
}

// geometric_distribution<double>: ceil(log(u) / log1p(-p)), the number of trials to success.
void geometric_fill(const Tensor& t, double p, Generator& g) {
  visit_dtype(t.dtype(), [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* data = t.data<T>();
    for_each_serial(t, [&](int64_t off) {
      data[off] = store<T>(std::ceil(std::log(uniform_double(g, 0.0, 1.0)) / std::log1p(-p)));
    });
  });
}

// The zero gradient of a sampler's inputs (derivatives.yaml: zeros_like(grad)).
std::shared_ptr<Node> zero_grad_node(const char* name, const std::vector<Tensor>& inputs) {
  std::vector<std::pair<Shape, TensorOptions>> metas;
  for (const Tensor& t : inputs) metas.emplace_back(t.sizes(), TensorOptions(t.dtype(), t.device()));
  return autograd::make_node(name, {}, [metas](const TensorList&, const TensorList&,
                                               const Node&) {
    TensorList grads;
    for (const auto& [shape, options] : metas) grads.push_back(zeros(shape, options));
    return grads;
  });
}

// After an in-place sampler wrote t: t's values no longer depend on anything, so a t that
// requires grad gets a node passing zeros to its old history (and to a tensor p).
void zero_grad_history(const Tensor& t, const char* name, const TensorList& inputs) {
  if (autograd::needs_grad(inputs)) autograd::rebase_history(t, zero_grad_node(name, inputs), inputs);
}

void check_std_tensor(const Tensor& std) {
  if (std.numel() == 0 || std.device().is_meta()) return;
  const std::vector<double> values = row_major_values(to_cpu(std));
  TP_CHECK(std::all_of(values.begin(), values.end(), [](double v) { return v >= 0.0; }), RuntimeError,
           "normal expects all elements of std >= 0.0");
}

void check_std(double std) {
  TP_CHECK(std >= 0.0, RuntimeError, "normal expects std >= 0.0, but found std ", std);
}

}  // namespace

Tensor multinomial(const Tensor& input, int64_t num_samples, bool replacement, Generator* gen) {
  check_multinomial(input, num_samples, replacement);
  Shape shape = input.dim() == 1 ? Shape{num_samples} : Shape{input.size(0), num_samples};
  TensorOptions options(DType::Int64, input.device());
  if (shape_numel(shape) == 0 || input.device().is_meta()) return empty(shape, options);
  Tensor host_in = to_cpu(input);
  Tensor host = empty(shape, TensorOptions(DType::Int64));
  Generator& g = pick_generator(gen);
  int64_t* out = host.data<int64_t>();
  if (!replacement || num_samples == 1) multinomial_race(host_in, num_samples, out, g);
  else if (input.dtype() == DType::Float64) multinomial_cumulative<double>(host_in, num_samples, out, g);
  else multinomial_cumulative<float>(host_in, num_samples, out, g);
  return input.device().is_cpu() ? host : to(host, input.device(), std::nullopt);
}

const Tensor& bernoulli_(const Tensor& t, double p, Generator* gen) {
  autograd::check_inplace(t);
  TP_CHECK(0 <= p && p <= 1, RuntimeError, "bernoulli_ expects p to be in [0, 1], but got p=", p);
  if (!t.device().is_cpu()) via_host(t, [&](const Tensor& h) { bernoulli_(h, p, gen); });
  else {
    t.bump_version();  // an in-place write counts (via_host's copy_ counts its own)
    if (t.numel() > 0) bernoulli_scalar_fill(t, p, pick_generator(gen));
  }
  zero_grad_history(t, "BernoulliBackward2", {t});
  return t;
}

const Tensor& bernoulli_(const Tensor& t, const Tensor& p, Generator* gen) {
  autograd::check_inplace(t);
  if (!t.device().is_cpu()) {
    via_host(t, [&](const Tensor& h) { bernoulli_(h, p, gen); });
  } else {
    t.bump_version();
    if (t.numel() > 0) {
      autograd::NoGradGuard no_grad;
      bernoulli_tensor_fill(t, to_cpu(p), pick_generator(gen));
    }
  }
  zero_grad_history(t, "BernoulliBackward1", {t, p});
  return t;
}

Tensor bernoulli(const Tensor& input, Generator* gen) {
  return autograd::record_op(
      {input},
      [&] {
        Tensor out = empty(input.sizes(), TensorOptions(input.dtype(), input.device()));
        bernoulli_(out, input, gen);
        return out;
      },
      [&](const Tensor&) { return zero_grad_node("BernoulliBackward0", {input}); });
}

Tensor bernoulli(const Tensor& input, double p, Generator* gen) {
  Tensor out = empty(input.sizes(), TensorOptions(input.dtype(), input.device()));
  bernoulli_(out, p, gen);
  return out;
}

const Tensor& exponential_(const Tensor& t, double lambd, Generator* gen) {
  autograd::check_inplace(t);
  TP_CHECK(lambd > 0.0, RuntimeError, "exponential_ expects lambda > 0.0, but found lambda=", lambd);
  TP_CHECK(is_floating(t.dtype()), RuntimeError,
           "Exponential distribution is a continuous probability distribution. dtype must be a "
           "floating point but you specified ", dtype_legacy_name(t.dtype()));
  if (!t.device().is_cpu()) via_host(t, [&](const Tensor& h) { exponential_(h, lambd, gen); });
  else {
    t.bump_version();  // an in-place write counts (via_host's copy_ counts its own)
    if (t.numel() > 0) exponential_fill(t, lambd, pick_generator(gen));
  }
  zero_grad_history(t, "ExponentialBackward0", {t});
  return t;
}

const Tensor& cauchy_(const Tensor& t, double median, double sigma, Generator* gen) {
  autograd::check_inplace(t);
  TP_CHECK(sigma > 0.0, RuntimeError, "cauchy_ expects sigma > 0.0, but found sigma=", sigma);
  TP_CHECK(is_floating(t.dtype()), RuntimeError,
           "Cauchy distribution is a continuous probability distribution. dtype must be a floating point but you "
           "specified ", dtype_cpp_name(t.dtype()));
  if (!t.device().is_cpu()) via_host(t, [&](const Tensor& h) { cauchy_(h, median, sigma, gen); });
  else {
    t.bump_version();  // an in-place write counts (via_host's copy_ counts its own)
    if (t.numel() > 0) cauchy_fill(t, median, sigma, pick_generator(gen));
  }
  zero_grad_history(t, "CauchyBackward0", {t});
  return t;
}

const Tensor& log_normal_(const Tensor& t, double mean, double std, Generator* gen) {
  autograd::check_inplace(t);
  TP_CHECK(std > 0.0, RuntimeError, "log_normal_ expects std > 0.0, but found std=", std);
  TP_CHECK(is_floating(t.dtype()), NotImplementedError, "\"log_normal_cpu\" not implemented for '",
           dtype_legacy_name(t.dtype()), "'");
  if (!t.device().is_cpu()) via_host(t, [&](const Tensor& h) { log_normal_(h, mean, std, gen); });
  else {
    t.bump_version();  // an in-place write counts (via_host's copy_ counts its own)
    if (t.numel() > 0) log_normal_fill(t, mean, std, pick_generator(gen));
  }
  zero_grad_history(t, "LogNormalBackward0", {t});
  return t;
}

const Tensor& geometric_(const Tensor& t, double p, Generator* gen) {
  autograd::check_inplace(t);
  TP_CHECK(0 < p && p < 1, RuntimeError, "geometric_ expects p to be in (0, 1), but got p=", p);
  if (t.dtype() == DType::Bool)
    fail(ErrorKind::NotImplementedError, "\"geometric_cpu\" not implemented for 'Bool'");
  if (!t.device().is_cpu()) via_host(t, [&](const Tensor& h) { geometric_(h, p, gen); });
  else {
    t.bump_version();  // an in-place write counts (via_host's copy_ counts its own)
    if (t.numel() > 0) geometric_fill(t, p, pick_generator(gen));
  }
  zero_grad_history(t, "GeometricBackward0", {t});
  return t;
}

// DistributionTemplates.h's normal_impl overloads: standard normals (or N(0, std) for a
// number std) drawn into the result, then scaled by std and shifted by mean in place.
Tensor normal(const Tensor& mean, const Tensor& std, Generator* gen) {
  check_std_tensor(std);
  const Shape shape = broadcast_shapes(mean.sizes(), std.sizes());
  return autograd::record_op(
      {mean, std},
      [&] {
        Tensor out = empty(shape, TensorOptions(mean.dtype(), mean.device()));
        normal_(out, 0.0, 1.0, gen);
        mul_(out, std);
        add_(out, mean);
        return out;
      },
      [&](const Tensor&) { return zero_grad_node("NormalBackward3", {mean, std}); });
}

Tensor normal(const Tensor& mean, double std, Generator* gen) {
  check_std(std);
  return autograd::record_op(
      {mean},
      [&] {
        Tensor out = empty(mean.sizes(), TensorOptions(mean.dtype(), mean.device()));
        normal_(out, 0.0, std, gen);
        add_(out, mean);
        return out;
      },
      [&](const Tensor&) { return zero_grad_node("NormalBackward1", {mean}); });
}

Tensor normal(double mean, const Tensor& std, Generator* gen) {
  check_std_tensor(std);
  return autograd::record_op(
      {std},
      [&] {
        Tensor out = empty(std.sizes(), TensorOptions(std.dtype(), std.device()));
        normal_(out, 0.0, 1.0, gen);
        mul_(out, std);
        add_(out, full({}, Scalar(mean), out.dtype(), out.device()));  // mean in out's dtype
        return out;
      },
      [&](const Tensor&) { return zero_grad_node("NormalBackward2", {std}); });
}

Tensor normal(double mean, double std, const Shape& size, TensorOptions options, Generator* gen) {
  check_std(std);
  Tensor out = empty(size, options);
  draw_normal(out, mean, std, gen);
  return out;
}

}  // namespace tp
