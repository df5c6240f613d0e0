// Every op of the core on every available backend, compared with the CPU (as ggml's
// test-backend-ops does): cpu itself, simulated GPUs, and real CUDA devices when present.
// Each case runs over several dtypes and over contiguous and non-contiguous inputs; the
// result's values, dtype, shape and device must match the CPU's, and an op that raises on
// the CPU must raise the same text on the device. Elementwise results must be identical;
// reductions, softmax and matmul may differ in the last bits (summation order).
//
// A new op is not done until it has a row in cases(). New UnaryOp/BinaryOp/ReduceOp kinds
// are caught by the coverage check at the bottom. The simulated GPU runs every case twice
// more, at host speed and through the SIMT executor, and the two must agree bit for bit.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <functional>
#include <set>

#include "core/backends/sim/sim_backend.h"
#include "core/device_registry.h"
#include "core/error.h"
#include "core/nn/layer_norm.h"
#include "core/ops/activations.h"
#include "core/ops/assemble.h"
#include "core/ops/blend.h"
#include "core/ops/combine.h"
#include "core/ops/contract.h"
#include "core/ops/diagonal.h"
#include "core/ops/distance.h"
#include "core/ops/einsum.h"
#include "core/ops/unique.h"
#include "core/ops/unique_consecutive.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/ops/index_take.h"
#include "core/ops/scatter_reduce.h"
#include "core/ops/elementwise_math.h"
#include "core/ops/indexing.h"
#include "core/ops/layout.h"
#include "core/ops/addmm_family.h"
#include "core/ops/linalg.h"
#include "core/ops/linalg_lu.h"
#include "core/ops/linalg_solvers.h"
#include "core/ops/nan_reductions.h"
#include "core/ops/norm.h"
#include "core/ops/reduce.h"
#include "core/ops/scan_extrema.h"
#include "core/ops/search.h"
#include "core/ops/shape.h"
#include "core/ops/strided_views.h"
#include "core/ops/sort.h"
#include "tests/test_util.h"

using namespace tp;

