// Matrix products (core/ops/linalg.h) against torch 2.15: every case recorded by
// fixtures/gen_linalg.py (values, result dtypes and shapes, exact error texts), rebuilt here
// from the same storage, sizes, strides and offset, so transposed and strided views match.
#include <doctest/doctest.h>

#include <cmath>
#include <memory>
#include <sstream>

#include "core/autograd/meta.h"
#include "core/backends/cpu/cpu_backend.h"
#include "core/backends/cpu/cpu_matmul.h"
#include "core/error.h"
#include "core/ops/linalg.h"
#include "test_util.h"

using namespace tp;
using tp::test::load_fixture;
using tp::test::make_tensor;
using tp::test::values_of;

namespace {

// "[2,3]" -> {2, 3}; "[]" -> {}.
Shape parse_shape(const std::string& token) {
  Shape out;
  std::string inner = token.substr(1, token.size() - 2);
  std::stringstream ss(inner);
  std::string part;
  while (std::getline(ss, part, ',')) out.push_back(std::stoll(part));
  return out;
}

DType parse_dtype_or_die(const std::string& name) {
  auto t = parse_dtype(name);
  REQUIRE(t.has_value());
  return *t;
}

// "arg float32 [2,3] [3,1] 0 0 v0 v1 ...": a view over a storage holding v0 v1 ...
Tensor parse_arg(std::istringstream& in) {
  std::string dtype, sizes, strides;
  int64_t offset = 0;
  int grad = 0;
  in >> dtype >> sizes >> strides >> offset >> grad;
  std::vector<double> storage;
  std::string v;
  while (in >> v) storage.push_back(std::strtod(v.c_str(), nullptr));
  Tensor base = make_tensor(storage, {static_cast<int64_t>(storage.size())}, parse_dtype_or_die(dtype));
  Tensor t = base.as_strided(parse_shape(sizes), parse_shape(strides), offset);
  if (grad) {
    t.impl()->autograd = std::make_shared<AutogradMeta>();
    t.impl()->autograd->requires_grad = true;
  }
  return t;
}

// "beta float 0.5" / "beta int 2" / "beta bool 1".
Scalar parse_scalar(std::istringstream& in) {
  std::string kind, v;
  in >> kind >> v;
  if (kind == "bool") return Scalar(v == "1");
  if (kind == "int") return Scalar(static_cast<int64_t>(std::stoll(v)));
  return Scalar(std::strtod(v.c_str(), nullptr));
}

struct Case {
  std::string op;
  std::vector<Tensor> args;
  Scalar beta = 1, alpha = 1;
  // Expected result, or the expected error.
  std::string out_dtype, error_kind, error_text;
  Shape out_sizes;
  std::vector<double> out_values;
};

Case parse_case(const std::string& text) {
  Case c;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream in(line);
    std::string key;
    in >> key;
    if (key == "op") {
      in >> c.op;
    } else if (key == "arg") {
      c.args.push_back(parse_arg(in));
    } else if (key == "beta") {
      c.beta = parse_scalar(in);
    } else if (key == "alpha") {
      c.alpha = parse_scalar(in);
    } else if (key == "out") {
      std::string sizes, v;
      in >> c.out_dtype >> sizes;
      c.out_sizes = parse_shape(sizes);
      while (in >> v) c.out_values.push_back(std::strtod(v.c_str(), nullptr));
    } else if (key == "error") {
      in >> c.error_kind;
      std::getline(in, c.error_text);
      c.error_text.erase(0, 1);  // the space after the kind
    }
  }
  return c;
}

Tensor run(const Case& c) {
  const auto& a = c.args;
  if (c.op == "matmul") return matmul(a[0], a[1]);
  if (c.op == "mm") return mm(a[0], a[1]);
  if (c.op == "bmm") return bmm(a[0], a[1]);
  if (c.op == "mv") return mv(a[0], a[1]);
  if (c.op == "dot") return dot(a[0], a[1]);
  if (c.op == "addmm") return addmm(a[0], a[1], a[2], c.beta, c.alpha);
  FAIL("unknown op " << c.op);
  return {};
}

// Tolerances: float32 ~1e-5 relative, float64 ~1e-12, the 16-bit floats a few ulps
// (PyTorch rounds once, addmm here rounds after each step), integers exact.
void check_close(const std::vector<double>& got, const std::vector<double>& want, DType t) {
  double rtol = 0, atol = 0;
  switch (t) {
    case DType::Float32: rtol = 1e-5; atol = 1e-5; break;
    case DType::Float64: rtol = 1e-12; atol = 1e-12; break;
    case DType::Float16: rtol = 4e-3; atol = 4e-3; break;
    case DType::BFloat16: rtol = 2e-2; atol = 2e-2; break;
    default: break;
  }
  REQUIRE(got.size() == want.size());
  for (size_t i = 0; i < got.size(); ++i) {
    INFO("element " << i << ": got " << got[i] << ", want " << want[i]);
    if (std::isnan(want[i])) {
      CHECK(std::isnan(got[i]));
    } else {
      CHECK(std::abs(got[i] - want[i]) <= atol + rtol * std::abs(want[i]));
    }
  }
}

}  // namespace

