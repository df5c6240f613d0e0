// Reads the op cases recorded by tests/fixtures/op_cases.py (inputs, keyword arguments,
// expected outputs or error) and checks tensorplay's result against them. Shared by
// elementwise_test.cpp and reduce_test.cpp.
#pragma once

#include <doctest/doctest.h>

#include <cmath>
#include <functional>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "core/error.h"
#include "tests/test_util.h"

namespace tp::test {

// One operand: a tensor, or a Python number.
struct Operand {
  bool is_tensor = false;
  Tensor tensor;
  Scalar scalar;
};

// What a fixture block says: the op, its operands and keyword arguments, and either
// the expected outputs or the expected error (Python class name and message).
struct OpCase {
  std::string name, op;
  std::vector<Operand> args;
  std::map<std::string, std::string> kwargs;
  std::vector<Tensor> outs;
  std::string err_kind, err_text;

  bool has(const std::string& k) const { return kwargs.count(k) != 0; }
  int64_t int_kw(const std::string& k) const { return std::stoll(kwargs.at(k)); }
  // "list 0,2" -> {0, 2}; "list " -> {}.
  std::vector<int64_t> list_kw(const std::string& k) const {
    std::string v = kwargs.at(k).substr(5);
    std::vector<int64_t> out;
    std::stringstream ss(v);
    std::string item;
    while (std::getline(ss, item, ',')) {
      if (!item.empty()) out.push_back(std::stoll(item));
    }
    return out;
  }
  // "s f 2.5" -> Scalar(2.5).
  Scalar scalar_kw(const std::string& k) const;
  DType dtype_kw(const std::string& k) const { return *parse_dtype(kwargs.at(k)); }
};

inline Scalar parse_scalar(const std::string& kind, const std::string& value) {
  if (kind == "b") return Scalar(value == "1");
  if (kind == "i") return Scalar(static_cast<int64_t>(std::stoll(value)));
  return Scalar(std::strtod(value.c_str(), nullptr));
}

inline Scalar OpCase::scalar_kw(const std::string& k) const {
  std::istringstream in(kwargs.at(k));
  std::string s, kind, value;
  in >> s >> kind >> value;
  return parse_scalar(kind, value);
}

// "float32 2,3 : 1 2 3 4 5 6" (shape "-" for 0-dim).
inline Tensor parse_tensor(std::istringstream& in) {
  std::string dtype_name, shape_text, colon;
  in >> dtype_name >> shape_text >> colon;
  Shape shape;
  if (shape_text != "-") {
    std::stringstream ss(shape_text);
    std::string item;
    while (std::getline(ss, item, ',')) shape.push_back(std::stoll(item));
  }
  std::vector<double> values;
  std::string v;
  while (in >> v) values.push_back(std::strtod(v.c_str(), nullptr));
  return make_tensor(values, shape, *parse_dtype(dtype_name));
}

inline OpCase parse_case(const std::string& name, const std::string& text) {
  OpCase c;
  c.name = name;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream in(line);
    std::string tag;
    in >> tag;
    if (tag == "op") {
      in >> c.op;
    } else if (tag == "a") {
      std::string kind;
      in >> kind;
      Operand o;
      if (kind == "t") {
        o.is_tensor = true;
        o.tensor = parse_tensor(in);
      } else {
        std::string skind, value;
        in >> skind >> value;
        o.scalar = parse_scalar(skind, value);
      }
      c.args.push_back(o);
    } else if (tag == "k") {
      std::string key, rest;
      in >> key;
      std::getline(in, rest);
      c.kwargs[key] = rest.empty() ? rest : rest.substr(1);
    } else if (tag == "out") {
      c.outs.push_back(parse_tensor(in));
    } else if (tag == "err") {
      in >> c.err_kind;
      std::getline(in, c.err_text);
      if (!c.err_text.empty()) c.err_text = c.err_text.substr(1);
    }
  }
  return c;
}

// Relative tolerance per dtype: about one unit in the last place of the 16-bit floats,
// and ~1e-6 for float32 (PyTorch's vectorised math may differ from libm by an ulp).
inline double rel_tolerance(DType t) {
  switch (t) {
    case DType::Float16: return 2e-3;
    case DType::BFloat16: return 1.6e-2;
    case DType::Float32: return 1e-6;
    case DType::Float64: return 1e-12;
    default: return 0.0;
  }
}

inline bool close(double got, double want, DType t) {
  if (std::isnan(want)) return std::isnan(got);
  if (std::isinf(want)) return got == want;
  double tol = rel_tolerance(t);
  if (tol == 0.0) return got == want;
  double abs_tol = t == DType::Float32 ? 1e-7 : t == DType::Float64 ? 1e-15 : tol * 1e-2;
  return std::fabs(got - want) <= tol * std::max(std::fabs(got), std::fabs(want)) + abs_tol;
}

// Checks got against want: dtype, shape and every value.
inline void check_tensor(const Tensor& got, const Tensor& want) {
  CHECK(dtype_name(got.dtype()) == std::string(dtype_name(want.dtype())));
  CHECK(shape_str(got.sizes()) == shape_str(want.sizes()));
  if (got.sizes() != want.sizes()) return;
  std::vector<double> g = values_of(got), w = values_of(want);
  for (size_t i = 0; i < w.size(); ++i) {
    INFO("element " << i << ": got " << g[i] << ", want " << w[i]);
    CHECK(close(g[i], w[i], want.dtype()));
  }
}

using OpRunner = std::function<std::vector<Tensor>(const OpCase&)>;

// Runs every case of `fixture` through runners[op]; returns how many cases ran.
inline int run_fixture(const std::string& fixture, const std::map<std::string, OpRunner>& runners) {
  int count = 0;
  for (const auto& [name, text] : load_fixture(fixture)) {
    OpCase c = parse_case(name, text);
    INFO("case: " << name);
    auto it = runners.find(c.op);
    REQUIRE_MESSAGE(it != runners.end(), "no runner for op " << c.op);
    ++count;
    if (!c.err_kind.empty()) {
      CHECK_THROWS_WITH(it->second(c), c.err_text.c_str());
      try {
        it->second(c);
      } catch (const TorchError& e) {
        CHECK(std::string(error_kind_name(e.kind())) == c.err_kind);
      }
      continue;
    }
    std::vector<Tensor> got;
    try {
      got = it->second(c);
    } catch (const std::exception& e) {
      FAIL_CHECK("unexpected error: " << std::string(e.what()));
      continue;
    }
    REQUIRE(got.size() == c.outs.size());
    for (size_t i = 0; i < got.size(); ++i) check_tensor(got[i], c.outs[i]);
  }
  return count;
}

}  // namespace tp::test