namespace {

using Inputs = std::vector<Tensor>;
using OpFn = std::function<std::vector<Tensor>(const Inputs&, Device)>;

// Which dtypes a case runs on.
const std::vector<DType> kFloats = {DType::Float32, DType::Float64, DType::Float16, DType::BFloat16};
const std::vector<DType> kAll = {DType::Float32, DType::Float64, DType::Float16, DType::BFloat16,
                                 DType::Int64,   DType::Int32,   DType::Int16,   DType::Int8,
                                 DType::UInt8,   DType::Bool};
const std::vector<DType> kInts = {DType::Int64, DType::Int32, DType::Int16, DType::Int8, DType::UInt8, DType::Bool};
const std::vector<DType> kIntsNoBool = {DType::Int64, DType::Int32, DType::Int16, DType::Int8, DType::UInt8};
const std::vector<DType> kNumeric = {DType::Float32, DType::Float64, DType::Float16, DType::BFloat16,
                                     DType::Int64,   DType::Int32,   DType::Int16,   DType::Int8,
                                     DType::UInt8};

struct OpCase {
  std::string name;
  std::vector<Shape> shapes;  // one per tensor input
  std::vector<DType> dtypes;
  OpFn fn;
  bool exact = true;  // elementwise: bit-identical; reductions and matmul: a tolerance
};

// Deterministic inputs with negatives, zeros and fractions (seed varies per input).
Tensor make_input(const Shape& shape, DType dtype, int seed) {
  const int64_t n = shape_numel(shape);
  std::vector<double> v(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) {
    const int64_t k = (i * 37 + seed * 11) % 23;
    if (dtype == DType::Bool) v[i] = k % 3 == 0;
    else if (dtype == DType::UInt8) v[i] = static_cast<double>(k);
    else if (!is_floating(dtype)) v[i] = static_cast<double>(k - 11);
    else v[i] = (static_cast<double>(k) - 11.0) / 4.0;
  }
  return test::make_tensor(v, shape, dtype);
}

// The CPU input and the device input for one tensor operand; non-contiguous inputs are
// transposed views of a tensor created with the last two dims swapped.
std::pair<Tensor, Tensor> operand(const Shape& shape, DType dtype, int seed, bool non_contiguous,
                                  Device device) {
  if (!non_contiguous || shape.size() < 2) {
    Tensor host = make_input(shape, dtype, seed);
    return {host, to(host, device, std::nullopt)};
  }
  Shape swapped = shape;
  std::swap(swapped[swapped.size() - 1], swapped[swapped.size() - 2]);
  Tensor host = make_input(swapped, dtype, seed);
  Tensor dev = to(host, device, std::nullopt);
  return {transpose(host, -1, -2), transpose(dev, -1, -2)};
}

bool is_float(DType d) {
  return d == DType::Float32 || d == DType::Float64 || d == DType::Float16 || d == DType::BFloat16;
}

double tolerance(DType d) {
  if (d == DType::Float16 || d == DType::BFloat16) return 1e-2;
  if (d == DType::Float32) return 1e-5;
  return 1e-12;
}

// Compares one result with the CPU's: dtype, shape, device and every value.
void check_same(const Tensor& cpu, const Tensor& dev, Device device, bool exact) {
  CHECK(dev.dtype() == cpu.dtype());
  CHECK(shape_str(dev.sizes()) == shape_str(cpu.sizes()));
  CHECK(dev.device().str() == device.str());
  std::vector<double> a = test::values_of(cpu), b = test::values_of(dev);
  REQUIRE(a.size() == b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    if (std::isnan(a[i]) || std::isnan(b[i])) {
      CHECK(std::isnan(a[i]) == std::isnan(b[i]));
    } else if (exact || !is_float(cpu.dtype()) || std::isinf(a[i])) {
      CHECK(a[i] == b[i]);
    } else {
      CHECK(b[i] == doctest::Approx(a[i]).epsilon(tolerance(cpu.dtype())).scale(1.0));
    }
  }
}

// The dtypes a unary op runs on, by its row's dtype rule (unary_ops.def).
std::vector<DType> unary_dtypes(UnaryOp op) {
  switch (unary_op_info(op).dtypes) {
    case UnaryDtypes::IntOnly: return kInts;
    case UnaryDtypes::FloatOnly: return kFloats;
    default: return kNumeric;
  }
}

std::vector<OpCase> cases() {
  const Shape m = {3, 4}, v = {4}, b3 = {2, 3, 4};
  auto one = [](auto f) { return [f](const Inputs& in, Device) { return std::vector<Tensor>{f(in[0])}; }; };
  auto two = [](auto f) {
    return [f](const Inputs& in, Device) { return std::vector<Tensor>{f(in[0], in[1])}; };
  };
  std::vector<OpCase> c;
  // Elementwise: every UnaryOp and BinaryOp through the generic entry points, plus the
  // named variants with scalars, in-place forms and where.
  // Ops with arguments run with the defaults UnaryArgs holds (PyTorch's).
  for (int k = 0; k < kUnaryOpCount; ++k) {
    UnaryOp op = static_cast<UnaryOp>(k);
    if (op == UnaryOp::Clamp) continue;  // needs bounds: below
    c.push_back({std::string("unary ") + kUnaryOps[k].name, {m}, unary_dtypes(op),
                 one([op](const Tensor& t) { return unary(op, t); })});
  }
  for (int k = 0; k < kBinaryOpCount; ++k) {
    BinaryOp op = static_cast<BinaryOp>(k);
    const BinaryDtypes rule = kBinaryOps[k].dtypes;
    std::vector<DType> dtypes = rule == BinaryDtypes::IntOnly                             ? kInts
                                : rule == BinaryDtypes::Integer                           ? kIntsNoBool
                                : op == BinaryOp::Atan2 || rule == BinaryDtypes::FloatOnly ? kFloats
                                                                                          : kNumeric;
    // Broadcasting: (3,4) with (4,).
    c.push_back({std::string("binary ") + kBinaryOps[k].name, {m, v}, dtypes,
                 two([op](const Tensor& a, const Tensor& b) { return binary(op, a, b); })});
  }
  c.push_back({"clamp", {m}, kNumeric, one([](const Tensor& t) { return clamp(t, Scalar(-1), Scalar(2)); })});
  c.push_back({"clamp_min/max", {m}, kNumeric, one([](const Tensor& t) { return clamp_max(clamp_min(t, Scalar(-1)), Scalar(1)); })});
  // The activations' arguments (the generic rows above run PyTorch's defaults).
  c.push_back({"activation arguments", {m}, kFloats, [](const Inputs& in, Device) {
                 const Tensor& t = in[0];
                 return std::vector<Tensor>{gelu(t, "tanh"), softplus(t, 2.0, 1.5), leaky_relu(t, 0.2),
                                            selu(t), celu(t, 2.0), hardtanh(t, -0.5, 2.0), relu6(t)};
               }});
  c.push_back({"hardtanh integer bounds", {m}, {DType::Int64, DType::Int32, DType::UInt8},
               one([](const Tensor& t) { return hardtanh(t, -2.5, 3.5); })});
  c.push_back({"add scalar alpha", {m, m}, kNumeric, two([](const Tensor& a, const Tensor& b) { return add(a, b, Scalar(2)); })});
  c.push_back({"sub/mul/div scalars", {m}, kNumeric, one([](const Tensor& t) { return div(mul(sub(Scalar(int64_t{3}), t), Scalar(2.5)), Scalar(2)); })});
  c.push_back({"div trunc/floor", {m, m}, kNumeric, two([](const Tensor& a, const Tensor& b) {
                 return add(div(a, b, std::string("trunc")), div(a, b, std::string("floor"))); })});
  c.push_back({"pow scalar", {m}, kNumeric, one([](const Tensor& t) { return pow(t, Scalar(int64_t{2})); })});
  c.push_back({"compare scalar", {m}, kNumeric, one([](const Tensor& t) { return logical_or(lt(t, Scalar(0)), ge(t, Scalar(1))); })});
  c.push_back({"in-place", {m, m}, kFloats, [](const Inputs& in, Device) {
                 Tensor x = clone(in[0]);
                 add_(x, in[1]);
                 mul_(x, Scalar(3));
                 unary_(UnaryOp::Relu, x);
                 unary_(UnaryOp::Sqrt, x);
                 return std::vector<Tensor>{x};
               }});
  c.push_back({"in-place non-contiguous self", {m}, kNumeric, [](const Inputs& in, Device) {
                 Tensor x = clone(in[0]);
                 Tensor view = transpose(x, 0, 1);  // write through a non-contiguous view
                 unary_(UnaryOp::Neg, view);
                 return std::vector<Tensor>{x};
               }});
  c.push_back({"where", {m, m, v}, kAll, [](const Inputs& in, Device) {
                 return std::vector<Tensor>{where(gt(in[0], in[1]), in[1], in[2])};
               }});
  c.push_back({"where scalars", {m}, kNumeric, [](const Inputs& in, Device) {
                 return std::vector<Tensor>{where(lt(in[0], Scalar(0)), Scalar(0.5), in[0])};
               }});
  // Reductions.
  auto red = [&](std::string name, std::vector<DType> dtypes, auto f) {
    c.push_back({name, {b3}, dtypes, one(f), false});
  };
  red("sum", kAll, [](const Tensor& t) { return sum(t); });
  red("sum dims", kAll, [](const Tensor& t) { return sum(t, DimList{0, 2}, true); });
  red("mean", kFloats, [](const Tensor& t) { return mean(t, DimList{1}); });
  red("nansum", kNumeric, [](const Tensor& t) {
    return nansum(is_floating(t.dtype()) ? where(gt(t, Scalar(0.5)), Scalar(NAN), t) : t, DimList{1});
  });
  red("nanmean", kFloats, [](const Tensor& t) { return nanmean(where(gt(t, Scalar(0.5)), Scalar(NAN), t), DimList{0, 2}, true); });
  red("prod", kNumeric, [](const Tensor& t) { return prod(t, 2); });
  red("max/min", kNumeric, [](const Tensor& t) { return add(max(t), min(t)); });
  red("amax/amin", kNumeric, [](const Tensor& t) { return sub(amax(t, DimList{1}), amin(t, DimList{1})); });
  red("argmax/argmin", kNumeric, [](const Tensor& t) { return add(argmax(t, 2), argmin(t)); });
  red("var/std", kFloats, [](const Tensor& t) { return add(var(t, DimList{1}), tp::std(t, DimList{0, 2}, 0, true)); });
  red("any/all", kAll, [](const Tensor& t) { return logical_xor(any(t, 1), all(t, 1)); });
  red("any/all full", kAll, [](const Tensor& t) { return logical_or(any(t), all(t)); });
  red("softmax", kFloats, [](const Tensor& t) { return softmax(t, -1); });
  red("log_softmax", kFloats, [](const Tensor& t) { return log_softmax(t, 1); });
  red("logsumexp", kFloats, [](const Tensor& t) { return logsumexp(t, DimList{2}); });
  c.push_back({"max dim (values, indices)", {b3}, kNumeric, [](const Inputs& in, Device) {
                 ValuesIndices r = max(in[0], 1);
                 ValuesIndices s = min(in[0], 2, true);
                 return std::vector<Tensor>{r.values, r.indices, s.values, s.indices};
               }, false});
  // A long row: the block-per-row tree reduction (rows of more than 32 elements).
  c.push_back({"long rows", {{3, 300}}, kFloats, [](const Inputs& in, Device) {
                 // exp() makes the sums depend on the order of the additions.
                 Tensor e = exp(div(in[0], Scalar(3)));
                 return std::vector<Tensor>{sum(in[0], DimList{1}), var(in[0], DimList{1}),
                                            sum(e, DimList{1}), mean(e, DimList{1}), var(e, DimList{1}),
                                            argmax(in[0], 1), softmax(in[0], 1),
                                            any(in[0], 1), prod(div(in[0], Scalar(4)), 1)};
               }, false});
  // Shape and view ops (views of device tensors stay on the device), cat and stack.
  c.push_back({"views", {b3}, kAll, [](const Inputs& in, Device) {
                 const Tensor& t = in[0];
                 return std::vector<Tensor>{
                     reshape(t, {4, 6}), flatten(t), permute(t, {2, 0, 1}), unsqueeze(t, 1),
                     squeeze(unsqueeze(t, 0)), expand(unsqueeze(t, 0), {2, 2, 3, 4}),
                     narrow(t, 2, 1, 2), select(t, 1, -1), slice(t, 2, 0, 4, 2), tensor_mT(t),
                     movedim(t, {0}, {2}), unflatten(flatten(t), 0, {6, 4}), swapaxes(t, 0, 2)};
               }});
  c.push_back({"cat/stack/split", {m, m}, kAll, [](const Inputs& in, Device) {
                 std::vector<Tensor> out = {cat({in[0], in[1]}, 1), stack({in[0], in[1]}, 0)};
                 for (const Tensor& p : split(in[0], 2, 1)) out.push_back(p);
                 for (const Tensor& p : chunk(in[1], 2, 0)) out.push_back(p);
                 for (const Tensor& p : unbind(in[0], 1)) out.push_back(p);
                 return out;
               }});
  // Indexing: basic (views), advanced get and put, boolean masks (nonzero), accumulate.
  c.push_back({"index basic", {b3}, kAll, [](const Inputs& in, Device) {
                 return std::vector<Tensor>{
                     index(in[0], {1, Slice{std::nullopt, std::nullopt, 2}}),
                     index(in[0], {TensorIndex::ellipsis(), TensorIndex::none(), -1})};
               }});
  c.push_back({"index advanced", {b3}, kAll, [](const Inputs& in, Device d) {
                 Tensor rows = tensor({Scalar(int64_t{2}), Scalar(int64_t{0}), Scalar(int64_t{-1})}, {3}, DType::Int64, d);
                 Tensor mask = gt(in[0], Scalar(0));
                 return std::vector<Tensor>{
                     index(in[0], {Slice{}, rows}), index(in[0], {mask}),
                     advanced_index(in[0], {Tensor(), rows, Tensor()})};
               }});
  c.push_back({"index out of bounds", {b3}, kAll, [](const Inputs& in, Device d) {
                 Tensor bad = tensor({Scalar(int64_t{1}), Scalar(int64_t{7})}, {2}, DType::Int64, d);
                 return std::vector<Tensor>{index(in[0], {Slice{}, bad})};
               }});
  c.push_back({"index_put", {b3, {2, 4}}, kAll, [](const Inputs& in, Device d) {
                 Tensor x = clone(in[0]);
                 Tensor rows = tensor({Scalar(int64_t{2}), Scalar(int64_t{0})}, {2}, DType::Int64, d);
                 index_put_(x, {Slice{}, rows}, in[1]);
                 index_put_(x, {0, 1}, Scalar(int64_t{1}));
                 Tensor y = clone(in[0]);
                 index_put_(y, {lt(y, Scalar(0))}, Scalar(int64_t{0}));
                 return std::vector<Tensor>{x, y};
               }});
  c.push_back({"index_put accumulate", {b3, {3, 4}}, kNumeric, [](const Inputs& in, Device d) {
                 Tensor x = clone(in[0]);
                 Tensor rows = tensor({Scalar(int64_t{1}), Scalar(int64_t{1}), Scalar(int64_t{0})}, {3}, DType::Int64, d);
                 advanced_index_put_(x, {Tensor(), rows}, in[1], true);
                 return std::vector<Tensor>{x};
               }, false});
  // Linear algebra.
  c.push_back({"matmul", {{3, 5}, {5, 4}}, kNumeric, two([](const Tensor& a, const Tensor& b) { return matmul(a, b); }), false});
  c.push_back({"tensordot/inner", {{2, 3, 4}, {4, 3}, {3}}, kNumeric, [](const Inputs& in, Device) {
                 return std::vector<Tensor>{tensordot(in[0], in[1], {1, 2}, {1, 0}), tensordot(in[0], in[1], {-1}, {0}),
                                            inner(in[2], in[1]), inner(in[2], in[2])};
               }, false});
  c.push_back({"outer/meshgrid/repeat_interleave/unique", {{3}, {4}}, kNumeric, [](const Inputs& in, Device) {
                 std::vector<Tensor> grid = meshgrid({in[0], in[1]}, "xy");
                 UniqueResult u = unique(cat({in[1], in[1]}, 0), std::nullopt);
                 return std::vector<Tensor>{outer(in[0], in[1]), grid[0], grid[1],
                                            repeat_interleave(in[1], 2, 0), u.values, u.inverse, u.counts};
               }});
  c.push_back({"lerp/addcmul/addcdiv", {{3, 4}, {4}, {3, 4}}, kFloats, [](const Inputs& in, Device) {
                 return std::vector<Tensor>{lerp(in[0], in[1], Scalar(0.3)), lerp(in[0], in[1], in[2]),
                                            addcmul(in[0], in[1], in[2], Scalar(0.5)), addcdiv(in[0], in[1], in[2])};
               }});
  c.push_back({"diag/diagonal/diag_embed/trace/roll/rot90", {{3, 4}, {3}}, kNumeric, [](const Inputs& in, Device) {
                 return std::vector<Tensor>{diag(in[1], 1), diag(in[0], -1), contiguous(diagonal(in[0], 1)),
                                            diag_embed(in[0]), trace(in[0]), roll(in[0], {1, -2}, {0, 1}),
                                            roll(in[0], {5}, {}), rot90(in[0], 1, {0, 1}), rot90(in[0], -2, {1, 0})};
               }});
  c.push_back({"einsum", {{2, 3, 4}, {2, 4, 3}, {3, 3}}, kNumeric, [](const Inputs& in, Device) {
                 return std::vector<Tensor>{einsum("bij,bjk->bik", {in[0], in[1]}), einsum("ii->i", {in[2]}),
                                            einsum("bij,bji->b", {in[0], in[1]}), einsum("...ij->...ji", {in[0]}),
                                            einsum("ij,jk", {in[2], in[2]})};
               }});
  // The row kernel of core/kernels/layer_norm_row.h: lanes, a chunk, a tail (37 = 4 * 8 + 5).
  c.push_back({"layer_norm", {{3, 2, 37}, {37}, {37}}, kFloats, [](const Inputs& in, Device) {
                 return std::vector<Tensor>{nn::functional::layer_norm(in[0], {37}, in[1], in[2], 1e-5),
                                            nn::functional::layer_norm(in[0], {2, 37}, Tensor(), Tensor(), 1e-3)};
               }});
  // The row kernel of core/kernels/norm2_row.h: 8 lanes, then a tail of a group of 4 and 3
  // fused (39 = 4 * 8 + 7); the whole tensor as one row; dim 0 goes through sum instead.
  c.push_back({"norm2 rows", {{3, 2, 39}}, kFloats, [](const Inputs& in, Device) {
                 return std::vector<Tensor>{vector_norm(in[0], 2, {-1}), vector_norm(in[0]),
                                            vector_norm(in[0], 2, {1, 2}, true), vector_norm(in[0], 2, {0})};
               }});
  c.push_back({"mm/mv/dot", {{4, 4}, {4, 4}}, kNumeric, [](const Inputs& in, Device) {
                 Tensor vec = select(in[1], 0, 1);
                 return std::vector<Tensor>{mm(in[0], in[1]), mv(in[0], vec), dot(vec, vec)};
               }, false});
  c.push_back({"bmm/batched matmul", {{2, 3, 4}, {2, 4, 3}}, kNumeric, two([](const Tensor& a, const Tensor& b) {
                 return add(bmm(a, b), matmul(a, select(b, 0, 0))); }), false});
  c.push_back({"addmm", {{3, 3}, {3, 4}, {4, 3}}, kFloats, [](const Inputs& in, Device) {
                 return std::vector<Tensor>{addmm(in[0], in[1], in[2], Scalar(0.5), Scalar(2))};
               }, false});
  // Copies and casts.
  c.push_back({"to/cast/contiguous/clone/fill_", {m}, kAll, [](const Inputs& in, Device) {
                 std::vector<Tensor> out;
                 for (DType d : kAll) out.push_back(cast(in[0], d));
                 out.push_back(contiguous(in[0]));
                 out.push_back(clone(in[0]));
                 out.push_back(to(in[0], std::nullopt, DType::Float64, true));
                 Tensor f = clone(in[0]);
                 fill_(f, Scalar(int64_t{1}));
                 out.push_back(f);
                 Tensor z = clone(in[0]);
                 zero_(transpose(z, 0, 1));
                 out.push_back(z);
                 Tensor w = empty({3, 4}, TensorOptions(in[0].dtype(), in[0].device()));
                 copy_(w, in[0]);
                 copy_(select(w, 0, 1), scalar_to_tensor(Scalar(int64_t{1})));  // 0-dim CPU source
                 out.push_back(w);
                 return out;
               }});
  // Creation on the device.
  c.push_back({"creation", {}, kAll, [](const Inputs&, Device d) {
                 return std::vector<Tensor>{
                     zeros({2, 3}, TensorOptions(DType::Float32, d)), ones({4}, TensorOptions(DType::Int32, d)),
                     full({2, 2}, Scalar(1.5), std::nullopt, d), eye(3, 4, TensorOptions(DType::Float64, d)),
                     arange(Scalar(int64_t{5}), std::nullopt, d), arange(Scalar(0.0), Scalar(1.0), Scalar(0.25), std::nullopt, d),
                     linspace(Scalar(-1.0), Scalar(1.0), 5, TensorOptions(DType::Float32, d)),
                     tensor({Scalar(1.0), Scalar(2.0)}, {2}, std::nullopt, d),
                     zeros_like(ones({2}, TensorOptions(DType::Int64, d))),
                     ones_like(zeros({3}, TensorOptions(DType::Float16, d))),
                     full_like(zeros({2}, TensorOptions(DType::Float32, d)), Scalar(int64_t{7}))};
               }});
  // Shape and layout ops (core/ops/layout.h, strided_views.h, assemble.h): stacking, splitting,
  // flips, strided views, and the tensors assembled from other ops.
  c.push_back({"layout stack/split/flip", {m, v, b3}, kAll, [](const Inputs& in, Device) {
                 std::vector<Tensor> out = {hstack({in[0], in[0]}), vstack({in[0], in[1]}), dstack({in[0], in[0]}),
                                            column_stack({in[1], in[1]}), atleast_3d(in[1]), fliplr(in[0]),
                                            flipud(in[2]), ravel(in[0]), narrow_copy(in[2], 2, 1, 2)};
                 for (const Tensor& p : tensor_split(in[0], 3, 1)) out.push_back(p);
                 for (const Tensor& p : tensor_split_indices(in[2], {1, -1}, 2)) out.push_back(p);
                 for (const Tensor& p : directional_split(SplitDirection::Depth, in[2], 2)) out.push_back(p);
                 return out;
               }});
  c.push_back({"unfold/as_strided", {m, b3}, kAll, [](const Inputs& in, Device) {
                 return std::vector<Tensor>{unfold(in[0], 1, 2, 1), unfold(in[1], 0, 1, 2), unfold(unfold(in[1], 2, 3, 1), 1, 2, 1),
                                            as_strided(in[0], {2, 3}, {1, 2}), as_strided(in[1], {3, 3}, {2, 1}, 5),
                                            as_strided(in[0], {2, 2}, {0, 1})};
               }});
  c.push_back({"diff/kron/block_diag", {m, {2, 2}, v}, kAll, [](const Inputs& in, Device) {
                 return std::vector<Tensor>{diff(in[0]), diff(in[0], 2, 0, in[0], std::nullopt), diff(in[2], 1, 0, std::nullopt, in[2]),
                                            kron(in[1], in[1]), kron(in[2], in[1]), block_diag({in[1], in[2], in[1]})};
               }});
  c.push_back({"cartesian_prod/combinations/vander/tri indices", {v, {3}}, kNumeric, [](const Inputs& in, Device d) {
                 return std::vector<Tensor>{cartesian_prod({in[0], in[0]}), combinations(in[0]), combinations(in[1], 3, true),
                                            vander(in[1]), vander(in[0], 3, true), tril_indices(4, 3, 1, TensorOptions(DType::Int64, d)),
                                            triu_indices(3, 5, -1, TensorOptions(DType::Int32, d))};
               }});
  // Indexing, scans and searching: flat/mask indexing, scatter_reduce, running extremes,
  // searchsorted/bincount/histograms, cdist and cross (composed ops; the device must agree).
  c.push_back({"take/put/index_copy/masked_select/masked_scatter", {{3, 4}, {2, 4}}, kNumeric,
               [](const Inputs& in, Device d) {
                 auto ints = [d](std::vector<int64_t> v, Shape s) {
                   std::vector<Scalar> sc(v.begin(), v.end());
                   return tensor(sc, s, DType::Int64, d);
                 };
                 Tensor mask = gt(in[0], Scalar(0));
                 return std::vector<Tensor>{
                     masked_select(in[0], mask), take(in[0], ints({0, 11, -1, 5}, {2, 2})),
                     take_along_dim(in[0], ints({2, 0, 1, 3}, {1, 4}), 0), take_along_dim(in[0], ints({3, 1}, {2}), {}),
                     index_copy(in[0], 0, ints({2, 0}, {2}), in[1]),
                     put(in[0], ints({1, 7, 1}, {3}), narrow(reshape(in[1], {-1}), 0, 0, 3), true),
                     put(in[0], ints({4, 2}, {2}), narrow(reshape(in[1], {-1}), 0, 0, 2), false),
                     masked_scatter(in[0], mask, cat({in[1], in[1]}, 0))};
               }});
  c.push_back({"scatter_reduce/index_reduce", {{3, 4}, {2, 4}}, kNumeric, [](const Inputs& in, Device d) {
                 std::vector<Scalar> v = {Scalar(int64_t{0}), Scalar(int64_t{2}), Scalar(int64_t{0}), Scalar(int64_t{1}),
                                          Scalar(int64_t{0}), Scalar(int64_t{2}), Scalar(int64_t{2}), Scalar(int64_t{1})};
                 Tensor idx = tensor(v, {2, 4}, DType::Int64, d);
                 std::vector<Tensor> out;
                 for (const char* r : {"sum", "prod", "mean", "amax", "amin"})
                   for (bool include_self : {true, false}) out.push_back(scatter_reduce(in[0], 0, idx, in[1], r, include_self));
                 Tensor slices = tensor({Scalar(int64_t{2}), Scalar(int64_t{2})}, {2}, DType::Int64, d);
                 for (const char* r : {"prod", "mean", "amax", "amin"}) out.push_back(index_reduce(in[0], 0, slices, in[1], r, false));
                 return out;
               }});
  c.push_back({"cummax/cummin/logcumsumexp", {{3, 5}}, kNumeric, [](const Inputs& in, Device) {
                 ValuesIndices mx = cummax(in[0], 1), mn = cummin(in[0], 0);
                 std::vector<Tensor> out = {mx.values, mx.indices, mn.values, mn.indices};
                 if (is_floating(in[0].dtype())) {
                   out.push_back(logcumsumexp(in[0], 1));
                   out.push_back(logcumsumexp(in[0], 0));
                 }
                 return out;
               }});
  c.push_back({"searchsorted/bucketize/bincount/histc/histogram/unique_consecutive", {{3, 4}, {6}}, kNumeric, [](const Inputs& in, Device) {
                 Tensor seq = sort(in[1], 0).values;
                 Tensor rows = sort(in[0], 1).values;
                 std::vector<Tensor> out = {searchsorted(seq, in[0], false, false, std::nullopt, Tensor()),
                                            searchsorted(rows, in[0], true, true, std::nullopt, Tensor()),
                                            bucketize(in[0], seq, false, false)};
                 for (std::optional<int64_t> dim : {std::optional<int64_t>(), std::optional<int64_t>(1)}) {
                   UniqueResult u = unique_consecutive(gt(in[0], Scalar(0)), dim);
                   out.insert(out.end(), {u.values, u.inverse, u.counts});
                 }
                 if (is_floating(in[0].dtype())) {
                   out.push_back(histc(in[0], 5, Scalar(0), Scalar(0)));
                   Histogram h = histogram(in[0], 4, std::nullopt, Tensor(), true);
                   out.push_back(h.hist);
                   out.push_back(h.bin_edges);
                   out.push_back(histogram(in[0], seq, in[0], false).hist);
                 } else if (in[0].dtype() != DType::Bool) {
                   Tensor counts = abs(reshape(in[0], {-1}));
                   out.push_back(bincount(counts, Tensor(), 0));
                   out.push_back(bincount(counts, cast(counts, DType::Float32), 30));
                 }
                 return out;
               }});
  c.push_back({"cdist/cross", {{2, 4, 3}, {5, 3}, {30, 3}}, kFloats, [](const Inputs& in, Device) {
                 std::vector<Tensor> out;
                 for (double p : {0.0, 1.0, 2.0, 3.0, double(INFINITY)}) out.push_back(cdist(in[0], in[1], p, CdistMode::MmIfNecessary));
                 out.push_back(cdist(in[2], in[1], 2.0, CdistMode::MmIfNecessary));  // the matmul path
                 out.push_back(linalg_cross(in[0], narrow(in[1], 0, 0, 4), -1));
                 out.push_back(cross(narrow(in[1], 0, 0, 3), narrow(in[2], 0, 0, 3), std::nullopt));
                 return out;
               }});
  // Linear algebra: the factorisations (half refused alike everywhere) on x + 4I and the
  // addmm family (integers too; bool refused alike).
  c.push_back({"linalg factorisations", {{2, 3, 3}, {3, 2}}, {DType::Float32, DType::Float64, DType::Float16},
               [](const Inputs& in, Device d) {
                 Tensor A = add(in[0], mul(eye(3, std::nullopt, TensorOptions(in[0].dtype(), d)), Scalar(4.0)));
                 Tensor sym = add(A, transpose(A, -2, -1));
                 auto [sign, logabsdet] = linalg_slogdet(A);
                 auto [w, V] = linalg_eigh(sym);
                 auto [U, S, Vh] = linalg_svd(in[0]);
                 auto [Q, R] = linalg_qr(A, "complete");
                 auto [LU, pivots, info] = linalg_lu_factor_ex(in[0]);
                 auto [P, L, Up] = linalg_lu(transpose(in[1], 0, 1));
                 return std::vector<Tensor>{linalg_inv(A), linalg_solve(A, in[1]), linalg_solve(A, transpose(in[1], 0, 1), false),
                                            linalg_det(A), sign, logabsdet,
                                            linalg_cholesky_ex(matmul(A, transpose(A, -2, -1))).first, w, V, U, S, Vh, Q, R,
                                            LU, pivots, info, P, L, Up, linalg_lu_solve(LU, pivots, in[1], true, true),
                                            linalg_matrix_exp(A)};
               }, false});
  c.push_back({"addmm family", {{3, 4}, {2, 3, 4}, {2, 4, 4}, {3}, {4}}, kAll, [](const Inputs& in, Device) {
                 const Scalar beta(int64_t{2}), alpha(int64_t{3});
                 return std::vector<Tensor>{baddbmm(in[0], in[1], in[2], beta, alpha), addbmm(in[0], in[1], in[2], beta, alpha),
                                            addmv(in[3], in[0], in[4], beta, alpha), addr(in[0], in[3], in[4], beta, alpha)};
               }, false});
  // Elementwise math: the unary ops with arguments (the rows above run their defaults) and
  // the composites, on values that reach their edges (eps clamping, NaN and infinities).
  c.push_back({"elementwise math arguments", {m, v}, kFloats, [](const Inputs& in, Device) {
                 const Tensor& t = in[0];
                 Tensor p = div(abs(t), Scalar(3.0));
                 Tensor edges = div(t, sub(t, in[1]));  // 0/0 and x/0: NaN and infinities
                 return std::vector<Tensor>{polygamma(2, add(abs(t), Scalar(0.5))), polygamma(3, t), logit(p, 0.2),
                                            logit(p), nan_to_num(edges), nan_to_num(edges, 1.0, 2.0, -2.0),
                                            mvlgamma(add(abs(t), Scalar(2.0)), 3), ldexp(t, in[1]),
                                            float_power(t, in[1]), isin(t, in[1])};
               },
               /*exact=*/false});  // mvlgamma sums its lgammas
  c.push_back({"integer elementwise math", {m, v}, kIntsNoBool, [](const Inputs& in, Device) {
                 return std::vector<Tensor>{gcd(in[0], in[1]), lcm(in[0], in[1]),
                                            bitwise_left_shift(in[0], abs(in[1])), bitwise_right_shift(in[0], in[1]),
                                            fmax(in[0], in[1]), heaviside(in[0], in[1]), isin(in[0], in[1])};
               }});
  return c;
}

// A real GPU's libm (exp, sin, pow...) differs from glibc by an ulp or two, so its
// elementwise results are compared with a tolerance; the simulator's are bit-identical.
bool is_real_gpu(Device device) {
  for (const DeviceEntry& e : cuda_devices()) {
    if (e.device == device) return !e.simulated;
  }
  return false;
}

// The devices every case runs on: cpu, each simulated GPU, and each real GPU.
std::vector<Device> backends() {
  std::vector<Device> devices = {Device::cpu()};
  for (const DeviceEntry& e : cuda_devices()) devices.push_back(e.device);
  return devices;
}

// Runs one case on `device` for every dtype and layout, comparing with the CPU.
void run_case(const OpCase& oc, Device device) {
  for (DType dtype : oc.dtypes) {
    for (bool non_contiguous : {false, true}) {
      CAPTURE(oc.name);
      CAPTURE(dtype_name(dtype));
      CAPTURE(non_contiguous);
      Inputs cpu_in, dev_in;
      for (size_t k = 0; k < oc.shapes.size(); ++k) {
        auto [h, d] = operand(oc.shapes[k], dtype, static_cast<int>(k), non_contiguous, device);
        cpu_in.push_back(h);
        dev_in.push_back(d);
      }
      std::vector<Tensor> expected, got;
      std::string cpu_error, dev_error;
      try {
        expected = oc.fn(cpu_in, Device::cpu());
      } catch (const TorchError& e) {
        cpu_error = e.what();
      }
      try {
        got = oc.fn(dev_in, device);
      } catch (const TorchError& e) {
        dev_error = e.what();
      }
      CHECK(dev_error == cpu_error);
      if (!cpu_error.empty() || !dev_error.empty()) continue;
      REQUIRE(expected.size() == got.size());
      for (size_t r = 0; r < got.size(); ++r) {
        CAPTURE(r);
        check_same(expected[r], got[r], device, oc.exact && !is_real_gpu(device));
      }
    }
  }
}

// One case's results on `device` as raw bytes (or its error text), for bit comparisons.
std::vector<std::string> result_bytes(const OpCase& oc, DType dtype, bool non_contiguous,
                                      Device device) {
  Inputs in;
  for (size_t k = 0; k < oc.shapes.size(); ++k)
    in.push_back(operand(oc.shapes[k], dtype, static_cast<int>(k), non_contiguous, device).second);
  std::vector<std::string> bytes;
  try {
    for (const Tensor& r : oc.fn(in, device)) {
      Tensor host = contiguous(to(r, Device::cpu(), std::nullopt));
      bytes.emplace_back(static_cast<const char*>(host.data_ptr()), host.nbytes());
      bytes.push_back(dtype_name(r.dtype()) + shape_str(r.sizes()));
    }
  } catch (const TorchError& e) {
    bytes.push_back(std::string("error: ") + e.what());
  }
  return bytes;
}

}  // namespace

