// Scalar: a Python number (bool, int or float) passed to an op.
#pragma once

#include <cstdint>
#include <type_traits>

#include "core/dtype.h"

namespace tp {

class Scalar {
 public:
  enum class Kind : uint8_t { Bool, Int, Float };

  Scalar() : kind_(Kind::Int), i_(0) {}
  Scalar(bool b) : kind_(Kind::Bool), i_(b ? 1 : 0) {}           // NOLINT
  Scalar(int v) : kind_(Kind::Int), i_(v) {}                      // NOLINT
  Scalar(int64_t v) : kind_(Kind::Int), i_(v) {}                  // NOLINT
  Scalar(double v) : kind_(Kind::Float), d_(v) {}                 // NOLINT
  Scalar(float v) : kind_(Kind::Float), d_(static_cast<double>(v)) {}  // NOLINT

  Kind kind() const { return kind_; }
  bool is_bool() const { return kind_ == Kind::Bool; }
  bool is_int() const { return kind_ == Kind::Int; }
  bool is_float() const { return kind_ == Kind::Float; }

  double to_double() const { return kind_ == Kind::Float ? d_ : static_cast<double>(i_); }
  int64_t to_int() const { return kind_ == Kind::Float ? static_cast<int64_t>(d_) : i_; }
  bool to_bool() const { return kind_ == Kind::Float ? d_ != 0.0 : i_ != 0; }

  // The dtype PyTorch gives a wrapped Python number: bool, int64 or float64.
  DType natural_dtype() const {
    return kind_ == Kind::Bool ? DType::Bool : kind_ == Kind::Int ? DType::Int64 : DType::Float64;
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
      if constexpr (std::is_unsigned_v<T>) return kind_ == Kind::Float ? static_cast<T>(static_cast<int64_t>(d_)) : static_cast<T>(i_);
      else return kind_ == Kind::Float ? static_cast<T>(d_) : static_cast<T>(i_);
    }
  }

 private:
  Kind kind_;
  union {
    int64_t i_;
    double d_;
  };
};

}  // namespace tp
