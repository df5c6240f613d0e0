// SimDevice::queue_link_collective: the link's time for a collective on a simulated GPU, the
// same rate a peer copy between two simulated GPUs gets (sim_copy.cpp's peer_seconds). The
// data itself moves through host memory (the simulated GPU's memory is host memory), by the
// caller.
#include <algorithm>

#include "core/backends/sim/sim_device.h"

namespace tp {

double SimDevice::queue_link_collective(const std::string& name, double link_bytes) {
  const GpuProfile& p = profile;
  const bool nvlink = p.nvlink_bandwidth_gbps > 0;
  const double gbps = nvlink ? p.nvlink_bandwidth_gbps : std::min(p.pinned_d2h_gbps, p.pinned_h2d_gbps);
  const double seconds = p.transfer_latency_us * 1e-6 + link_bytes / (gbps * 1e9);
  clock->queue_copy(name + (nvlink ? " (NVLink)" : " (PCIe)"), static_cast<int64_t>(link_bytes), seconds);
  return seconds;
}

}  // namespace tp
