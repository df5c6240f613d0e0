// Tensor element types, their names as PyTorch prints them, and PyTorch's promotion rules.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "core/half.h"

namespace tp {

// Ordered as PyTorch's ScalarType lattice for promotion (bool < ints < floats), then the
// limited unsigned dtypes (PyTorch 2.x's "shell" uint16/32/64: see is_limited_dtype), then
// complex64 and complex128 (pairs of float32 / float64: see core/ops/complex.h).
enum class DType : uint8_t {
  Bool, UInt8, Int8, Int16, Int32, Int64, Float16, BFloat16, Float32, Float64,
  UInt16, UInt32, UInt64, ComplexFloat, ComplexDouble
};

constexpr int kNumDTypes = 15;

size_t itemsize(DType t);
bool is_floating(DType t);  // false for complex, as c10::isFloatingType
bool is_complex(DType t);
// complex64 -> float32, complex128 -> float64 (the dtype of .real, .abs()); t otherwise.
DType real_dtype(DType t);
// float32 (and the 16-bit floats) -> complex64, float64 -> complex128 (c10::toComplexType).
DType complex_dtype(DType real);
// The complex dtype a Python complex takes: complex128 when the default float is float64.
DType default_complex_dtype();
bool is_integral(DType t, bool include_bool);
// uint16, uint32, uint64: PyTorch 2.x creates, copies, casts, prints, indexes and sorts them
// and runs a few ops (core/ops/limited_dtypes.h says which); other kernels refuse them, and
// promoting them with any other integer is an error.
bool is_limited_dtype(DType t);
bool is_signed(DType t);
// Short name: "float32", "int64", ... (as in torch.float32).
const char* dtype_name(DType t);
// PyTorch's repr: "torch.float32".
std::string dtype_repr(DType t);
// PyTorch's legacy type name used in some messages: "Float", "Long", "Half", ...
const char* dtype_legacy_name(DType t);
// The C++ type name some PyTorch kernel messages print ("long int", "c10::Half").
const char* dtype_cpp_name(DType t);
// Parses "float32", "float", "torch.float64", "long", "half", ... ; nullopt if unknown.
std::optional<DType> parse_dtype(const std::string& name);
// The default floating dtype (torch.get_default_dtype()): float32 until set_default_dtype.
DType default_float_dtype();
// torch.set_default_dtype: floating dtypes only (PyTorch's TypeError otherwise).
void set_default_float_dtype(DType t);

// c10::promoteTypes for two dtypes (PyTorch's RuntimeError for a limited dtype and another
// integer).
DType promote_types(DType a, DType b);

[[noreturn]] void fail_not_implemented_for(const char* kernel, DType t);

// Maps each dtype to its C++ storage type, for kernels: visit_dtype(t, [&](auto tag) {
//   using T = typename decltype(tag)::type; ... }). The limited dtypes are not visited (the
// op layer refuses them first, with the kernel's name), so no compute kernel is compiled
// for them; visit_any_dtype adds them, for the kernels that move and compare elements.
// Complex dtypes are visited by neither: backends see a complex tensor as its float pairs
// (core/backends/complex_pairs.h), and complex math is composed over those in
// core/ops/complex.cpp.
template <typename T>
struct TypeTag {
  using type = T;
};

template <typename F>
decltype(auto) visit_dtype(DType t, F&& f) {
  switch (t) {
    case DType::Bool: return f(TypeTag<bool>{});
    case DType::UInt8: return f(TypeTag<uint8_t>{});
    case DType::Int8: return f(TypeTag<int8_t>{});
    case DType::Int16: return f(TypeTag<int16_t>{});
    case DType::Int32: return f(TypeTag<int32_t>{});
    case DType::Int64: return f(TypeTag<int64_t>{});
    case DType::Float16: return f(TypeTag<Half>{});
    case DType::BFloat16: return f(TypeTag<BFloat16>{});
    case DType::Float32: return f(TypeTag<float>{});
    case DType::Float64: return f(TypeTag<double>{});
    case DType::UInt16:
    case DType::UInt32:
    case DType::UInt64:
    case DType::ComplexFloat:
    case DType::ComplexDouble: fail_not_implemented_for("kernel", t);
  }
  return f(TypeTag<float>{});
}

template <typename F>
decltype(auto) visit_any_dtype(DType t, F&& f) {
  switch (t) {
    case DType::UInt16: return f(TypeTag<uint16_t>{});
    case DType::UInt32: return f(TypeTag<uint32_t>{});
    case DType::UInt64: return f(TypeTag<uint64_t>{});
    default: return visit_dtype(t, std::forward<F>(f));
  }
}

template <typename T>
constexpr DType dtype_of();
template <> constexpr DType dtype_of<bool>() { return DType::Bool; }
template <> constexpr DType dtype_of<uint8_t>() { return DType::UInt8; }
template <> constexpr DType dtype_of<int8_t>() { return DType::Int8; }
template <> constexpr DType dtype_of<int16_t>() { return DType::Int16; }
template <> constexpr DType dtype_of<uint16_t>() { return DType::UInt16; }
template <> constexpr DType dtype_of<uint32_t>() { return DType::UInt32; }
template <> constexpr DType dtype_of<uint64_t>() { return DType::UInt64; }
template <> constexpr DType dtype_of<int32_t>() { return DType::Int32; }
template <> constexpr DType dtype_of<int64_t>() { return DType::Int64; }
template <> constexpr DType dtype_of<Half>() { return DType::Float16; }
template <> constexpr DType dtype_of<BFloat16>() { return DType::BFloat16; }
template <> constexpr DType dtype_of<float>() { return DType::Float32; }
template <> constexpr DType dtype_of<double>() { return DType::Float64; }

}  // namespace tp
