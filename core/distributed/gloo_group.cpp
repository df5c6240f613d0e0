// GlooGroup: Gloo's TCP transport and rendezvous, its allreduce, reduce, broadcast, allgather,
// gather, scatter and barrier, and point-to-point transfers through unbound buffers (as
// PyTorch's Gloo group sends them); the element-wise reduction functions are written once per
// dtype here
// (half and bfloat16 combine in float, as PyTorch's Gloo group does).
#include "core/distributed/gloo_group.h"

#include <gloo/allgather.h>
#include <gloo/allreduce.h>
#include <gloo/barrier.h>
#include <gloo/broadcast.h>
#include <gloo/gather.h>
#include <gloo/reduce.h>
#include <gloo/scatter.h>
#include <gloo/transport/tcp/device.h>

#include <algorithm>
#include <type_traits>

#include "core/error.h"
#include "core/half.h"

namespace tp::dist {

namespace {

// The element-wise function Gloo calls to combine two ranks' buffers: c[i] = a[i] op b[i].
template <typename T>
gloo::AllreduceOptions::Func reduce_function(Reduction op) {
  using Acc = std::conditional_t<std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>, float, T>;
  auto each = [](auto combine) {
    return [combine](void* c, const void* a, const void* b, size_t n) {
      T* out = static_cast<T*>(c);
      const T* x = static_cast<const T*>(a);
      const T* y = static_cast<const T*>(b);
      for (size_t i = 0; i < n; ++i) out[i] = static_cast<T>(combine(static_cast<Acc>(x[i]), static_cast<Acc>(y[i])));
    };
  };
  switch (op) {
    case Reduction::Sum: return each([](Acc a, Acc b) { return a + b; });
    case Reduction::Product: return each([](Acc a, Acc b) { return a * b; });
    case Reduction::Min: return each([](Acc a, Acc b) { return std::min(a, b); });
    case Reduction::Max: return each([](Acc a, Acc b) { return std::max(a, b); });
    default: break;
  }
  if constexpr (std::is_integral_v<T>) {
    switch (op) {
      case Reduction::BitwiseAnd: return each([](Acc a, Acc b) { return a & b; });
      case Reduction::BitwiseOr: return each([](Acc a, Acc b) { return a | b; });
      default: return each([](Acc a, Acc b) { return a ^ b; });
    }
  }
  TP_ASSERT(false);  // the Python layer refuses bitwise reductions of floating tensors
  return {};
}

}  // namespace

GlooGroup::GlooGroup(std::shared_ptr<gloo::rendezvous::Store> store, int rank, int size,
                     std::chrono::milliseconds timeout, const std::string& hostname, const std::string& iface)
    : store_(std::move(store)), rank_(rank), size_(size) {
  gloo::transport::tcp::attr attr;
  if (iface.empty()) {
    attr.hostname = hostname;
  } else {
    attr.iface = iface;
  }
  auto device = gloo::transport::tcp::CreateDevice(attr);
  context_ = std::make_shared<gloo::rendezvous::Context>(rank, size);
  context_->setTimeout(timeout);
  context_->connectFullMesh(*store_, device);
}

void GlooGroup::allreduce(void* data, size_t count, DType dtype, Reduction op) {
  if (count == 0) return;
  visit_dtype(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    gloo::AllreduceOptions opts(context_);
    opts.setOutput(static_cast<T*>(data), count);
    opts.setReduceFunction(reduce_function<T>(op));
    opts.setTag(next_tag());
    gloo::allreduce(opts);
  });
}

void GlooGroup::reduce(void* data, size_t count, DType dtype, Reduction op, int root) {
  if (count == 0) return;
  visit_dtype(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    gloo::ReduceOptions opts(context_);
    opts.setOutput(static_cast<T*>(data), count);
    opts.setRoot(root);
    opts.setReduceFunction(reduce_function<T>(op));
    opts.setTag(next_tag());
    gloo::reduce(opts);
  });
}

void GlooGroup::gather(const void* in, void* out, size_t bytes, int root) {
  if (bytes == 0) return;
  gloo::GatherOptions opts(context_);
  opts.setInput(const_cast<char*>(static_cast<const char*>(in)), bytes);
  if (rank_ == root) opts.setOutput(static_cast<char*>(out), bytes * static_cast<size_t>(size_));
  opts.setRoot(root);
  opts.setTag(next_tag());
  gloo::gather(opts);
}

void GlooGroup::scatter(const std::vector<void*>& ins, void* out, size_t bytes, int root) {
  if (bytes == 0) return;
  gloo::ScatterOptions opts(context_);
  if (rank_ == root) {
    std::vector<char*> ptrs;
    for (void* p : ins) ptrs.push_back(static_cast<char*>(p));
    opts.setInputs(ptrs, bytes);
  }
  opts.setOutput(static_cast<char*>(out), bytes);
  opts.setRoot(root);
  opts.setTag(next_tag());
  gloo::scatter(opts);
}

std::unique_ptr<gloo::transport::UnboundBuffer> GlooGroup::start_send(void* data, size_t bytes, int dst,
                                                                      uint32_t tag) {
  auto buf = context_->createUnboundBuffer(data, bytes);
  buf->send(dst, tag);
  return buf;
}

std::unique_ptr<gloo::transport::UnboundBuffer> GlooGroup::start_recv(void* data, size_t bytes,
                                                                      const std::vector<int>& srcs, uint32_t tag) {
  auto buf = context_->createUnboundBuffer(data, bytes);
  buf->recv(srcs, tag);
  return buf;
}

void GlooGroup::broadcast(void* data, size_t bytes, int root) {
  if (bytes == 0) return;
  gloo::BroadcastOptions opts(context_);
  opts.setOutput(static_cast<char*>(data), bytes);
  opts.setRoot(root);
  opts.setTag(next_tag());
  gloo::broadcast(opts);
}

void GlooGroup::allgather(const void* in, void* out, size_t bytes) {
  if (bytes == 0) return;
  gloo::AllgatherOptions opts(context_);
  opts.setInput(const_cast<char*>(static_cast<const char*>(in)), bytes);
  opts.setOutput(static_cast<char*>(out), bytes * static_cast<size_t>(size_));
  opts.setTag(next_tag());
  gloo::allgather(opts);
}

void GlooGroup::barrier() {
  gloo::BarrierOptions opts(context_);
  opts.setTag(next_tag());
  gloo::barrier(opts);
}

}  // namespace tp::dist
