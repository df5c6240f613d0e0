// model_link_collective: the link's time for a collective on a simulated GPU, the same rate
// a peer copy between two simulated GPUs gets (sim_copy.cpp's peer_seconds).
#include "core/backends/sim/sim_collective.h"

#include <algorithm>

#include "core/backends/sim/sim_backend.h"

namespace tp {

double model_link_collective(Device device, const std::string& name, double link_bytes) {
  SimDevice& dev = sim_backend().device(device);
  const GpuProfile& p = dev.profile;
  const bool nvlink = p.nvlink_bandwidth_gbps > 0;
  const double gbps = nvlink ? p.nvlink_bandwidth_gbps : std::min(p.pinned_d2h_gbps, p.pinned_h2d_gbps);
  const double seconds = p.transfer_latency_us * 1e-6 + link_bytes / (gbps * 1e9);
  dev.clock->queue_copy(name + (nvlink ? " (NVLink)" : " (PCIe)"), static_cast<int64_t>(link_bytes), seconds);
  return seconds;
}

}  // namespace tp
