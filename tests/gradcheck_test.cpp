// Finite-difference check of every differentiable op on every backend (cpu, simulated
// GPUs, real CUDA when present), in float64: the analytic gradient that backward() gives
// for a random upstream gradient u must match the central difference of sum(u * f(x)); and
// its double backward (create_graph) must match the central difference of that gradient.
// A table of cases (name, input shapes, function), as ggml's test-backend-ops does.
//
// A new differentiable op is not done until it has a row in cases().
#include <doctest/doctest.h>

#include <cmath>
#include <functional>

#include "core/autograd/autograd.h"
#include "core/ops/broadcast_tensors.h"
#include "core/device_registry.h"
#include "core/error.h"
#include "core/nn/functional.h"
#include "core/nn/loss.h"
#include "core/ops/activations.h"
#include "core/ops/assemble.h"
#include "core/ops/blend.h"
#include "core/ops/clamp_bounds.h"
#include "core/ops/contract.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/diagonal.h"
#include "core/ops/distance.h"
#include "core/ops/einsum.h"
#include "core/ops/elementwise.h"
#include "core/ops/elementwise_math.h"
#include "core/ops/index_dim.h"
#include "core/ops/index_take.h"
#include "core/ops/scatter_reduce.h"
#include "core/ops/indexing.h"
#include "core/ops/layout.h"
#include "core/ops/addmm_family.h"
#include "core/ops/linalg.h"
#include "core/ops/linalg_lu.h"
#include "core/ops/linalg_solvers.h"
#include "core/ops/nan_reductions.h"
#include "core/ops/norm.h"
#include "core/ops/order_stats.h"
#include "core/ops/rearrange.h"
#include "core/ops/reduce.h"
#include "core/ops/scan_extrema.h"
#include "core/ops/shape.h"
#include "core/ops/sort.h"
#include "core/ops/stats.h"
#include "core/ops/strided_views.h"
#include "tests/gradcheck.h"
#include "tests/test_util.h"
#include "tests/vision_cases.h"

using namespace tp;
using test::GradCase;
using test::Inputs;
using test::input_values;
using test::on;

