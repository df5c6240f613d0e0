// The device registry: which cuda:N and mps devices exist in this session, real or
// simulated, built once from DeviceConfig; and resolve_device, which turns 'cuda' into
// cuda:<current> and raises PyTorch's texts for devices that are not there. The one file
// outside core/backends that knows the simulator and the CUDA runtime: it asks the runtime
// which GPUs are real and hands the simulator the devices it simulates.
#include "core/device_registry.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include "core/cuda_error.h"
#include "core/backends/cuda/cuda_runtime_info.h"
#include "core/backends/sim/sim_backend.h"
#include "core/error.h"

namespace tp {

namespace {

struct Registry {
  DeviceConfig config;
  std::vector<DeviceEntry> cuda;
  std::unique_ptr<DeviceEntry> mps;
  bool cuda_real = false;
  int current = 0;
  bool configured = false;
};

Registry& registry() {
  static Registry r;
  return r;
}

// Configured on first use with the environment's settings, so library users and tests
// that never call configure_devices still get the default devices.
Registry& configured_registry() {
  Registry& r = registry();
  if (!r.configured) configure_devices(DeviceConfig::from_environment());
  return r;
}

bool env_flag(const char* name, bool fallback) {
  const char* v = std::getenv(name);
  if (v == nullptr || v[0] == '\0') return fallback;
  std::string s(v);
  if (s == "1" || s == "true" || s == "yes" || s == "on") return true;
  if (s == "0" || s == "false" || s == "no" || s == "off") return false;
  fail(ErrorKind::RuntimeError, name, " must be 1 or 0, got '", s, "'");
}

int parse_gpu_count(const std::string& text, const char* what) {
  bool digits = !text.empty() && text.size() < 6 &&
                std::all_of(text.begin(), text.end(), [](char c) { return std::isdigit(c); });
  TP_CHECK(digits, RuntimeError, what, " expects a number of GPUs >= 0, got '", text, "'");
  return std::stoi(text);
}

// In 64 bits: a 16 GB card's size does not fit the web build's 32-bit size_t.
std::string gib_text(uint64_t bytes) {
  double gib = static_cast<double>(bytes) / (1024.0 * 1024 * 1024);
  char buf[32];
  if (gib < 1) {
    std::snprintf(buf, sizeof buf, "%llu MiB", static_cast<unsigned long long>(bytes >> 20));
  } else if (gib >= 10 || gib == static_cast<double>(static_cast<int64_t>(gib))) {
    std::snprintf(buf, sizeof buf, "%.0f GiB", gib);
  } else {
    std::snprintf(buf, sizeof buf, "%.1f GiB", gib);
  }
  return buf;
}

// A stable, made-up uuid for a simulated device: FNV-1a over the profile id and ordinal,
// so the same profile and ordinal always print the same uuid.
std::string sim_uuid(const std::string& profile_id, int index) {
  std::string key = "tensorplay-sim:" + profile_id + ":" + std::to_string(index);
  unsigned char bytes[16];
  uint64_t h = 1469598103934665603ULL;
  for (int half = 0; half < 2; ++half) {
    for (char c : key) h = (h ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
    h = (h ^ static_cast<uint64_t>(half + 1)) * 1099511628211ULL;
    for (int b = 0; b < 8; ++b) bytes[half * 8 + b] = static_cast<unsigned char>(h >> (8 * b));
  }
  char buf[40];
  std::snprintf(buf, sizeof buf,
                "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", bytes[0],
                bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8],
                bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]);
  return buf;
}

// Whether the simulator holds less memory than the card it models (the host's limit).
bool capped(const DeviceEntry& e) {
  return uint64_t{e.capacity_bytes} < static_cast<uint64_t>(e.profile.memory_total_bytes);
}

// A sim device's entry from its profile and the memory limit.
DeviceEntry sim_entry(Device device, const GpuProfile& profile, size_t limit) {
  DeviceEntry e;
  e.device = device;
  e.simulated = true;
  e.profile = profile;
  e.name = profile.name + " (simulated)";
  // Compared in 64 bits: a 16 GB card does not fit a 32-bit size_t (the web build), its limit does.
  e.capacity_bytes = static_cast<size_t>(std::min<uint64_t>(profile.memory_total_bytes, limit));
  if (device.type == DeviceType::CUDA) {
    e.uuid = sim_uuid(profile.id, device.index);
    e.pci_bus_id = device.index;  // invented: one bus per simulated card
  }
  return e;
}

// A real GPU's entry, from what the CUDA runtime reports.
DeviceEntry real_entry(int index) {
  DeviceEntry e;
  e.device = Device::cuda(index);
  e.profile = cuda_device_profile(index);
  e.name = e.profile.name;
  e.capacity_bytes = static_cast<size_t>(e.profile.memory_total_bytes);
  const CudaDeviceProperties p = cuda_device_properties(index);
  // PyTorch prints the bare uuid; nvidia-smi's form starts with "GPU-".
  e.uuid = p.uuid.rfind("GPU-", 0) == 0 ? p.uuid.substr(4) : p.uuid;
  e.pci_bus_id = p.pci_bus_id;
  e.pci_device_id = p.pci_device_id;
  e.pci_domain_id = p.pci_domain_id;
  return e;
}

}  // namespace

