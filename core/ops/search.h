// Searching sorted sequences and counting into bins: searchsorted, bucketize, bincount, histc
// and histogram, with ATen's checks and texts. None is differentiable (integer or count
// results), as in PyTorch.
#pragma once

#include <optional>
#include <string>

#include "core/scalar.h"
#include "core/tensor.h"

namespace tp {

// For each value, the position in the innermost dim of sorted_sequence where it would be
// inserted to keep it sorted (the first such place, or the last when right); a 1-D sequence
// serves every value, an N-D one the values with the same leading dims. `sorter` gives the
// ascending order of an unsorted sequence. int64 results, int32 with out_int32.
Tensor searchsorted(const Tensor& sorted_sequence, const Tensor& values, bool out_int32, bool right,
                    const std::optional<std::string>& side, const Tensor& sorter);
// searchsorted(boundaries, input) for a 1-D boundaries tensor.
Tensor bucketize(const Tensor& input, const Tensor& boundaries, bool out_int32, bool right);
// How often each value 0..max occurs in a 1-D non-negative integer tensor (at least minlength
// bins), or the sum of the weights of its occurrences.
Tensor bincount(const Tensor& input, const Tensor& weights, int64_t minlength);
// A histogram of `bins` equal bins over [min, max] (the data's range when both are equal).
Tensor histc(const Tensor& input, int64_t bins, Scalar min, Scalar max);

struct Histogram {
  Tensor hist;
  Tensor bin_edges;
};
// torch.histogram: `bins` equal bins over range (default the data's range), or the given
// bin edges; optional per-element weights; density divides by the total and the bin widths.
Histogram histogram(const Tensor& input, int64_t bins, std::optional<std::pair<double, double>> range,
                    const Tensor& weight, bool density);
Histogram histogram(const Tensor& input, const Tensor& bin_edges, const Tensor& weight, bool density);

}  // namespace tp
