// Test helpers shared by shape_test and indexing_test: a tensor's layout and values as
// text (the same text gen_shape.py / gen_indexing.py record from PyTorch), arange
// inputs, and a check that an expression raises the recorded error (text and kind).
#pragma once

#include <cstdio>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "core/error.h"
#include "test_util.h"

namespace tp::test {

// "[2, 3]" with the fixture's formatting.
inline std::string list_str(const Shape& v) { return shape_str(v); }

// shape, stride, offset, contiguity, dtype and values, one per line, as the generators print.
inline std::string describe(const Tensor& t) {
  std::string values;
  for (double v : values_of(t)) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.6g", v);
    if (!values.empty()) values += " ";
    values += buf;
  }
  return "shape " + list_str(t.sizes()) + "\nstride " + list_str(t.strides()) + "\noffset " +
         std::to_string(t.storage_offset()) + "\ncontiguous " +
         std::to_string(t.is_contiguous() ? 1 : 0) + "\ndtype " + dtype_name(t.dtype()) +
         "\nvalues " + values;
}

inline std::string describe(const std::vector<Tensor>& ts) {
  std::string out;
  for (size_t i = 0; i < ts.size(); ++i) out += (i ? "\n--\n" : "") + describe(ts[i]);
  return out;
}

// torch.arange(n).reshape(shape) converted to dtype.
inline Tensor arange_as(const Shape& shape, DType dtype = DType::Float32) {
  std::vector<double> v(static_cast<size_t>(shape_numel(shape)));
  for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<double>(i);
  return make_tensor(v, shape, dtype);
}

// "Kind: message" of the TorchError that f raises ("no error" if none).
inline std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const TorchError& e) {
    return std::string(error_kind_name(e.kind())) + ": " + e.what();
  }
  return "no error";
}

// The message part of a recorded "Kind: message" block.
inline std::string message_of(const std::string& recorded) {
  size_t colon = recorded.find(": ");
  return colon == std::string::npos ? recorded : recorded.substr(colon + 2);
}

}  // namespace tp::test

// The expression raises exactly the error recorded under `name` in the fixture `fx`.
#define CHECK_RECORDED_ERROR(fx, name, expr)                                   \
  do {                                                                         \
    const std::string recorded_ = (fx).at(name);                               \
    CHECK_THROWS_WITH((void)(expr), ::tp::test::message_of(recorded_).c_str()); \
    CHECK(::tp::test::error_of([&] { (void)(expr); }) == recorded_);          \
  } while (0)
