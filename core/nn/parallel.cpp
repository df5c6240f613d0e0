// Scatter and gather for DataParallel, each one node of the backward graph: the gradient of
// a scatter is the gather of the pieces' gradients, and the other way round.
#include "core/nn/parallel.h"

#include "core/autograd/autograd.h"
#include "core/autograd/grad_utils.h"
#include "core/ops/copy.h"
#include "core/ops/shape.h"

namespace tp::nn {

namespace {

Tensor concat_on(const std::vector<Tensor>& parts, Device device) {
  std::vector<Tensor> moved;
  for (const Tensor& p : parts) moved.push_back(to(p, device, std::nullopt));
  return cat(moved, 0);
}

std::vector<Tensor> split_to(const Tensor& x, const std::vector<int64_t>& sizes, const std::vector<Device>& devices) {
  std::vector<Tensor> out;
  int64_t start = 0;
  for (size_t i = 0; i < sizes.size(); ++i) {
    out.push_back(to(contiguous(narrow(x, 0, start, sizes[i])), devices[i], std::nullopt));
    start += sizes[i];
  }
  return out;
}

struct ScatterBackward : Node {
  ScatterBackward(Device src, size_t n) : source(src) { num_outputs = static_cast<uint32_t>(n); }
  std::string name() const override { return "ScatterBackward"; }
  TensorList apply(TensorList&& grads) override { return {concat_on(grads, source)}; }
  Device source;
};

struct GatherBackward : Node {
  GatherBackward(std::vector<int64_t> s, std::vector<Device> d) : sizes(std::move(s)), devices(std::move(d)) {}
  std::string name() const override { return "GatherBackward"; }
  TensorList apply(TensorList&& grads) override { return split_to(grads[0], sizes, devices); }
  std::vector<int64_t> sizes;
  std::vector<Device> devices;
};

}  // namespace

std::vector<Tensor> scatter(const Tensor& x, const std::vector<Device>& devices) {
  int64_t n = x.size(0);
  int64_t k = static_cast<int64_t>(devices.size());
  int64_t chunk = (n + k - 1) / k;
  std::vector<int64_t> sizes;
  for (int64_t start = 0; start < n; start += chunk) sizes.push_back(std::min(chunk, n - start));
  std::vector<Device> used(devices.begin(), devices.begin() + static_cast<ptrdiff_t>(sizes.size()));
  if (!autograd::needs_grad({&x})) return split_to(x, sizes, used);
  std::vector<Tensor> out;
  {
    autograd::NoGradGuard no_grad;
    out = split_to(x, sizes, used);
  }
  auto node = std::make_shared<ScatterBackward>(x.device(), out.size());
  autograd::collect_edges(*node, {x});
  for (size_t i = 0; i < out.size(); ++i) autograd::set_history(out[i], node, static_cast<uint32_t>(i));
  return out;
}

Tensor gather(const std::vector<Tensor>& outputs, Device device) {
  return autograd::record_op(
      outputs, [&] { return concat_on(outputs, device); },
      [&](const Tensor&) {
        std::vector<int64_t> sizes;
        std::vector<Device> devices;
        for (const Tensor& o : outputs) {
          sizes.push_back(o.size(0));
          devices.push_back(o.device());
        }
        return std::make_shared<GatherBackward>(std::move(sizes), std::move(devices));
      });
}

}  // namespace tp::nn
