// MetaBackend: the placeholder storage and the two operations that would need values.
#include "core/backends/meta/meta_backend.h"

#include "core/error.h"

namespace tp {

void* MetaBackend::allocate(size_t, int) {
  static char placeholder;
  return &placeholder;
}

void MetaBackend::copy_to_host(void*, const void*, size_t, int, CopyOptions) {
  fail(ErrorKind::NotImplementedError, "Cannot copy out of meta tensor; no data!");
}

Tensor MetaBackend::nonzero(const Tensor&) {
  fail(ErrorKind::NotImplementedError,
       "The register_meta function for torch.nonzero() raises unimplemented by default, as a correct "
       "data-independent implementation does not exist. This implementation returns a fake value, assuming all "
       "elements of the tensor are non-zero. To enable this registration, please set "
       "'torch.fx.experimental._config.meta_nonzero_assume_all_nonzero' to True.");
}

MetaBackend& meta_backend() {
  static MetaBackend backend;
  return backend;
}

}  // namespace tp
