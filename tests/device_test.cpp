// Device parsing and printing, against PyTorch's texts (c10/core/Device.cpp, torch.device repr).
#include <doctest/doctest.h>

#include "core/device.h"
#include "core/error.h"

using tp::Device;
using tp::DeviceType;

TEST_CASE("device strings and reprs match PyTorch") {
  CHECK(Device::parse("cpu").str() == "cpu");
  CHECK(Device::parse("cpu").repr() == "device(type='cpu')");
  CHECK(Device::parse("cuda").repr() == "device(type='cuda')");
  CHECK(Device::parse("cuda:0").str() == "cuda:0");
  CHECK(Device::parse("cuda:0").repr() == "device(type='cuda', index=0)");
  CHECK(Device::parse("cuda:12").index == 12);
  CHECK(Device::from_type_index("cuda", 1).repr() == "device(type='cuda', index=1)");
  CHECK(Device::parse("mps").repr() == "device(type='mps')");
  CHECK(Device::parse("cuda") != Device::parse("cuda:0"));
}

TEST_CASE("bad device strings raise PyTorch's errors") {
  CHECK_THROWS_WITH(Device::parse("cuda:"), "Invalid device string: 'cuda:'");
  CHECK_THROWS_WITH(Device::parse("cuda:01"), "Invalid device string: 'cuda:01'");
  CHECK_THROWS_WITH(Device::parse("cuda:x"), "Invalid device string: 'cuda:x'");
  CHECK_THROWS_WITH(Device::parse(""), "Device string must not be empty");
  CHECK_THROWS_WITH(Device::parse("gpu"),
                    "Expected one of cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, ve, "
                    "fpga, maia, xla, lazy, vulkan, mps, meta, hpu, mtia, privateuseone device "
                    "type at start of device string: gpu");
  CHECK_THROWS_WITH(Device::from_type_index("cuda:0", 1),
                    "type (string) must not include an index because index was passed "
                    "explicitly: cuda:0");
  try {
    Device::parse("gpu:0");
    FAIL("expected an error");
  } catch (const tp::TorchError& e) {
    CHECK(e.kind() == tp::ErrorKind::RuntimeError);
  }
}