size_t parse_memory_size(const std::string& text) {
  size_t i = 0;
  while (i < text.size() && (std::isdigit(static_cast<unsigned char>(text[i])) || text[i] == '.'))
    ++i;
  std::string number = text.substr(0, i), unit = text.substr(i);
  while (!unit.empty() && unit.front() == ' ') unit.erase(0, 1);
  for (char& c : unit) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  double scale = 0;
  if (unit.empty() || unit == "b") scale = 1;
  else if (unit == "kib" || unit == "k") scale = 1024.0;
  else if (unit == "mib" || unit == "m") scale = 1024.0 * 1024;
  else if (unit == "gib" || unit == "g") scale = 1024.0 * 1024 * 1024;
  else if (unit == "kb") scale = 1e3;
  else if (unit == "mb") scale = 1e6;
  else if (unit == "gb") scale = 1e9;
  bool ok = !number.empty() && number != "." && scale > 0 &&
            std::count(number.begin(), number.end(), '.') <= 1;
  TP_CHECK(ok, RuntimeError, "cannot read '", text,
           "' as a memory size (examples: 2GiB, 512MiB, 1.5GB)");
  return static_cast<size_t>(std::stod(number) * scale);
}

size_t default_sim_memory_limit() {
  long pages = sysconf(_SC_PHYS_PAGES);
  long page_size = sysconf(_SC_PAGE_SIZE);
  if (pages <= 0 || page_size <= 0) return size_t{4} << 30;  // unknown host: 4 GiB
  return static_cast<size_t>(pages) * static_cast<size_t>(page_size) / 4;
}

DeviceConfig DeviceConfig::from_environment() {
  DeviceConfig c;
  if (const char* v = std::getenv("TENSORPLAY_SIM_GPUS"); v && v[0])
    c.sim_gpus = parse_gpu_count(v, "TENSORPLAY_SIM_GPUS");
  c.force_sim = env_flag("TENSORPLAY_SIM", c.force_sim);
  c.no_sim = env_flag("TENSORPLAY_NO_SIM", c.no_sim);
  if (const char* v = std::getenv("TENSORPLAY_GPU_PROFILE"); v && v[0]) c.gpu_profile = v;
  c.sim_mps = env_flag("TENSORPLAY_SIM_MPS", c.sim_mps);
  if (const char* v = std::getenv("TENSORPLAY_SIM_MEMORY"); v && v[0])
    c.sim_memory_limit = parse_memory_size(v);
  c.sim_simt = env_flag("TENSORPLAY_SIM_SIMT", c.sim_simt);
  c.wall_clock = env_flag("TENSORPLAY_WALL_CLOCK", c.wall_clock);
  return c;
}

std::vector<std::string> apply_device_flags(DeviceConfig& config,
                                            const std::vector<std::string>& args) {
  std::vector<std::string> rest;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&]() -> std::string {
      TP_CHECK(i + 1 < args.size(), RuntimeError, a, " needs a value");
      return args[++i];
    };
    if (a == "--sim-gpus") config.sim_gpus = parse_gpu_count(value(), "--sim-gpus");
    else if (a == "--sim") config.force_sim = true;
    else if (a == "--no-sim") config.no_sim = true;
    else if (a == "--gpu-profile") config.gpu_profile = value();
    else if (a == "--sim-mps") config.sim_mps = true;
    else if (a == "--sim-simt") config.sim_simt = true;
    else if (a == "--wall-clock") config.wall_clock = true;
    else if (a == "--sim-memory") config.sim_memory_limit = parse_memory_size(value());
    else rest.push_back(a);
  }
  return rest;
}

void configure_devices(const DeviceConfig& config) {
  TP_CHECK(config.sim_gpus >= 0, RuntimeError, "--sim-gpus expects a number of GPUs >= 0, got '",
           config.sim_gpus, "'");
  Registry fresh;
  fresh.config = config;
  size_t limit = config.sim_memory_limit ? config.sim_memory_limit : default_sim_memory_limit();
  std::vector<std::unique_ptr<SimDevice>> sim_devices;

  // Real GPUs win unless --sim asks for simulation or --no-sim for a CPU-only session;
  // a machine without a driver reports 0.
  int real = config.force_sim || config.no_sim ? 0 : cuda_real_device_count();
  if (real > 0) {
    fresh.cuda_real = true;
    for (int i = 0; i < real; ++i) fresh.cuda.push_back(real_entry(i));
  } else if (!config.no_sim && config.sim_gpus > 0) {
    GpuProfile profile = find_gpu_profile(config.gpu_profile);
    TP_CHECK(profile.kind == GpuKind::Cuda, RuntimeError, "GPU profile '", profile.id,
             "' models an mps device; --gpu-profile needs a CUDA GPU (available: ",
             "see assets/gpus)");
    for (int i = 0; i < config.sim_gpus; ++i) {
      const DeviceEntry& e = fresh.cuda.emplace_back(sim_entry(Device::cuda(i), profile, limit));
      sim_devices.push_back(std::make_unique<SimDevice>(e.device, e.profile, e.capacity_bytes));
    }
  }
  if (config.sim_mps && !config.no_sim) {
    fresh.mps = std::make_unique<DeviceEntry>(
        sim_entry(Device{DeviceType::MPS, 0}, find_gpu_profile("apple_m2"), limit));
    sim_devices.push_back(
        std::make_unique<SimDevice>(fresh.mps->device, fresh.mps->profile, fresh.mps->capacity_bytes));
  }

  // Only now, with every profile loaded, replace the old devices.
  Registry& r = registry();
  r = std::move(fresh);
  r.configured = true;
  sim_backend().reset(std::move(sim_devices));
  sim_backend().set_simt_everything(config.sim_simt);
}

