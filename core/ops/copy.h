// Moving and converting data: copy_, to, contiguous, clone, fill_, item.
#pragma once

#include <optional>

#include "core/scalar.h"
#include "core/tensor.h"

namespace tp {

// dst.copy_(src, non_blocking): src broadcasts to dst's shape; devices and dtypes may
// differ. non_blocking lets a host-to-device copy from pinned memory run while the host
// goes on (a pageable one blocks regardless, as in CUDA).
const Tensor& copy_(const Tensor& dst, const Tensor& src, bool non_blocking = false);
// A tensor of `dtype` with t's values (t itself when the dtype already matches).
Tensor cast(const Tensor& t, DType dtype);
// t.to(device, dtype, non_blocking=, copy=): t itself when nothing would change and copy
// is false; non_blocking as for copy_.
Tensor to(const Tensor& t, std::optional<Device> device, std::optional<DType> dtype,
          bool copy = false, bool non_blocking = false);
// t itself when contiguous, else a contiguous copy.
Tensor contiguous(const Tensor& t);
Tensor clone(const Tensor& t);
const Tensor& fill_(const Tensor& t, Scalar value);
const Tensor& zero_(const Tensor& t);
// A 0-dim tensor holding a Python number (a "wrapped number" for type promotion).
Tensor scalar_to_tensor(Scalar value, Device device = Device::cpu());
// t.item(): the single element as a Python number (copies to the host).
Scalar item(const Tensor& t);
// Element i of a flattened CPU copy, as a Python number (for printing and tolist).
Scalar element_at(const Tensor& cpu_contiguous, int64_t i);

}  // namespace tp
