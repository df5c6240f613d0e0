// Reading the arguments of a torch function or Tensor method: positional-or-keyword lookup
// and conversion of language values to tensors, scalars, shapes, dtypes and devices, with
// PyTorch's TypeError texts that name the function and the argument.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>

#include "core/scalar.h"
#include "repl/torch/torch_types.h"

namespace tp::torchlang {

// One call's arguments; `params` are the parameter names in order, so that each argument can
// be given by position or by keyword. Unknown keywords raise PyTorch's TypeError.
class OpArgs {
 public:
  OpArgs(Interpreter& I, const char* fname, Args a, std::initializer_list<const char*> params);
  Interpreter& I;
  const char* fname;
  Args a;

  // The argument for parameter `i` (Unbound when not given).
  Value get(size_t i) const;
  bool has(size_t i) const { return !get(i).is_unbound() && !get(i).is_none(); }
  // Conversions; the argument must be present unless a default is given.
  Tensor tensor(size_t i) const;
  Scalar scalar(size_t i) const;
  int64_t integer(size_t i) const;
  int64_t integer(size_t i, int64_t dflt) const;
  double number(size_t i, double dflt) const;
  bool boolean(size_t i, bool dflt) const;
  std::optional<DType> dtype(size_t i) const;
  std::optional<Device> device(size_t i) const;
  std::optional<int64_t> opt_int(size_t i) const;
  Shape int_list(size_t i) const;
  // Sizes given as varargs from parameter i on (ones(2, 3)) or as one list/tuple/Size.
  Shape varargs_shape(size_t i) const;
  // True when argument i is a tensor, false for a Python number; else PyTorch's TypeError.
  bool tensor_or_number(size_t i) const;
  // Set by a Tensor method call just before its binding runs: positions in messages then
  // count from the first argument after self, as PyTorch's do.
  static bool next_is_method;
  // Raises TypeError: "fname(): argument 'name' (position k) must be T, not U".
  [[noreturn]] void type_error(size_t i, const char* expected) const;
  // The type name PyTorch prints for a value in its messages.
  static std::string type_name(const Value& v);

 private:
  std::vector<const char*> params_;
  size_t varargs_at_ = SIZE_MAX;  // the "*name" parameter, if any
  bool method_ = false;
};

// A value as a Scalar when it is a Python number (or a 0-dim/1-element tensor: nullopt).
std::optional<Scalar> as_scalar(const Value& v);
// A language value converted to a Device ("cuda:0", torch.device, int ordinal).
Device to_device_value(Interpreter& I, const Value& v, const char* fname);
// torch.tensor(data): nested lists/tuples of numbers (or tensors) -> a tensor.
Tensor tensor_from_data(Interpreter& I, const Value& data, std::optional<DType> dtype, Device device);
// A Python number or bool as a Value from a Scalar.
Value scalar_value(const Scalar& s);

}  // namespace tp::torchlang
