// torch.nn in C++: seeded initialisation bit for bit, a SimpleNN's forward and gradients,
// module walks (named_parameters, state_dict, modules), load_state_dict's errors, moving to a
// simulated GPU in place, zero_grad, train/eval, Dropout and Sequential. Expected values and
// texts: tests/fixtures/gen_nn.py, run with torch 2.x.
#include <doctest/doctest.h>

#include <cmath>
#include <functional>
#include <sstream>

#include "core/autograd/autograd.h"
#include "core/device_registry.h"
#include "core/error.h"
#include "core/generator.h"
#include "core/nn/functional.h"
#include "core/nn/init.h"
#include "core/nn/layers.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/reduce.h"
#include "core/ops/shape.h"
#include "tests/test_util.h"

using namespace tp;
using nn::Module;

namespace {

using test::use_sim_gpus;

auto fixtures = test::load_fixture("nn.txt");

std::vector<double> numbers(const std::string& name) {
  std::istringstream in(fixtures.at(name));
  std::vector<double> out;
  double v;
  while (in >> v) out.push_back(v);
  return out;
}

std::vector<std::string> words(const std::string& name) {
  std::istringstream in(fixtures.at(name));
  std::vector<std::string> out;
  std::string w;
  while (in >> w) out.push_back(w);
  return out;
}

// Float32 values printed with 9 digits read back as the same float.
void check_exact_float(const Tensor& t, const std::string& name) {
  std::vector<double> want = numbers(name);
  std::vector<double> got = test::values_of(t);
  REQUIRE(got.size() == want.size());
  for (size_t i = 0; i < got.size(); ++i) CHECK(static_cast<float>(got[i]) == static_cast<float>(want[i]));
}

void check_close(const Tensor& t, const std::string& name, double rel = 1e-6) {
  std::vector<double> want = numbers(name);
  std::vector<double> got = test::values_of(t);
  REQUIRE(got.size() == want.size());
  for (size_t i = 0; i < got.size(); ++i) CHECK(std::abs(got[i] - want[i]) <= rel * std::max(1.0, std::abs(want[i])));
}

// "Kind: message" as the fixture records an exception.
std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const TorchError& e) {
    return std::string(error_kind_name(e.kind())) + ": " + e.what();
  }
  return "no error";
}

std::vector<std::string> keys_of(const nn::NamedTensors& named) {
  std::vector<std::string> out;
  for (auto& [k, v] : named) out.push_back(k);
  return out;
}

// The learner's SimpleNN, built as the binding builds it: a plain Module with two children.
struct SimpleNN {
  std::shared_ptr<Module> net = std::make_shared<Module>("SimpleNN");
  std::shared_ptr<nn::Linear> fc1, fc2;
  SimpleNN() {
    default_generator().manual_seed(0);
    fc1 = std::make_shared<nn::Linear>(3, 10);
    fc2 = std::make_shared<nn::Linear>(10, 2);
    net->register_module("fc1", fc1);
    net->register_module("fc2", fc2);
  }
  Tensor forward(const Tensor& x) { return fc2->forward(nn::functional::relu(fc1->forward(x))); }
};

Tensor simple_input() {
  return test::make_tensor({0.5, -1.0, 2.0, 1.5, 0.25, -0.75, -2.0, 1.0, 0.5, 0.1, 0.2, 0.3}, {4, 3});
}

const Device kCuda0{DeviceType::CUDA, 0};

}  // namespace

TEST_CASE("nn.Linear initialisation matches PyTorch's seeded values bit for bit") {
  default_generator().manual_seed(0);
  nn::Linear a(3, 10);
  nn::Linear b(10, 2);
  check_exact_float(a.weight(), "linear_3_10.weight");
  check_exact_float(a.bias(), "linear_3_10.bias");
  check_exact_float(b.weight(), "linear_10_2.weight");
  check_exact_float(b.bias(), "linear_10_2.bias");
  CHECK(a.weight().requires_grad());
  CHECK(autograd::is_leaf(a.weight()));
  CHECK(autograd::is_parameter(a.bias()));

  default_generator().manual_seed(1);
  nn::Sequential seq({std::make_shared<nn::Linear>(4, 5), std::make_shared<nn::ReLU>(),
                      std::make_shared<nn::Linear>(5, 3)});
  nn::NamedTensors sd = seq.state_dict();
  CHECK(keys_of(sd) == words("seq.keys"));
  for (auto& [k, v] : sd) check_exact_float(v, "seq." + k);
}

