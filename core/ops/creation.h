// Tensor factories: zeros, ones, full, eye, arange, linspace, tensor(...) and the *_like
// family, with PyTorch's dtype inference, lengths, values and error texts.
#pragma once

#include <optional>
#include <vector>

#include "core/scalar.h"
#include "core/tensor.h"

namespace tp {

// The device factories use when not told (torch.set_default_device; cpu until set).
Device default_device();
void set_default_device(Device device);

// torch.zeros(size, dtype=, device=).
Tensor zeros(const Shape& size, TensorOptions options = {});
// torch.ones(size, dtype=, device=).
Tensor ones(const Shape& size, TensorOptions options = {});
// torch.full(size, value): dtype from the value when not given (bool, int64, default float).
Tensor full(const Shape& size, Scalar value, std::optional<DType> dtype = std::nullopt,
            Device device = Device::cpu());
// torch.eye(n, m): ones on the diagonal; m defaults to n.
Tensor eye(int64_t n, std::optional<int64_t> m = std::nullopt, TensorOptions options = {});
// torch.arange(end): int64 when every argument is an integer, else the default float.
Tensor arange(Scalar end, std::optional<DType> dtype = std::nullopt,
              Device device = Device::cpu());
// torch.arange(start, end, step): length ceil((end - start) / step).
Tensor arange(Scalar start, Scalar end, Scalar step = Scalar(int64_t{1}),
              std::optional<DType> dtype = std::nullopt, Device device = Device::cpu());
// torch.linspace(start, end, steps): the default float unless a dtype is given.
Tensor linspace(Scalar start, Scalar end, int64_t steps, TensorOptions options = {});
// torch.tensor(data) for data already flattened row-major into `values` with `shape`:
// dtype is the default float if any value is a float, else int64 if any is an int, else bool.
Tensor tensor(const std::vector<Scalar>& values, const Shape& shape,
              std::optional<DType> dtype = std::nullopt, Device device = Device::cpu());

// The *_like factories: t's shape, and t's dtype and device unless given.
Tensor empty_like(const Tensor& t, std::optional<DType> dtype = std::nullopt,
                  std::optional<Device> device = std::nullopt);
Tensor zeros_like(const Tensor& t, std::optional<DType> dtype = std::nullopt,
                  std::optional<Device> device = std::nullopt);
Tensor ones_like(const Tensor& t, std::optional<DType> dtype = std::nullopt,
                 std::optional<Device> device = std::nullopt);
Tensor full_like(const Tensor& t, Scalar value, std::optional<DType> dtype = std::nullopt,
                 std::optional<Device> device = std::nullopt);

}  // namespace tp
