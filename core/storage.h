// Storage: one allocation on one device, shared by every view of it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

#include "core/device.h"

namespace tp {

class Storage {
 public:
  // Allocates nbytes on `device` through that device's face (runtime_for).
  Storage(size_t nbytes, Device device);
  // Wraps host memory owned by someone else (torch.from_numpy: a numpy array's buffer), kept
  // alive by `owner` for as long as this storage lives; never freed through a device.
  Storage(void* data, size_t nbytes, std::shared_ptr<void> owner);
  ~Storage();
  Storage(const Storage&) = delete;
  Storage& operator=(const Storage&) = delete;

  void* data() const { return data_; }
  size_t nbytes() const { return nbytes_; }
  Device device() const { return device_; }
  // Page-locked host memory (pin_memory()): the copy model moves it at the pinned rate.
  bool pinned() const { return pinned_; }
  void set_pinned(bool pinned) { pinned_ = pinned; }

 private:
  void* data_ = nullptr;
  size_t nbytes_ = 0;
  Device device_;
  bool pinned_ = false;
  std::shared_ptr<void> owner_;  // set for external memory
};

}  // namespace tp