TEST_CASE("matrix products match torch 2.15: values, shapes, dtypes and error texts") {
  auto fixture = load_fixture("linalg.txt");
  REQUIRE(fixture.size() > 200);
  int errors = 0, results = 0;
  for (const auto& [name, text] : fixture) {
    CAPTURE(name);
    Case c = parse_case(text);
    if (!c.error_kind.empty()) {
      ++errors;
      CHECK_THROWS_WITH(run(c), c.error_text.c_str());
      try {
        run(c);
      } catch (const TorchError& e) {
        CHECK(std::string(error_kind_name(e.kind())) == c.error_kind);
      }
      continue;
    }
    ++results;
    Tensor out = run(c);
    CHECK(dtype_name(out.dtype()) == c.out_dtype);
    CHECK(out.sizes() == c.out_sizes);
    CHECK(out.is_contiguous());
    check_close(values_of(out), c.out_values, out.dtype());
  }
  CHECK(errors > 80);
  CHECK(results > 150);
}

TEST_CASE("matmul leaves its inputs untouched and shares no storage with them") {
  Tensor a = make_tensor({1, 2, 3, 4, 5, 6}, {2, 3});
  Tensor b = make_tensor({1, 0, 0, 1, 1, 1}, {3, 2});
  Tensor c = matmul(a, b);
  CHECK(values_of(c) == std::vector<double>{4, 5, 10, 11});
  CHECK(values_of(a) == std::vector<double>{1, 2, 3, 4, 5, 6});
  CHECK(c.storage() != a.storage());
  CHECK(c.storage() != b.storage());
}

TEST_CASE("addmm with beta 0 never reads the bias, so NaN there does not leak") {
  Tensor bias = make_tensor({NAN, NAN}, {2});
  Tensor m1 = make_tensor({1, 2}, {1, 2});
  Tensor m2 = make_tensor({1, 0, 0, 1}, {2, 2});
  CHECK(values_of(addmm(bias, m1, m2, 0, 1)) == std::vector<double>{1, 2});
}

TEST_CASE("the CPU matmul reads transposed float operands in place and matches the loops") {
  // The same product in float32 (BLAS) and float64 with a transposed, batch-broadcast lhs:
  // a (2,3,4) whose batch stride is 0 and whose matrices are column-major.
  std::vector<double> raw(12);
  for (int i = 0; i < 12; ++i) raw[i] = 0.5 * i - 2;
  std::vector<double> rhs_raw(24);
  for (int i = 0; i < 24; ++i) rhs_raw[i] = (i * 7) % 5 - 2;
  Tensor rhs_values = make_tensor(rhs_raw, {2, 4, 3}, DType::Int64);
  for (DType t : {DType::Float32, DType::Float64, DType::Int64, DType::Float16}) {
    CAPTURE(dtype_name(t));
    Tensor storage = make_tensor(raw, {12}, t);
    Tensor a = storage.as_strided({2, 3, 4}, {0, 1, 3}, 0);
    Tensor b = cast(rhs_values, t);
    Tensor out = bmm(a, b);
    // out[i][j] = sum_k a[i][k] * b[k][j], computed here on doubles from the same views.
    std::vector<double> av = values_of(a), bv = values_of(b), want(18, 0.0);
    for (int n = 0; n < 2; ++n)
      for (int i = 0; i < 3; ++i)
        for (int j = 0; j < 3; ++j)
          for (int k = 0; k < 4; ++k) want[n * 9 + i * 3 + j] += av[n * 12 + i * 4 + k] * bv[n * 12 + k * 3 + j];
    check_close(values_of(out), want, t);
  }
}

TEST_CASE("BLAS products equal the reference loops for every operand layout") {
  // Views over one storage: (B,R,C) with the given strides. The layouts cover row-major,
  // column-major (transposed), strided rows and columns, stride-0 batches and stride-0
  // columns; the last two must be copied before BLAS can read them.
  struct Layout {
    const char* name;
    Shape strides_for_a, strides_for_b;  // for a (2,3,5) and b (2,5,4)
  };
  const std::vector<Layout> layouts = {
      {"contiguous", {15, 5, 1}, {20, 4, 1}},
      {"transposed", {15, 1, 3}, {20, 1, 5}},
      {"batch broadcast", {0, 5, 1}, {0, 1, 5}},
      {"batch innermost", {1, 10, 2}, {1, 8, 2}},
      {"padded rows", {40, 8, 1}, {40, 7, 1}},
      {"strided columns", {40, 12, 2}, {40, 9, 2}},
      {"stride-0 columns", {15, 5, 0}, {20, 0, 1}},
  };
  std::vector<double> raw(200);
  for (int i = 0; i < 200; ++i) raw[i] = std::sin(0.37 * i) * 3;
  for (DType t : {DType::Float32, DType::Float64}) {
    Tensor storage = make_tensor(raw, {200}, t);
    for (const Layout& l : layouts) {
      CAPTURE(l.name);
      Tensor a = storage.as_strided({2, 3, 5}, l.strides_for_a, 1);
      Tensor b = storage.as_strided({2, 5, 4}, l.strides_for_b, 3);
      Tensor blas = empty({2, 3, 4}, TensorOptions(t));
      Tensor loops = empty({2, 3, 4}, TensorOptions(t));
      cpu_backend().matmul(a, b, blas, false, ProductKind::Matrix);
      cpu::matmul_reference(a, b, loops);
      check_close(values_of(blas), values_of(loops), t);
    }
  }
}
