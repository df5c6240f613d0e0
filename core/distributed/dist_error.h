// The errors of torch.distributed's machinery, by kind, so the bindings raise PyTorch's
// exception types (DistStoreError, DistNetworkError) with the text kept here.
#pragma once

#include <stdexcept>
#include <string>

namespace tp::dist {

enum class DistErrorKind { Store, Network };

class DistError : public std::runtime_error {
 public:
  DistError(DistErrorKind kind, const std::string& message) : std::runtime_error(message), kind(kind) {}
  DistErrorKind kind;
};

}  // namespace tp::dist
