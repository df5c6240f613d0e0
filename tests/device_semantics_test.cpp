// Where tensors live, on simulated devices: the registry (1 and 2 sim GPUs, --no-sim,
// --sim-mps), torch.cuda's answers, .to/.cuda/.cpu identity rules, device= at creation,
// printing, the same-device rule's texts and the numpy/ordinal/mps errors. Expected texts:
// /work/shared/reference/pytorch_device_semantics.md, checked against torch 2.15 where a
// CPU machine can show them (tests/fixtures/gen_devices.py).
#include <doctest/doctest.h>

#include <functional>

#include "core/cuda_error.h"
#include "core/cuda_api.h"
#include "core/device_registry.h"
#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/device_ops.h"
#include "core/ops/elementwise.h"
#include "core/ops/linalg.h"
#include "core/ops/shape.h"
#include "core/printing.h"
#include "tests/test_util.h"

using namespace tp;

namespace {

using test::use_sim_gpus;

// The exact text is checked in cuda_error_test.cpp.
const std::string kInvalidOrdinal =
    cuda_error_message("invalid device ordinal", "cudaErrorInvalidDevice");

Device cuda_dev() { return Device{DeviceType::CUDA, -1}; }

ErrorKind kind_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const TorchError& e) {
    return e.kind();
  }
  return ErrorKind::NotImplementedError;  // no error: never what a test expects here
}

auto fixtures = test::load_fixture("devices.txt");

}  // namespace

TEST_CASE("one simulated GPU: torch.cuda answers") {
  use_sim_gpus(1);
  CHECK(cuda::is_available());
  CHECK(cuda::device_count() == 1);
  CHECK(cuda::current_device() == 0);
  CHECK(cuda::get_device_name(0) == "Tesla T4 (simulated)");
  CHECK_FALSE(cuda::mps_is_available());
  CHECK_THROWS_WITH(cuda::get_device_name(1), "Invalid device id");
  CHECK(kind_of([] { cuda::get_device_properties(5); }) == ErrorKind::AssertionError);
  CHECK_THROWS_WITH(cuda::set_device(1), kInvalidOrdinal.c_str());
  cuda::set_device(-1);  // a no-op, as in PyTorch
  CHECK(cuda::current_device() == 0);
  std::string props = cuda::get_device_properties(0).repr();
  CHECK(props.rfind("_CudaDeviceProperties(name='Tesla T4 (simulated)', major=7, minor=5, "
                    "total_memory=256MB, multi_processor_count=40, uuid=",
                    0) == 0);
  CHECK(props.find(", pci_bus_id=0, pci_device_id=0, pci_domain_id=0, L2_cache_size=4MB)") !=
        std::string::npos);
  // The uuid is made up but stable.
  CHECK(props == cuda::get_device_properties(0).repr());
  auto banner = device_banner();
  REQUIRE(banner.size() == 2);
  CHECK(banner[1] ==
        "cuda:0  Tesla T4 — simulated (profile t4: 40 SMs, 15 GiB, PCIe 3.0 x16; sim memory "
        "capped at 256 MiB)");
}

TEST_CASE("device flags and sizes") {
  DeviceConfig c;
  auto rest = apply_device_flags(c, {"--sim-gpus", "2", "--gpu-profile", "h100_sxm", "x.py",
                                     "--sim-mps", "--sim-memory", "2GiB", "--sim"});
  CHECK(rest == std::vector<std::string>{"x.py"});
  CHECK(c.sim_gpus == 2);
  CHECK(c.gpu_profile == "h100_sxm");
  CHECK(c.sim_mps);
  CHECK(c.force_sim);
  CHECK(c.sim_memory_limit == size_t{2} << 30);
  CHECK(parse_memory_size("512MiB") == size_t{512} << 20);
  CHECK(parse_memory_size("1.5GB") == size_t{1500000000});
  CHECK_THROWS_WITH(parse_memory_size("lots"),
                    "cannot read 'lots' as a memory size (examples: 2GiB, 512MiB, 1.5GB)");
  CHECK_THROWS_WITH(apply_device_flags(c, {"--sim-gpus", "-1"}),
                    "--sim-gpus expects a number of GPUs >= 0, got '-1'");
  CHECK(default_sim_memory_limit() > 0);
}

