// Reading GPU profile files (`key = value` lines, `#` comments) into GpuProfile, finding
// them by name, and the derived figures: peak FLOP/s, copy times, the banner line.
#include "core/gpu_profile.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>

#include "core/error.h"
#include "core/float_chars.h"

namespace tp {

namespace {

std::string trim(const std::string& s) {
  size_t begin = 0;
  size_t end = s.size();
  while (begin < end && std::isspace(static_cast<unsigned char>(s[begin]))) begin++;
  while (end > begin && std::isspace(static_cast<unsigned char>(s[end - 1]))) end--;
  return s.substr(begin, end - begin);
}

std::string lowercase(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// The `key = value` lines of one file, handed out by typed getters. Each getter marks its
// key as used, so any key left unused afterwards is unknown: the getters are the list of
// keys, written once.
class ProfileReader {
 public:
  explicit ProfileReader(const std::string& path) : path_(path) {
    std::ifstream in(path);
    TP_CHECK(in, RuntimeError, "cannot open GPU profile '", path, "'");
    std::string raw;
    int line_no = 0;
    while (std::getline(in, raw)) {
      line_no++;
      std::string line = trim(raw.substr(0, raw.find('#')));
      if (line.empty()) continue;
      size_t eq = line.find('=');
      std::string key = eq == std::string::npos ? "" : trim(line.substr(0, eq));
      if (key.empty()) fail_at(line_no, "expected 'key = value', got '", line, "'");
      std::string value = trim(line.substr(eq + 1));
      if (value.empty()) fail_at(line_no, "'", key, "' has no value");
      auto found = entries_.find(key);
      if (found != entries_.end()) {
        fail_at(line_no, "'", key, "' given twice (first on line ", found->second.line, ")");
      }
      entries_[key] = Entry{value, line_no, false};
    }
  }

  bool has(const std::string& key) const { return entries_.count(key) != 0; }

  // A required text value.
  std::string text(const std::string& key, const char* why = nullptr) {
    auto found = entries_.find(key);
    if (found == entries_.end()) {
      if (why != nullptr) fail(path_, ": missing '", key, "' (required for ", why, ")");
      fail(path_, ": missing '", key, "'");
    }
    found->second.used = true;
    return found->second.value;
  }

  int positive_int(const std::string& key, const char* why = nullptr) {
    return static_cast<int>(positive_int64(key, why, 1'000'000'000));
  }

  int64_t positive_int64(const std::string& key, const char* why = nullptr,
                         int64_t limit = INT64_MAX) {
    std::string value = text(key, why);
    int64_t parsed = 0;
    auto [end, error] = std::from_chars(value.data(), value.data() + value.size(), parsed);
    if (error != std::errc() || end != value.data() + value.size() || parsed <= 0 ||
        parsed > limit) {
      fail_at(line_of(key), "'", key, "' must be a positive integer, got '", value, "'");
    }
    return parsed;
  }

  double positive_number(const std::string& key, const char* why = nullptr) {
    std::string value = text(key, why);
    double parsed = 0;
    if (!parse_double(value, parsed) || !(parsed > 0)) {
      fail_at(line_of(key), "'", key, "' must be a positive number, got '", value, "'");
    }
    return parsed;
  }

  // An optional rate: 0 when the key is absent (the hardware lacks it).
  double optional_number(const std::string& key) {
    return has(key) ? positive_number(key) : 0.0;
  }

  // A key that makes no sense in this profile (a compute capability for mps, ...).
  void forbid(const std::string& key, const std::string& context) {
    if (has(key)) fail_at(line_of(key), "'", key, "' does not apply to ", context);
  }

  // Raises for the first key (by line) that no getter asked for.
  void reject_unknown() const {
    int first_line = 0;
    std::string first_key;
    for (const auto& [key, entry] : entries_) {
      if (!entry.used && (first_line == 0 || entry.line < first_line)) {
        first_line = entry.line;
        first_key = key;
      }
    }
    if (first_line != 0) fail_at(first_line, "unknown key '", first_key, "'");
  }

  int line_of(const std::string& key) const { return entries_.at(key).line; }

  template <typename... Args>
  [[noreturn]] void fail_at(int line, const Args&... args) const {
    fail(path_, ":", line, ": ", args...);
  }

 private:
  template <typename... Args>
  [[noreturn]] static void fail(const Args&... args) {
    ::tp::fail(ErrorKind::RuntimeError, args...);
  }

  struct Entry {
    std::string value;
    int line = 0;
    bool used = false;
  };
  std::string path_;
  std::map<std::string, Entry> entries_;
};

GpuKind parse_kind(ProfileReader& r) {
  std::string value = r.text("kind");
  if (value == "cuda") return GpuKind::Cuda;
  if (value == "mps") return GpuKind::Mps;
  r.fail_at(r.line_of("kind"), "'kind' must be cuda or mps, got '", value, "'");
}

HostLink parse_link(ProfileReader& r) {
  std::string value = r.text("link");
  if (value == "pcie") return HostLink::Pcie;
  if (value == "unified") return HostLink::Unified;
  r.fail_at(r.line_of("link"), "'link' must be pcie or unified, got '", value, "'");
}

// "9.0" -> {9, 0}.
void parse_compute_capability(ProfileReader& r, GpuProfile& p) {
  std::string value = r.text("compute_capability", "kind = cuda");
  size_t dot = value.find('.');
  bool ok = dot != std::string::npos && dot > 0 && dot + 1 < value.size();
  for (size_t i = 0; ok && i < value.size(); i++) {
    ok = i == dot || std::isdigit(static_cast<unsigned char>(value[i]));
  }
  if (!ok) {
    r.fail_at(r.line_of("compute_capability"),
              "'compute_capability' must be major.minor, like 8.0, got '", value, "'");
  }
  p.cc_major = std::stoi(value.substr(0, dot));
  p.cc_minor = std::stoi(value.substr(dot + 1));
}

// PCIe rate per lane per direction in GB/s: transfer rate x encoding efficiency / 8 bits.
double pcie_lane_gbps(int generation) {
  switch (generation) {
    case 1: return 2.5 * 8 / 10 / 8;       // 8b/10b
    case 2: return 5.0 * 8 / 10 / 8;       // 8b/10b
    case 3: return 8.0 * 128 / 130 / 8;    // 128b/130b
    case 4: return 16.0 * 128 / 130 / 8;
    case 5: return 32.0 * 128 / 130 / 8;
    case 6: return 64.0 * 242 / 256 / 8;   // PAM4 with FLIT mode
  }
  return 0;
}

std::string format_gib(double gib) {
  if (gib == static_cast<double>(static_cast<int64_t>(gib))) {
    return std::to_string(static_cast<int64_t>(gib));
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", gib);
  return buf;
}

}  // namespace

GpuProfile load_gpu_profile(const std::string& path) {
  ProfileReader r(path);
  GpuProfile p;
  p.path = path;
  p.id = std::filesystem::path(path).stem().string();

  p.name = r.text("name");
  p.kind = parse_kind(r);
  if (p.kind == GpuKind::Cuda) {
    parse_compute_capability(r, p);
  } else {
    r.forbid("compute_capability", "kind = mps");
  }

  p.sm_count = r.positive_int("sm_count");
  p.warp_size = r.positive_int("warp_size");
  p.max_threads_per_block = r.positive_int("max_threads_per_block");
  p.max_threads_per_sm = r.positive_int("max_threads_per_sm");
  p.max_blocks_per_sm = r.positive_int("max_blocks_per_sm");
  p.shared_memory_per_block_kib = r.positive_int("shared_memory_per_block_kib");
  p.shared_memory_per_block_optin_kib = r.positive_int("shared_memory_per_block_optin_kib");
  p.shared_memory_per_sm_kib = r.positive_int("shared_memory_per_sm_kib");
  p.registers_per_sm = r.positive_int("registers_per_sm");

  p.boost_clock_mhz = r.positive_number("boost_clock_mhz");
  p.fp32_tflops = r.positive_number("fp32_tflops");
  p.fp16_tflops = r.positive_number("fp16_tflops");
  p.fp16_tensor_tflops = r.optional_number("fp16_tensor_tflops");
  p.bf16_tensor_tflops = r.optional_number("bf16_tensor_tflops");
  p.fp32_matmul_tflops = r.optional_number("fp32_matmul_tflops");
  if (p.kind == GpuKind::Cuda) {
    p.fp64_tflops = r.positive_number("fp64_tflops", "kind = cuda");
  } else {
    r.forbid("fp64_tflops", "kind = mps (the MPS backend has no float64)");
  }

  p.memory_gib = r.positive_number("memory_gib");
  p.memory_total_bytes = r.positive_int64("memory_total_bytes");
  p.memory_bandwidth_gbps = r.positive_number("memory_bandwidth_gbps");
  p.l2_cache_mib = r.positive_number("l2_cache_mib");
  p.nvlink_bandwidth_gbps = r.optional_number("nvlink_bandwidth_gbps");

  p.link = parse_link(r);
  if (p.link == HostLink::Pcie) {
    p.pcie_generation = r.positive_int("pcie_generation", "link = pcie");
    if (pcie_lane_gbps(p.pcie_generation) == 0) {
      r.fail_at(r.line_of("pcie_generation"), "'pcie_generation' must be 1 to 6, got '",
                p.pcie_generation, "'");
    }
    p.pcie_lanes = r.positive_int("pcie_lanes", "link = pcie");
  } else {
    r.forbid("pcie_generation", "link = unified");
    r.forbid("pcie_lanes", "link = unified");
  }
  p.pinned_h2d_gbps = r.positive_number("pinned_h2d_gbps");
  p.pinned_d2h_gbps = r.positive_number("pinned_d2h_gbps");
  p.pageable_h2d_gbps = r.positive_number("pageable_h2d_gbps");
  p.pageable_d2h_gbps = r.positive_number("pageable_d2h_gbps");
  p.transfer_latency_us = r.positive_number("transfer_latency_us");
  p.kernel_launch_latency_us = r.positive_number("kernel_launch_latency_us");
  // Optional: a profile without it has one engine, shared by both directions.
  p.copy_engines = r.has("copy_engines") ? r.positive_int("copy_engines") : 1;

  r.reject_unknown();
  return p;
}

double GpuProfile::peak_flops(DType dtype, OpClass op) const {
  double tflops = fp32_tflops;
  switch (dtype) {
    case DType::Float64:
      tflops = fp64_tflops;
      break;
    case DType::Float16:
      if (op == OpClass::Matmul) {
        tflops = fp16_tensor_tflops > 0 ? fp16_tensor_tflops : fp16_tflops;
      }
      break;
    case DType::BFloat16:
      // Without bfloat16 hardware (T4) PyTorch's matmul computes in float.
      if (op == OpClass::Matmul && bf16_tensor_tflops > 0) tflops = bf16_tensor_tflops;
      break;
    case DType::Float32:
      if (op == OpClass::Matmul && fp32_matmul_tflops > 0) tflops = fp32_matmul_tflops;
      break;
    case DType::Bool:
    case DType::UInt8:
    case DType::Int8:
    case DType::Int16:
    case DType::UInt16:
    case DType::UInt32:
    case DType::UInt64:
    case DType::Int32:
    case DType::Int64:
      break;
  }
  // Ops refuse float64 on mps before any timing is asked for.
  TP_ASSERT(tflops > 0);
  return tflops * 1e12;
}

double GpuProfile::transfer_seconds(int64_t bytes, CopyDirection direction, bool pinned) const {
  TP_ASSERT(bytes >= 0);
  if (bytes == 0) return 0;  // an empty tensor's copy moves nothing and launches nothing
  double gbps = 0;
  if (direction == CopyDirection::HostToDevice) {
    gbps = pinned ? pinned_h2d_gbps : pageable_h2d_gbps;
  } else {
    gbps = pinned ? pinned_d2h_gbps : pageable_d2h_gbps;
  }
  return transfer_latency_us * 1e-6 + static_cast<double>(bytes) / (gbps * 1e9);
}

double GpuProfile::kernel_ns(double flops, int64_t bytes, DType dtype, OpClass op_class) const {
  const double peak = peak_flops(dtype, op_class);
  const double bandwidth = memory_bytes_per_second();
  const double compute_s = peak > 0 ? flops / peak : 0;
  const double memory_s = bandwidth > 0 ? static_cast<double>(bytes) / bandwidth : 0;
  return kernel_launch_latency_us * 1e3 + std::max(compute_s, memory_s) * 1e9;
}

double GpuProfile::pcie_theoretical_gbps() const {
  if (link == HostLink::Unified) return memory_bandwidth_gbps;
  return pcie_lane_gbps(pcie_generation) * pcie_lanes;
}

std::string GpuProfile::link_description() const {
  if (link == HostLink::Unified) return "unified memory";
  return str_cat("PCIe ", pcie_generation, ".0 x", pcie_lanes);
}

std::string GpuProfile::description() const {
  const char* units = kind == GpuKind::Mps ? " GPU cores, " : " SMs, ";
  return str_cat(name, " (simulated: ", sm_count, units, format_gib(memory_gib), " GiB, ",
                 link_description(), ")");
}

std::string gpu_profiles_dir() {
  const char* assets = std::getenv("TENSORPLAY_ASSETS");
  if (assets != nullptr && assets[0] != '\0') return std::string(assets) + "/gpus";
  return TP_ASSETS_DIR "/gpus";
}

std::vector<std::string> list_gpu_profiles(const std::string& dir) {
  std::vector<std::string> ids;
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    if (entry.path().extension() == ".profile") ids.push_back(entry.path().stem().string());
  }
  std::sort(ids.begin(), ids.end());
  return ids;
}

GpuProfile find_gpu_profile(const std::string& name, const std::string& dir) {
  std::vector<std::string> ids = list_gpu_profiles(dir);
  for (const std::string& id : ids) {
    if (id == name) return load_gpu_profile(dir + "/" + id + ".profile");
  }
  for (const std::string& id : ids) {
    GpuProfile profile = load_gpu_profile(dir + "/" + id + ".profile");
    if (lowercase(profile.name) == lowercase(name)) return profile;
  }
  if (ids.empty()) fail(ErrorKind::RuntimeError, "unknown GPU profile '", name,
                        "': no .profile files in ", dir);
  std::string available;
  for (const std::string& id : ids) available += (available.empty() ? "" : ", ") + id;
  fail(ErrorKind::RuntimeError, "unknown GPU profile '", name, "'; available in ", dir, ": ",
       available);
}

}  // namespace tp