TEST_CASE("the simulated GPU gives the same bits at host speed as on the SIMT executor") {
  DeviceConfig config;
  config.force_sim = true;
  config.sim_gpus = 1;
  for (const OpCase& oc : cases()) {
    for (DType dtype : oc.dtypes) {
      for (bool non_contiguous : {false, true}) {
        const std::string dtype_text = dtype_name(dtype);
        CAPTURE(oc.name);
        CAPTURE(dtype_text);
        CAPTURE(non_contiguous);
        config.sim_simt = false;
        configure_devices(config);
        const std::vector<std::string> host = result_bytes(oc, dtype, non_contiguous, Device::cuda(0));
        config.sim_simt = true;
        configure_devices(config);
        const std::vector<std::string> simt = result_bytes(oc, dtype, non_contiguous, Device::cuda(0));
        CHECK(host == simt);
      }
    }
  }
  configure_devices(DeviceConfig::from_environment());
}

TEST_CASE("every op on every backend gives the CPU's result") {
  for (int gpus : {1, 2}) {
    DeviceConfig config = DeviceConfig::from_environment();
    config.sim_gpus = gpus;
    config.no_sim = false;
    configure_devices(config);
    const std::vector<Device> devices = backends();
    REQUIRE(devices.size() >= 2);  // cpu and at least one GPU, real or simulated
    for (const OpCase& oc : cases()) {
      for (Device device : devices) run_case(oc, device);
    }
  }
  configure_devices(DeviceConfig::from_environment());
}

TEST_CASE("the op table covers every kind of backend work") {
  // Every UnaryOp and BinaryOp (from unary_ops.def, binary_ops.def) has a generic row; a
  // new ReduceOp past the last one named here means the table needs a row for it.
  std::set<std::string> names;
  for (const OpCase& oc : cases()) names.insert(oc.name);
  for (const UnaryOpInfo& info : kUnaryOps) {
    const std::string clamp = "clamp";  // its row gives bounds
    CHECK(names.count(info.name == clamp ? clamp : "unary " + std::string(info.name)) == 1);
  }
  for (const BinaryOpInfo& info : kBinaryOps) CHECK(names.count("binary " + std::string(info.name)) == 1);
  CHECK(static_cast<int>(ReduceOp::All) == 10);
  for (const char* needed : {"sum", "mean", "prod", "max/min", "argmax/argmin", "var/std", "any/all",
                             "softmax", "log_softmax", "index advanced", "index_put",
                             "index_put accumulate", "matmul", "creation", "cat/stack/split", "layer_norm",
                             "norm2 rows"}) {
    CHECK(names.count(needed) == 1);
  }
}
