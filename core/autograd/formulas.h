// Gradient nodes of the op families, made by the op entry points in core/ops through
// autograd::record_op. A null node means "not differentiable" (no grad_fn is attached).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "core/autograd/node.h"
#include "core/backends/op_kinds.h"
#include "core/scalar.h"

namespace tp::autograd {

// out = a op b (alpha scales b for add/sub; rounded: div with a rounding_mode).
std::shared_ptr<Node> binary_node(BinaryOp op, const Tensor& a, const Tensor& b,
                                  std::optional<Scalar> alpha, bool rounded, const Tensor& out);
// out = op(t).
std::shared_ptr<Node> unary_node(UnaryOp op, const Tensor& t, const UnaryArgs& args, const Tensor& out);

}  // namespace tp::autograd

namespace tp::autograd {

// Matrix products (core/ops/linalg.cpp).
std::shared_ptr<Node> mm_node(const Tensor& self, const Tensor& mat2);
std::shared_ptr<Node> bmm_node(const Tensor& self, const Tensor& mat2);
std::shared_ptr<Node> mv_node(const Tensor& self, const Tensor& vec);
std::shared_ptr<Node> dot_node(const Tensor& self, const Tensor& other);
std::shared_ptr<Node> addmm_node(const Tensor& mat1, const Tensor& mat2, Scalar beta, Scalar alpha);

}  // namespace tp::autograd

namespace tp::autograd {

// Reductions and softmax (core/ops/reduce.cpp). `dims` as the caller gave them (empty: all
// dims); `name` tells the overloads apart (SumBackward0 for sum(), SumBackward1 with dims).
std::shared_ptr<Node> sum_node(const char* name, const Tensor& self, const std::vector<int64_t>& dims,
                               bool keepdim, const Tensor& out);
std::shared_ptr<Node> mean_node(const char* name, const Tensor& self, const std::vector<int64_t>& dims,
                                bool keepdim, const Tensor& out);
// prod() (no dim) or prod(dim).
std::shared_ptr<Node> prod_node(const Tensor& self, std::optional<int64_t> dim, bool keepdim,
                                const Tensor& out);
// max()/min() of all elements, amax/amin over dims: ties share the gradient evenly.
std::shared_ptr<Node> extreme_node(const char* name, const Tensor& self, const std::vector<int64_t>& dims,
                                   bool keepdim, const Tensor& out);
// max(dim)/min(dim): the gradient goes to the element the indices name.
std::shared_ptr<Node> extreme_dim_node(const char* name, const Tensor& self, int64_t dim, bool keepdim,
                                       const Tensor& indices);
// var (is_std false) / std over dims with Bessel's correction.
std::shared_ptr<Node> var_std_node(bool is_std, const Tensor& self, const std::vector<int64_t>& dims,
                                   int64_t correction, bool keepdim, const Tensor& out);
// std_mean / var_mean (two outputs: the std or var, and the mean) over dims.
std::shared_ptr<Node> var_std_mean_node(bool is_std, const Tensor& self, const std::vector<int64_t>& dims,
                                        int64_t correction, const Tensor& spread);
// aminmax (two outputs: min and max) over dims, or every dim when dims is empty.
std::shared_ptr<Node> aminmax_node(const Tensor& self, const std::vector<int64_t>& dims, const Tensor& min,
                                   const Tensor& max);
// linalg.vector_norm of any ord over dims (LinalgVectorNormBackward0).
std::shared_ptr<Node> norm_node(const Tensor& self, double ord, const std::vector<int64_t>& dims, bool keepdim,
                                const Tensor& out);
std::shared_ptr<Node> softmax_node(const Tensor& self, int64_t dim, bool log, const Tensor& out);
std::shared_ptr<Node> logsumexp_node(const Tensor& self, const std::vector<int64_t>& dims, bool keepdim,
                                     const Tensor& out);

// Shape ops (core/ops/shape.cpp).
// Any op whose gradient is g reshaped back to self's shape (view, reshape, squeeze, unsqueeze).
std::shared_ptr<Node> reshape_node(const char* name, const Tensor& self);
// Ops whose gradient is g itself (alias, clone).
std::shared_ptr<Node> identity_node(const char* name);
std::shared_ptr<Node> transpose_node(int64_t dim0, int64_t dim1);
std::shared_ptr<Node> t_node();
std::shared_ptr<Node> permute_node(const Shape& dims);
std::shared_ptr<Node> expand_node(const Tensor& self);
std::shared_ptr<Node> select_node(const Tensor& self, int64_t dim, int64_t index);
std::shared_ptr<Node> slice_node(const Tensor& self, int64_t dim, std::optional<int64_t> start,
                                 std::optional<int64_t> end, int64_t step);
// cat: `dim` already wrapped to the output's rank.
std::shared_ptr<Node> cat_node(const std::vector<Tensor>& tensors, int64_t dim);
std::shared_ptr<Node> stack_node(size_t count, int64_t dim);
// split/split_with_sizes/unbind: one output per piece (Node::num_outputs).
std::shared_ptr<Node> split_node(const char* name, const Tensor& self, const std::vector<Tensor>& pieces,
                                 int64_t dim);
std::shared_ptr<Node> unbind_node(const Tensor& self, const std::vector<Tensor>& pieces, int64_t dim);

// Indexing (core/ops/indexing.cpp).
// at::index with index tensors: the gradient is scattered (summed) back into zeros.
std::shared_ptr<Node> index_node(const Tensor& self, const std::vector<Tensor>& indices);
// x[indices] = value: self's gradient is zero where it was overwritten, value's is the
// gradient of the region it was written to. `index_of(g)` reads that region of g,
// `zero_region(g)` zeroes it in place.
std::shared_ptr<Node> index_put_node(const char* name, const Tensor& value,
                                     std::function<Tensor(const Tensor&)> index_of,
                                     std::function<void(const Tensor&)> zero_region);
// where(cond, a, b): inputs are a and b.
std::shared_ptr<Node> where_node(const Tensor& cond);

// Copies and conversions (core/ops/copy.cpp).
// to()/cast(): the gradient goes back to self's device and dtype.
std::shared_ptr<Node> to_copy_node(const Tensor& self);
// dst.copy_(src): inputs are dst's old value and src.
std::shared_ptr<Node> copy_node(const Tensor& src);

}  // namespace tp::autograd