TEST_CASE("tensor.to: a new tensor, or the same one when nothing changes") {
  use_sim_gpus(1);
  Tensor x = ones({2});
  Tensor y = to(x, cuda_dev(), std::nullopt);
  CHECK_FALSE(y.is_same(x));
  CHECK(x.device() == Device::cpu());  // the source is unchanged
  CHECK(y.device().repr() == "device(type='cuda', index=0)");  // always an index
  CHECK(to(y, cuda_dev(), std::nullopt).is_same(y));    // x.to('cuda') is x on cuda:0
  CHECK(to(y, Device::cuda(0), std::nullopt).is_same(y));
  CHECK(to_cuda(y).is_same(y));
  CHECK_FALSE(to(y, cuda_dev(), std::nullopt, /*copy=*/true).is_same(y));
  CHECK(to(x, Device::cpu(), std::nullopt).is_same(x));
  Tensor z = to(x, cuda_dev(), DType::Float64);  // device and dtype together
  CHECK(z.dtype() == DType::Float64);
  CHECK(z.device() == Device::cuda(0));
  Tensor back = to_cpu(y);
  CHECK_FALSE(back.is_same(y));
  CHECK(to_cpu(back).is_same(back));
  CHECK(test::values_of(back) == std::vector<double>{1, 1});
  CHECK(is_cuda(y));
  CHECK_FALSE(is_cuda(x));
  CHECK(get_device(y) == 0);
  CHECK(get_device(x) == -1);
  Tensor nb = to(x, cuda_dev(), std::nullopt, /*copy=*/false, /*non_blocking=*/true);
  CHECK(nb.device() == Device::cuda(0));
}

TEST_CASE("two simulated GPUs: .cuda(i), device=, cuda:0 vs cuda:1") {
  use_sim_gpus(2);
  CHECK(cuda::device_count() == 2);
  Tensor x = ones({2});
  Tensor a = to_cuda(x, 1);
  CHECK(a.device() == Device::cuda(1));
  CHECK(to_cuda(a, 1).is_same(a));
  CHECK_FALSE(to_cuda(a).is_same(a));  // .cuda() means the current device, cuda:0
  Tensor b = ones({2}, TensorOptions(DType::Float32, cuda_dev()));
  CHECK(b.device() == Device::cuda(0));
  cuda::set_device(1);
  CHECK(ones({2}, TensorOptions(DType::Float32, cuda_dev())).device() == Device::cuda(1));
  CHECK(to(a, cuda_dev(), std::nullopt).is_same(a));
  cuda::set_device(0);
  CHECK(test::values_of(to(a, Device::cuda(0), std::nullopt)) == std::vector<double>{1, 1});
  CHECK_THROWS_WITH(ones({2}, TensorOptions(DType::Float32, Device::cuda(2))),
                    kInvalidOrdinal.c_str());
  CHECK_THROWS_WITH(to(x, Device::cuda(7), std::nullopt), kInvalidOrdinal.c_str());
  CHECK(Device::parse("cuda:5").str() == "cuda:5");  // no error until it is used
  CHECK_THROWS_WITH(add(a, b),
                    "Expected all tensors to be on the same device, but found at least two "
                    "devices, cuda:1 and cuda:0!");
}

TEST_CASE("printing a device tensor") {
  use_sim_gpus(1);
  Tensor y = to(test::make_tensor({1, 2}, {2}), cuda_dev(), std::nullopt);
  CHECK(tensor_repr(y) == "tensor([1., 2.], device='cuda:0')");
  Tensor i = to(test::make_tensor({1, 2}, {2}, DType::Int32), cuda_dev(), std::nullopt);
  CHECK(tensor_repr(i) == "tensor([1, 2], device='cuda:0', dtype=torch.int32)");
  Tensor s = to(test::make_tensor({3}, {}), cuda_dev(), std::nullopt);
  CHECK(tensor_repr(s) == "tensor(3., device='cuda:0')");
  CHECK(tensor_repr(to_cpu(y)) == "tensor([1., 2.])");
}

