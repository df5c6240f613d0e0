// GPU profiles: every shipped profile loads and is physically sane, malformed files fail
// with file:line, unknown names list the available ones, derived figures are hand-checked.
#include <doctest/doctest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/error.h"
#include "core/gpu_profile.h"

namespace fs = std::filesystem;
using tp::CopyDirection;
using tp::DType;
using tp::GpuKind;
using tp::GpuProfile;
using tp::HostLink;
using tp::OpClass;

namespace {

const std::string kShippedDir = TP_ASSETS_DIR "/gpus";

// A fresh, empty directory under the system temp dir for one test case.
std::string temp_dir(const std::string& name) {
  fs::path dir = fs::temp_directory_path() / ("tp_gpu_profile_test_" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir.string();
}

std::string write_file(const std::string& path, const std::vector<std::string>& lines) {
  std::ofstream out(path);
  for (const std::string& line : lines) out << line << "\n";
  return path;
}

// A small valid CUDA profile with round numbers, one key per line (line N is lines[N-1]).
std::vector<std::string> valid_lines() {
  return {
      "# a test GPU",                       // 1
      "name = Test GPU 1",                  // 2
      "kind = cuda",                        // 3
      "compute_capability = 8.0",           // 4
      "sm_count = 10      # SMs",           // 5
      "warp_size = 32",                     // 6
      "max_threads_per_block = 1024",       // 7
      "max_threads_per_sm = 2048",          // 8
      "max_blocks_per_sm = 32",             // 9
      "shared_memory_per_block_kib = 48",   // 10
      "shared_memory_per_block_optin_kib = 96",  // 11
      "shared_memory_per_sm_kib = 100",     // 12
      "registers_per_sm = 65536",           // 13
      "",                                   // 14
      "boost_clock_mhz = 1000",             // 15
      "fp32_tflops = 10",                   // 16
      "fp16_tflops = 20",                   // 17
      "fp16_tensor_tflops = 100",           // 18
      "fp64_tflops = 5",                    // 19
      "memory_gib = 8",                     // 20
      "memory_total_bytes = 8000000000",    // 21
      "memory_bandwidth_gbps = 500",        // 22
      "l2_cache_mib = 4",                   // 23
      "link = pcie",                        // 24
      "pcie_generation = 4",                // 25
      "pcie_lanes = 16",                    // 26
      "pinned_h2d_gbps = 20",               // 27
      "pinned_d2h_gbps = 25",               // 28
      "pageable_h2d_gbps = 10",             // 29
      "pageable_d2h_gbps = 5",              // 30
      "transfer_latency_us = 10",           // 31
      "kernel_launch_latency_us = 4",       // 32
  };
}

// Writes valid_lines() with line `line_no` replaced (an empty replacement drops it).
std::string with_line(const std::string& dir, int line_no, const std::string& replacement) {
  std::vector<std::string> lines = valid_lines();
  lines[line_no - 1] = replacement;
  return write_file(dir + "/bad.profile", lines);
}

// The error text load_gpu_profile raises for `path`.
std::string load_error(const std::string& path) {
  try {
    tp::load_gpu_profile(path);
  } catch (const tp::TorchError& e) {
    CHECK(e.kind() == tp::ErrorKind::RuntimeError);
    return e.what();
  }
  return "(no error)";
}

// FP32 lanes per SM by architecture (CUDA C++ Programming Guide, arithmetic throughput).
int fp32_lanes_per_sm(int cc_major, int cc_minor) {
  if (cc_major == 7 || (cc_major == 8 && cc_minor == 0)) return 64;
  return 128;  // 8.6, 8.9, 9.0
}

}  // namespace

TEST_CASE("the shipped profiles are the expected set") {
  std::vector<std::string> expected = {"a100_sxm_80gb", "apple_m2",        "h100_sxm",
                                       "rtx_4060_laptop", "rtx_4090", "t4"};
  CHECK(tp::list_gpu_profiles(kShippedDir) == expected);
}

TEST_CASE("every shipped profile loads and is sane") {
  for (const std::string& id : tp::list_gpu_profiles(kShippedDir)) {
    CAPTURE(id);
    GpuProfile p = tp::load_gpu_profile(kShippedDir + "/" + id + ".profile");
    CHECK(p.id == id);
    CHECK(!p.name.empty());

    // Scheduling limits fit inside each other.
    CHECK(p.sm_count > 0);
    CHECK(p.warp_size == 32);
    CHECK(p.max_threads_per_block % p.warp_size == 0);
    CHECK(p.max_threads_per_sm % p.warp_size == 0);
    CHECK(p.max_threads_per_block <= p.max_threads_per_sm);
    CHECK(p.max_blocks_per_sm > 0);
    CHECK(p.shared_memory_per_block_kib <= p.shared_memory_per_block_optin_kib);
    CHECK(p.shared_memory_per_block_optin_kib <= p.shared_memory_per_sm_kib);
    CHECK(p.registers_per_sm > 0);

    // Throughput.
    CHECK(p.boost_clock_mhz > 0);
    CHECK(p.fp32_tflops > 0);
    CHECK(p.fp16_tflops >= p.fp32_tflops);
    CHECK(p.memory_bandwidth_gbps > 0);
    CHECK(p.l2_cache_mib > 0);
    CHECK(p.kernel_launch_latency_us > 0);
    CHECK(p.transfer_latency_us > 0);

    // What the runtime reports is a little less than the nominal size.
    double nominal_bytes = p.memory_gib * 1024.0 * 1024.0 * 1024.0;
    CHECK(static_cast<double>(p.memory_total_bytes) <= nominal_bytes);

    // Copies: pinned beats pageable, and neither beats the link.
    CHECK(p.pinned_h2d_gbps >= p.pageable_h2d_gbps);
    CHECK(p.pinned_d2h_gbps >= p.pageable_d2h_gbps);
    CHECK(p.pinned_h2d_gbps <= p.pcie_theoretical_gbps());
    CHECK(p.pinned_d2h_gbps <= p.pcie_theoretical_gbps());
    CHECK(p.pageable_h2d_gbps > 0);
    CHECK(p.pageable_d2h_gbps > 0);
    // A sustained matmul rate sits below the peak, and is what a float32 matmul is charged.
    CHECK(p.fp32_matmul_tflops <= p.fp32_tflops);
    CHECK(p.peak_flops(DType::Float32, OpClass::Matmul) ==
          (p.fp32_matmul_tflops > 0 ? p.fp32_matmul_tflops : p.fp32_tflops) * 1e12);
    CHECK(p.peak_flops(DType::Float32, OpClass::Elementwise) == p.fp32_tflops * 1e12);

    if (p.kind == GpuKind::Cuda) {
      CHECK(p.cc_major >= 7);
      CHECK(p.link == HostLink::Pcie);
      CHECK(p.fp16_tensor_tflops >= p.fp32_tflops);
      CHECK(p.peak_flops(DType::Float16) >= p.peak_flops(DType::Float32));
      CHECK(p.fp64_tflops > 0);
      CHECK(p.fp64_tflops <= p.fp32_tflops);
      CHECK(static_cast<double>(p.memory_total_bytes) > 0.9 * nominal_bytes);
      // The datasheet's FP32 rate is SMs x lanes x 2 (an FMA) x clock: catches typos.
      double expected = p.sm_count * fp32_lanes_per_sm(p.cc_major, p.cc_minor) * 2.0 *
                        p.boost_clock_mhz * 1e6 / 1e12;
      CHECK(p.fp32_tflops == doctest::Approx(expected).epsilon(0.02));
      // A GPU's memory is far faster than its link to the host: the point of the lessons.
      CHECK(p.memory_bandwidth_gbps > 5 * p.pcie_theoretical_gbps());
    } else {
      CHECK(p.link == HostLink::Unified);
      CHECK(p.cc_major == 0);
      CHECK(p.fp16_tensor_tflops == 0);
      CHECK(p.fp64_tflops == 0);
      // Unified memory: pinned and pageable are the same memory.
      CHECK(p.pinned_h2d_gbps == p.pageable_h2d_gbps);
    }
  }
}

TEST_CASE("shipped profiles: names and banner lines") {
  GpuProfile h100 = tp::find_gpu_profile("h100_sxm", kShippedDir);
  CHECK(h100.name == "NVIDIA H100 80GB HBM3");
  CHECK(h100.cc_major == 9);
  CHECK(h100.cc_minor == 0);
  CHECK(h100.description() == "NVIDIA H100 80GB HBM3 (simulated: 132 SMs, 80 GiB, PCIe 5.0 x16)");

  CHECK(tp::find_gpu_profile("t4", kShippedDir).description() ==
        "Tesla T4 (simulated: 40 SMs, 16 GiB, PCIe 3.0 x16)");
  CHECK(tp::find_gpu_profile("rtx_4060_laptop", kShippedDir).description() ==
        "NVIDIA GeForce RTX 4060 Laptop GPU (simulated: 24 SMs, 8 GiB, PCIe 4.0 x8)");
  CHECK(tp::find_gpu_profile("apple_m2", kShippedDir).description() ==
        "Apple M2 (simulated: 10 GPU cores, 16 GiB, unified memory)");
  CHECK(tp::find_gpu_profile("a100_sxm_80gb", kShippedDir).name == "NVIDIA A100-SXM4-80GB");
  CHECK(tp::find_gpu_profile("rtx_4090", kShippedDir).name == "NVIDIA GeForce RTX 4090");
}

TEST_CASE("profiles are found by id or by display name, and unknown names list the choices") {
  CHECK(tp::find_gpu_profile("Tesla T4", kShippedDir).id == "t4");
  CHECK(tp::find_gpu_profile("nvidia h100 80gb hbm3", kShippedDir).id == "h100_sxm");
  CHECK_THROWS_WITH(tp::find_gpu_profile("h200", kShippedDir),
                    ("unknown GPU profile 'h200'; available in " + kShippedDir +
                     ": a100_sxm_80gb, apple_m2, h100_sxm, rtx_4060_laptop, rtx_4090, t4")
                        .c_str());
  std::string empty = temp_dir("empty");
  CHECK(tp::list_gpu_profiles(empty).empty());
  CHECK_THROWS_WITH(tp::find_gpu_profile("t4", empty),
                    ("unknown GPU profile 't4': no .profile files in " + empty).c_str());
  CHECK(tp::list_gpu_profiles(empty + "/does_not_exist").empty());
}

TEST_CASE("TENSORPLAY_ASSETS overrides the profiles directory") {
  const char* before = std::getenv("TENSORPLAY_ASSETS");
  std::string saved = before != nullptr ? before : "";

  unsetenv("TENSORPLAY_ASSETS");
  CHECK(tp::gpu_profiles_dir() == kShippedDir);

  std::string assets = temp_dir("assets");
  fs::create_directories(assets + "/gpus");
  write_file(assets + "/gpus/mini.profile", valid_lines());
  setenv("TENSORPLAY_ASSETS", assets.c_str(), 1);
  CHECK(tp::gpu_profiles_dir() == assets + "/gpus");
  CHECK(tp::list_gpu_profiles() == std::vector<std::string>{"mini"});
  CHECK(tp::find_gpu_profile("mini").name == "Test GPU 1");

  if (before != nullptr) {
    setenv("TENSORPLAY_ASSETS", saved.c_str(), 1);
  } else {
    unsetenv("TENSORPLAY_ASSETS");
  }
}

TEST_CASE("a valid file loads every field") {
  std::string dir = temp_dir("valid");
  GpuProfile p = tp::load_gpu_profile(write_file(dir + "/mini.profile", valid_lines()));
  CHECK(p.id == "mini");
  CHECK(p.path == dir + "/mini.profile");
  CHECK(p.name == "Test GPU 1");
  CHECK(p.kind == GpuKind::Cuda);
  CHECK(p.cc_major == 8);
  CHECK(p.cc_minor == 0);
  CHECK(p.sm_count == 10);  // the trailing comment is not part of the value
  CHECK(p.shared_memory_per_block_optin_kib == 96);
  CHECK(p.registers_per_sm == 65536);
  CHECK(p.bf16_tensor_tflops == 0);  // absent: no bfloat16 tensor cores
  CHECK(p.nvlink_bandwidth_gbps == 0);
  CHECK(p.memory_total_bytes == 8000000000);
  CHECK(p.pcie_generation == 4);
  CHECK(p.pcie_lanes == 16);
  CHECK(p.pageable_d2h_gbps == 5);
  CHECK(p.kernel_launch_latency_us == 4);
}

TEST_CASE("malformed profiles name the file and line") {
  std::string dir = temp_dir("malformed");
  std::string path = dir + "/bad.profile";

  CHECK(load_error(with_line(dir, 5, "sm_count 10")) ==
        path + ":5: expected 'key = value', got 'sm_count 10'");
  CHECK(load_error(with_line(dir, 5, "= 10")) == path + ":5: expected 'key = value', got '= 10'");
  CHECK(load_error(with_line(dir, 2, "name =   # nothing")) == path + ":2: 'name' has no value");
  CHECK(load_error(with_line(dir, 5, "sm_count = many")) ==
        path + ":5: 'sm_count' must be a positive integer, got 'many'");
  CHECK(load_error(with_line(dir, 5, "sm_count = 0")) ==
        path + ":5: 'sm_count' must be a positive integer, got '0'");
  CHECK(load_error(with_line(dir, 5, "sm_count = 10.5")) ==
        path + ":5: 'sm_count' must be a positive integer, got '10.5'");
  CHECK(load_error(with_line(dir, 16, "fp32_tflops = -1")) ==
        path + ":16: 'fp32_tflops' must be a positive number, got '-1'");
  CHECK(load_error(with_line(dir, 16, "fp32_tflops = 19.5 TFLOPS")) ==
        path + ":16: 'fp32_tflops' must be a positive number, got '19.5 TFLOPS'");
  CHECK(load_error(with_line(dir, 14, "warp_size = 64")) ==
        path + ":14: 'warp_size' given twice (first on line 6)");
  CHECK(load_error(with_line(dir, 14, "sm_cout = 3")) == path + ":14: unknown key 'sm_cout'");
  CHECK(load_error(with_line(dir, 3, "kind = rocm")) ==
        path + ":3: 'kind' must be cuda or mps, got 'rocm'");
  CHECK(load_error(with_line(dir, 24, "link = nvlink")) ==
        path + ":24: 'link' must be pcie or unified, got 'nvlink'");
  CHECK(load_error(with_line(dir, 4, "compute_capability = 9")) ==
        path + ":4: 'compute_capability' must be major.minor, like 8.0, got '9'");
  CHECK(load_error(with_line(dir, 4, "compute_capability = 9.x")) ==
        path + ":4: 'compute_capability' must be major.minor, like 8.0, got '9.x'");
  CHECK(load_error(with_line(dir, 25, "pcie_generation = 9")) ==
        path + ":25: 'pcie_generation' must be 1 to 6, got '9'");
}

TEST_CASE("missing and inapplicable keys name the file") {
  std::string dir = temp_dir("missing");
  std::string path = dir + "/bad.profile";

  CHECK(load_error(with_line(dir, 5, "")) == path + ": missing 'sm_count'");
  CHECK(load_error(with_line(dir, 2, "")) == path + ": missing 'name'");
  CHECK(load_error(with_line(dir, 4, "")) ==
        path + ": missing 'compute_capability' (required for kind = cuda)");
  CHECK(load_error(with_line(dir, 19, "")) ==
        path + ": missing 'fp64_tflops' (required for kind = cuda)");
  CHECK(load_error(with_line(dir, 26, "")) ==
        path + ": missing 'pcie_lanes' (required for link = pcie)");
  CHECK(load_error(dir + "/nope.profile") ==
        "cannot open GPU profile '" + dir + "/nope.profile'");

  // An mps profile has no compute capability, no float64 and (with unified memory) no PCIe.
  std::vector<std::string> mps = valid_lines();
  mps[2] = "kind = mps";
  CHECK(load_error(write_file(path, mps)) ==
        path + ":4: 'compute_capability' does not apply to kind = mps");
  mps[3] = "";
  CHECK(load_error(write_file(path, mps)) ==
        path + ":19: 'fp64_tflops' does not apply to kind = mps (the MPS backend has no float64)");
  mps[18] = "";
  mps[23] = "link = unified";
  CHECK(load_error(write_file(path, mps)) ==
        path + ":25: 'pcie_generation' does not apply to link = unified");
  mps[24] = "";
  mps[25] = "";
  GpuProfile p = tp::load_gpu_profile(write_file(path, mps));
  CHECK(p.kind == GpuKind::Mps);
  CHECK(p.link == HostLink::Unified);
  CHECK(p.description() == "Test GPU 1 (simulated: 10 GPU cores, 8 GiB, unified memory)");
  CHECK(p.pcie_theoretical_gbps() == 500);  // a copy is bounded by the memory itself
  CHECK_THROWS_AS(p.peak_flops(DType::Float64), tp::InternalError);
}

TEST_CASE("peak FLOP/s follow PyTorch's use of the hardware") {
  std::string dir = temp_dir("flops");
  GpuProfile p = tp::load_gpu_profile(write_file(dir + "/mini.profile", valid_lines()));
  // fp32 matmul: no TF32 by default, so the plain fp32 rate.
  CHECK(p.peak_flops(DType::Float32) == doctest::Approx(10e12));
  CHECK(p.peak_flops(DType::Float32, OpClass::Elementwise) == doctest::Approx(10e12));
  // half matmul on tensor cores; half elementwise is computed in float.
  CHECK(p.peak_flops(DType::Float16) == doctest::Approx(100e12));
  CHECK(p.peak_flops(DType::Float16, OpClass::Elementwise) == doctest::Approx(10e12));
  // No bfloat16 tensor cores in this profile (like a T4): float rate.
  CHECK(p.peak_flops(DType::BFloat16) == doctest::Approx(10e12));
  CHECK(p.peak_flops(DType::Float64) == doctest::Approx(5e12));
  CHECK(p.peak_flops(DType::Int64) == doctest::Approx(10e12));

  std::vector<std::string> lines = valid_lines();
  lines[13] = "bf16_tensor_tflops = 80";
  p = tp::load_gpu_profile(write_file(dir + "/mini.profile", lines));
  CHECK(p.peak_flops(DType::BFloat16) == doctest::Approx(80e12));
  CHECK(p.peak_flops(DType::BFloat16, OpClass::Elementwise) == doctest::Approx(10e12));

  lines[17] = "";  // no tensor cores at all: half matmul at the plain half rate
  p = tp::load_gpu_profile(write_file(dir + "/mini.profile", lines));
  CHECK(p.peak_flops(DType::Float16) == doctest::Approx(20e12));

  GpuProfile h100 = tp::find_gpu_profile("h100_sxm", kShippedDir);
  CHECK(h100.peak_flops(DType::Float16) == doctest::Approx(989.4e12));
  CHECK(h100.peak_flops(DType::Float32, OpClass::Elementwise) == doctest::Approx(66.9e12));
  CHECK(h100.peak_flops(DType::Float32) == doctest::Approx(51e12));  // sustained SGEMM, measured
}

TEST_CASE("copy times: latency plus bytes over the link's rate") {
  std::string dir = temp_dir("copies");
  GpuProfile p = tp::load_gpu_profile(write_file(dir + "/mini.profile", valid_lines()));
  // 200 MB: 10 us + 200e6 / 20e9 = 0.01001 s pinned; pageable 10 GB/s -> 0.02001 s.
  CHECK(p.transfer_seconds(200'000'000, CopyDirection::HostToDevice, true) ==
        doctest::Approx(0.01001));
  CHECK(p.transfer_seconds(200'000'000, CopyDirection::HostToDevice, false) ==
        doctest::Approx(0.02001));
  // Back to the host: pinned 25 GB/s -> 0.00801 s; pageable 5 GB/s -> 0.04001 s.
  CHECK(p.transfer_seconds(200'000'000, CopyDirection::DeviceToHost, true) ==
        doctest::Approx(0.00801));
  CHECK(p.transfer_seconds(200'000'000, CopyDirection::DeviceToHost, false) ==
        doctest::Approx(0.04001));
  // One float: the latency is all there is.
  CHECK(p.transfer_seconds(4, CopyDirection::HostToDevice, true) ==
        doctest::Approx(10e-6).epsilon(1e-3));
  CHECK(p.transfer_seconds(0, CopyDirection::HostToDevice, true) == 0);
  CHECK_THROWS_AS(p.transfer_seconds(-1, CopyDirection::HostToDevice, true), tp::InternalError);

  // PCIe per direction: GT/s x lanes x 128/130 / 8.
  CHECK(p.pcie_theoretical_gbps() == doctest::Approx(16.0 * 16 * 128 / 130 / 8));
  CHECK(p.link_description() == "PCIe 4.0 x16");
  CHECK(tp::find_gpu_profile("t4", kShippedDir).pcie_theoretical_gbps() ==
        doctest::Approx(15.754).epsilon(1e-3));
  CHECK(tp::find_gpu_profile("h100_sxm", kShippedDir).pcie_theoretical_gbps() ==
        doctest::Approx(63.015).epsilon(1e-3));
}
