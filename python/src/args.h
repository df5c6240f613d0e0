// Reading the arguments of a torch function or Tensor method: positional-or-keyword lookup
// and conversion of Python values to tensors, scalars, shapes, dtypes and devices, with
// PyTorch's TypeError texts that name the function and the argument.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <functional>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "core/generator.h"
#include "core/scalar.h"
#include "python/src/py_types.h"

namespace tp::torchpy {

// One call's arguments; `params` are the parameter names in order, so that each argument can
// be given by position or by keyword. A name starting with '*' takes the remaining positionals
// (ones(2, 3)); the parameters after it are keyword-only. Unknown keywords raise PyTorch's
// TypeError. For a Tensor method, args[0] is self and positions in messages count from the
// argument after it, as PyTorch's do.
class OpArgs {
 public:
  OpArgs(const char* fname, const py::args& a, const py::kwargs& kw, std::initializer_list<const char*> params);
  const char* fname;

  // The argument for parameter `i` (a null handle when not given).
  py::handle get(size_t i) const;
  // Given and not None.
  bool has(size_t i) const;
  size_t npos() const { return a_.size(); }
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
  // An element of int list argument i at 1-based position pos: an int, or PyTorch's
  // "failed to unpack the object at pos" TypeError.
  int64_t list_element(size_t i, py::handle x, size_t pos) const;
  // True when argument i is a tensor, false for a Python number; else PyTorch's TypeError.
  bool tensor_or_number(size_t i) const;
  // Raises TypeError: "fname(): argument 'name' (position k) must be T, not U".
  [[noreturn]] void type_error(size_t i, const char* expected) const;

  [[noreturn]] void unpack_error(size_t i, size_t pos, const std::string& why) const;

  // Set by the method wrapper just before a Tensor method's binding runs.
  static bool next_is_method;

 private:
  // list_element's int, nullopt when x is not int-like.
  std::optional<int64_t> list_int(size_t i, py::handle x, size_t pos) const;
  const py::args& a_;
  const py::kwargs& kw_;
  std::vector<const char*> params_;
  size_t varargs_at_ = SIZE_MAX;  // the "*name" parameter, if any
  bool method_ = false;
};

// The one conversion layer from Python values to numbers: what PyTorch's argument parser takes.
// A Python number (bool, int, float) or a real numpy scalar as a Scalar; nullopt for anything
// else. An int past int64 is a float up to 2**64 and beyond that PyTorch's OverflowError.
std::optional<Scalar> as_scalar(py::handle v);
// A Scalar as a Python bool, int or float; `element` is the dtype it was read from (a uint64
// element is held as its int64 bits).
py::object scalar_value(const Scalar& s, DType element = DType::Int64);
// An int-like value (int, bool, numpy integer, an object whose __index__ gives an int) as
// int64; nullopt otherwise. Past int64: PyTorch's ValueError "Overflow when unpacking long long".
std::optional<int64_t> as_index(py::handle v);
// as_index, or a one-element integer tensor's value: what an int parameter takes.
std::optional<int64_t> int_value(py::handle v);
// A Python int or numpy integer as int64, with as_index's overflow error.
int64_t unpack_int64(py::handle v);
// "cuda:0", torch.device or an int ordinal, as a Device; TypeError naming fname otherwise.
Device to_device_value(py::handle v, const char* fname);
// torch.tensor(data): nested lists/tuples of numbers (or tensors, numpy arrays) -> a tensor.
// generator=: the torch.Generator given (TypeError for anything else), nullptr for None.
Generator* generator_arg(const OpArgs& p, size_t i);
// x.op_(...) for argument 0: compute runs out of place on x (or a copy carrying x's history)
// and its result is written back into x, which is returned.
py::object write_back_inplace(const OpArgs& p, const std::function<Tensor(const Tensor&)>& compute);

// PyTorch's parser error when no overload of fname takes these arguments: `overloads` are
// the signatures as PyTorch lists them (without self for a method call, whose text also says
// why each did not match).
[[noreturn]] void raise_no_overload(const char* fname, const py::args& a, const py::kwargs& kw, bool method,
                                    const std::vector<std::string>& overloads);

// The arguments of std/var/std_mean/var_mean(input, dim=None, unbiased=True, keepdim=False,
// *, correction=None); std(x, False) gives unbiased in dim's place. Warns as PyTorch does
// when the correction leaves no degrees of freedom.
struct SpreadArgs {
  Tensor input;
  std::vector<int64_t> dims;  // empty: every dim
  int64_t correction;
  bool keepdim;
};
SpreadArgs spread_args(const char* fname, const py::args& a, const py::kwargs& kw);

Tensor tensor_from_data(py::handle data, std::optional<DType> dtype, Device device);
// "TensorOptions(dtype=float, device=cpu, ...)": how the legacy constructors' TypeError names
// a tensor's options.
std::string legacy_options_str(DType dtype, Device device);
// Raises Python's TypeError with `message` (from a binding, outside any OpArgs).
[[noreturn]] void raise_type_error(const std::string& message);

}  // namespace tp::torchpy
