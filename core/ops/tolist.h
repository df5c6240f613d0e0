// t.tolist(): the tensor's values as nested lists of Python numbers.
#pragma once

#include <vector>

#include "core/scalar.h"
#include "core/tensor.h"

namespace tp {

// A Python number, or a list of ListValues.
struct ListValue {
  bool is_list = false;
  Scalar number;                // when !is_list: bool, int or float (float32 widened to double)
  std::vector<ListValue> items;  // when is_list
};

// Nested lists with t's shape; a 0-dim tensor gives a bare number (copies to the host).
ListValue tolist(const Tensor& t);

}  // namespace tp
