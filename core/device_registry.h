// The devices of this session: cpu always; cuda:0..N-1 backed by real GPUs (CUDA runtime)
// or by simulated ones; optionally a simulated Apple `mps` device. Configured once at
// start from flags and environment variables, and again on :reset. Who each device is
// lives here (DeviceEntry); what it holds and does, in its device face
// (runtime_for, backends/device_runtime.h).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "core/device.h"
#include "core/gpu_profile.h"

namespace tp {

// What the flags and environment ask for.
struct DeviceConfig {
  int sim_gpus = 1;                // --sim-gpus N        TENSORPLAY_SIM_GPUS
  bool force_sim = false;          // --sim               TENSORPLAY_SIM=1
  bool no_sim = false;             // --no-sim            TENSORPLAY_NO_SIM=1
  std::string gpu_profile = "t4";  // --gpu-profile NAME  TENSORPLAY_GPU_PROFILE
  bool sim_mps = false;            // --sim-mps           TENSORPLAY_SIM_MPS=1
  size_t sim_memory_limit = 0;     // bytes per sim device; 0: the documented default
                                   //                     TENSORPLAY_SIM_MEMORY (e.g. "2GiB")
  bool sim_simt = false;           // --sim-simt          TENSORPLAY_SIM_SIMT=1: every sim
                                   // kernel through the SIMT executor (slow; for checking)
  bool wall_clock = false;         // --wall-clock        TENSORPLAY_WALL_CLOCK=1: time.time()
                                   // reads the host's clock, not the simulated machine's

  // The defaults overridden by the TENSORPLAY_* environment variables.
  static DeviceConfig from_environment();
};

// Applies the device flags in `args` (--sim-gpus N, --sim, --no-sim, --gpu-profile NAME,
// --sim-mps, --sim-memory SIZE, --sim-simt, --wall-clock) to `config`; returns the arguments it did not use.
std::vector<std::string> apply_device_flags(DeviceConfig& config,
                                            const std::vector<std::string>& args);

// "2GiB", "512MiB", "1.5GB", "4096" (bytes) -> bytes; a RuntimeError for anything else.
size_t parse_memory_size(const std::string& text);

// The memory a simulated device may use when no limit is given: a quarter of the host's
// physical RAM (each sim device gets this much at most; its profile's memory is the other
// cap). Host memory is only taken as a program allocates, so an idle device costs nothing,
// and a quarter leaves room for the CPU tensors that feed the device.
size_t default_sim_memory_limit();

// One accelerator visible to the session: who it is, not what it holds (runtime_for).
struct DeviceEntry {
  Device device;          // cuda:N or mps:0
  bool simulated = false;
  GpuProfile profile;     // sim: the chosen profile; real: filled from the runtime
  std::string name;       // torch.cuda.get_device_name(): "Tesla T4 (simulated)"
  size_t capacity_bytes = 0;  // memory a session may allocate (sim: capped by the limit)
  // torch.cuda.get_device_properties()'s identity: the runtime's for a real GPU; for a sim
  // cuda:N a stable uuid made from the profile and ordinal, and bus N (mps: none).
  std::string uuid;
  int pci_bus_id = 0, pci_device_id = 0, pci_domain_id = 0;
};

// Rebuilds the registry from `config`. Call when no device tensor is alive (at start or
// on :reset); raises a RuntimeError for an unknown profile or a bad count.
void configure_devices(const DeviceConfig& config);

// cuda:0..N-1 in ordinal order (empty in --no-sim mode on a GPU-less machine).
const std::vector<DeviceEntry>& cuda_devices();
// The simulated mps device, or nullptr when not asked for.
const DeviceEntry* mps_device();
// The entry for a resolved accelerator device (cuda:N or mps:0).
const DeviceEntry& device_entry(Device device);
// Every accelerator: cuda:0..N-1, then mps:0 when there is one.
std::vector<const DeviceEntry*> accelerators();

// Lines for the REPL banner and the GUI status bar: which devices are real, which are
// simulated, and on which profile.
std::vector<std::string> device_banner();

// The device an op will use: 'cuda' becomes cuda:<current device>, 'mps' becomes mps:0,
// and the ordinal is checked. Raises PyTorch's texts: "Torch not compiled with CUDA
// enabled" (AssertionError) with no CUDA devices, "CUDA error: invalid device ordinal..."
// for a missing ordinal, the MPS availability error without a (simulated) mps device.
Device resolve_device(Device device);

// torch.cuda.current_device() / set_device(): the ordinal 'cuda' means (0 after a reset).
int current_cuda_index();
void set_current_cuda_index(int index);

// True when cuda:N are real GPUs (checked by backend_for and runtime_for on every op and
// allocation, so kept cheap).
bool cuda_devices_are_real();

// True when the session's timing code reads the simulated machine's clock
// (machine_clock.h): there are simulated GPUs and no real ones, and no --wall-clock.
bool machine_clock_simulated();
// The banner's line saying so, or "" when the clock is the host's.
std::string machine_clock_note();

}  // namespace tp
