// einsum in ATen's three steps: parse the equation into labels per operand; align every
// operand to one layout (output dims, then contracted dims) by taking diagonals of repeated
// labels, unsqueezing missing ones and permuting; then contract left to right, each pair
// as a bmm over (batch, left-only, summed) x (batch, summed, right-only) dims.
#include "core/ops/einsum.h"

#include <algorithm>
#include <cctype>
#include <deque>

#include "core/error.h"
#include "core/ops/elementwise.h"
#include "core/ops/linalg.h"
#include "core/ops/reduce.h"
#include "core/ops/diagonal.h"
#include "core/ops/shape.h"

namespace tp {
namespace {

constexpr int kLetters = 26;
constexpr int kLabels = 2 * kLetters;
constexpr int kEllipsis = kLabels;  // the label standing for "..."

// A-Z are labels 0-25 and a-z 26-51, so the implicit output orders upper case first.
int label_of(unsigned char c) { return std::isupper(c) ? c - 'A' : c - 'a' + kLetters; }
char letter_of(int label) { return static_cast<char>(label < kLetters ? 'A' + label : 'a' + label - kLetters); }

// (left * right).sum(sum_dims) for operands of equal rank (size-1 dims broadcast), as one
// bmm; summed dims are kept with size 1.
Tensor sumproduct_pair(Tensor left, Tensor right, const std::vector<int64_t>& sum_dims) {
  if (sum_dims.empty()) return mul(left, right);
  const int64_t rank = left.dim();
  std::vector<bool> summed(rank, false);
  for (int64_t d : sum_dims) summed[d] = true;
  std::vector<int64_t> lro, lo, ro;  // dims in both and the output, only left, only right
  int64_t lro_size = 1, lo_size = 1, ro_size = 1, sum_size = 1;
  for (int64_t d = 0; d < rank; ++d) {
    const bool in_left = left.size(d) != 1, in_right = right.size(d) != 1;
    if (summed[d]) {
      if (in_left && in_right) {
        TP_CHECK(left.size(d) == right.size(d), RuntimeError, "non-broadcast dimensions must match");
        sum_size *= left.size(d);
      } else if (in_left) {
        left = sum(left, {d}, true);
      } else if (in_right) {
        right = sum(right, {d}, true);
      }
    } else if (in_left && in_right) {
      TP_CHECK(left.size(d) == right.size(d), RuntimeError, "non-broadcast dimensions must match");
      lro.push_back(d);
      lro_size *= left.size(d);
    } else if (in_left) {
      lo.push_back(d);
      lo_size *= left.size(d);
    } else {
      ro.push_back(d);
      ro_size *= right.size(d);
    }
  }
  // When every right-only dim comes before the left-only ones, swapping the operands lets bmm
  // produce the output's order directly.
  if (!lo.empty() && !ro.empty() && ro.back() < lo.front()) {
    std::swap(left, right);
    std::swap(lo, ro);
    std::swap(lo_size, ro_size);
  }
  Shape out_size;
  for (int64_t d : lro) out_size.push_back(left.size(d));
  for (int64_t d : lo) out_size.push_back(left.size(d));
  for (size_t k = 0; k < sum_dims.size(); ++k) out_size.push_back(1);
  for (int64_t d : ro) out_size.push_back(right.size(d));
  auto concat = [](std::initializer_list<const std::vector<int64_t>*> parts) {
    Shape all;
    for (auto* p : parts) all.insert(all.end(), p->begin(), p->end());
    return all;
  };
  Shape lperm = concat({&lro, &lo, &sum_dims, &ro}), rperm = concat({&lro, &sum_dims, &ro, &lo});
  // bmm's output is in lperm's order (lro, lo, summed, ro): operm takes it back.
  Shape operm(rank, -1);
  for (int64_t k = 0; k < rank; ++k) operm[lperm[k]] = k;
  left = reshape(permute(left, lperm), {lro_size, lo_size, sum_size});
  right = reshape(permute(right, rperm), {lro_size, sum_size, ro_size});
  return permute(view(bmm(left, right), out_size), operm);
}

struct Parsed {
  std::vector<std::vector<int>> op_labels;
  bool has_arrow = false;
  std::string rhs;
  size_t lhs_size = 0;
};

Parsed parse_inputs(const std::string& equation, size_t num_ops) {
  Parsed p;
  const size_t arrow = equation.find("->");
  p.has_arrow = arrow != std::string::npos;
  const std::string lhs = equation.substr(0, arrow);
  p.lhs_size = lhs.size();
  if (p.has_arrow) p.rhs = equation.substr(arrow + 2);
  p.op_labels.resize(num_ops);
  bool ellipsis = false;
  size_t op = 0;
  for (size_t i = 0; i < lhs.size(); ++i) {
    const unsigned char c = lhs[i];
    if (c == ' ') continue;
    if (c == '.') {
      TP_CHECK(!ellipsis, RuntimeError, "einsum(): found '.' for operand ", op,
               " for which an ellipsis was already found");
      TP_CHECK(i + 2 < lhs.size() && lhs[++i] == '.' && lhs[++i] == '.', RuntimeError, "einsum(): found '.' for operand ",
               op, " that is not part of any ellipsis");
      p.op_labels[op].push_back(kEllipsis);
      ellipsis = true;
    } else if (c == ',') {
      ++op;
      TP_CHECK(op < num_ops, RuntimeError, "einsum(): fewer operands were provided than specified in the equation");
      ellipsis = false;
    } else {
      TP_CHECK(std::isalpha(c), RuntimeError, "einsum(): invalid subscript given at index ", i,
               " in the equation string, subscripts must be in [a-zA-Z]");
      p.op_labels[op].push_back(label_of(c));
    }
  }
  TP_CHECK(op == num_ops - 1, RuntimeError, "einsum(): more operands were provided than specified in the equation");
  return p;
}

}  // namespace

Tensor einsum(const std::string& equation, const std::vector<Tensor>& operands) {
  TP_CHECK(!operands.empty(), RuntimeError, "einsum(): must provide at least one operand");
  const size_t num_ops = operands.size();
  Parsed p = parse_inputs(equation, num_ops);

  std::vector<int64_t> label_count(kLabels, 0);
  int64_t ell_dims = 0;  // the most dims any ellipsis covers
  for (size_t i = 0; i < num_ops; ++i) {
    const int64_t ndim = operands[i].dim();
    int64_t nlabels = static_cast<int64_t>(p.op_labels[i].size());
    bool has_ellipsis = false;
    for (int label : p.op_labels[i]) {
      if (label == kEllipsis) {
        --nlabels;
        has_ellipsis = true;
        ell_dims = std::max(ell_dims, ndim - nlabels);
      } else {
        ++label_count[label];
      }
    }
    TP_CHECK(has_ellipsis ? nlabels <= ndim : nlabels == ndim, RuntimeError,
             "einsum(): the number of subscripts in the equation (", nlabels,
             has_ellipsis ? ") is more than the number of dimensions (" : ") does not match the number of dimensions (",
             ndim, ") for operand ", i, has_ellipsis ? "" : " and no ellipsis was given");
  }

  // Every label's position in the aligned layout: output dims first, contracted dims after.
  std::vector<int64_t> position(kLabels, -1);
  int64_t next = 0, ell_pos = 0;
  bool ell_in_output = false;
  if (!p.has_arrow) {
    next = ell_dims;
    ell_in_output = true;
    for (int label = 0; label < kLabels; ++label)
      if (label_count[label] == 1) position[label] = next++;
  } else {
    for (size_t i = 0; i < p.rhs.size(); ++i) {
      const unsigned char c = p.rhs[i];
      if (c == ' ') continue;
      if (c == '.') {
        TP_CHECK(!ell_in_output, RuntimeError, "einsum(): found '.' for output but an ellipsis (...) was already found");
        TP_CHECK(i + 2 < p.rhs.size() && p.rhs[++i] == '.' && p.rhs[++i] == '.', RuntimeError,
                 "einsum(): found '.' for output that is not part of any ellipsis (...)");
        ell_pos = next;
        next += ell_dims;
        ell_in_output = true;
        continue;
      }
      TP_CHECK(std::isalpha(c), RuntimeError, "einsum(): invalid subscript given at index ", p.lhs_size + 2 + i,
               " in the equation string, subscripts must be in [a-zA-Z]");
      const int label = label_of(c);
      TP_CHECK(label_count[label] > 0 && position[label] == -1, RuntimeError, "einsum(): output subscript ", c,
               position[label] > -1 ? " appears more than once in the output"
                                    : " does not appear in the equation for any input operand");
      position[label] = next++;
    }
  }
  const int64_t out_dims = next;
  if (!ell_in_output) {
    ell_pos = next;
    next += ell_dims;
  }
  for (int label = 0; label < kLabels; ++label)
    if (label_count[label] > 0 && position[label] == -1) position[label] = next++;
  const int64_t total_dims = next;

  // Align the operands; dim_counts[d]: how many operands have dim d with a size other than 1.
  std::vector<int64_t> label_size(kLabels, 1), ell_sizes(ell_dims, 1);
  std::vector<int64_t> dim_counts(total_dims, 0);
  std::deque<Tensor> ops;
  for (size_t i = 0; i < num_ops; ++i) {
    Tensor op = operands[i];
    Shape perm(total_dims, -1);
    int64_t dim = 0;
    for (int s : p.op_labels[i]) {
      if (s == kEllipsis) {
        const int64_t covered = operands[i].dim() - (static_cast<int64_t>(p.op_labels[i].size()) - 1);
        for (int64_t j = ell_dims - covered; j < ell_dims; ++j) {
          if (op.size(dim) != 1) {
            TP_CHECK(ell_sizes[j] == 1 || ell_sizes[j] == op.size(dim), RuntimeError, "einsum(): dimension ", dim,
                     " covered by ellipsis in operand ", i, "has size ", op.size(dim),
                     " which does not broadcast with previously seen ellipsis with size ", ell_sizes[j],
                     " for the respective dimension");
            ell_sizes[j] = op.size(dim);
            ++dim_counts[ell_pos + j];
          }
          perm[ell_pos + j] = dim++;
        }
      } else if (perm[position[s]] == -1) {
        if (op.size(dim) != 1) {
          TP_CHECK(label_size[s] == 1 || label_size[s] == op.size(dim), RuntimeError, "einsum(): subscript ",
                   letter_of(s), " has size ", op.size(dim), " for operand ", i,
                   " which does not broadcast with previously seen size ", label_size[s]);
          label_size[s] = op.size(dim);
          ++dim_counts[position[s]];
        }
        perm[position[s]] = dim++;
      } else {
        // A repeated label: its diagonal takes the first occurrence's place.
        const int64_t prev = perm[position[s]];
        TP_CHECK(op.size(dim) == op.size(prev), RuntimeError, "einsum(): subscript ", letter_of(s),
                 " is repeated for operand ", i, " but the sizes don't match, ", op.size(dim), " != ", op.size(prev));
        op = movedim(diagonal(op, 0, prev, dim), {-1}, {prev});
      }
    }
    for (int64_t& d : perm) {
      if (d == -1) {
        op = unsqueeze(op, dim);
        d = dim++;
      }
    }
    ops.push_back(permute(op, perm));
  }

  // Contract left to right, summing each contracted dim once no later operand has it.
  while (ops.size() > 1) {
    Tensor a = ops[0], b = ops[1];
    ops.pop_front();
    ops.pop_front();
    std::vector<int64_t> sum_dims;
    DimList a_sum, b_sum;
    for (int64_t d = out_dims; d < total_dims; ++d) {
      const bool in_a = a.size(d) != 1, in_b = b.size(d) != 1;
      if (in_a && in_b) {
        TP_CHECK(a.size(d) == b.size(d), RuntimeError, "non-broadcast dimensions must match");
        if (--dim_counts[d] == 1) {
          sum_dims.push_back(d);
          dim_counts[d] = 0;
        }
      } else if (dim_counts[d] == 1) {
        if (in_a) {
          a_sum.push_back(d);
          dim_counts[d] = 0;
        } else if (in_b) {
          b_sum.push_back(d);
          dim_counts[d] = 0;
        }
      }
    }
    if (!a_sum.empty()) a = sum(a, a_sum, true);
    if (!b_sum.empty()) b = sum(b, b_sum, true);
    ops.push_front(sumproduct_pair(a, b, sum_dims));
  }

  if (total_dims == out_dims) return ops[0];
  if (num_ops > 1) {
    // Every contracted dim has size 1 by now: a view drops them.
    Shape sizes = ops[0].sizes();
    sizes.erase(sizes.begin() + out_dims, sizes.end());
    return view(ops[0], sizes);
  }
  DimList dims;
  for (int64_t d = out_dims; d < total_dims; ++d) dims.push_back(d);
  return sum(ops[0], dims);
}

}  // namespace tp
