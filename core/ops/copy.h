// Moving and converting data: copy_, to, contiguous, clone, fill_, item.
#pragma once

#include <optional>
#include <vector>

#include "core/scalar.h"
#include "core/tensor.h"

namespace tp {

// dst.copy_(src, non_blocking): src broadcasts to dst's shape; devices and dtypes may
// differ. non_blocking lets a host-to-device copy from pinned memory run while the host
// goes on (a pageable one blocks regardless, as in CUDA).
const Tensor& copy_(const Tensor& dst, const Tensor& src, bool non_blocking = false);
// A torch function's out=: result written into out, as ATen's resize_output + copy_: result's
// dtype must cast to out's ("result type Float can't be cast to the desired output type
// Long") and the devices match; an out of another shape takes result's shape. Returns true
// when out had elements and so was resized (PyTorch warns then).
bool write_out(const Tensor& result, const Tensor& out);
// A tensor of `dtype` with t's values (t itself when the dtype already matches).
Tensor cast(const Tensor& t, DType dtype);
// t.to(device, dtype, non_blocking=, copy=): t itself when nothing would change and copy
// is false; non_blocking as for copy_.
Tensor to(const Tensor& t, std::optional<Device> device, std::optional<DType> dtype,
          bool copy = false, bool non_blocking = false);
// t itself when contiguous, else a contiguous copy.
Tensor contiguous(const Tensor& t);
// An integer tensor's values on the host, as int64 (index checks); none for a meta tensor,
// which has no data to check.
std::vector<int64_t> host_int64(const Tensor& t);
Tensor clone(const Tensor& t);
// fill_ refuses a value the dtype cannot hold (check_fill_value).
const Tensor& fill_(const Tensor& t, Scalar value);
// What fill_, full, masked_fill and index_fill check: check_value_fits naming the C type
// ("int8_t"), as ATen's fill does.
void check_fill_value(Scalar value, DType dtype);
// c10's checked_convert: an integer dtype takes an integer of its range (an unsigned one also
// the negatives of its range, which wrap: -1 is 255) or a float inside its range; otherwise
// "value cannot be converted to type <spelled> without overflow".
void check_value_fits(Scalar value, DType dtype, const char* spelled);
const Tensor& zero_(const Tensor& t);
// A 0-dim tensor holding a Python number (a "wrapped number" for type promotion).
Tensor scalar_to_tensor(Scalar value, Device device = Device::cpu());
// t.item(): the single element as a Python number (copies to the host).
Scalar item(const Tensor& t);
// Element i of a flattened CPU copy, as a Python number (for printing and tolist).
Scalar element_at(const Tensor& cpu_contiguous, int64_t i);

}  // namespace tp
