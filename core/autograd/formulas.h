// Gradient nodes of the op families, made by the op entry points in core/ops through
// autograd::record_op. A null node means "not differentiable" (no grad_fn is attached).
#pragma once

#include <memory>
#include <optional>

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
