// torch.embedding (core/nn/functional): rows picked, shaped indices.shape + (dim,), the
// EmbeddingBackward0 node's sums with padding_idx and scale_grad_by_freq, on the CPU and a
// simulated GPU; PyTorch's error texts and index_select's generated device check; and
// rename_grad_fn, which the recurrent layers use to show a fused kernel's node name.
#include <doctest/doctest.h>

#include "core/autograd/autograd.h"
#include "core/device_registry.h"
#include "core/error.h"
#include "core/nn/functional.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/ops/reduce.h"
#include "core/ops/shape.h"
#include "tests/test_util.h"

using namespace tp;
namespace F = tp::nn::functional;

namespace {

Tensor indices(std::vector<double> v, Shape shape, Device device, DType dtype = DType::Int64) {
  return to(test::make_tensor(v, shape, dtype), device, std::nullopt);
}

// weight (4, 2) = [[0, 1], [2, 3], [4, 5], [6, 7]].
Tensor weight_on(Device device) {
  return to(test::make_tensor({0, 1, 2, 3, 4, 5, 6, 7}, {4, 2}), device, std::nullopt);
}

void check_on(Device device) {
  CAPTURE(device.str());
  Tensor w = weight_on(device);
  autograd::set_requires_grad(w, true);

  Tensor out = F::embedding(w, indices({3, 1, 3, 0, 1, 3}, {2, 3}, device));
  CHECK(out.sizes() == Shape{2, 3, 2});
  CHECK(out.device() == device);
  CHECK(autograd::grad_fn(out)->name() == "EmbeddingBackward0");
  CHECK(test::values_of(out) == std::vector<double>{6, 7, 2, 3, 6, 7, 0, 1, 2, 3, 6, 7});
  // Each index's gradient rows are summed into its weight row.
  autograd::backward(sum(out));
  CHECK(test::values_of(autograd::grad(w)) == std::vector<double>{1, 1, 2, 2, 0, 0, 3, 3});

  // A 0-d index gives one row; int32 indices work too.
  CHECK(F::embedding(w, indices({2}, {}, device)).sizes() == Shape{2});
  CHECK(test::values_of(F::embedding(w, indices({2, 0}, {2}, device, DType::Int32))) ==
        std::vector<double>{4, 5, 0, 1});

  // padding_idx gets no gradient; scale_grad_by_freq divides each row by its index's count.
  Tensor w2 = weight_on(device);
  autograd::set_requires_grad(w2, true);
  Tensor picked = F::embedding(w2, indices({3, 1, 3, 0, 1, 3}, {6}, device), /*padding_idx=*/1, true);
  autograd::backward(sum(mul(picked, to(test::make_tensor({1, 2, 3, 4, 5, 6}, {6, 1}), device, std::nullopt))));
  // index 3 (count 3): (1 + 3 + 6) / 3; index 0 (count 1): 4; index 1 is padding.
  std::vector<double> g = test::values_of(autograd::grad(w2));
  CHECK(g[0] == doctest::Approx(4.0));
  CHECK(g[2] == 0.0);
  CHECK(g[4] == 0.0);
  CHECK(g[6] == doctest::Approx(10.0 / 3.0));
}

}  // namespace

TEST_CASE("embedding: rows, shapes and EmbeddingBackward0 on the CPU") { check_on(Device::cpu()); }

TEST_CASE("embedding: the same on a simulated GPU, computed there") {
  test::use_sim_gpus(1);
  check_on(Device{DeviceType::CUDA, 0});
}

TEST_CASE("embedding: PyTorch's error texts") {
  Tensor w = weight_on(Device::cpu());
  CHECK_THROWS_WITH(F::embedding(w, indices({4}, {1}, Device::cpu())), "index out of range in self");
  CHECK_THROWS_WITH(F::embedding(w, indices({1, -1}, {2}, Device::cpu())), "index out of range in self");
  CHECK_THROWS_WITH(F::embedding(w, test::make_tensor({1}, {1})),
                    "Expected tensor for argument #1 'indices' to have one of the following scalar types: "
                    "Long, Int; but got torch.FloatTensor instead (while checking arguments for embedding)");
  CHECK_THROWS_WITH(F::embedding(reshape(w, {8}), indices({1}, {1}, Device::cpu())), "'weight' must be 2-D");
  try {
    F::embedding(w, indices({9}, {1}, Device::cpu()));
    FAIL("no error");
  } catch (const TorchError& e) {
    CHECK(e.kind() == ErrorKind::IndexError);
  }
}

TEST_CASE("embedding: indices on the CPU for a GPU weight fail index_select's generated check") {
  test::use_sim_gpus(1);
  Tensor w = weight_on(Device{DeviceType::CUDA, 0});
  // /work/shared/reference/pytorch_device_semantics.md row 5 (2.8+ form).
  CHECK_THROWS_WITH(F::embedding(w, indices({1}, {1}, Device::cpu())),
                    "Expected all tensors to be on the same device, but got index is on cpu, different from "
                    "other tensors on cuda:0 (when checking argument in method wrapper_CUDA__index_select)");
}

TEST_CASE("rename_grad_fn: the node a composed op made takes the fused kernel's name") {
  Tensor a = test::make_tensor({1, 2}, {2});
  autograd::set_requires_grad(a, true);
  Tensor s = stack({a, a}, 0);
  F::rename_grad_fn(s, "MkldnnRnnLayerBackward0");
  CHECK(autograd::grad_fn(s)->name() == "MkldnnRnnLayerBackward0");
  autograd::backward(sum(s));  // the formula is stack's still
  CHECK(test::values_of(autograd::grad(a)) == std::vector<double>{2, 2});
  F::rename_grad_fn(test::make_tensor({1}, {1}), "Unused");  // no grad_fn: nothing to do
}
