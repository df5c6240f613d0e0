// Device parsing and printing, following c10/core/Device.cpp.
#include "core/device.h"

#include <cctype>

#include "core/error.h"

namespace tp {

const char* device_type_name(DeviceType t) {
  switch (t) {
    case DeviceType::CPU: return "cpu";
    case DeviceType::CUDA: return "cuda";
    case DeviceType::MPS: return "mps";
    case DeviceType::Meta: return "meta";
  }
  return "cpu";
}

std::string Device::str() const {
  std::string s = device_type_name(type);
  if (has_index()) s += ":" + std::to_string(index);
  return s;
}

std::string Device::repr() const {
  std::string s = std::string("device(type='") + device_type_name(type) + "'";
  if (has_index()) s += ", index=" + std::to_string(index);
  return s + ")";
}

namespace {

// Every device type name c10 knows, in its order, for the error message.
const char* const kKnownTypes[] = {"cpu", "cuda", "ipu", "xpu", "mkldnn", "opengl", "opencl",
                                   "ideep", "hip", "ve", "fpga", "maia", "xla", "lazy",
                                   "vulkan", "mps", "meta", "hpu", "mtia", "privateuseone"};

DeviceType parse_type(const std::string& name) {
  if (name == "cpu") return DeviceType::CPU;
  if (name == "cuda") return DeviceType::CUDA;
  if (name == "mps") return DeviceType::MPS;
  if (name == "meta") return DeviceType::Meta;
  std::string all;
  bool known = false;
  for (const char* t : kKnownTypes) {
    if (!all.empty()) all += ", ";
    all += t;
    if (name == t) known = true;
  }
  if (known) {
    fail(ErrorKind::NotImplementedError, "tensorplay models only the cpu, cuda, mps and meta devices, not '",
         name, "'");
  }
  DeviceProblem problem;
  problem.kind = DeviceProblem::Kind::UnknownName;
  problem.name = name;
  throw TorchError(ErrorKind::RuntimeError,
                   str_cat("Expected one of ", all, " device type at start of device string: ", name), problem);
}

}  // namespace

Device Device::parse(const std::string& spec) {
  TP_CHECK(!spec.empty(), RuntimeError, "Device string must not be empty");
  // Matches ([a-zA-Z_]+)(?::([1-9]\d*|0))? exactly as c10 does.
  std::string name, digits;
  enum { kName, kIndexStart, kIndexRest, kError } state = kName;
  for (char c : spec) {
    unsigned char ch = static_cast<unsigned char>(c);
    if (state == kName) {
      if (ch == ':') state = kIndexStart;
      else if (std::isalpha(ch) || ch == '_') name.push_back(c);
      else state = kError;
    } else if (state == kIndexStart) {
      if (std::isdigit(ch)) {
        digits.push_back(c);
        state = kIndexRest;
      } else {
        state = kError;
      }
    } else if (state == kIndexRest) {
      if (digits[0] == '0' || !std::isdigit(ch)) state = kError;
      else digits.push_back(c);
    }
    if (state == kError) break;
  }
  bool bad = name.empty() || state == kError || (state == kIndexStart && digits.empty());
  TP_CHECK(!bad, RuntimeError, "Invalid device string: '", spec, "'");
  Device d;
  if (!digits.empty()) {
    TP_CHECK(digits.size() < 10, RuntimeError, "Could not parse device index '", digits,
             "' in device string '", spec, "'");
    d.index = std::stoi(digits);
  }
  d.type = parse_type(name);
  return d;
}

Device Device::from_type_index(const std::string& type, int index) {
  Device d = parse(type);
  TP_CHECK(!d.has_index() || index < 0, RuntimeError,
           "type (string) must not include an index because index was passed explicitly: ", type);
  if (index >= 0) d.index = index;
  return d;
}

}  // namespace tp
