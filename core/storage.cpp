// Storage allocation goes through the owning device's face.
#include "core/storage.h"

#include "core/backends/device_runtime.h"

namespace tp {

Storage::Storage(size_t nbytes, Device device) : nbytes_(nbytes), device_(device) {
  data_ = runtime_for(device).allocate(nbytes);
}

Storage::Storage(void* data, size_t nbytes, std::shared_ptr<void> owner)
    : data_(data), nbytes_(nbytes), device_(Device::cpu()), owner_(std::move(owner)) {}

Storage::~Storage() {
  if (owner_) return;  // external memory: dropping owner_ releases it
  runtime_for(device_).deallocate(data_, nbytes_);
}

}  // namespace tp
