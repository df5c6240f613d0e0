// MetaDevice: the placeholder storage, and the copy that would need values.
#include "core/backends/meta/meta_device.h"

#include "core/error.h"

namespace tp {

void* MetaDevice::allocate(size_t) {
  static char placeholder;
  return &placeholder;
}

void MetaDevice::copy_to_host(void*, const void*, size_t, CopyOptions) {
  fail(ErrorKind::NotImplementedError, "Cannot copy out of meta tensor; no data!");
}

MetaDevice& meta_device() {
  static MetaDevice device;
  return device;
}

}  // namespace tp
