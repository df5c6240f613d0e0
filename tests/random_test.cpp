// Random ops against values recorded from PyTorch 2.x (tests/fixtures/gen_random.py):
// every sample must match bit for bit, and every argument error must match PyTorch's text.
#include <doctest/doctest.h>

#include <cstdlib>
#include <functional>
#include <limits>
#include <random>
#include <sstream>

#include "core/error.h"
#include "core/generator.h"
#include "core/ops/copy.h"
#include "core/ops/random.h"
#include "tests/test_util.h"

using namespace tp;

namespace {

const std::map<std::string, std::string>& fixture() {
  static const auto blocks = test::load_fixture("random.txt");
  return blocks;
}

const std::string& expected(const std::string& name) {
  auto it = fixture().find(name);
  if (it == fixture().end()) throw std::runtime_error("no fixture block " + name);
  return it->second;
}

// Parses one line of Python reprs ("-1.125 0.5 ..."; "True"/"False" for bool).
std::vector<double> parse_values(const std::string& line) {
  std::vector<double> out;
  std::istringstream in(line);
  std::string tok;
  while (in >> tok) {
    if (tok == "True") out.push_back(1.0);
    else if (tok == "False") out.push_back(0.0);
    else out.push_back(std::strtod(tok.c_str(), nullptr));
  }
  return out;
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) out.push_back(line);
  return out;
}

// Number of elements of t that differ (as exact doubles) from the recorded line.
int64_t mismatches(const Tensor& t, const std::string& line) {
  const std::vector<double> want = parse_values(line);
  const std::vector<double> got = test::values_of(t);
  if (want.size() != got.size()) return static_cast<int64_t>(std::max(want.size(), got.size()));
  int64_t bad = 0;
  for (size_t i = 0; i < want.size(); ++i) bad += want[i] != got[i];
  return bad;
}

void check_matches(const Tensor& t, const std::string& name) {
  INFO(name);
  CHECK(mismatches(t, expected(name)) == 0);
}

DType dtype_of_key(const std::string& key) {
  if (key == "f64") return DType::Float64;
  if (key == "f16") return DType::Float16;
  if (key == "bf16") return DType::BFloat16;
  return DType::Float32;
}

const int kSeeds[] = {0, 1, 42, 2024};
const int64_t kSizes[] = {1, 3, 15, 16, 17, 31, 100, 1000};

}  // namespace

TEST_CASE("mt19937 matches std::mt19937 for the low 32 bits of the seed") {
  std::mt19937 reference(12345u);
  Generator g(12345);
  for (int i = 0; i < 2000; ++i) REQUIRE(g.random() == reference());
  Generator big((uint64_t{7} << 32) | 12345u);  // only the low word seeds the engine
  Generator small(12345);
  CHECK(big.random64() == small.random64());
}

TEST_CASE("randn float32 is bit-exact, AVX2 block path and serial path") {
  int64_t total = 0, bad = 0;
  for (int seed : kSeeds) {
    for (int64_t n : kSizes) {
      default_generator().manual_seed(seed);
      Tensor t = randn({n});
      const std::string name = "randn_f32_s" + std::to_string(seed) + "_n" + std::to_string(n);
      const int64_t b = mismatches(t, expected(name));
      INFO(name);
      CHECK(b == 0);
      bad += b;
      total += n;
    }
  }
  MESSAGE("randn float32 bit-exact: " << (total - bad) << " / " << total);
}

TEST_CASE("randn float64 and rand for every floating dtype are bit-exact") {
  for (int seed : kSeeds) {
    for (int64_t n : kSizes) {
      const std::string suffix = "_s" + std::to_string(seed) + "_n" + std::to_string(n);
      default_generator().manual_seed(seed);
      check_matches(randn({n}, DType::Float64), "randn_f64" + suffix);
      for (const char* key : {"f32", "f64", "f16", "bf16"}) {
        default_generator().manual_seed(seed);
        check_matches(rand({n}, dtype_of_key(key)), std::string("rand_") + key + suffix);
      }
    }
  }
}

TEST_CASE("randn on 16-bit floats, and a 2-D randn") {
  for (const char* key : {"f16", "bf16"}) {
    for (int64_t n : {5, 40}) {
      default_generator().manual_seed(11);
      check_matches(randn({n}, dtype_of_key(key)),
                    std::string("randn_") + key + "_n" + std::to_string(n));
    }
  }
  default_generator().manual_seed(9);
  Tensor t = randn({3, 7});
  CHECK(t.sizes() == Shape{3, 7});
  check_matches(t, "randn_2d_3x7");
}

