// The activations with arguments: their checks and UnaryArgs, then the unary op.
#include "core/ops/activations.h"

#include "core/error.h"
#include "core/ops/elementwise.h"

namespace tp {

namespace {

Tensor run(UnaryOp op, const Tensor& x, const UnaryArgs& args, bool inplace) {
  return inplace ? unary_(op, x, args) : unary(op, x, args);
}

}  // namespace

Tensor leaky_relu(const Tensor& x, double negative_slope, bool inplace) {
  UnaryArgs args;
  args.negative_slope = negative_slope;
  return run(UnaryOp::LeakyRelu, x, args, inplace);
}

Tensor elu(const Tensor& x, double alpha, bool inplace) {
  UnaryArgs args;
  args.alpha = alpha;
  return run(UnaryOp::Elu, x, args, inplace);
}

Tensor selu(const Tensor& x, bool inplace) {
  UnaryArgs args;  // ATen's SELU_ALPHA and SELU_SCALE
  args.alpha = 1.6732632423543772848170429916717;
  args.scale = 1.0507009873554804934193349852946;
  return run(UnaryOp::Elu, x, args, inplace);
}

Tensor celu(const Tensor& x, double alpha, bool inplace) {
  TP_CHECK(alpha != 0, RuntimeError, "ZeroDivisionError: alpha cannot be 0 for CELU");
  UnaryArgs args;
  args.alpha = alpha;
  args.input_scale = 1.0 / alpha;
  return run(UnaryOp::Celu, x, args, inplace);
}

Tensor softplus(const Tensor& x, double beta, double threshold) {
  UnaryArgs args;
  args.beta = beta;
  args.threshold = threshold;
  return unary(UnaryOp::Softplus, x, args);
}

Tensor gelu(const Tensor& x, const std::string& approximate) {
  TP_CHECK(approximate == "none" || approximate == "tanh", RuntimeError,
           "approximate argument must be either none or tanh.");
  UnaryArgs args;
  args.tanh = approximate == "tanh";
  return unary(UnaryOp::Gelu, x, args);
}

Tensor hardtanh(const Tensor& x, double min_val, double max_val, bool inplace) {
  UnaryArgs args;
  args.min = min_val;
  args.max = max_val;
  return run(UnaryOp::Hardtanh, x, args, inplace);
}

Tensor relu6(const Tensor& x, bool inplace) { return hardtanh(x, 0.0, 6.0, inplace); }

}  // namespace tp
