// Device: a small value type {type, index}, with PyTorch's parser and printers.
#pragma once

#include <string>

namespace tp {

// Meta: tensors with shapes and no data (core/backends/meta).
enum class DeviceType : uint8_t { CPU, CUDA, MPS, Meta };

struct Device {
  DeviceType type = DeviceType::CPU;
  int index = -1;  // -1: no index given (torch.device('cuda') has index None)

  static Device cpu() { return {DeviceType::CPU, -1}; }
  static Device cuda(int i) { return {DeviceType::CUDA, i}; }
  static Device meta() { return {DeviceType::Meta, -1}; }

  bool is_cpu() const { return type == DeviceType::CPU; }
  bool is_meta() const { return type == DeviceType::Meta; }
  bool has_index() const { return index >= 0; }
  bool operator==(const Device& o) const { return type == o.type && index == o.index; }
  bool operator!=(const Device& o) const { return !(*this == o); }

  // str(device): "cpu", "cuda", "cuda:0".
  std::string str() const;
  // repr(device): "device(type='cuda', index=0)".
  std::string repr() const;

  // torch.device("cuda:1"); raises PyTorch's RuntimeError on a bad string.
  static Device parse(const std::string& spec);
  // torch.device("cuda", 1); index < 0 means none given.
  static Device from_type_index(const std::string& type, int index);
};

const char* device_type_name(DeviceType t);

}  // namespace tp
