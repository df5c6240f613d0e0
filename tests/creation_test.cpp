// Creation ops against torch 2.15: every case in fixtures/creation.txt (recorded by
// gen_creation.py) is rebuilt here under the same name and compared value by value.
#include <doctest/doctest.h>

#include <cmath>
#include <functional>
#include <sstream>

#include "core/error.h"
#include "core/device_registry.h"
#include "core/ops/creation.h"
#include "test_util.h"

using namespace tp;

namespace {

const double kInf = INFINITY;
const double kNan = NAN;
const DType f32 = DType::Float32, f64 = DType::Float64, f16 = DType::Float16,
            bf16 = DType::BFloat16, i64 = DType::Int64, i32 = DType::Int32, u8 = DType::UInt8,
            b = DType::Bool;

Scalar I(int64_t v) { return Scalar(v); }

// The same cases as CASES in gen_creation.py.
const std::vector<std::pair<std::string, std::function<Tensor()>>>& cases() {
  static const std::vector<std::pair<std::string, std::function<Tensor()>>> all = {
      {"zeros_2x3", [] { return zeros({2, 3}); }},
      {"zeros_int32", [] { return zeros({4}, i32); }},
      {"zeros_0d", [] { return zeros({}); }},
      {"zeros_empty", [] { return zeros({0, 3}); }},
      {"zeros_negative", [] { return zeros({2, -1}); }},
      {"ones_2x2_f64", [] { return ones({2, 2}, f64); }},
      {"ones_bool", [] { return ones({3}, b); }},
      {"ones_negative", [] { return ones({2, -1}); }},
      {"full_float", [] { return full({2, 2}, 2.5); }},
      {"full_int", [] { return full({3}, I(7)); }},
      {"full_bool", [] { return full({2}, true); }},
      {"full_float_as_int64", [] { return full({2}, 2.7, i64); }},
      {"full_negative_uint8", [] { return full({2}, I(-3), u8); }},
      {"full_float_as_bool", [] { return full({2}, 1.5, b); }},
      {"full_half", [] { return full({2}, 0.1, f16); }},
      {"full_negative", [] { return full({2, -1}, 1.0); }},
      {"eye_3", [] { return eye(3); }},
      {"eye_2x4", [] { return eye(2, 4); }},
      {"eye_3x2_int", [] { return eye(3, 2, i64); }},
      {"eye_bool", [] { return eye(2, 3, b); }},
      {"eye_0", [] { return eye(0); }},
      {"eye_negative_n", [] { return eye(-1); }},
      {"eye_negative_m", [] { return eye(2, -1); }},
      {"arange_5", [] { return arange(I(5)); }},
      {"arange_float_end", [] { return arange(2.5); }},
      {"arange_bool_end", [] { return arange(true); }},
      {"arange_1_10_3", [] { return arange(I(1), I(10), I(3)); }},
      {"arange_10_0_m3", [] { return arange(I(10), I(0), I(-3)); }},
      {"arange_0_1_01", [] { return arange(I(0), I(1), 0.1); }},
      {"arange_1_25_05", [] { return arange(I(1), 2.5, 0.5); }},
      {"arange_m1_1_03", [] { return arange(I(-1), I(1), 0.3); }},
      {"arange_0_10_01", [] { return arange(I(0), I(10), 0.1); }},
      {"arange_f64", [] { return arange(-3.3, 7.7, 0.37, f64); }},
      {"arange_f64_long", [] { return arange(0.5, 1000.1, 0.731, f64); }},
      {"arange_f32_long", [] { return arange(I(0), I(10), 0.013); }},
      {"arange_half", [] { return arange(-3.3, 7.7, 0.37, f16); }},
      {"arange_bf16", [] { return arange(I(0), I(50), 0.77, bf16); }},
      {"arange_int_dtype_float_args", [] { return arange(I(0), 5.5, 1.5, i32); }},
      {"arange_int64_float_start", [] { return arange(0.5, I(3), I(1), i64); }},
      {"arange_uint8_wraps", [] { return arange(-1.5, I(4), I(1), u8); }},
      {"arange_int_as_float", [] { return arange(I(5), f32); }},
      {"arange_empty", [] { return arange(I(3), I(3)); }},
      {"arange_step_zero", [] { return arange(I(0), I(5), I(0)); }},
      {"arange_bad_sign", [] { return arange(I(5), I(0), I(1)); }},
      {"arange_bad_sign_float", [] { return arange(I(0), I(5), -1.5); }},
      {"arange_negative_end", [] { return arange(I(-5)); }},
      {"arange_inf", [] { return arange(I(0), kInf); }},
      {"arange_nan", [] { return arange(I(0), kNan); }},
      {"arange_overflow", [] { return arange(I(0), 1e20, 1e-5); }},
      {"arange_bool_dtype", [] { return arange(I(3), b); }},
      {"linspace_0_1_5", [] { return linspace(I(0), I(1), 5); }},
      {"linspace_ints", [] { return linspace(I(0), I(10), 5); }},
      {"linspace_desc", [] { return linspace(I(3), I(-2), 7); }},
      {"linspace_f32_long", [] { return linspace(-36.0, 43.2, 202); }},
      {"linspace_f64", [] { return linspace(-0.8, 4.0, 57, f64); }},
      {"linspace_half", [] { return linspace(-28.3, 23.0, 43, f16); }},
      {"linspace_bf16", [] { return linspace(-8.374, 14.0, 25, bf16); }},
      {"linspace_int64", [] { return linspace(0.5, 10.7, 7, i64); }},
      {"linspace_int64_b", [] { return linspace(I(-8), I(28), 23, i64); }},
      {"linspace_int32", [] { return linspace(I(-11), I(44), 199, i32); }},
      {"linspace_uint8", [] { return linspace(I(-5), I(5), 4, u8); }},
      {"linspace_one", [] { return linspace(I(3), I(1), 1); }},
      {"linspace_zero", [] { return linspace(I(3), I(1), 0); }},
      {"linspace_one_bool", [] { return linspace(I(0), I(1), 1, b); }},
      {"linspace_negative", [] { return linspace(I(0), I(1), -1); }},
      {"linspace_bool", [] { return linspace(I(0), I(1), 3, b); }},
      {"tensor_floats", [] { return tensor({I(1), 2.5, I(-3), I(4)}, {2, 2}); }},
      {"tensor_ints", [] { return tensor({I(1), I(-2), I(3)}, {3}); }},
      {"tensor_bools", [] { return tensor({true, false}, {2}); }},
      {"tensor_bool_and_int", [] { return tensor({true, I(2)}, {2}); }},
      {"tensor_empty", [] { return tensor({}, {0}); }},
      {"tensor_scalar", [] { return tensor({3.5}, {}); }},
      {"tensor_to_int32", [] { return tensor({1.7, -2.7}, {2}, i32); }},
      {"tensor_to_bool", [] { return tensor({0.0, -0.0, 2.5}, {3}, b); }},
      {"tensor_to_f64", [] { return tensor({I(1), I(2)}, {2}, f64); }},
      {"zeros_like_int", [] { return zeros_like(tensor({I(1), I(2), I(3)}, {1, 3})); }},
      {"ones_like_f64", [] { return ones_like(zeros({2}, f64)); }},
      {"ones_like_dtype", [] { return ones_like(zeros({2, 2}), i32); }},
      {"full_like_int", [] { return full_like(tensor({I(1), I(2)}, {2}), 2.7); }},
      {"full_like_float", [] { return full_like(zeros({3}), I(3)); }},
      {"empty_like_zeroed", [] { return Tensor(zero_(empty_like(zeros({2, 3}, f16)))); }},
      {"empty_like_dtype", [] { return Tensor(zero_(empty_like(zeros({2}, f16), i64))); }},
  };
  return all;
}

// "float32 [2,3]" -> dtype name and shape.
std::string describe(const Tensor& t) {
  std::string s = std::string(dtype_name(t.dtype())) + " [";
  for (size_t i = 0; i < t.sizes().size(); ++i) s += (i ? "," : "") + std::to_string(t.sizes()[i]);
  return s + "]";
}

std::vector<double> parse_values(const std::string& line) {
  std::vector<double> out;
  std::istringstream in(line);
  std::string word;
  while (in >> word) out.push_back(std::strtod(word.c_str(), nullptr));
  return out;
}

}  // namespace