TEST_CASE("nn.init functions draw PyTorch's values") {
  default_generator().manual_seed(2);
  Tensor t = empty({4, 6});
  nn::init::kaiming_uniform_(t, 0, "fan_out", "relu");
  check_exact_float(t, "kaiming_uniform_fan_out_relu");
  nn::init::kaiming_normal_(t);
  check_exact_float(t, "kaiming_normal");
  nn::init::xavier_uniform_(t, 2.0);
  check_exact_float(t, "xavier_uniform_gain2");
  nn::init::xavier_normal_(t);
  check_exact_float(t, "xavier_normal");
  nn::init::uniform_(t, -2.0, 3.0);
  check_exact_float(t, "uniform_m2_3");
  nn::init::normal_(t, 1.0, 0.5);
  check_exact_float(t, "normal_1_05");

  Tensor d = empty({3, 5}, DType::Float64);
  nn::init::kaiming_uniform_(d, 0.1);
  CHECK(test::values_of(d) == numbers("kaiming_uniform_double"));

  auto [fan_in, fan_out] = nn::init::calculate_fan_in_and_fan_out(empty({2, 3, 4, 5}));
  CHECK(std::vector<double>{double(fan_in), double(fan_out)} == numbers("fans_4d"));
  std::vector<double> gains;
  for (const char* n : {"linear", "sigmoid", "tanh", "relu"}) gains.push_back(nn::init::calculate_gain(n));
  gains.push_back(nn::init::calculate_gain("leaky_relu", 0.2));
  gains.push_back(nn::init::calculate_gain("selu"));
  CHECK(gains == numbers("gains"));

  Tensor z = ones({2, 2});
  nn::init::zeros_(z);
  CHECK(test::values_of(z) == std::vector<double>{0, 0, 0, 0});
  nn::init::constant_(z, 2.5);
  CHECK(test::values_of(z) == std::vector<double>{2.5, 2.5, 2.5, 2.5});
  nn::init::ones_(z);
  CHECK(test::values_of(z) == std::vector<double>{1, 1, 1, 1});

  // A parameter (a leaf that requires grad) can be initialised: no in-place leaf error.
  nn::Linear lin(2, 2);
  CHECK_NOTHROW(nn::init::xavier_uniform_(lin.weight()));
  CHECK(lin.weight().grad_fn_name().empty());

  CHECK(error_of([] { nn::init::xavier_uniform_(empty({5})); }) == fixtures.at("fan_1d"));
  CHECK(error_of([] { nn::init::kaiming_uniform_(empty({2, 2}), 0, "fan"); }) == fixtures.at("bad_mode"));
  CHECK(error_of([] { nn::init::kaiming_uniform_(empty({2, 2}), 0, "fan_in", "gelu"); }) ==
        fixtures.at("bad_nonlinearity"));
}

TEST_CASE("SimpleNN: forward values and every parameter's gradient") {
  SimpleNN s;
  Tensor x = simple_input();
  Tensor out = s.forward(x);
  check_close(out, "simple.out");
  CHECK(out.grad_fn_name() == fixtures.at("simple.grad_fn"));

  autograd::backward(sum(out));
  for (auto& [name, p] : s.net->named_parameters()) check_close(autograd::grad(p), "simple.sum_grad." + name);

  s.net->zero_grad();
  autograd::backward(mean(s.forward(x)));
  for (auto& [name, p] : s.net->named_parameters()) check_close(autograd::grad(p), "simple.mean_grad." + name);

  CHECK(keys_of(s.net->named_parameters()) == words("simple.names"));
  CHECK(keys_of(s.net->state_dict()) == words("simple.state_dict_keys"));
  CHECK(s.net->repr() == fixtures.at("simple.repr"));

  // The other shapes F.linear takes.
  CHECK(s.fc1->forward(ones({3})).grad_fn_name() == fixtures.at("simple.linear_1d_grad_fn"));
  CHECK(nn::functional::linear(x, s.fc1->weight()).grad_fn_name() == fixtures.at("simple.nobias_grad_fn"));
  Tensor y3 = s.fc1->forward(reshape(x, {2, 2, 3}));
  CHECK(y3.sizes() == Shape{2, 2, 10});
  CHECK(y3.grad_fn_name() == fixtures.at("simple.3d_grad_fn"));
  check_close(y3, "simple.3d_out");

  CHECK(error_of([&] { Module("NoForward").forward(x); }) == fixtures.at("no_forward"));
}

