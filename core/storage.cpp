// Storage allocation goes through the owning device's backend.
#include "core/storage.h"

#include "core/backends/backend.h"
#include "core/device_registry.h"

namespace tp {

Storage::Storage(size_t nbytes, Device device) : nbytes_(nbytes), device_(device) {
  data_ = backend_for(device).allocate(nbytes, backend_index(device));
}

Storage::Storage(void* data, size_t nbytes, std::shared_ptr<void> owner)
    : data_(data), nbytes_(nbytes), device_(Device::cpu()), owner_(std::move(owner)) {}

Storage::~Storage() {
  if (owner_) return;  // external memory: dropping owner_ releases it
  backend_for(device_).deallocate(data_, nbytes_, backend_index(device_));
}

}  // namespace tp
