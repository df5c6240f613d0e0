// tolist: one host copy, then the nesting follows the sizes.
#include "core/ops/tolist.h"

#include "core/ops/copy.h"

namespace tp {

namespace {

ListValue build(const Tensor& host, size_t dim, int64_t& next) {
  ListValue v;
  if (dim == host.sizes().size()) {
    v.number = element_at(host, next++);
    return v;
  }
  v.is_list = true;
  int64_t n = host.sizes()[dim];
  v.items.reserve(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) v.items.push_back(build(host, dim + 1, next));
  return v;
}

}  // namespace

ListValue tolist(const Tensor& t) {
  Tensor host = contiguous(to(t, Device::cpu(), std::nullopt));
  int64_t next = 0;
  return build(host, 0, next);
}

}  // namespace tp