TEST_CASE("reprs of layers and containers") {
  nn::Sequential seq({std::make_shared<nn::Linear>(3, 4, false), std::make_shared<nn::ReLU>(true),
                      std::make_shared<nn::Sigmoid>(), std::make_shared<nn::Tanh>(),
                      std::make_shared<nn::Softmax>(1), std::make_shared<nn::LogSoftmax>(-1),
                      std::make_shared<nn::Softmax>(), std::make_shared<nn::Flatten>(),
                      std::make_shared<nn::Dropout>(), std::make_shared<nn::Dropout>(0.25, true),
                      std::make_shared<nn::Identity>(), std::make_shared<nn::ReLU>()});
  CHECK(seq.repr() == fixtures.at("repr.seq"));

  Module outer("Outer");
  outer.register_module("body", std::make_shared<nn::Sequential>(std::vector<std::shared_ptr<Module>>{
                                    std::make_shared<nn::Linear>(2, 2),
                                    std::make_shared<nn::Sequential>(
                                        std::vector<std::shared_ptr<Module>>{std::make_shared<nn::ReLU>()})}));
  outer.register_module("empty", std::make_shared<nn::Sequential>());
  CHECK(outer.repr() == fixtures.at("repr.nested"));

  nn::ModuleList list({std::make_shared<nn::ReLU>(), std::make_shared<nn::ReLU>(), std::make_shared<nn::Linear>(1, 2),
                       std::make_shared<nn::ReLU>()});
  CHECK(list.repr() == fixtures.at("repr.modulelist"));

  CHECK(nn::python_float_repr(0.5) == "0.5");
  CHECK(nn::python_float_repr(1e-05) == "1e-05");
  CHECK(nn::python_float_repr(2.0) == "2.0");
  CHECK(nn::python_float_repr(0.0001) == "0.0001");
  CHECK(nn::python_float_repr(1e16) == "1e+16");
  CHECK(nn::python_float_repr(-0.1) == "-0.1");
}

TEST_CASE("shared submodules and buffers: walks de-duplicate, state_dict does not") {
  Module m("Shared");
  auto a = std::make_shared<nn::Linear>(2, 2);
  m.register_module("a", a);
  m.register_module("b", a);
  m.register_buffer("steps", zeros({1}, DType::Int64));
  m.register_buffer("scratch", zeros({1}), false);
  CHECK(keys_of(m.named_parameters()) == words("shared.named_parameters"));
  CHECK(keys_of(m.named_buffers()) == words("shared.named_buffers"));
  std::vector<std::string> mods;
  for (auto& [name, mod] : m.named_modules()) mods.push_back("'" + name + "'");
  CHECK(mods == words("shared.named_modules"));
  CHECK(keys_of(m.state_dict()) == words("shared.state_dict_keys"));
  CHECK(m.children().size() == 1);
  CHECK(m.parameters(false).empty());
  CHECK(keys_of(m.named_parameters("net", true)) == std::vector<std::string>{"net.a.weight", "net.a.bias"});

  m.double_();
  std::vector<std::string> dtypes;
  for (auto& [k, v] : m.state_dict()) dtypes.push_back(dtype_repr(v.dtype()));
  CHECK(dtypes == words("shared.double_dtypes"));

  // Re-registering keeps the entry's place; registering under a child's name replaces it.
  m.register_buffer("steps", ones({1}, DType::Int64));
  CHECK(keys_of(m.buffers_dict()) == std::vector<std::string>{"steps", "scratch"});
  m.register_parameter("b", Tensor());
  CHECK(m.find_module("b") == nullptr);
  REQUIRE(m.find_parameter("b") != nullptr);
  CHECK(!m.find_parameter("b")->defined());
  m.remove("b");
  CHECK(m.find_parameter("b") == nullptr);
}

