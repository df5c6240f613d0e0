// dtype names and c10's type-promotion table.
#include "core/dtype.h"

#include "core/error.h"

namespace tp {

size_t itemsize(DType t) {
  switch (t) {
    case DType::Bool:
    case DType::UInt8: return 1;
    case DType::Float16:
    case DType::BFloat16: return 2;
    case DType::Int32:
    case DType::Float32: return 4;
    case DType::Int64:
    case DType::Float64: return 8;
  }
  return 4;
}

bool is_floating(DType t) {
  return t == DType::Float16 || t == DType::BFloat16 || t == DType::Float32 ||
         t == DType::Float64;
}

bool is_integral(DType t, bool include_bool) {
  if (t == DType::Bool) return include_bool;
  return t == DType::UInt8 || t == DType::Int32 || t == DType::Int64;
}

const char* dtype_name(DType t) {
  switch (t) {
    case DType::Bool: return "bool";
    case DType::UInt8: return "uint8";
    case DType::Int32: return "int32";
    case DType::Int64: return "int64";
    case DType::Float16: return "float16";
    case DType::BFloat16: return "bfloat16";
    case DType::Float32: return "float32";
    case DType::Float64: return "float64";
  }
  return "float32";
}

std::string dtype_repr(DType t) { return std::string("torch.") + dtype_name(t); }

const char* dtype_legacy_name(DType t) {
  switch (t) {
    case DType::Bool: return "Bool";
    case DType::UInt8: return "Byte";
    case DType::Int32: return "Int";
    case DType::Int64: return "Long";
    case DType::Float16: return "Half";
    case DType::BFloat16: return "BFloat16";
    case DType::Float32: return "Float";
    case DType::Float64: return "Double";
  }
  return "Float";
}

const char* dtype_cpp_name(DType t) {
  switch (t) {
    case DType::Bool: return "bool";
    case DType::UInt8: return "unsigned char";
    case DType::Int32: return "int";
    case DType::Int64: return "long int";
    case DType::Float16: return "c10::Half";
    case DType::BFloat16: return "c10::BFloat16";
    case DType::Float32: return "float";
    case DType::Float64: return "double";
  }
  return "float";
}

std::optional<DType> parse_dtype(const std::string& spelled) {
  std::string name = spelled.rfind("torch.", 0) == 0 ? spelled.substr(6) : spelled;
  if (name == "bool") return DType::Bool;
  if (name == "uint8") return DType::UInt8;
  if (name == "int32" || name == "int") return DType::Int32;
  if (name == "int64" || name == "long") return DType::Int64;
  if (name == "float16" || name == "half") return DType::Float16;
  if (name == "bfloat16") return DType::BFloat16;
  if (name == "float32" || name == "float") return DType::Float32;
  if (name == "float64" || name == "double") return DType::Float64;
  return std::nullopt;
}

namespace {
DType g_default_float = DType::Float32;  // the session's torch.set_default_dtype
}  // namespace

DType default_float_dtype() { return g_default_float; }

void set_default_float_dtype(DType t) {
  TP_CHECK(is_floating(t), TypeError, "only floating-point types are supported as the default type");
  g_default_float = t;
}

DType promote_types(DType a, DType b) {
  if (a == b) return a;
  // c10/core/ScalarType.cpp promoteTypes, restricted to our eight types.
  constexpr DType b1 = DType::Bool, u1 = DType::UInt8, i4 = DType::Int32, i8 = DType::Int64,
                  f2 = DType::Float16, bf = DType::BFloat16, f4 = DType::Float32,
                  f8 = DType::Float64;
  static constexpr DType table[kNumDTypes][kNumDTypes] = {
      /*        b1  u1  i4  i8  f2  bf  f4  f8 */
      /* b1 */ {b1, u1, i4, i8, f2, bf, f4, f8},
      /* u1 */ {u1, u1, i4, i8, f2, bf, f4, f8},
      /* i4 */ {i4, i4, i4, i8, f2, bf, f4, f8},
      /* i8 */ {i8, i8, i8, i8, f2, bf, f4, f8},
      /* f2 */ {f2, f2, f2, f2, f2, f4, f4, f8},
      /* bf */ {bf, bf, bf, bf, f4, bf, f4, f8},
      /* f4 */ {f4, f4, f4, f4, f4, f4, f4, f8},
      /* f8 */ {f8, f8, f8, f8, f8, f8, f8, f8},
  };
  return table[static_cast<int>(a)][static_cast<int>(b)];
}

}  // namespace tp