TEST_CASE("normal_ and uniform_ with a mean/std or from/to") {
  for (const char* key : {"f32", "f64", "f16", "bf16"}) {
    for (int64_t n : {5, 40}) {
      const std::string suffix = std::string(key) + "_n" + std::to_string(n);
      default_generator().manual_seed(13);
      check_matches(normal_(empty({n}, dtype_of_key(key)), 1.5, 2.3), "normal_" + suffix);
      default_generator().manual_seed(13);
      check_matches(uniform_(empty({n}, dtype_of_key(key)), -2.5, 3.7), "uniform_" + suffix);
    }
  }
}

TEST_CASE("non-contiguous targets are filled in memory order, normal_ via the serial path") {
  auto transposed = [](int64_t rows, int64_t cols) {
    Tensor base = empty({rows, cols});
    return base.as_strided({cols, rows}, {1, cols}, 0);
  };
  default_generator().manual_seed(3);
  Tensor x = transposed(5, 4);
  CHECK_FALSE(x.is_contiguous());
  check_matches(normal_(x), "normal_transposed_4x5");

  default_generator().manual_seed(3);
  Tensor like = randn_like(transposed(5, 4));
  CHECK(like.strides() == Shape{1, 4});  // empty_like keeps the transposed layout
  check_matches(like, "randn_like_transposed_4x5");

  default_generator().manual_seed(3);
  check_matches(uniform_(transposed(4, 6), -2.5, 3.7), "uniform_transposed_6x4");

  default_generator().manual_seed(3);
  Tensor sliced = empty({6, 8}).as_strided({6, 4}, {8, 2}, 0);  // x[:, ::2]
  check_matches(normal_(sliced), "normal_sliced_6x4");
}

TEST_CASE("randint takes 64-bit draws from a 2^28 range on") {
  struct Case {
    const char* name;
    int64_t low, high;
    DType dtype;
  };
  const Case cases[] = {
      {"small", 0, 10, DType::Int64},
      {"neg", -5, 5, DType::Int64},
      {"below28", 0, (int64_t{1} << 28) - 1, DType::Int64},
      {"exact28", -(int64_t{1} << 27), int64_t{1} << 27, DType::Int64},
      {"int32_wide", -(int64_t{1} << 30), int64_t{1} << 30, DType::Int32},
      {"below32", 0, (int64_t{1} << 32) - 1, DType::Int64},
      {"exact32", 0, int64_t{1} << 32, DType::Int64},
      {"huge", -(int64_t{1} << 40), int64_t{1} << 40, DType::Int64},
      {"int32", -100, 100, DType::Int32},
      {"uint8", 0, 256, DType::UInt8},
      {"bool", 0, 2, DType::Bool},
      {"f32", 0, 100, DType::Float32},
      {"f64_huge", -(int64_t{1} << 40), int64_t{1} << 40, DType::Float64},
      {"f16", -50, 50, DType::Float16},
      {"bf16_huge", 0, int64_t{1} << 40, DType::BFloat16},
  };
  for (const Case& c : cases) {
    for (int seed : {0, 5}) {
      default_generator().manual_seed(seed);
      Tensor t = randint(c.low, c.high, {20}, c.dtype);
      CHECK(t.dtype() == c.dtype);
      check_matches(t, std::string("randint_") + c.name + "_s" + std::to_string(seed));
    }
  }
  default_generator().manual_seed(0);
  Tensor t = randint(7, {2, 5});
  CHECK(t.dtype() == DType::Int64);
  check_matches(t, "randint_high_only");
}

TEST_CASE("randperm uses PyTorch's swap loop") {
  for (int seed : {0, 3}) {
    for (int64_t n : {0, 1, 2, 5, 10, 100, 1000}) {
      default_generator().manual_seed(seed);
      Tensor t = randperm(n);
      CHECK(t.dtype() == DType::Int64);
      check_matches(t, "randperm_s" + std::to_string(seed) + "_n" + std::to_string(n));
    }
  }
  default_generator().manual_seed(0);
  check_matches(randperm(10, DType::Float32), "randperm_f32_n10");
}

TEST_CASE("a mixed sequence after one manual_seed uses the cached normal sample") {
  default_generator().manual_seed(5);
  const std::vector<Tensor> seq = {
      randn({3}), rand({2}), randn({1}), randn({17}), randn({2}, DType::Float64),
      randint(0, 10, {4}), randperm(5), randn({1}), randn({1}),
  };
  const std::vector<std::string> want = lines_of(expected("mixed"));
  REQUIRE(want.size() == seq.size());
  for (size_t i = 0; i < seq.size(); ++i) {
    INFO("call " << i);
    CHECK(mismatches(seq[i], want[i]) == 0);
  }
}