TEST_CASE("load_state_dict: copies in place, PyTorch's error texts") {
  SimpleNN s;
  default_generator().manual_seed(5);
  nn::Linear other1(3, 10), other2(10, 2);
  Module donor("SimpleNN");
  donor.register_module("fc1", std::make_shared<nn::Linear>(other1));
  donor.register_module("fc2", std::make_shared<nn::Linear>(other2));
  Tensor w = s.fc1->weight();
  nn::LoadResult ok = s.net->load_state_dict(donor.state_dict());
  CHECK(ok.missing_keys.empty());
  CHECK(ok.unexpected_keys.empty());
  CHECK(s.fc1->weight().is_same(w));
  CHECK(test::values_of(w) == test::values_of(other1.weight()));
  CHECK(w.requires_grad());

  nn::NamedTensors bad;
  for (auto& [k, v] : s.net->state_dict())
    if (k != "fc2.bias") bad.emplace_back(k, v);
  bad.emplace_back("fc3.weight", zeros({1}));
  CHECK(error_of([&] { s.net->load_state_dict(bad); }) == fixtures.at("load_missing_unexpected"));
  nn::LoadResult r = s.net->load_state_dict(bad, false);
  CHECK(r.missing_keys == std::vector<std::string>{"fc2.bias"});
  CHECK(r.unexpected_keys == std::vector<std::string>{"fc3.weight"});

  nn::NamedTensors bad2;
  for (auto& [k, v] : s.net->state_dict()) bad2.emplace_back(k, k == "fc1.weight" ? zeros({5, 3}) : v);
  bad2.emplace_back("extra", zeros({1}));
  CHECK(error_of([&] { s.net->load_state_dict(bad2); }) == fixtures.at("load_size_mismatch"));
  CHECK(error_of([&] { s.net->load_state_dict(bad2, false); }) == fixtures.at("load_size_mismatch_nonstrict"));
}

TEST_CASE("to() moves parameters and grads in place; a CPU input then fails in addmm") {
  use_sim_gpus(1);
  SimpleNN s;
  s.net->register_buffer("count", zeros({1}, DType::Int64));
  autograd::backward(sum(s.forward(simple_input())));
  Tensor w = s.fc1->weight();
  TensorImpl* w_impl = w.impl();
  TensorImpl* g_impl = autograd::grad(w).impl();
  std::vector<double> w_values = test::values_of(w);
  std::vector<double> g_values = test::values_of(autograd::grad(w));

  s.net->to(kCuda0, std::nullopt);
  CHECK(s.fc1->weight().impl() == w_impl);
  CHECK(w.device() == kCuda0);
  CHECK(autograd::grad(w).impl() == g_impl);
  CHECK(autograd::grad(w).device() == kCuda0);
  CHECK(test::values_of(w) == w_values);
  CHECK(test::values_of(autograd::grad(w)) == g_values);
  CHECK(autograd::is_leaf(w));
  CHECK(w.requires_grad());
  CHECK(s.net->find_buffer("count")->device() == kCuda0);

  // The model's forward on the GPU; a CPU batch fails in addmm's same-device check.
  Tensor gpu_out = s.forward(to(simple_input(), kCuda0, std::nullopt));
  CHECK(gpu_out.device() == kCuda0);
  check_close(gpu_out, "simple.out");
  CHECK_THROWS_WITH(s.forward(simple_input()),
                    "Expected all tensors to be on the same device, but got mat1 is on cpu, different from other "
                    "tensors on cuda:0 (when checking argument in method wrapper_CUDA_addmm)");

  s.net->to(std::nullopt, DType::Float64);
  CHECK(w.impl() == w_impl);
  CHECK(w.dtype() == DType::Float64);
  CHECK(autograd::grad(w).dtype() == DType::Float64);
  CHECK(s.net->find_buffer("count")->dtype() == DType::Int64);  // only floating tensors convert

  s.net->cpu();
  s.net->float_();
  CHECK(w.device() == Device::cpu());
  CHECK(w.dtype() == DType::Float32);
  CHECK(test::values_of(w) == w_values);
  s.net->cuda();
  CHECK(w.device() == kCuda0);
  s.net->cpu();
  s.net->half();
  CHECK(s.fc2->bias().dtype() == DType::Float16);
}