namespace {


Tensor idx(std::vector<double> v) {
  Shape shape{static_cast<int64_t>(v.size())};
  return test::make_tensor(v, shape, DType::Int64);
}

std::vector<GradCase> cases() {
  using I = const Inputs&;
  const Shape m{3, 4}, row{4}, col{3, 1}, b3{2, 3, 4};
  std::vector<GradCase> c;
  // Every differentiable unary op (unary_ops.def), on inputs inside its domain; the kinks
  // of abs/relu/clamp and the jumps of floor/round are avoided by the inputs. Ops with
  // arguments run with UnaryArgs' defaults (PyTorch's).
  for (const UnaryOpInfo& info : kUnaryOps) {
    const UnaryOp op = static_cast<UnaryOp>(&info - kUnaryOps);
    if (info.dtypes == UnaryDtypes::BoolOut || info.dtypes == UnaryDtypes::IntOnly || op == UnaryOp::Clamp) continue;
    if (op == UnaryOp::AiryAi) continue;  // not differentiable in PyTorch either (derivatives.yaml)
    const UnaryDomain domain = info.domain;
    const bool positive = domain == UnaryDomain::Positive || domain == UnaryDomain::AboveOne ||
                          domain == UnaryDomain::Fraction;
    c.push_back({info.name, {m}, [op, domain](I x) {
                   if (domain == UnaryDomain::Unit) return unary(op, mul(x[0], Scalar(0.4)));
                   if (domain == UnaryDomain::Fraction) return unary(op, mul(x[0], Scalar(0.3)));
                   if (domain == UnaryDomain::AboveOne) return unary(op, add(x[0], Scalar(1.0)));
                   return unary(op, x[0]);
                 }, positive});
  }
  c.push_back({"clamp", {m}, [](I x) { return clamp(x[0], Scalar(-0.5), Scalar(0.7)); }});
  c.push_back({"gelu tanh", {m}, [](I x) { return gelu(x[0], "tanh"); }});
  c.push_back({"softplus past its threshold", {m}, [](I x) { return softplus(x[0], 2.0, 1.5); }});
  c.push_back({"leaky_relu 0.2", {m}, [](I x) { return leaky_relu(x[0], 0.2); }});
  c.push_back({"selu", {m}, [](I x) { return selu(x[0]); }});
  c.push_back({"celu 2", {m}, [](I x) { return celu(x[0], 2.0); }});
  c.push_back({"hardtanh -0.5 0.7", {m}, [](I x) { return hardtanh(x[0], -0.5, 0.7); }});
  // Elementwise binary, with broadcasting.
  c.push_back({"add alpha broadcast", {m, row}, [](I x) { return add(x[0], x[1], Scalar(2.5)); }});
  c.push_back({"sub broadcast", {col, row}, [](I x) { return sub(x[0], x[1]); }});
  c.push_back({"rsub scalar", {m}, [](I x) { return sub(Scalar(2.0), x[0]); }});
  c.push_back({"mul broadcast", {m, col}, [](I x) { return mul(x[0], x[1]); }});
  c.push_back({"div broadcast", {m, row}, [](I x) { return div(x[0], x[1]); }});
  c.push_back({"scalar / x", {m}, [](I x) { return div(Scalar(2.0), x[0]); }});
  c.push_back({"pow tensor", {m, row}, [](I x) { return pow(x[0], x[1]); }, true});
  c.push_back({"pow scalar exponent", {m}, [](I x) { return pow(x[0], Scalar(3)); }});
  c.push_back({"pow scalar base", {m}, [](I x) { return pow(Scalar(1.5), x[0]); }});
  c.push_back({"maximum", {m, row}, [](I x) { return maximum(x[0], x[1]); }});
  c.push_back({"minimum", {m, m}, [](I x) { return minimum(x[0], x[1]); }});
  c.push_back({"atan2", {m, m}, [](I x) { return atan2(x[0], x[1]); }});
  // igamma/igammac: differentiable in x only (ATen has no derivative in a), so a is fixed.
  c.push_back({"igamma in x", {m}, [](I x) { return igamma(full_like(x[0], Scalar(1.5)), x[0]); }, true});
  c.push_back({"igammac in x", {m}, [](I x) { return igammac(full_like(x[0], Scalar(2.5)), x[0]); }, true});
  c.push_back({"remainder", {m}, [](I x) { return remainder(x[0], Scalar(0.75)); }});
  c.push_back({"where", {m, row}, [](I x) { return where(gt(x[0], Scalar(0)), x[0], x[1]); }});
  // In-place forms on a non-leaf.
  c.push_back({"add_ in place", {m, row}, [](I x) {
                 Tensor y = mul(x[0], Scalar(1.5));
                 add_(y, x[1]);
                 return y;
               }});
  c.push_back({"mul_ in place", {m, m}, [](I x) {
                 Tensor y = add(x[0], Scalar(0.5));
                 mul_(y, x[1]);
                 return y;
               }});
  c.push_back({"sigmoid_ in place", {m}, [](I x) {
                 Tensor y = mul(x[0], Scalar(2.0));
                 unary_(UnaryOp::Sigmoid, y);
                 return y;
               }});
  c.push_back({"clamp_ in place", {m}, [](I x) {
                 Tensor y = clone(x[0]);
                 clamp_(y, Scalar(-0.5), Scalar(0.7));
                 return y;
               }});
  // Matrix products.
  c.push_back({"mm", {{2, 3}, {3, 4}}, [](I x) { return mm(x[0], x[1]); }});
  c.push_back({"bmm", {{2, 2, 3}, {2, 3, 2}}, [](I x) { return bmm(x[0], x[1]); }});
  c.push_back({"mv", {{2, 3}, {3}}, [](I x) { return mv(x[0], x[1]); }});
  c.push_back({"dot", {{4}, {4}}, [](I x) { return dot(x[0], x[1]); }});
  c.push_back({"addmm", {{3}, {2, 2}, {2, 3}},
               [](I x) { return addmm(x[0], x[1], x[2], Scalar(0.5), Scalar(2.0)); }});
  c.push_back({"matmul broadcast", {{2, 2, 3}, {3, 2}}, [](I x) { return matmul(x[0], x[1]); }});
  c.push_back({"matmul 1-D @ 3-D", {{3}, {2, 3, 2}}, [](I x) { return matmul(x[0], x[1]); }});
  // Reductions.
  c.push_back({"lerp scalar weight", {m, row}, [](I x) { return lerp(x[0], x[1], Scalar(0.7)); }});
  c.push_back({"lerp tensor weight", {m, row, m}, [](I x) { return lerp(x[0], x[1], x[2]); }});
  c.push_back({"addcmul broadcast", {m, row, col}, [](I x) { return addcmul(x[0], x[1], x[2], Scalar(0.5)); }});
  c.push_back({"addcdiv", {m, m, m}, [](I x) { return addcdiv(x[0], x[1], add(exp(x[2]), Scalar(1)), Scalar(-2)); }});
  c.push_back({"diagonal offset", {b3}, [](I x) { return diagonal(x[0], 1, 2, 0); }});
  c.push_back({"diag 1-D and 2-D", {{3}}, [](I x) { return diag(diag(x[0], -1), 1); }});
  c.push_back({"diag of a matrix", {m}, [](I x) { return diag(x[0], -1); }});
  c.push_back({"diag_embed", {m}, [](I x) { return diag_embed(x[0], 1, 0, 2); }});
  c.push_back({"trace", {m}, [](I x) { return trace(x[0]); }});
  c.push_back({"roll", {m}, [](I x) { return roll(x[0], {1, -1}, {0, 1}); }});
  c.push_back({"rot90", {b3}, [](I x) { return rot90(x[0], 3, {2, 0}); }});
  c.push_back({"einsum bmm", {{2, 2, 3}, {2, 3, 2}}, [](I x) { return einsum("bij,bjk->bik", {x[0], x[1]}); }});
  c.push_back({"einsum diagonal, sums, three operands", {{3, 3}, {3, 2}, {2}},
               [](I x) { return einsum("ii,ij,j->i", {x[0], x[1], x[2]}); }});
  c.push_back({"tensordot", {{2, 3, 4}, {4, 3}}, [](I x) { return tensordot(x[0], x[1], {1, 2}, {1, 0}); }});
  c.push_back({"inner", {{3, 4}, {2, 4}}, [](I x) { return inner(x[0], x[1]); }});
  c.push_back({"nansum/nanmean", {m}, [](I x) {
                 // The first two elements NaN whatever their value, so the perturbation keeps the mask.
                 Tensor first = lt(arange(Scalar(x[0].numel()), DType::Int64, x[0].device()), Scalar(2));
                 Tensor y = where(reshape(first, x[0].sizes()), Scalar(NAN), x[0]);
                 return add(sum(nansum(y, {1})), sum(nanmean(y, {0})));
               }});
  c.push_back({"sum", {m}, [](I x) { return sum(x[0]); }});
  c.push_back({"sum dims", {b3}, [](I x) { return sum(x[0], {0, 2}); }});
  c.push_back({"sum keepdim", {m}, [](I x) { return sum(x[0], {1}, true); }});
  c.push_back({"mean", {m}, [](I x) { return mean(x[0]); }});
  c.push_back({"mean dims", {b3}, [](I x) { return mean(x[0], {-1}); }});
  c.push_back({"prod", {{2, 3}}, [](I x) { return prod(x[0]); }});
  c.push_back({"prod dim with a zero", {m}, [](I x) {
                 // x[0, 1] - its own value is exactly 0: the zero's gradient is the product of the rest.
                 Tensor shift = zeros_like(x[0]);
                 index_put_(shift, {0, 1}, Scalar(input_values(12, 1, false)[1]));
                 return prod(sub(x[0], shift), 1);
               }});
  c.push_back({"max", {m}, [](I x) { return max(x[0]); }});
  c.push_back({"min", {m}, [](I x) { return min(x[0]); }});
  c.push_back({"max dim", {m}, [](I x) { return max(x[0], 1).values; }});
  c.push_back({"min dim keepdim", {m}, [](I x) { return min(x[0], 0, true).values; }});
  c.push_back({"amax", {b3}, [](I x) { return amax(x[0], {1, 2}); }});
  c.push_back({"amin", {m}, [](I x) { return amin(x[0], {0}, true); }});
  c.push_back({"var", {m}, [](I x) { return var(x[0]); }});
  c.push_back({"var dim biased", {m}, [](I x) { return var(x[0], {1}, 0); }});
  c.push_back({"std dim keepdim", {m}, [](I x) { return tp::std(x[0], {0}, 1, true); }});
  c.push_back({"softmax", {m}, [](I x) { return softmax(x[0], 1); }});
  c.push_back({"softmax dim 0", {b3}, [](I x) { return softmax(x[0], 0); }});
  c.push_back({"log_softmax", {m}, [](I x) { return log_softmax(x[0], -1); }});
  c.push_back({"logsumexp", {m}, [](I x) { return logsumexp(x[0], {1}); }});
  c.push_back({"cumsum", {m}, [](I x) { return cumsum(x[0], 1); }});
  c.push_back({"cumsum dim 0", {b3}, [](I x) { return cumsum(x[0], 0); }});
  c.push_back({"cumprod", {m}, [](I x) { return cumprod(x[0], 1); }});
  c.push_back({"cumprod with a zero", {m}, [](I x) {
                 std::vector<Scalar> keep{1.0, 1.0, 0.0, 1.0, 0.0, 1.0, 1.0, 1.0, 1.0, 0.0, 1.0, 1.0};
                 return cumprod(mul(x[0], tensor(keep, {3, 4}, DType::Float64, x[0].device())), 1);
               }});
  c.push_back({"norm", {m}, [](I x) { return vector_norm(x[0]); }});
  c.push_back({"sort", {m}, [](I x) { return sort(x[0], 1).values; }});
  c.push_back({"sort descending dim 0", {b3}, [](I x) { return sort(x[0], 0, true).values; }});
  c.push_back({"topk", {m}, [](I x) { return topk(x[0], 2, 1).values; }});
  c.push_back({"topk smallest", {b3}, [](I x) { return topk(x[0], 1, 0, false).values; }});
  c.push_back({"kthvalue", {m}, [](I x) { return kthvalue(x[0], 2, 1).values; }});
  c.push_back({"kthvalue dim 0 keepdim", {b3}, [](I x) { return kthvalue(x[0], 2, 0, true).values; }});
  c.push_back({"median", {m}, [](I x) { return median(x[0]); }});
  c.push_back({"median dim", {b3}, [](I x) { return median(x[0], 2).values; }});
  c.push_back({"nanmedian", {m}, [](I x) { return nanmedian(x[0]); }});
  c.push_back({"nanmedian dim keepdim", {m}, [](I x) { return nanmedian(x[0], 0, true).values; }});
  c.push_back({"mode", {m}, [](I x) { return mode(x[0], 1).values; }});
  c.push_back({"std_mean", {m}, [](I x) {
                 auto [s, mu] = std_mean(x[0], {1});
                 return add(s, mul(mu, Scalar(3.0)));
               }});
  c.push_back({"var_mean all keepdim", {b3}, [](I x) {
                 auto [v, mu] = var_mean(x[0], {}, 0, true);
                 return sub(v, mu);
               }});
  c.push_back({"std_mean mean only", {m}, [](I x) { return std_mean(x[0], {0}).second; }});
  c.push_back({"aminmax", {m}, [](I x) {
                 auto [lo, hi] = aminmax(x[0]);
                 return add(lo, mul(hi, Scalar(2.0)));
               }});
  c.push_back({"aminmax dim", {b3}, [](I x) {
                 auto [lo, hi] = aminmax(x[0], 1, true);
                 return sub(hi, lo);
               }});
  c.push_back({"clamp tensor bounds", {m, row, m}, [](I x) {
                 return clamp(x[0], x[1], add(x[2], Scalar(1.0)));
               }});
  c.push_back({"clamp_min tensor", {m, row}, [](I x) { return clamp_min(x[0], x[1]); }});
  c.push_back({"clamp_max tensor", {m, m}, [](I x) { return clamp_max(x[0], x[1]); }});
  c.push_back({"clamp_min number", {m}, [](I x) { return clamp_min(x[0], Scalar(0.1)); }});
  c.push_back({"flip", {b3}, [](I x) { return flip(x[0], {0, 2}); }});
  c.push_back({"repeat", {m}, [](I x) { return repeat(x[0], {2, 1, 3}); }});
  c.push_back({"tile", {row}, [](I x) { return tile(x[0], {2, 2}); }});
  c.push_back({"tril", {m}, [](I x) { return tril(x[0], 1); }});
  c.push_back({"triu", {b3}, [](I x) { return triu(x[0], -1); }});
  c.push_back({"norm dim=-1 keepdim", {m}, [](I x) { return vector_norm(x[0], 2, {-1}, true); }});
  c.push_back({"norm p=1 dim", {m}, [](I x) { return vector_norm(x[0], 1, {1}); }});
  c.push_back({"norm p=3 keepdim", {m}, [](I x) { return vector_norm(x[0], 3, {0}, true); }});
  c.push_back({"norm p=inf", {m}, [](I x) { return vector_norm(x[0], INFINITY, {1}); }});
  // One-dim indexing (index_dim.h); index tensors are fixed, repeats included.
  auto ids = [](std::vector<int64_t> v, Shape s) {
    std::vector<Scalar> values(v.begin(), v.end());
    return tensor(values, s, DType::Int64);
  };
  c.push_back({"gather", {m}, [ids](I x) { return gather(x[0], 1, ids({3, 0, 0, 1, 2, 2}, {3, 2})); }});
  c.push_back({"scatter src", {m, {3, 2}}, [ids](I x) { return scatter(x[0], 1, ids({3, 0, 1, 2, 2, 0}, {3, 2}), x[1]); }});
  c.push_back({"scatter_add", {m, {3, 2}},
               [ids](I x) { return scatter(x[0], 1, ids({3, 3, 1, 2, 0, 0}, {3, 2}), x[1], true); }});
  c.push_back({"scatter value", {m}, [ids](I x) { return scatter(x[0], 0, ids({1, 0, 2, 2}, {1, 4}), Scalar(2.0)); }});
  c.push_back({"index_select", {m}, [ids](I x) { return index_select(x[0], 1, ids({3, 1, 3}, {3})); }});
  c.push_back({"index_add", {m, {2, 4}}, [ids](I x) { return index_add(x[0], 0, ids({2, 2}, {2}), x[1], Scalar(3)); }});
  c.push_back({"index_fill", {m}, [ids](I x) { return index_fill(x[0], 1, ids({0, 2}, {2}), Scalar(-1.0)); }});
  c.push_back({"masked_fill", {m}, [](I x) { return masked_fill(x[0], gt(x[0], Scalar(0.0)), Scalar(0.5)); }});
  c.push_back({"masked_fill tensor value", {m, {}},
               [](I x) { return masked_fill(x[0], gt(x[0], Scalar(0.0)), x[1]); }});
  // Shape and view ops.
  c.push_back({"view", {m}, [](I x) { return view(x[0], {2, 6}); }});
  c.push_back({"reshape copying", {m}, [](I x) { return reshape(t(x[0]), {12}); }});
  c.push_back({"flatten", {b3}, [](I x) { return flatten(x[0], 1); }});
  c.push_back({"unflatten", {m}, [](I x) { return unflatten(x[0], 1, {2, 2}); }});
  c.push_back({"transpose", {b3}, [](I x) { return transpose(x[0], 0, 2); }});
  c.push_back({"t", {m}, [](I x) { return t(x[0]); }});
  c.push_back({"permute", {b3}, [](I x) { return permute(x[0], {2, 0, 1}); }});
  c.push_back({"T", {b3}, [](I x) { return tensor_T(x[0]); }});
  c.push_back({"mT", {b3}, [](I x) { return tensor_mT(x[0]); }});
  c.push_back({"squeeze", {{3, 1, 2}}, [](I x) { return squeeze(x[0]); }});
  c.push_back({"squeeze dim", {{3, 1, 2}}, [](I x) { return squeeze(x[0], 1); }});
  c.push_back({"unsqueeze", {m}, [](I x) { return unsqueeze(x[0], 1); }});
  c.push_back({"expand", {col}, [](I x) { return expand(x[0], {2, 3, 4}); }});
  c.push_back({"expand_as", {row, m}, [](I x) { return mul(expand_as(x[0], x[1]), x[1]); }});
  c.push_back({"broadcast_tensors", {col, row}, [](I x) {
                 std::vector<Tensor> b = broadcast_tensors({x[0], x[1]});
                 return mul(b[0], b[1]);
               }});
  c.push_back({"narrow", {m}, [](I x) { return narrow(x[0], 1, 1, 2); }});
  c.push_back({"select", {b3}, [](I x) { return select(x[0], 1, -1); }});
  c.push_back({"slice step", {m}, [](I x) { return slice(x[0], 1, 0, 4, 2); }});
  c.push_back({"cat", {m, {1, 4}}, [](I x) { return cat({x[0], x[1]}, 0); }});
  c.push_back({"stack", {m, m}, [](I x) { return stack({x[0], x[1]}, 2); }});
  c.push_back({"split (one piece used twice)", {m}, [](I x) {
                 std::vector<Tensor> p = split(x[0], 2, 1);
                 return mul(p[1], p[1]);
               }});
  c.push_back({"split all pieces", {m}, [](I x) {
                 std::vector<Tensor> p = split_with_sizes(x[0], {1, 2}, 0);
                 return add(sum(p[0], {0}), mul(sum(p[1], {0}), Scalar(3.0)));
               }});
  c.push_back({"chunk", {m}, [](I x) { return chunk(x[0], 2, 0)[1]; }});
  c.push_back({"unbind", {m}, [](I x) {
                 std::vector<Tensor> p = unbind(x[0], 1);
                 return mul(p[0], p[3]);
               }});
  c.push_back({"contiguous", {m}, [](I x) { return contiguous(t(x[0])); }});
  c.push_back({"clone", {m}, [](I x) { return clone(x[0]); }});
  // Indexing.
  c.push_back({"x[0]", {m}, [](I x) { return index(x[0], {0}); }});
  c.push_back({"x[:, 1]", {m}, [](I x) { return index(x[0], {Slice{}, 1}); }});
  c.push_back({"x[1:3]", {m}, [](I x) { return index(x[0], {Slice{1, 3, std::nullopt}}); }});
  c.push_back({"x[None, ..., 2]", {m}, [](I x) {
                 return index(x[0], {TensorIndex::none(), TensorIndex::ellipsis(), 2});
               }});
  c.push_back({"x[idx] with repeats", {m}, [](I x) { return index(x[0], {idx({2, 0, 2})}); }});
  c.push_back({"x[0, idx]", {m}, [](I x) { return index(x[0], {0, idx({3, 1})}); }});
  c.push_back({"x[mask]", {m}, [](I x) { return index(x[0], {gt(x[0], Scalar(0))}); }});
  c.push_back({"x[idx] = v", {m, row}, [](I x) {
                 Tensor y = mul(x[0], Scalar(2.0));
                 index_put_(y, {idx({0, 2})}, x[1]);
                 return y;
               }});
  c.push_back({"x[1] = v (broadcast)", {m, {1}}, [](I x) {
                 Tensor y = mul(x[0], Scalar(2.0));
                 index_put_(y, {1}, x[1]);
                 return y;
               }});
  c.push_back({"x[:, 1:3] = number", {m}, [](I x) {
                 Tensor y = clone(x[0]);
                 index_put_(y, {Slice{}, Slice{1, 3, std::nullopt}}, Scalar(0.5));
                 return y;
               }});
  // nn.Embedding's op (padding_idx and scale_grad_by_freq change the gradient on purpose:
  // torch_030 compares them with PyTorch's), and the LSTM and GRU steps of nn/modules/rnn.py.
  c.push_back({"embedding with repeats", {{5, 3}}, [](I x) {
                 Tensor i = to(reshape(idx({4, 1, 4, 0, 1, 4}), {2, 3}), x[0].device(), std::nullopt);
                 return nn::functional::embedding(x[0], i);
               }});
  // x (2, 3), h and c (2, 4), w_ih (16, 3), w_hh (16, 4), b_ih and b_hh (16): gates i, f, g, o.
  c.push_back({"LSTM cell", {{2, 3}, {2, 4}, {2, 4}, {16, 3}, {16, 4}, {16}, {16}}, [](I x) {
                 namespace F = nn::functional;
                 Tensor gates = add(F::linear(x[1], x[4], x[6]), F::linear(x[0], x[3], x[5]));
                 std::vector<Tensor> g = chunk(gates, 4, 1);
                 Tensor c = add(mul(sigmoid(g[1]), x[2]), mul(sigmoid(g[0]), tanh(g[2])));
                 Tensor h = mul(sigmoid(g[3]), tanh(c));
                 return cat({h, c}, 1);
               }});
  // GRU: r, z, n; h' = (h - n) * z + n.
  c.push_back({"GRU cell", {{2, 3}, {2, 4}, {12, 3}, {12, 4}, {12}, {12}}, [](I x) {
                 namespace F = nn::functional;
                 std::vector<Tensor> i = chunk(F::linear(x[0], x[2], x[4]), 3, 1);
                 std::vector<Tensor> h = chunk(F::linear(x[1], x[3], x[5]), 3, 1);
                 Tensor r = sigmoid(add(h[0], i[0]));
                 Tensor z = sigmoid(add(h[1], i[1]));
                 Tensor n = tanh(add(i[2], mul(h[2], r)));
                 return add(mul(sub(x[1], n), z), n);
               }});
  // Losses (the targets are fixed; cross_entropy is log_softmax then nll_loss).
  c.push_back({"mse_loss", {m, m}, [](I x) { return nn::functional::mse_loss(x[0], x[1]); }});
  c.push_back({"cross_entropy", {m}, [](I x) {
                 Tensor target = to(idx({3, 0, 1}), x[0].device(), std::nullopt);
                 return nn::functional::cross_entropy(x[0], target);
               }});
  c.push_back({"nll_loss sum", {m}, [](I x) {
                 Tensor target = to(idx({1, 1, 2}), x[0].device(), std::nullopt);
                 return nn::functional::nll_loss(x[0], target, {}, -100, nn::Reduction::Sum);
               }});
  c.push_back({"binary_cross_entropy", {m, m}, [](I x) {
                 return nn::functional::binary_cross_entropy(sigmoid(x[0]), sigmoid(x[1]));
               }});
  // The kinks |input - target| = beta (delta) are not met by the inputs.
  c.push_back({"smooth_l1_loss beta 0.9", {m, m}, [](I x) {
                 return nn::functional::smooth_l1_loss(x[0], x[1], nn::Reduction::Sum, 0.9);
               }});
  c.push_back({"huber_loss delta 0.6", {m, m}, [](I x) { return nn::functional::huber_loss(x[0], x[1], nn::Reduction::Mean, 0.6); }});
  c.push_back({"binary_cross_entropy_with_logits", {m, m}, [](I x) {
                 return nn::functional::binary_cross_entropy_with_logits(x[0], sigmoid(x[1]));
               }});
  // Copies and conversions.
  c.push_back({"to cpu and back", {m}, [](I x) {
                 Tensor host = mul(to(x[0], Device::cpu(), std::nullopt), Scalar(3.0));
                 return to(host, x[0].device(), std::nullopt);
               }});
  c.push_back({"copy_", {m, row}, [](I x) {
                 Tensor y = mul(x[0], Scalar(2.0));
                 copy_(y, x[1]);
                 return add(y, x[0]);
               }});
  // Shape and layout ops (core/ops/layout.h, strided_views.h, assemble.h): overlapping
  // unfold windows and as_strided outputs sum back; as_strided of a view reads storage.
  c.push_back({"unfold overlapping", {m}, [](I x) { return unfold(unfold(x[0], 1, 3, 1), 0, 2, 1); }});
  c.push_back({"as_strided overlapping", {m}, [](I x) { return as_strided(x[0], {3, 3}, {2, 1}, 1); }});
  c.push_back({"as_strided of a transposed view", {m}, [](I x) { return as_strided(transpose(x[0], 0, 1), {2, 5}, {1, 2}, 1); }});
  c.push_back({"as_strided of an expanded input", {row}, [](I x) { return as_strided(expand(x[0], {3, 4}), {2, 3}, {1, 1}); }});
  c.push_back({"narrow_copy", {b3}, [](I x) { return narrow_copy(x[0], 2, -3, 2); }});
  c.push_back({"hstack/column_stack/tensor_split", {{4, 4}, {4}}, [](I x) {
                 std::vector<Tensor> parts = tensor_split(hstack({x[0], column_stack({x[1]})}), 2, 0);
                 return add(parts[0], mul(parts[1], Scalar(2.0)));
               }});
  c.push_back({"diff prepend n=2", {m, col}, [](I x) { return diff(x[0], 2, 1, x[1], std::nullopt); }});
  c.push_back({"kron", {{2, 3}, {3, 1, 2}}, [](I x) { return kron(x[0], x[1]); }});
  c.push_back({"block_diag", {{2, 3}, {3}, {}}, [](I x) { return block_diag({x[0], x[1], x[2]}); }});
  c.push_back({"cartesian_prod/combinations", {{3}, {2}}, [](I x) {
                 return add(sum(cartesian_prod({x[0], x[1]})), sum(mul(combinations(x[0], 2, true), Scalar(3.0))));
               }});
  c.push_back({"vander", {{3}}, [](I x) { return vander(x[0], 4); }});
  // Vision layers: transposed convolution, group norm, upsampling, pixel shuffle
  // (tests/vision_cases.h, shared with vision_layers_test.cpp).
  for (GradCase& v : test::vision_cases()) c.push_back(std::move(v));
  // Indexing, scans and searching: flat/mask indexing, index_copy/put, scatter_reduce (every
  // reduction, with and without self), cummax/cummin, logcumsumexp, cdist and cross.
  auto on_device = [](const Tensor& t, const Tensor& like) { return to(t, like.device(), std::nullopt); };
  auto mask_of = [on_device](const Tensor& like) {
    return on_device(ne(reshape(idx({1, 0, 1, 1, 0, 1, 1, 1, 0, 0, 1, 1}), {3, 4}), Scalar(0)), like);
  };
  c.push_back({"masked_select", {m}, [mask_of](I x) { return masked_select(x[0], mask_of(x[0])); }});
  c.push_back({"take with repeats", {m}, [on_device](I x) { return take(x[0], on_device(idx({0, 11, 5, 5, -1}), x[0])); }});
  c.push_back({"take_along_dim", {m}, [on_device](I x) {
                 return take_along_dim(x[0], on_device(reshape(idx({2, 0, 1, 2}), {1, 4}), x[0]), 0);
               }});
  c.push_back({"index_copy", {m, {2, 4}}, [on_device](I x) { return index_copy(x[0], 0, on_device(idx({2, 0}), x[0]), x[1]); }});
  c.push_back({"put accumulate", {m, {3}}, [on_device](I x) { return put(x[0], on_device(idx({1, 7, 1}), x[0]), x[1], true); }});
  c.push_back({"put", {m, {2}}, [on_device](I x) { return put(x[0], on_device(idx({4, 2}), x[0]), x[1], false); }});
  c.push_back({"masked_scatter", {m, {12}}, [mask_of](I x) { return masked_scatter(x[0], mask_of(x[0]), x[1]); }});
  for (const char* r : {"sum", "prod", "mean", "amax", "amin"}) {
    for (bool include_self : {true, false}) {
      c.push_back({std::string("scatter_reduce ") + r + (include_self ? "" : " without self"), {m, {2, 4}},
                   [on_device, r, include_self](I x) {
                     Tensor index = on_device(reshape(idx({0, 2, 0, 1, 0, 2, 2, 1}), {2, 4}), x[0]);
                     return scatter_reduce(x[0], 0, index, x[1], r, include_self);
                   },
                   false, true});
    }
  }
  for (const char* r : {"prod", "mean", "amax", "amin"}) {
    c.push_back({std::string("index_reduce ") + r, {m, {3, 3}},
                 [on_device, r](I x) { return index_reduce(x[0], 1, on_device(idx({3, 0, 3}), x[0]), x[1], r, true); },
                 false, true});
  }
  c.push_back({"cummax", {m}, [](I x) { return cummax(x[0], 1).values; }, false, true});
  c.push_back({"cummin", {m}, [](I x) { return cummin(x[0], 0).values; }, false, true});
  c.push_back({"logcumsumexp", {m}, [](I x) { return logcumsumexp(x[0], 1); }});
  for (double p : {1.0, 2.0, 3.0, 0.5}) {
    c.push_back({"cdist p=" + std::to_string(p), {{2, 3, 2}, {4, 2}},
                 [p](I x) { return cdist(x[0], x[1], p, CdistMode::MmIfNecessary); }, false, true});
  }
  c.push_back({"cdist matmul path", {{26, 2}, {3, 2}}, [](I x) { return cdist(x[0], x[1], 2.0, CdistMode::MmIfNecessary); },
               false, true});
  c.push_back({"linalg_cross", {{2, 3}, {1, 3}}, [](I x) { return linalg_cross(x[0], x[1], -1); }});
  // Linear algebra: the factorisations on well-conditioned matrices (x + 3I, or x x^T + 3I
  // where positive-definite is needed); eigenvectors and singular vectors squared, which
  // their sign ambiguity leaves alone. Then the addmm family with beta and alpha.
  auto shifted = [](const Tensor& x) {
    return add(x, mul(eye(x.size(-1), std::nullopt, TensorOptions(x.dtype(), x.device())), Scalar(3.0)));
  };
  auto gram = [shifted](const Tensor& x) { return shifted(matmul(x, transpose(x, -2, -1))); };
  const Shape sq{3, 3}, bsq{2, 3, 3}, tall{4, 3};
  c.push_back({"linalg_inv", {bsq}, [shifted](I x) { return linalg_inv(shifted(x[0])); }});
  c.push_back({"linalg_solve broadcast", {bsq, {3, 2}}, [shifted](I x) { return linalg_solve(shifted(x[0]), x[1]); }});
  c.push_back({"linalg_solve vector", {sq, {3}}, [shifted](I x) { return linalg_solve(shifted(x[0]), x[1]); }});
  c.push_back({"linalg_solve left=False", {sq, {2, 3}},
               [shifted](I x) { return linalg_solve(shifted(x[0]), x[1], false); }});
  c.push_back({"linalg_det", {bsq}, [shifted](I x) { return linalg_det(shifted(x[0])); }});
  c.push_back({"linalg_slogdet", {sq}, [shifted](I x) { return linalg_slogdet(shifted(x[0])).second; }});
  c.push_back({"linalg_cholesky", {bsq}, [gram](I x) { return linalg_cholesky_ex(gram(x[0])).first; }});
  c.push_back({"linalg_cholesky upper", {sq}, [gram](I x) { return linalg_cholesky_ex(gram(x[0]), true).first; }});
  c.push_back({"linalg_qr Q", {tall}, [](I x) { return linalg_qr(x[0]).first; }});
  c.push_back({"linalg_qr R", {bsq}, [shifted](I x) { return linalg_qr(shifted(x[0])).second; }});
  c.push_back({"linalg_eigh eigenvalues", {sq}, [](I x) {
                 return linalg_eigh(add(x[0], transpose(x[0], 0, 1))).first;
               }});
  c.push_back({"linalg_eigh eigenvectors", {sq}, [](I x) {
                 Tensor V = linalg_eigh(add(x[0], transpose(x[0], 0, 1)), "U").second;
                 return mul(V, V);
               }});
  c.push_back({"linalg_svd S", {tall}, [](I x) { return std::get<1>(linalg_svd(x[0], false)); }});
  c.push_back({"linalg_svd U and Vh", {tall}, [](I x) {
                 auto [U, S, Vh] = linalg_svd(x[0], false);
                 return matmul(mul(U, U), mul(Vh, Vh));
               }});
  c.push_back({"linalg_svd wide, full_matrices", {{3, 4}}, [](I x) {
                 // The inputs alone are of rank 2: S's zero is where |s| has its kink.
                 Tensor A = add(x[0], mul(eye(3, 4, TensorOptions(x[0].dtype(), x[0].device())), Scalar(3.0)));
                 auto [U, S, Vh] = linalg_svd(A, true);
                 return add(mul(U, U), diag_embed(S));
               }});
  c.push_back({"linalg_lu_factor", {bsq}, [shifted](I x) { return std::get<0>(linalg_lu_factor_ex(shifted(x[0]))); }});
  c.push_back({"linalg_lu L and U, wide", {{3, 4}}, [](I x) {
                 auto [P, L, U] = linalg_lu(x[0]);
                 return add(sum(L), sum(U));
               }});
  c.push_back({"linalg_lu L, tall", {tall}, [](I x) { return std::get<1>(linalg_lu(x[0])); }});
  c.push_back({"linalg_lu_solve", {sq, {3, 2}}, [shifted](I x) {
                 auto [LU, pivots, info] = linalg_lu_factor_ex(shifted(x[0]));
                 return linalg_lu_solve(LU, pivots, x[1]);
               }});
  c.push_back({"linalg_lu_solve left=False adjoint", {sq, {2, 3}}, [shifted](I x) {
                 auto [LU, pivots, info] = linalg_lu_factor_ex(shifted(x[0]));
                 return linalg_lu_solve(LU, pivots, x[1], false, true);
               }});
  c.push_back({"linalg_matrix_exp", {bsq}, [](I x) { return linalg_matrix_exp(x[0]); }});
  c.push_back({"baddbmm", {m, b3, {2, 4, 4}}, [](I x) { return baddbmm(x[0], x[1], x[2], 0.5, 2.0); }});
  c.push_back({"addbmm", {m, b3, {2, 4, 4}}, [](I x) { return addbmm(x[0], x[1], x[2], 2.0, 0.5); }});
  c.push_back({"addmv", {{3}, m, row}, [](I x) { return addmv(x[0], x[1], x[2], 0.5, -2.0); }});
  c.push_back({"addr", {col, {3}, row}, [](I x) { return addr(x[0], x[1], x[2], 3.0, 0.5); }});
  // Elementwise math: the binary ops and the unary ones with arguments (the argument-free
  // unary rows are in the every-row loop above).
  c.push_back({"hypot", {m, row}, [](I x) { return hypot(x[0], x[1]); }});
  c.push_back({"logaddexp", {m, row}, [](I x) { return logaddexp(x[0], x[1]); }});
  c.push_back({"logaddexp2", {m, m}, [](I x) { return logaddexp2(x[0], x[1]); }});
  c.push_back({"xlogy", {m, row}, [](I x) { return xlogy(x[0], x[1]); }, true});
  c.push_back({"xlog1py", {m, m}, [](I x) { return xlog1py(x[0], x[1]); }, true});
  c.push_back({"fmod number", {m}, [](I x) { return fmod(x[0], scalar_to_tensor(Scalar(0.75))); }});
  c.push_back({"copysign", {m, row}, [](I x) { return copysign(x[0], x[1]); }});
  c.push_back({"fmax", {m, row}, [](I x) { return fmax(x[0], x[1]); }});
  c.push_back({"fmin", {m, m}, [](I x) { return fmin(x[0], x[1]); }});
  c.push_back({"polygamma 2", {m}, [](I x) { return polygamma(2, x[0]); }, true});
  c.push_back({"logit eps", {m}, [](I x) { return logit(mul(x[0], Scalar(0.3)), 0.1); }, true});
  c.push_back({"mvlgamma 3", {m}, [](I x) { return mvlgamma(add(x[0], Scalar(2.0)), 3); }, true});
  c.push_back({"nan_to_num", {m}, [](I x) { return nan_to_num(x[0], 0.0, 5.0, -5.0); }});
  c.push_back({"float_power", {m, row}, [](I x) { return float_power(x[0], x[1]); }, true});
  c.push_back({"ldexp", {m}, [](I x) { return ldexp(x[0], to(idx({1, -2, 3, 0}), x[0].device(), std::nullopt)); }});
  return c;
}

}  // namespace

TEST_CASE("every differentiable op's gradient matches finite differences on every backend") {
  DeviceConfig config = DeviceConfig::from_environment();
  config.no_sim = false;
  if (config.sim_gpus < 1) config.sim_gpus = 1;
  configure_devices(config);
  for (const GradCase& gc : cases()) {
    for (Device device : test::backends()) test::check_gradient(gc, device);
  }
  configure_devices(DeviceConfig::from_environment());
}

// Higher-order gradients: every case again, its gradient (made with create_graph) itself
// differentiated and compared with finite differences of the first-order gradient.
TEST_CASE("every differentiable op's double backward matches finite differences on every backend") {
  DeviceConfig config = DeviceConfig::from_environment();
  config.no_sim = false;
  if (config.sim_gpus < 1) config.sim_gpus = 1;
  configure_devices(config);
  for (const GradCase& gc : cases()) {
    for (Device device : test::backends()) test::check_second_derivative(gc, device);
  }
  configure_devices(DeviceConfig::from_environment());
}
