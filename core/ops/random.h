// Random tensor factories and in-place samplers (torch.rand, randn, randint, randperm,
// *_like, Tensor.uniform_, Tensor.normal_), drawing from the CPU generator in the same order
// and with the same arithmetic as PyTorch's CPU kernels, so a seed gives PyTorch's values.
//
// Tensors on another device are generated on the CPU generator and copied there. Real CUDA
// uses its own Philox generator, so on a GPU PyTorch's values differ from these.
#pragma once

#include <cstdint>

#include "core/generator.h"
#include "core/tensor.h"

namespace tp {

// torch.rand(size): uniform on [0, 1). Floating dtypes only.
Tensor rand(const Shape& size, TensorOptions options = {}, Generator* gen = nullptr);
// torch.randn(size): standard normal. Floating dtypes only.
Tensor randn(const Shape& size, TensorOptions options = {}, Generator* gen = nullptr);
// torch.randint(low, high, size): integers in [low, high); int64 unless told otherwise.
Tensor randint(int64_t low, int64_t high, const Shape& size,
               TensorOptions options = DType::Int64, Generator* gen = nullptr);
// torch.randint(high, size): integers in [0, high).
Tensor randint(int64_t high, const Shape& size, TensorOptions options = DType::Int64,
               Generator* gen = nullptr);
// torch.randperm(n): a random permutation of 0..n-1.
Tensor randperm(int64_t n, TensorOptions options = DType::Int64, Generator* gen = nullptr);

// The *_like forms: t's shape, and t's dtype and device unless options say otherwise.
Tensor rand_like(const Tensor& t);
Tensor rand_like(const Tensor& t, TensorOptions options);
Tensor randn_like(const Tensor& t);
Tensor randn_like(const Tensor& t, TensorOptions options);
Tensor randint_like(const Tensor& t, int64_t high);
Tensor randint_like(const Tensor& t, int64_t low, int64_t high);
Tensor randint_like(const Tensor& t, int64_t low, int64_t high, TensorOptions options);

// t.uniform_(from, to): fills t in place with uniform samples on [from, to).
const Tensor& uniform_(const Tensor& t, double from = 0.0, double to = 1.0,
                       Generator* gen = nullptr);
// t.normal_(mean, std): fills t in place with normal samples.
const Tensor& normal_(const Tensor& t, double mean = 0.0, double std = 1.0,
                      Generator* gen = nullptr);
// t.random_(from, to): fills t in place with integers in [from, to) (randint's kernel).
const Tensor& random_(const Tensor& t, int64_t from, int64_t to, Generator* gen = nullptr);

}  // namespace tp