TEST_CASE("every recorded creation case has a C++ twin") {
  CHECK(test::load_fixture("creation.txt").size() == cases().size());
}

TEST_CASE("creation ops match torch 2.15 values, dtypes, shapes and errors") {
  auto expected = test::load_fixture("creation.txt");
  for (const auto& [name, make] : cases()) {
    CAPTURE(name);
    REQUIRE(expected.count(name) == 1);
    const std::string& want = expected.at(name);
    if (want.rfind("error ", 0) == 0) {
      size_t colon = want.find(": ");
      std::string kind = want.substr(6, colon - 6), message = want.substr(colon + 2);
      CHECK_THROWS_WITH(make(), message.c_str());
      try {
        make();
      } catch (const TorchError& e) {
        CHECK(std::string(error_kind_name(e.kind())) == kind);
      }
      continue;
    }
    Tensor t = make();
    size_t nl = want.find('\n');
    CHECK(describe(t) == want.substr(0, nl));
    std::vector<double> want_values = parse_values(want.substr(nl + 1));
    std::vector<double> got = test::values_of(t);
    REQUIRE(got.size() == want_values.size());
    for (size_t i = 0; i < got.size(); ++i) {
      CAPTURE(i);
      CHECK(got[i] == want_values[i]);
    }
  }
}

TEST_CASE("factories on a device without a backend fail like a CPU-only PyTorch") {
  DeviceConfig config;
  config.no_sim = true;  // no GPUs at all, as a CPU-only PyTorch build
  configure_devices(config);
  CHECK_THROWS_WITH(zeros({2}, TensorOptions(f32, Device::cuda(0))),
                    "Torch not compiled with CUDA enabled");
  CHECK_THROWS_WITH(arange(I(3), std::nullopt, Device::cuda(0)),
                    "Torch not compiled with CUDA enabled");
  configure_devices(DeviceConfig{});
}