TEST_CASE("manual_seed resets the cache; initial_seed keeps all 64 bits") {
  default_generator().manual_seed(5);
  randn({1});
  Tensor a = randn({1});
  default_generator().manual_seed(5);
  Tensor b = randn({1});
  const std::vector<std::string> want = lines_of(expected("cache_reset"));
  CHECK(mismatches(a, want[0]) == 0);
  CHECK(mismatches(b, want[1]) == 0);

  const uint64_t big = (uint64_t{1} << 40) + 5;
  default_generator().manual_seed(big);
  const std::vector<std::string> seed_lines = lines_of(expected("big_seed"));
  CHECK(std::to_string(default_generator().initial_seed()) == seed_lines[0]);
  CHECK(mismatches(rand({4}), seed_lines[1]) == 0);
}

TEST_CASE("seed() reseeds nondeterministically and initial_seed reports it") {
  Generator g(1);
  const uint64_t s = g.seed();
  CHECK(g.initial_seed() == s);
  Generator h(s);
  CHECK(g.random() == h.random());
}

TEST_CASE("a separate Generator gives the same stream as the default one") {
  Generator g(42);
  default_generator().manual_seed(42);
  Tensor a = randn({20}, {}, &g);
  Tensor b = randn({20});
  CHECK(test::values_of(a) == test::values_of(b));
}

TEST_CASE("the _like forms take shape, dtype and device from their argument") {
  Tensor proto = empty({2, 3}, DType::Float64);
  CHECK(rand_like(proto).dtype() == DType::Float64);
  CHECK(randn_like(proto).sizes() == Shape{2, 3});
  Tensor r = randint_like(proto, 4);
  CHECK(r.dtype() == DType::Float64);
  for (double v : test::values_of(r)) CHECK((v >= 0 && v < 4 && v == static_cast<int64_t>(v)));
  CHECK(randint_like(proto, -3, 3, DType::Int32).dtype() == DType::Int32);
}

namespace {

// Checks the exception kind; the text is checked by CHECK_THROWS_WITH at the call site.
void check_kind(const std::function<void()>& f, const std::string& fixture_text) {
  const std::string kind = fixture_text.substr(0, fixture_text.find(':'));
  try {
    f();
    FAIL("expected " << kind);
  } catch (const TorchError& e) {
    CHECK(std::string(error_kind_name(e.kind())) == kind);
  }
}

std::string message_of(const std::string& fixture_text) {
  return fixture_text.substr(fixture_text.find(": ") + 2);
}

}  // namespace

TEST_CASE("argument errors carry PyTorch's exact text and exception type") {
  const std::map<std::string, std::function<void()>> calls = {
      {"randint_eq", [] { randint(5, 5, {3}); }},
      {"randint_gt", [] { randint(6, 5, {3}); }},
      {"randint_high0", [] { randint(0, {3}); }},
      {"randint_uint8", [] { randint(0, 300, {3}, DType::UInt8); }},
      {"randint_uint8_from", [] { randint(-1, 3, {3}, DType::UInt8); }},
      {"randint_int32", [] { randint(0, int64_t{1} << 40, {3}, DType::Int32); }},
      {"randint_bool", [] { randint(0, 3, {3}, DType::Bool); }},
      {"randint_f16", [] { randint(0, 70000, {3}, DType::Float16); }},
      {"randperm_neg", [] { randperm(-1); }},
      {"randperm_f16", [] { randperm(3000, DType::Float16); }},
      {"randperm_uint8", [] { randperm(300, DType::UInt8); }},
      {"randperm_bool", [] { randperm(3, DType::Bool); }},
      {"rand_int", [] { rand({2}, DType::Int64); }},
      {"rand_bool", [] { rand({2}, DType::Bool); }},
      {"randn_int", [] { randn({2}, DType::Int64); }},
      {"rand_neg", [] { rand({2, -1}); }},
      {"uniform_order", [] { uniform_(empty({3}), 3, 2); }},
      {"uniform_inf", [] { uniform_(empty({3}), 0, std::numeric_limits<double>::infinity()); }},
      {"uniform_f16_to", [] { uniform_(empty({3}, DType::Float16), 0, 70000); }},
      {"uniform_span", [] { uniform_(empty({3}), -3e38, 3e38); }},
      {"normal_std", [] { normal_(empty({3}), 0, -1); }},
      {"normal_std_frac", [] { normal_(empty({3}), 0, -0.5); }},
  };
  for (const auto& [name, call] : calls) {
    const std::string& text = expected("error_" + name);
    INFO(name);
    CHECK_THROWS_WITH(call(), message_of(text).c_str());
    check_kind(call, text);
  }
}
