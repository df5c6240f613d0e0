// tensordot and inner, in ATen's steps (LinearAlgebra.cpp): the free dimensions first, the
// contracted ones last, one mm, then the result's shape.
#include "core/ops/contract.h"

#include "core/error.h"
#include "core/ops/elementwise.h"
#include "core/ops/linalg.h"
#include "core/ops/reduce.h"
#include "core/ops/shape.h"

namespace tp {

Tensor tensordot(const Tensor& a, const Tensor& b, const std::vector<int64_t>& dims_a,
                 const std::vector<int64_t>& dims_b) {
  TP_CHECK(dims_a.size() == dims_b.size(), RuntimeError, "both dimension lists should have same length");
  TP_CHECK(a.dtype() == b.dtype(), RuntimeError, "both inputs should have same dtype");
  Tensor t1 = a, t2 = b;
  int64_t csize = 1;  // the contracted dimensions' elements
  std::vector<bool> contracted_a(a.dim(), false), contracted_b(b.dim(), false);
  for (size_t i = 0; i < dims_a.size(); ++i) {
    const int64_t da = wrap_dim(dims_a[i], a.dim()), db = wrap_dim(dims_b[i], b.dim());
    contracted_a[da] = contracted_b[db] = true;
    const int64_t s1 = a.sizes()[da], s2 = b.sizes()[db];
    if (s2 == 1) {
      t1 = sum(t1, {da}, true, t1.dtype());  // a broadcast dimension sums right away
    } else if (s1 == 1) {
      t2 = sum(t2, {db}, true, t2.dtype());
    } else {
      TP_CHECK(s1 == s2, RuntimeError, "contracted dimensions need to match, but first has size ", s1, " in dim ",
               dims_a[i], " and second has size ", s2, " in dim ", dims_b[i]);
      csize *= s1;
    }
  }
  Shape p1, p2, result;
  int64_t free1 = 1, free2 = 1;
  for (int64_t i = 0; i < a.dim(); ++i) {
    if (contracted_a[i]) continue;
    p1.push_back(i);
    free1 *= t1.sizes()[i];
    result.push_back(t1.sizes()[i]);
  }
  for (int64_t d : dims_a) p1.push_back(wrap_dim(d, a.dim()));
  for (int64_t d : dims_b) p2.push_back(wrap_dim(d, b.dim()));
  for (int64_t i = 0; i < b.dim(); ++i) {
    if (contracted_b[i]) continue;
    p2.push_back(i);
    free2 *= t2.sizes()[i];
    result.push_back(t2.sizes()[i]);
  }
  // (free1, csize) x (csize, free2), then the free dimensions of a and of b.
  Tensor m1 = reshape(permute(t1, p1), {free1, csize});
  Tensor m2 = reshape(permute(t2, p2), {csize, free2});
  return reshape(mm(m1, m2), result);
}

Tensor inner(const Tensor& a, const Tensor& b) {
  if (a.dim() == 0 || b.dim() == 0) return mul(a, b);
  TP_CHECK(a.sizes().back() == b.sizes().back(), RuntimeError,
           "inner() the last dimension must match on both input tensors but got shapes ", shape_str(a.sizes()),
           " and ", shape_str(b.sizes()));
  return tensordot(a, b, {-1}, {-1});
}

}  // namespace tp
