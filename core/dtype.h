// Tensor element types, their names as PyTorch prints them, and PyTorch's promotion rules.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "core/half.h"

namespace tp {

// Ordered as PyTorch's ScalarType lattice for promotion (bool < ints < floats).
enum class DType : uint8_t { Bool, UInt8, Int32, Int64, Float16, BFloat16, Float32, Float64 };

constexpr int kNumDTypes = 8;

size_t itemsize(DType t);
bool is_floating(DType t);
bool is_integral(DType t, bool include_bool);
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

// c10::promoteTypes for two dtypes.
DType promote_types(DType a, DType b);

// Maps each dtype to its C++ storage type, for kernels: visit_dtype(t, [&](auto tag) {
//   using T = typename decltype(tag)::type; ... }).
template <typename T>
struct TypeTag {
  using type = T;
};

template <typename F>
decltype(auto) visit_dtype(DType t, F&& f) {
  switch (t) {
    case DType::Bool: return f(TypeTag<bool>{});
    case DType::UInt8: return f(TypeTag<uint8_t>{});
    case DType::Int32: return f(TypeTag<int32_t>{});
    case DType::Int64: return f(TypeTag<int64_t>{});
    case DType::Float16: return f(TypeTag<Half>{});
    case DType::BFloat16: return f(TypeTag<BFloat16>{});
    case DType::Float32: return f(TypeTag<float>{});
    case DType::Float64: return f(TypeTag<double>{});
  }
  return f(TypeTag<float>{});
}

template <typename T>
constexpr DType dtype_of();
template <> constexpr DType dtype_of<bool>() { return DType::Bool; }
template <> constexpr DType dtype_of<uint8_t>() { return DType::UInt8; }
template <> constexpr DType dtype_of<int32_t>() { return DType::Int32; }
template <> constexpr DType dtype_of<int64_t>() { return DType::Int64; }
template <> constexpr DType dtype_of<Half>() { return DType::Float16; }
template <> constexpr DType dtype_of<BFloat16>() { return DType::BFloat16; }
template <> constexpr DType dtype_of<float>() { return DType::Float32; }
template <> constexpr DType dtype_of<double>() { return DType::Float64; }

}  // namespace tp
