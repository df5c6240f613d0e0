// Storage: one allocation on one device, shared by every view of it.
#pragma once

#include <cstddef>
#include <memory>

#include "core/device.h"

namespace tp {

class Storage {
 public:
  // Allocates nbytes on `device` through that device's backend.
  Storage(size_t nbytes, Device device);
  ~Storage();
  Storage(const Storage&) = delete;
  Storage& operator=(const Storage&) = delete;

  void* data() const { return data_; }
  size_t nbytes() const { return nbytes_; }
  Device device() const { return device_; }

 private:
  void* data_ = nullptr;
  size_t nbytes_ = 0;
  Device device_;
};

}  // namespace tp
