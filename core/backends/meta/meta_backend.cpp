// MetaBackend: nonzero, the one kernel that would need values.
#include "core/backends/meta/meta_backend.h"

#include "core/error.h"

namespace tp {

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
