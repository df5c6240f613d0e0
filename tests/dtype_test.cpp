// dtypes: names, promote_types, result_type across tensors / 0-dim tensors / Python numbers,
// and float16/bfloat16 rounding, all against tables recorded from torch 2.15.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <iterator>
#include <sstream>

#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/type_promotion.h"
#include "test_util.h"

using namespace tp;

namespace {

// In gen_dtype.py's order.
const DType kAll[] = {DType::Bool,     DType::UInt8,   DType::Int8,    DType::Int16,  DType::Int32,
                      DType::Int64,    DType::Float16, DType::BFloat16, DType::Float32, DType::Float64,
                      DType::UInt16,   DType::UInt32,  DType::UInt64,   DType::ComplexFloat, DType::ComplexDouble};
constexpr int kCount = static_cast<int>(std::size(kAll));

// The recorded name, or "!" where PyTorch raised (a limited dtype with another integer),
// checking tensorplay raises PyTorch's RuntimeError there too. Where PyTorch gives its
// experimental complex32 / bcomplex32 (a 16-bit float with a Python complex), tensorplay,
// which has neither, raises a RuntimeError naming it.
template <typename F>
std::string name_or_error(F&& f) {
  try {
    return dtype_name(f());
  } catch (const TorchError& e) {
    CHECK(e.kind() == ErrorKind::RuntimeError);
    const std::string text = e.what();
    if (text.rfind("tensorplay has no complex32", 0) == 0) return "complex32";
    if (text.rfind("tensorplay has no bcomplex32", 0) == 0) return "bcomplex32";
    CHECK(text.rfind("Promotion for uint16, uint32, uint64 types is not supported", 0) == 0);
    return "!";
  }
}

std::vector<std::vector<std::string>> rows(const std::string& text) {
  std::vector<std::vector<std::string>> out;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::vector<std::string> row;
    std::string w;
    while (words >> w) row.push_back(w);
    out.push_back(row);
  }
  return out;
}

// The operand kinds of gen_dtype.py: a 1-D tensor, a 0-dim tensor, or a Python number.
Tensor operand(char kind, DType dtype) {
  if (kind == 's') {
    if (dtype == DType::Bool) return scalar_to_tensor(Scalar(true));
    if (dtype == DType::Float32) return scalar_to_tensor(Scalar(2.5));
    if (dtype == DType::ComplexFloat) return scalar_to_tensor(Scalar(std::complex<double>(0.0, 1.0)));
    return scalar_to_tensor(Scalar(int64_t{3}));
  }
  if (is_complex(dtype)) return full(kind == 't' ? Shape{1} : Shape{}, Scalar(1.0), dtype);
  return kind == 't' ? test::make_tensor({1}, {1}, dtype) : test::make_tensor({1}, {}, dtype);
}

}  // namespace

TEST_CASE("dtype names as PyTorch prints them") {
  CHECK(dtype_repr(DType::Float32) == "torch.float32");
  CHECK(dtype_repr(DType::BFloat16) == "torch.bfloat16");
  CHECK(parse_dtype("torch.long") == DType::Int64);
  CHECK(parse_dtype("half") == DType::Float16);
  CHECK(parse_dtype("double") == DType::Float64);
  CHECK(parse_dtype("complex64") == DType::ComplexFloat);
  CHECK(parse_dtype("torch.cdouble") == DType::ComplexDouble);
  CHECK_FALSE(parse_dtype("complex32").has_value());
  CHECK(itemsize(DType::BFloat16) == 2);
  CHECK(std::string(dtype_legacy_name(DType::Int64)) == "Long");
  CHECK(parse_dtype("short") == DType::Int16);
  CHECK(std::string(dtype_legacy_name(DType::Int8)) == "Char");
  CHECK(std::string(dtype_legacy_name(DType::UInt16)) == "UInt16");
  CHECK(std::string(dtype_cpp_name(DType::Int8)) == "signed char");
  CHECK(itemsize(DType::UInt64) == 8);
  CHECK(is_signed(DType::Int8));
  CHECK_FALSE(is_signed(DType::UInt32));
}

TEST_CASE("promotion with a limited dtype names both, as c10 does") {
  CHECK_THROWS_WITH(promote_types(DType::UInt16, DType::Int8),
                    "Promotion for uint16, uint32, uint64 types is not supported, attempted to promote UInt16 and Char");
  CHECK(promote_types(DType::UInt64, DType::BFloat16) == DType::BFloat16);
}

TEST_CASE("promote_types matches torch.promote_types for every pair") {
  auto table = rows(test::load_fixture("dtype.txt").at("promote_types"));
  REQUIRE(table.size() == kCount);
  for (int a = 0; a < kCount; ++a) {
    for (int b = 0; b < kCount; ++b) {
      CAPTURE(a);
      CAPTURE(b);
      CHECK(name_or_error([&] { return promote_types(kAll[a], kAll[b]); }) == table[a][b]);
    }
  }
}

TEST_CASE("result_type ranks tensors over 0-dim tensors over Python numbers") {
  auto table = rows(test::load_fixture("dtype.txt").at("result_type"));
  std::vector<std::pair<char, DType>> operands;
  for (char kind : {'t', 'z'})
    for (DType d : kAll) operands.push_back({kind, d});
  operands.push_back({'s', DType::Bool});
  operands.push_back({'s', DType::Int64});
  operands.push_back({'s', DType::Float32});
  operands.push_back({'s', DType::ComplexFloat});
  REQUIRE(table.size() == operands.size());
  for (size_t i = 0; i < operands.size(); ++i) {
    for (size_t j = 0; j < operands.size(); ++j) {
      if (table[i][j] == "-") continue;
      Tensor a = operand(operands[i].first, operands[i].second);
      Tensor b = operand(operands[j].first, operands[j].second);
      CAPTURE(i);
      CAPTURE(j);
      CHECK(name_or_error([&] { return result_type(a, b); }) == table[i][j]);
    }
  }
}

TEST_CASE("float16 and bfloat16 round to nearest even like PyTorch") {
  std::istringstream lines(test::load_fixture("dtype.txt").at("half_bfloat16"));
  std::string line;
  int n = 0;
  while (std::getline(lines, line)) {
    unsigned fbits, hbits, bbits, back;
    REQUIRE(std::sscanf(line.c_str(), "%x %x %x %x", &fbits, &hbits, &bbits, &back) == 4);
    float f = bits_float(fbits);
    CAPTURE(f);
    CHECK(Half(f).bits == hbits);
    CHECK(BFloat16(f).bits == bbits);
    CHECK(float_bits(static_cast<float>(Half(f))) == back);
    ++n;
  }
  CHECK(n > 20);
  // NaN stays NaN in both formats.
  CHECK(std::isnan(static_cast<float>(Half(std::nanf("")))));
  CHECK(std::isnan(static_cast<float>(BFloat16(std::nanf("")))));
}

TEST_CASE("can_cast follows c10::canCast") {
  CHECK(can_cast(DType::Int64, DType::Float32));
  CHECK_FALSE(can_cast(DType::Float32, DType::Int64));
  CHECK_FALSE(can_cast(DType::Int32, DType::Bool));
  CHECK(can_cast(DType::Bool, DType::UInt8));
}
