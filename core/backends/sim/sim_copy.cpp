// The simulator's copies: host<->device transfers over the modeled link (SimDevice; pinned or
// pageable, blocking or not), and SimBackend's device-to-device copies as a conversion kernel
// and between two simulated GPUs over NVLink or PCIe peer-to-peer. Memory is host-resident,
// so the bytes move with memcpy (or the CPU backend's converting copy, at host speed); only
// the clock says how long a real GPU would take.
#include <algorithm>
#include <cstring>

#include "core/backends/cpu/cpu_backend.h"
#include "core/backends/cpu/scalar_ops.h"
#include "core/backends/sim/sim_kernels.h"

namespace tp {

namespace {

// Modeled seconds of a peer copy: NVLink when both GPUs have it, else PCIe peer-to-peer,
// which runs at the slower of the source's upload and the destination's download rate.
double peer_seconds(const GpuProfile& src, const GpuProfile& dst, int64_t bytes) {
  double gbps = src.nvlink_bandwidth_gbps > 0 && dst.nvlink_bandwidth_gbps > 0
                    ? std::min(src.nvlink_bandwidth_gbps, dst.nvlink_bandwidth_gbps)
                    : std::min(src.pinned_d2h_gbps, dst.pinned_h2d_gbps);
  return src.transfer_latency_us * 1e-6 + static_cast<double>(bytes) / (gbps * 1e9);
}

// Charges a copy of `bytes` from src's GPU to dst's GPU: it starts when both streams are
// free and holds both until it ends.
void charge_peer_copy(SimDevice& src, SimDevice& dst, int64_t bytes) {
  const bool nvlink = src.profile.nvlink_bandwidth_gbps > 0 && dst.profile.nvlink_bandwidth_gbps > 0;
  dst.clock->wait_until(src.clock->stream_end_ns());
  dst.clock->queue_copy(std::string("memcpy PtoP (") + (nvlink ? "NVLink" : "PCIe") + ")", bytes,
                        peer_seconds(src.profile, dst.profile, bytes));
  src.clock->wait_until(dst.clock->stream_end_ns());
}

// dst[i] = convert(src[i]) over dst's shape, one thread per element.
template <typename S, typename D>
void convert_kernel(SimDevice& dev, const Tensor& src, const Tensor& dst) {
  const int64_t n = dst.numel();
  const S* s = src.data<S>();
  D* d = dst.data<D>();
  sim::Offsets offsets(dst.sizes(), {&dst.strides(), &src.strides()});
  sim::launch_simt(dev, sim::elementwise_config("copy_kernel", n), sim::buffers_of({&src, &dst}),
                   [&](SimThread& ctx) {
                     sim::grid_stride(ctx, n, [&](int64_t i) {
                       int64_t off[2];
                       offsets.at(i, off);
                       ctx.store(d + off[0], scalar::convert<D>(ctx.load(s + off[1])));
                     });
                   });
}

}  // namespace

void SimDevice::copy_from_host(void* dst, const void* host_src, size_t nbytes, CopyOptions options) {
  SimulationScope simulating;  // real time spent here is not the machine's
  if (nbytes == 0) return;
  std::memcpy(dst, host_src, nbytes);
  clock->transfer(static_cast<int64_t>(nbytes), CopyDirection::HostToDevice, options.host_pinned,
                  options.non_blocking);
}

void SimDevice::copy_to_host(void* host_dst, const void* src, size_t nbytes, CopyOptions options) {
  SimulationScope simulating;  // real time spent here is not the machine's
  if (nbytes == 0) {
    clock->synchronize();  // .item() of nothing still waits for the stream
    return;
  }
  std::memcpy(host_dst, src, nbytes);
  clock->transfer(static_cast<int64_t>(nbytes), CopyDirection::DeviceToHost, options.host_pinned,
                  options.non_blocking);
}

void SimBackend::copy(const Tensor& src, const Tensor& dst) {
  SimulationScope simulating;  // real time spent here is not the machine's
  SimDevice& to = sim::device_of(dst);
  const bool peer = !src.device().is_cpu() && src.device() != dst.device();
  if (peer) charge_peer_copy(sim::device_of(src), to, static_cast<int64_t>(src.nbytes()));
  if (src.dtype() == dst.dtype() && src.is_contiguous() && dst.is_contiguous() &&
      src.sizes() == dst.sizes()) {
    // cudaMemcpyAsync device-to-device: reads and writes every byte at memory bandwidth.
    if (dst.nbytes() == 0) return;
    std::memmove(dst.data_ptr(), src.data_ptr(), dst.nbytes());
    if (!peer) {
      to.clock->launch_kernel("memcpy DtoD", 0, 2 * static_cast<int64_t>(dst.nbytes()),
                              dst.dtype(), OpClass::Elementwise);
    }
    return;
  }
  const int64_t n = dst.numel();
  if (n == 0) return;
  if (sim::simt_wanted()) {
    visit_any_dtype(src.dtype(), [&](auto stag) {
      using S = typename decltype(stag)::type;
      visit_any_dtype(dst.dtype(), [&](auto dtag) {
        using D = typename decltype(dtag)::type;
        convert_kernel<S, D>(to, src, dst);
      });
    });
  } else {
    cpu_backend().copy(src, dst);
  }
  sim::charge(to, "copy_kernel",
              {0.0, n * static_cast<int64_t>(src.element_size() + dst.element_size()), dst.dtype(),
               OpClass::Elementwise});
}

}  // namespace tp
