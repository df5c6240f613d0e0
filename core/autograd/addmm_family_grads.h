// The autograd nodes of baddbmm, addbmm, addmv and addr (core/ops/addmm_family.cpp), with
// PyTorch's names and formulas (tools/autograd/derivatives.yaml).
#pragma once

#include <memory>

#include "core/autograd/node.h"
#include "core/scalar.h"
#include "core/tensor.h"

namespace tp::autograd {

// Each node's inputs are (input, first operand, second operand), as the op's arguments.
std::shared_ptr<Node> baddbmm_node(const Tensor& input, const Tensor& batch1, const Tensor& batch2, Scalar beta,
                                   Scalar alpha);
std::shared_ptr<Node> addbmm_node(const Tensor& input, const Tensor& batch1, const Tensor& batch2, Scalar beta,
                                  Scalar alpha);
std::shared_ptr<Node> addmv_node(const Tensor& input, const Tensor& mat, const Tensor& vec, Scalar beta, Scalar alpha);
std::shared_ptr<Node> addr_node(const Tensor& input, const Tensor& vec1, const Tensor& vec2, Scalar beta, Scalar alpha);

}  // namespace tp::autograd