TEST_CASE("zero_grad: set_to_none drops .grad, otherwise zeroes it in place") {
  SimpleNN s;
  autograd::backward(sum(s.forward(simple_input())));
  Tensor g = autograd::grad(s.fc1->weight());
  s.net->zero_grad(false);
  CHECK(autograd::grad(s.fc1->weight()).is_same(g));
  for (double v : test::values_of(g)) CHECK(v == 0.0);
  s.net->zero_grad();
  for (const Tensor& p : s.net->parameters()) CHECK(!autograd::grad(p).defined());
}

TEST_CASE("train/eval reach every submodule; Dropout is the identity in eval mode") {
  auto drop = std::make_shared<nn::Dropout>(0.5);
  Module net("Net");
  net.register_module("body", std::make_shared<nn::Sequential>(std::vector<std::shared_ptr<Module>>{drop}));
  CHECK(net.training());
  net.eval();
  CHECK(!net.training());
  CHECK(!drop->training());
  Tensor x = ones({3, 4});
  CHECK(drop->forward(x).is_same(x));
  net.train();
  CHECK(drop->training());
  net.set_training_flag(false);
  CHECK(!net.training());
  CHECK(drop->training());

  default_generator().manual_seed(3);
  Tensor xd = ones({4, 5});
  autograd::set_requires_grad(xd, true);
  Tensor yd = nn::functional::dropout(xd, 0.4, true);
  CHECK(yd.grad_fn_name() == fixtures.at("dropout.grad_fn"));
  check_exact_float(yd, "dropout.values");
  CHECK(test::values_of(nn::functional::dropout(ones({2}), 1.0, true)) == std::vector<double>{0, 0});

  CHECK(error_of([] { nn::Dropout(1.5); }) == fixtures.at("dropout_p"));
  CHECK(error_of([&] { nn::functional::dropout(xd, -0.1); }) == fixtures.at("dropout_p_neg"));
}

TEST_CASE("Sequential: chained forward, indexing and append") {
  default_generator().manual_seed(0);
  auto l1 = std::make_shared<nn::Linear>(3, 10);
  auto l2 = std::make_shared<nn::Linear>(10, 2);
  nn::Sequential seq({l1, std::make_shared<nn::ReLU>()});
  seq.append(l2);
  CHECK(seq.size() == 3);
  CHECK(seq.at(-1) == l2);
  CHECK(seq.at(0) == l1);
  check_close(seq.forward(simple_input()), "simple.out");

  nn::Sequential two({std::make_shared<nn::ReLU>(), std::make_shared<nn::ReLU>()});
  CHECK(error_of([&] { two.at(5); }) == fixtures.at("seq_index"));
  CHECK(error_of([&] { two.at(-3); }) == fixtures.at("seq_index_neg"));
}

TEST_CASE("clone_empty keeps the settings and drops the tensors") {
  nn::Linear lin(3, 10);
  lin.eval();
  std::shared_ptr<Module> c = lin.clone_empty();
  CHECK(c->type_name() == "Linear");
  CHECK(!c->training());
  CHECK(c->parameters_dict().empty());
  c->register_parameter("weight", lin.weight());
  c->register_parameter("bias", lin.bias());
  CHECK(c->repr() == lin.repr());
  Tensor x = ones({2, 3});
  CHECK(test::values_of(c->forward(x)) == test::values_of(lin.forward(x)));

  auto d = nn::Dropout(0.25).clone_empty();
  CHECK(d->repr() == "Dropout(p=0.25, inplace=False)");
  Module user("SimpleNN");
  user.register_module("fc", std::make_shared<nn::Linear>(1, 1));
  std::shared_ptr<Module> uc = user.clone_empty();
  CHECK(uc->repr() == "SimpleNN()");
  CHECK(nn::Sequential().clone_empty()->repr() == "Sequential()");
  CHECK(error_of([&] { uc->forward(x); }) ==
        "NotImplementedError: Module [SimpleNN] is missing the required \"forward\" function");
}
