// baddbmm, addbmm, addmv and addr: the shape and dtype checks in ATen's order with torch
// 2.15's texts (aten/src/ATen/native/LinearAlgebra.cpp, Blas.cpp), the product from the
// existing bmm/mm/mv/outer, then beta * input + alpha * product.
#include "core/ops/addmm_family.h"

#include "core/autograd/addmm_family_grads.h"
#include "core/autograd/autograd.h"
#include "core/error.h"
#include "core/ops/broadcast.h"
#include "core/ops/combine.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/ops/linalg.h"
#include "core/ops/shape.h"
#include "core/ops/type_promotion.h"

namespace tp {
namespace {

// addr refuses a float beta/alpha for integer tensors.
void check_scalars(DType t, Scalar beta, Scalar alpha) {
  if (!is_integral(t, true)) return;
  TP_CHECK(!beta.is_float(), RuntimeError,
           "For integral input tensors, argument beta must not be a floating point number.");
  TP_CHECK(!alpha.is_float(), RuntimeError,
           "For integral input tensors, argument alpha must not be a floating point number.");
}

// The BLAS-backed products take beta/alpha in the tensors' dtype: an integer product
// truncates a float scalar (0.5 becomes 0), as ATen's kernels do.
Scalar in_dtype(DType t, Scalar s) {
  return is_integral(t, true) && s.is_float() ? Scalar(static_cast<int64_t>(s.to_double())) : s;
}

// beta * input + alpha * product, with input already expanded to product's shape.
Tensor combine(const Tensor& input, const Tensor& product, Scalar beta, Scalar alpha) {
  Tensor term = alpha.to_double() == 1.0 ? product : mul(product, alpha);
  if (beta.to_double() == 0.0) return term;  // input's values, NaN included, never read
  return add(beta.to_double() == 1.0 ? input : mul(input, beta), term);
}

}  // namespace

Tensor baddbmm(const Tensor& input, const Tensor& batch1, const Tensor& batch2, Scalar beta, Scalar alpha) {
  return autograd::record_op(
      {input, batch1, batch2},
      [&] {
        Tensor expanded = expand_to(input, {batch1.size(0), batch1.size(1), batch2.size(2)});
        TP_CHECK(input.dtype() == batch1.dtype() && input.dtype() == batch2.dtype(), RuntimeError,
                 "Input dtypes must be the same, got: input ", dtype_cpp_name(input.dtype()), ", batch1: ",
                 dtype_cpp_name(batch1.dtype()), ", batch2: ", dtype_cpp_name(batch2.dtype()));
        return combine(expanded, bmm(batch1, batch2), in_dtype(input.dtype(), beta), in_dtype(input.dtype(), alpha));
      },
      [&](const Tensor&) { return autograd::baddbmm_node(input, batch1, batch2, beta, alpha); });
}

Tensor addbmm(const Tensor& input, const Tensor& batch1, const Tensor& batch2, Scalar beta, Scalar alpha) {
  return autograd::record_op(
      {input, batch1, batch2},
      [&] {
        Tensor expanded = expand_to(input, {batch1.size(1), batch2.size(2)});
        TP_CHECK(batch1.dim() == 3, RuntimeError, "batch1 must be a 3D tensor");
        TP_CHECK(batch2.dim() == 3, RuntimeError, "batch2 must be a 3D tensor");
        TP_CHECK(batch1.size(0) == batch2.size(0), RuntimeError,
                 "batch1 and batch2 must have same number of batches, got ", batch1.size(0), " and ", batch2.size(0));
        TP_CHECK(batch1.size(2) == batch2.size(1), RuntimeError, "Incompatible matrix sizes for bmm (", batch1.size(1),
                 "x", batch1.size(2), " and ", batch2.size(1), "x", batch2.size(2), ")");
        // sum_i batch1[i] @ batch2[i] is one (n, b*m) @ (b*m, p) product: addmm checks the dtypes.
        const int64_t b = batch1.size(0), n = batch1.size(1), m = batch1.size(2), p = batch2.size(2);
        Tensor rows = reshape(permute(batch1, {1, 0, 2}), {n, b * m});
        Tensor cols = reshape(batch2, {b * m, p});
        return addmm(expanded, rows, cols, in_dtype(input.dtype(), beta), in_dtype(input.dtype(), alpha));
      },
      [&](const Tensor&) { return autograd::addbmm_node(input, batch1, batch2, beta, alpha); });
}

Tensor addmv(const Tensor& input, const Tensor& mat, const Tensor& vec, Scalar beta, Scalar alpha) {
  return autograd::record_op(
      {input, mat, vec},
      [&] {
        TP_CHECK(mat.dim() == 2 && vec.dim() == 1 && input.dim() <= 1, RuntimeError,
                 "vector + matrix @ vector expected, got ", input.dim(), ", ", mat.dim(), ", ", vec.dim());
        TP_CHECK(mat.size(1) == vec.size(0) && (mat.size(0) == input.numel() || input.numel() == 1), RuntimeError,
                 "size mismatch, got input (", input.dim() == 0 ? 1 : input.size(0), "), mat (", mat.size(0), "x",
                 mat.size(1), "), vec (", vec.size(0), ")");
        TP_CHECK(input.dtype() == mat.dtype() && mat.dtype() == vec.dtype(), RuntimeError,
                 "addmv input tensors must have the same dtype, but got ", dtype_legacy_name(input.dtype()), ", ",
                 dtype_legacy_name(mat.dtype()), ", and ", dtype_legacy_name(vec.dtype()));
        return combine(expand_to(input, {mat.size(0)}), mv(mat, vec), in_dtype(input.dtype(), beta),
                       in_dtype(input.dtype(), alpha));
      },
      [&](const Tensor&) { return autograd::addmv_node(input, mat, vec, beta, alpha); });
}

Tensor addr(const Tensor& input, const Tensor& vec1, const Tensor& vec2, Scalar beta, Scalar alpha) {
  return autograd::record_op(
      {input, vec1, vec2},
      [&] {
        TP_CHECK(vec1.dim() == 1, RuntimeError, "addr: Expected 1-D argument vec1, but got ", vec1.dim(), "-D");
        TP_CHECK(vec2.dim() == 1, RuntimeError, "addr: Expected 1-D argument vec2, but got ", vec2.dim(), "-D");
        Tensor expanded = expand_to(input, {vec1.size(0), vec2.size(0)});
        check_scalars(result_type({&input, &vec1, &vec2}), beta, alpha);
        if (result_type({&input, &vec1, &vec2}) == DType::Bool) {
          // ATen's bool addr: (beta && input) || (alpha && vec1[i] && vec2[j]).
          Tensor product = logical_and(reshape(vec1, {vec1.size(0), 1}), reshape(vec2, {1, vec2.size(0)}));
          if (alpha.to_double() == 0.0) product = logical_and(product, zeros_like(product));
          return beta.to_double() == 0.0 ? product : logical_or(expanded, product);
        }
        // ATen's addr is composite: the product and the sum promote their dtypes.
        Tensor product = outer(vec1, vec2);
        if (beta.to_double() == 0.0) return alpha.to_double() == 1.0 ? product : mul(product, alpha);
        return add(mul(expanded, beta), mul(product, alpha));
      },
      [&](const Tensor&) { return autograd::addr_node(input, vec1, vec2, beta, alpha); });
}

}  // namespace tp