const std::vector<DeviceEntry>& cuda_devices() { return configured_registry().cuda; }

const DeviceEntry* mps_device() { return configured_registry().mps.get(); }

const DeviceEntry& device_entry(Device device) {
  Device d = resolve_device(device);
  if (d.type == DeviceType::MPS) return *configured_registry().mps;
  return configured_registry().cuda[d.index];
}

std::vector<const DeviceEntry*> accelerators() {
  Registry& r = configured_registry();
  std::vector<const DeviceEntry*> all;
  for (const DeviceEntry& e : r.cuda) all.push_back(&e);
  if (r.mps) all.push_back(r.mps.get());
  return all;
}

std::vector<std::string> device_banner() {
  Registry& r = configured_registry();
  std::vector<std::string> lines;
  lines.push_back("cpu     host CPU — real");
  for (const DeviceEntry& e : r.cuda) {
    std::string line = e.device.str() + "  " + e.profile.name;
    if (!e.simulated) {
      line += " — real GPU (" + cuda_runtime_description() + ")";
    } else {
      line += " — simulated (profile " + e.profile.id + ": " + std::to_string(e.profile.sm_count) +
              " SMs, " + gib_text(e.profile.memory_total_bytes) + ", " +
              e.profile.link_description();
      if (capped(e))
        line += "; sim memory capped at " + gib_text(e.capacity_bytes);
      line += ")";
    }
    lines.push_back(line);
  }
  if (r.mps) {
    const DeviceEntry& e = *r.mps;
    std::string line = "mps:0   " + e.profile.name + " — simulated (profile " + e.profile.id +
                       ": " + std::to_string(e.profile.sm_count) + " GPU cores, " +
                       gib_text(e.profile.memory_total_bytes) + " unified memory";
    if (capped(e))
      line += "; sim memory capped at " + gib_text(e.capacity_bytes);
    lines.push_back(line + ")");
  }
  if (r.cuda.empty()) {
    lines.push_back(r.config.no_sim
                        ? "no cuda devices (--no-sim: behaving like a CPU-only PyTorch build)"
                        : "no cuda devices (--sim-gpus 0)");
  }
  return lines;
}

Device resolve_device(Device device) {
  if (device.is_cpu()) return Device::cpu();
  if (device.is_meta()) return Device::meta();  // meta:0 names the same (only) meta device
  Registry& r = configured_registry();
  if (device.type == DeviceType::MPS) {
    // torch/csrc: a build without MPS raises this on any use of an mps device.
    TP_CHECK(r.mps != nullptr, RuntimeError, "PyTorch is not linked with support for mps devices");
    TP_CHECK(!device.has_index() || device.index == 0, RuntimeError,
             "Invalid device index ", device.index, " for mps (only index 0 exists)");
    return Device{DeviceType::MPS, 0};
  }
  // torch.cuda._lazy_init on a CPU-only build.
  TP_CHECK(!r.cuda.empty(), AssertionError, "Torch not compiled with CUDA enabled");
  int index = device.has_index() ? device.index : r.current;
  if (index >= static_cast<int>(r.cuda.size())) fail_missing_ordinal(index);
  return Device::cuda(index);
}

int current_cuda_index() { return configured_registry().current; }

void set_current_cuda_index(int index) {
  Registry& r = configured_registry();
  TP_CHECK(!r.cuda.empty(), AssertionError, "Torch not compiled with CUDA enabled");
  if (index < 0 || index >= static_cast<int>(r.cuda.size())) fail_missing_ordinal(index);
  r.current = index;
}

bool cuda_devices_are_real() { return configured_registry().cuda_real; }

bool machine_clock_simulated() {
  Registry& r = configured_registry();
  return !r.config.wall_clock && !r.cuda_real && (!r.cuda.empty() || r.mps != nullptr);
}

std::string machine_clock_note() {
  if (!machine_clock_simulated()) return "";
  return "timing: time.time() reads the simulated machine's clock, GPU work modeled "
         "(--wall-clock: real time)";
}

}  // namespace tp
