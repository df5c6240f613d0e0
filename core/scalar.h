// Scalar: a Python number (bool, int, float or complex) passed to an op.
#pragma once

#include <complex>
#include <cstdint>
#include <type_traits>

#include "core/dtype.h"

namespace tp {

class Scalar {
 public:
  enum class Kind : uint8_t { Bool, Int, Float, Complex };

  Scalar() : kind_(Kind::Int), i_(0) {}
  Scalar(bool b) : kind_(Kind::Bool), i_(b ? 1 : 0) {}           // NOLINT
  Scalar(int v) : kind_(Kind::Int), i_(v) {}                      // NOLINT
  Scalar(int64_t v) : kind_(Kind::Int), i_(v) {}                  // NOLINT
  Scalar(double v) : kind_(Kind::Float), d_(v) {}                 // NOLINT
  Scalar(float v) : kind_(Kind::Float), d_(static_cast<double>(v)) {}  // NOLINT
  Scalar(std::complex<double> v) : kind_(Kind::Complex), d_(v.real()), imag_(v.imag()) {}  // NOLINT

  Kind kind() const { return kind_; }
  bool is_bool() const { return kind_ == Kind::Bool; }
  bool is_int() const { return kind_ == Kind::Int; }
  bool is_float() const { return kind_ == Kind::Float; }
  bool is_complex() const { return kind_ == Kind::Complex; }
  bool holds_double() const { return kind_ == Kind::Float || kind_ == Kind::Complex; }

  // A complex value's real part for the conversions to real numbers.
  double to_double() const { return holds_double() ? d_ : static_cast<double>(i_); }
  int64_t to_int() const { return holds_double() ? static_cast<int64_t>(d_) : i_; }
  bool to_bool() const { return holds_double() ? (d_ != 0.0 || imag_ != 0.0) : i_ != 0; }
  double imag() const { return imag_; }
  std::complex<double> to_complex() const { return {to_double(), imag_}; }

  // The dtype PyTorch gives a wrapped Python number: bool, int64, float64 or complex128.
  DType natural_dtype() const {
    switch (kind_) {
      case Kind::Bool: return DType::Bool;
      case Kind::Int: return DType::Int64;
      case Kind::Float: return DType::Float64;
      case Kind::Complex: return DType::ComplexDouble;
    }
    return DType::Float64;
  }

  // Converts to a kernel's element type.
  template <typename T>
  T to() const {
    if constexpr (std::is_same_v<T, bool>) {
      return to_bool();
    } else if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>) {
      return T(static_cast<float>(to_double()));
    } else {
      // An unsigned type takes a float through int64, keeping the low bits (-1.0 -> 255).
      if constexpr (std::is_unsigned_v<T>) return holds_double() ? static_cast<T>(static_cast<int64_t>(d_)) : static_cast<T>(i_);
      else return holds_double() ? static_cast<T>(d_) : static_cast<T>(i_);
    }
  }

 private:
  Kind kind_;
  union {
    int64_t i_;
    double d_;
  };
  double imag_ = 0.0;  // a complex value's imaginary part
};

}  // namespace tp
