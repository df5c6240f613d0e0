// result_type, following ATen's ResultTypeState (native/TypeProperties.cpp).
#include "core/ops/type_promotion.h"

#include <optional>

namespace tp {

namespace {

enum Category { kBool = 0, kIntegral = 1, kFloating = 2, kComplex = 3 };

Category category(DType t) {
  if (t == DType::Bool) return kBool;
  if (is_complex(t)) return kComplex;
  return is_floating(t) ? kFloating : kIntegral;
}

std::optional<DType> promote_opt(std::optional<DType> a, DType b) {
  return a ? promote_types(*a, b) : b;
}

// combine_categories: the higher-priority result wins unless the lower one is of a
// higher category (e.g. an int tensor + a Python float gives the default float).
std::optional<DType> combine(std::optional<DType> higher, std::optional<DType> lower) {
  if (!higher) return lower;
  if (!lower) return higher;
  if (category(*higher) >= category(*lower)) return higher;
  // A lower-priority complex operand keeps a floating operand's width (float32 + 1j is
  // complex64); an integer operand takes the complex one's (ATen's combine_categories).
  if (is_complex(*lower)) return is_floating(*higher) ? complex_dtype(*higher) : *lower;
  return promote_types(*higher, *lower);
}

}  // namespace

DType result_type(std::initializer_list<const Tensor*> operands) {
  std::optional<DType> dim_result, zero_result, wrapped_result;
  for (const Tensor* t : operands) {
    if (!t || !t->defined()) continue;
    DType d = t->dtype();
    if (t->is_wrapped_number()) {
      if (is_floating(d)) d = default_float_dtype();
      if (is_complex(d)) d = default_complex_dtype();
      wrapped_result = promote_opt(wrapped_result, d);
    } else if (t->dim() == 0) {
      zero_result = promote_opt(zero_result, d);
    } else {
      dim_result = promote_opt(dim_result, d);
    }
  }
  std::optional<DType> r = combine(dim_result, combine(zero_result, wrapped_result));
  return r ? *r : default_float_dtype();
}

DType result_type(const Tensor& a, const Tensor& b) { return result_type({&a, &b}); }

bool can_cast(DType from, DType to) {
  // Floating can't go to integral or bool; non-bool can't go to bool (c10::canCast).
  if (is_complex(from) && !is_complex(to)) return false;
  if (is_floating(from) && !is_floating(to) && !is_complex(to)) return false;
  if (from != DType::Bool && to == DType::Bool) return false;
  return true;
}

}  // namespace tp
