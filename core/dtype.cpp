// dtype names and c10's type-promotion table.
#include "core/dtype.h"

#include "core/error.h"

namespace tp {

size_t itemsize(DType t) {
  switch (t) {
    case DType::Bool:
    case DType::UInt8:
    case DType::Int8: return 1;
    case DType::Int16:
    case DType::UInt16:
    case DType::Float16:
    case DType::BFloat16: return 2;
    case DType::Int32:
    case DType::UInt32:
    case DType::Float32: return 4;
    case DType::Int64:
    case DType::UInt64:
    case DType::Float64:
    case DType::ComplexFloat: return 8;
    case DType::ComplexDouble: return 16;
  }
  return 4;
}

bool is_floating(DType t) {
  return t == DType::Float16 || t == DType::BFloat16 || t == DType::Float32 ||
         t == DType::Float64;
}

bool is_complex(DType t) { return t == DType::ComplexFloat || t == DType::ComplexDouble; }

DType real_dtype(DType t) {
  if (t == DType::ComplexFloat) return DType::Float32;
  if (t == DType::ComplexDouble) return DType::Float64;
  return t;
}

DType complex_dtype(DType real) {
  // PyTorch's complex32 (chalf) and bcomplex32 are experimental: tensorplay has neither.
  TP_CHECK(real != DType::Float16, RuntimeError,
           "tensorplay has no complex32 (torch.chalf): its complex dtypes are complex64 and complex128");
  TP_CHECK(real != DType::BFloat16, RuntimeError,
           "tensorplay has no bcomplex32: its complex dtypes are complex64 and complex128");
  return real == DType::Float64 ? DType::ComplexDouble : DType::ComplexFloat;
}

DType default_complex_dtype() { return complex_dtype(default_float_dtype()); }

bool is_integral(DType t, bool include_bool) {
  if (t == DType::Bool) return include_bool;
  return !is_floating(t) && !is_complex(t);
}

bool is_limited_dtype(DType t) {
  return t == DType::UInt16 || t == DType::UInt32 || t == DType::UInt64;
}

bool is_signed(DType t) { return t != DType::Bool && t != DType::UInt8 && !is_limited_dtype(t); }

const char* dtype_name(DType t) {
  switch (t) {
    case DType::Bool: return "bool";
    case DType::UInt8: return "uint8";
    case DType::Int8: return "int8";
    case DType::Int16: return "int16";
    case DType::Int32: return "int32";
    case DType::Int64: return "int64";
    case DType::Float16: return "float16";
    case DType::BFloat16: return "bfloat16";
    case DType::Float32: return "float32";
    case DType::Float64: return "float64";
    case DType::UInt16: return "uint16";
    case DType::UInt32: return "uint32";
    case DType::UInt64: return "uint64";
    case DType::ComplexFloat: return "complex64";
    case DType::ComplexDouble: return "complex128";
  }
  return "float32";
}

std::string dtype_repr(DType t) { return std::string("torch.") + dtype_name(t); }

const char* dtype_legacy_name(DType t) {
  switch (t) {
    case DType::Bool: return "Bool";
    case DType::UInt8: return "Byte";
    case DType::Int8: return "Char";
    case DType::Int16: return "Short";
    case DType::Int32: return "Int";
    case DType::Int64: return "Long";
    case DType::Float16: return "Half";
    case DType::BFloat16: return "BFloat16";
    case DType::Float32: return "Float";
    case DType::Float64: return "Double";
    case DType::UInt16: return "UInt16";
    case DType::UInt32: return "UInt32";
    case DType::UInt64: return "UInt64";
    case DType::ComplexFloat: return "ComplexFloat";
    case DType::ComplexDouble: return "ComplexDouble";
  }
  return "Float";
}

const char* dtype_cpp_name(DType t) {
  switch (t) {
    case DType::Bool: return "bool";
    case DType::UInt8: return "unsigned char";
    case DType::Int8: return "signed char";
    case DType::Int16: return "short int";
    case DType::Int32: return "int";
    case DType::Int64: return "long int";
    case DType::Float16: return "c10::Half";
    case DType::BFloat16: return "c10::BFloat16";
    case DType::Float32: return "float";
    case DType::Float64: return "double";
    case DType::UInt16: return "short unsigned int";
    case DType::UInt32: return "unsigned int";
    case DType::UInt64: return "long unsigned int";
    case DType::ComplexFloat: return "c10::complex<float>";
    case DType::ComplexDouble: return "c10::complex<double>";
  }
  return "float";
}

std::optional<DType> parse_dtype(const std::string& spelled) {
  std::string name = spelled.rfind("torch.", 0) == 0 ? spelled.substr(6) : spelled;
  if (name == "bool") return DType::Bool;
  if (name == "uint8") return DType::UInt8;
  if (name == "int8") return DType::Int8;
  if (name == "int16" || name == "short") return DType::Int16;
  if (name == "int32" || name == "int") return DType::Int32;
  if (name == "int64" || name == "long") return DType::Int64;
  if (name == "float16" || name == "half") return DType::Float16;
  if (name == "bfloat16") return DType::BFloat16;
  if (name == "float32" || name == "float") return DType::Float32;
  if (name == "float64" || name == "double") return DType::Float64;
  if (name == "uint16") return DType::UInt16;
  if (name == "uint32") return DType::UInt32;
  if (name == "uint64") return DType::UInt64;
  if (name == "complex64" || name == "cfloat") return DType::ComplexFloat;
  if (name == "complex128" || name == "cdouble") return DType::ComplexDouble;
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
  // c10's table for complex: the wider of the two complex widths, where float64 is wide.
  if ((is_complex(a) || is_complex(b)) && !is_limited_dtype(a) && !is_limited_dtype(b)) {
    if (a == DType::ComplexDouble || b == DType::ComplexDouble || a == DType::Float64 || b == DType::Float64) {
      return DType::ComplexDouble;
    }
    return DType::ComplexFloat;
  }
  // c10's promoteTypes: a limited unsigned dtype promotes only with a floating one.
  if (is_limited_dtype(a) || is_limited_dtype(b)) {
    if (is_floating(a)) return a;
    if (is_floating(b)) return b;
    fail(ErrorKind::RuntimeError,
         "Promotion for uint16, uint32, uint64 types is not supported, attempted to promote ",
         dtype_legacy_name(a), " and ", dtype_legacy_name(b));
  }
  // c10/core/ScalarType.cpp's table, over the dtypes before the limited ones.
  constexpr DType b1 = DType::Bool, u1 = DType::UInt8, i1 = DType::Int8, i2 = DType::Int16,
                  i4 = DType::Int32, i8 = DType::Int64, f2 = DType::Float16,
                  bf = DType::BFloat16, f4 = DType::Float32, f8 = DType::Float64;
  constexpr int n = static_cast<int>(DType::UInt16);
  static constexpr DType table[n][n] = {
      /*        b1  u1  i1  i2  i4  i8  f2  bf  f4  f8 */
      /* b1 */ {b1, u1, i1, i2, i4, i8, f2, bf, f4, f8},
      /* u1 */ {u1, u1, i2, i2, i4, i8, f2, bf, f4, f8},
      /* i1 */ {i1, i2, i1, i2, i4, i8, f2, bf, f4, f8},
      /* i2 */ {i2, i2, i2, i2, i4, i8, f2, bf, f4, f8},
      /* i4 */ {i4, i4, i4, i4, i4, i8, f2, bf, f4, f8},
      /* i8 */ {i8, i8, i8, i8, i8, i8, f2, bf, f4, f8},
      /* f2 */ {f2, f2, f2, f2, f2, f2, f2, f4, f4, f8},
      /* bf */ {bf, bf, bf, bf, bf, bf, f4, bf, f4, f8},
      /* f4 */ {f4, f4, f4, f4, f4, f4, f4, f4, f4, f8},
      /* f8 */ {f8, f8, f8, f8, f8, f8, f8, f8, f8, f8},
  };
  return table[static_cast<int>(a)][static_cast<int>(b)];
}

void fail_not_implemented_for(const char* kernel, DType t) {
  fail(ErrorKind::NotImplementedError, "\"", kernel, "\" not implemented for '",
       dtype_legacy_name(t), "'");
}

}  // namespace tp
