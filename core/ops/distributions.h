// Sampling ops beyond the factories of random.h: torch.multinomial, torch.bernoulli /
// Tensor.bernoulli_, Tensor.exponential_, Tensor.cauchy_, Tensor.log_normal_, Tensor.geometric_ and torch.normal's tensor overloads, drawing from
// the CPU generator in the order PyTorch's CPU kernels do, so a seed gives PyTorch's values.
//
// Like random.h, tensors on another device are sampled on the CPU and copied there.
#pragma once

#include <cstdint>

#include "core/generator.h"
#include "core/tensor.h"

namespace tp {

// torch.multinomial(input, num_samples, replacement): int64 category indices drawn from the
// rows of a 1-D or 2-D tensor of non-negative weights.
Tensor multinomial(const Tensor& input, int64_t num_samples, bool replacement = false,
                   Generator* gen = nullptr);

// torch.bernoulli(input): 0/1 draws with probabilities `input`, in input's dtype.
Tensor bernoulli(const Tensor& input, Generator* gen = nullptr);
// torch.bernoulli(input, p): input's shape and dtype, every draw with probability p.
Tensor bernoulli(const Tensor& input, double p, Generator* gen = nullptr);
// t.bernoulli_(p): t filled with 0/1 draws, p a number or a tensor broadcastable to t.
const Tensor& bernoulli_(const Tensor& t, double p, Generator* gen = nullptr);
const Tensor& bernoulli_(const Tensor& t, const Tensor& p, Generator* gen = nullptr);

// t.exponential_(lambd): t filled with Exp(lambd) samples.
const Tensor& exponential_(const Tensor& t, double lambd = 1.0, Generator* gen = nullptr);

// t.cauchy_(median, sigma): t filled with Cauchy(median, sigma) samples.
const Tensor& cauchy_(const Tensor& t, double median = 0.0, double sigma = 1.0, Generator* gen = nullptr);

// t.log_normal_(mean, std): t filled with exp(N(mean, std)) samples.
const Tensor& log_normal_(const Tensor& t, double mean = 1.0, double std = 2.0, Generator* gen = nullptr);

// t.geometric_(p): t filled with the number of Bernoulli(p) trials up to the first success.
const Tensor& geometric_(const Tensor& t, double p, Generator* gen = nullptr);

// torch.normal's overloads: elementwise means and/or standard deviations (broadcast), or
// numbers and a size.
Tensor normal(const Tensor& mean, const Tensor& std, Generator* gen = nullptr);
Tensor normal(const Tensor& mean, double std, Generator* gen = nullptr);
Tensor normal(double mean, const Tensor& std, Generator* gen = nullptr);
Tensor normal(double mean, double std, const Shape& size, TensorOptions options = {},
              Generator* gen = nullptr);

}  // namespace tp