TEST_CASE("the same-device rule on a simulated GPU") {
  use_sim_gpus(1);
  Tensor x = to(test::make_tensor({1, 2}, {2}), cuda_dev(), std::nullopt);
  Tensor c = test::make_tensor({3, 4}, {2});
  const char* both = fixtures.at("elementwise_device_first").c_str();
  CHECK_THROWS_WITH(add(x, c), both);
  CHECK_THROWS_WITH(add(c, x), both);  // the device is named first in either order
  CHECK_THROWS_WITH(mul(c, x), both);
  // A 0-dim CPU tensor may join; the result is on the device.
  Tensor r = add(x, test::make_tensor({2}, {}));
  CHECK(r.device() == Device::cuda(0));
  CHECK(test::values_of(r) == std::vector<double>{3, 4});
  // A 1-element 1-D CPU tensor may not.
  CHECK_THROWS_WITH(add(x, test::make_tensor({2}, {1})), both);
  // Python numbers always may.
  CHECK(test::values_of(add(x, Scalar(1.0))) == std::vector<double>{2, 3});

  Tensor m = to(test::make_tensor({1, 2, 3, 4}, {2, 2}), cuda_dev(), std::nullopt);
  Tensor mc = test::make_tensor({1, 0, 0, 1}, {2, 2});
  CHECK_THROWS_WITH(mm(m, mc),
                    "Expected all tensors to be on the same device, but got mat2 is on cpu, "
                    "different from other tensors on cuda:0 (when checking argument in method "
                    "wrapper_CUDA_mm)");
  CHECK_THROWS_WITH(mm(mc, m),
                    "Expected all tensors to be on the same device, but got mat2 is on cuda:0, "
                    "different from other tensors on cpu (when checking argument in method "
                    "wrapper_CUDA_mm)");
  Tensor bias = to(test::make_tensor({0, 0}, {2}), cuda_dev(), std::nullopt);
  CHECK_THROWS_WITH(addmm(bias, mc, m),
                    "Expected all tensors to be on the same device, but got mat1 is on cpu, "
                    "different from other tensors on cuda:0 (when checking argument in method "
                    "wrapper_CUDA_addmm)");
  CHECK_THROWS_WITH(cat({x, c}),
                    "Expected all tensors to be on the same device, but got tensors is on cpu, "
                    "different from other tensors on cuda:0 (when checking argument in method "
                    "wrapper_CUDA_cat)");
}

TEST_CASE(".numpy() and pin_memory on device tensors") {
  use_sim_gpus(1);
  Tensor y = to(ones({2}), cuda_dev(), std::nullopt);
  CHECK_THROWS_WITH(numpy_check(y), "can't convert cuda:0 device type tensor to numpy. Use "
                                    "Tensor.cpu() to copy the tensor to host memory first.");
  CHECK(kind_of([&] { numpy_check(y); }) == ErrorKind::TypeError);
  numpy_check(ones({2}));
  Tensor p = pin_memory(ones({2}));
  CHECK(is_pinned(p));
  CHECK_FALSE(is_pinned(ones({2})));
  CHECK(pin_memory(p).is_same(p));
  CHECK_THROWS_WITH(pin_memory(y), "cannot pin 'CUDAFloatType' only dense CPU tensors can be "
                                   "pinned");
  CHECK(to(p, cuda_dev(), std::nullopt).device() == Device::cuda(0));
}

TEST_CASE("--no-sim behaves like a CPU-only PyTorch build") {
  use_sim_gpus(1, false, /*no_sim=*/true);
  CHECK_FALSE(cuda::is_available());
  CHECK(cuda::device_count() == 0);
  CHECK(cuda::memory_allocated() == 0);
  const char* text = "Torch not compiled with CUDA enabled";
  CHECK_THROWS_WITH(to(ones({2}), cuda_dev(), std::nullopt), text);
  CHECK_THROWS_WITH(to_cuda(ones({2})), text);
  CHECK_THROWS_WITH(ones({2}, TensorOptions(DType::Float32, Device::cuda(0))), text);
  CHECK_THROWS_WITH(cuda::current_device(), text);
  CHECK_THROWS_WITH(cuda::get_device_name(0), text);
  CHECK(kind_of([] { cuda::current_device(); }) == ErrorKind::AssertionError);
  CHECK_THROWS_WITH(cuda::reset_peak_memory_stats(), "invalid argument to reset_peak_memory_stats");
  CHECK_THROWS_WITH(pin_memory(ones({2})), "Need to provide pin_memory allocator to use pin memory.");
  auto banner = device_banner();
  CHECK(banner.back() == "no cuda devices (--no-sim: behaving like a CPU-only PyTorch build)");
}

TEST_CASE("mps: absent unless --sim-mps") {
  use_sim_gpus(1);
  CHECK_FALSE(cuda::mps_is_available());
  CHECK_THROWS_WITH(to(ones({2}), Device::parse("mps"), std::nullopt),
                    fixtures.at("mps_missing").c_str());
  use_sim_gpus(0, /*mps=*/true);
  CHECK(cuda::mps_is_available());
  CHECK_FALSE(cuda::is_available());
  Tensor m = to(test::make_tensor({1, 2}, {2}), Device::parse("mps"), std::nullopt);
  CHECK(m.device().repr() == "device(type='mps', index=0)");
  CHECK(tensor_repr(m) == "tensor([1., 2.], device='mps:0')");
  CHECK(test::values_of(m) == std::vector<double>{1, 2});
  CHECK(device_banner()[1].rfind("mps:0   Apple M2 — simulated (profile apple_m2", 0) == 0);
}
