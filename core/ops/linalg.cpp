// Matrix products. Checks follow ATen's order (aten/src/ATen/native/LinearAlgebra.cpp,
// Blas.cpp; the device check is the generated one of each CUDA wrapper) and the texts are
// recorded from torch 2.15's CPU kernels. Every product reaches Backend::matmul as 3-D views.
#include "core/ops/linalg.h"

#include "core/amp/autocast.h"
#include "core/autograd/autograd.h"
#include "core/autograd/formulas.h"
#include "core/backends/backend.h"
#include "core/error.h"
#include "core/ops/broadcast.h"
#include "core/ops/complex.h"
#include "core/ops/copy.h"
#include "core/ops/device_check.h"
#include "core/ops/elementwise.h"
#include "core/ops/shape.h"
#include "core/ops/type_promotion.h"
#include "core/ops/limited_dtypes.h"

namespace tp {
namespace {

// PyTorch's CPU kernels dispatch over every dtype but bool for products.
void check_not_bool(const char* kernel, DType t) {
  TP_CHECK(t != DType::Bool, NotImplementedError, "\"", kernel, "\" not implemented for '",
           dtype_legacy_name(t), "'");
}

// The matrix checks mm and addmm share; 2.15 names the first operand "self" in both.
void check_matrices(const char* op, const Shape& m1, const Shape& m2) {
  TP_CHECK(m1.size() == 2, RuntimeError, op, ": self must be a matrix, got ", m1.size(), "-D tensor");
  TP_CHECK(m2.size() == 2, RuntimeError, op, ": mat2 must be a matrix, got ", m2.size(), "-D tensor");
  TP_CHECK(m1[1] == m2[0], RuntimeError, op, ": mat1 and mat2 shapes cannot be multiplied (", m1[0], "x",
           m1[1], " and ", m2[0], "x", m2[1], ")");
}

// A contiguous tensor seen with another shape of the same element count; the shape is
// checked as view() checks it (ATen's matmul views its result with _unsafe_view).
Tensor view_contiguous(const Tensor& t, const Shape& sizes) {
  TP_ASSERT(t.is_contiguous());
  const Shape checked = infer_size(sizes, t.numel());
  return t.as_strided(checked, contiguous_strides(checked), t.storage_offset());
}

// Tensor.mT: the last two dims swapped, as a view.
Tensor swap_last_two(const Tensor& t) {
  Shape sizes = t.sizes(), strides = t.strides();
  size_t n = sizes.size();
  std::swap(sizes[n - 1], sizes[n - 2]);
  std::swap(strides[n - 1], strides[n - 2]);
  return t.as_strided(sizes, strides, t.storage_offset());
}

// Inserts a dim of size 1 at `dim` (unsqueeze), as a view.
Tensor insert_unit_dim(const Tensor& t, size_t dim) {
  Shape sizes = t.sizes(), strides = t.strides();
  int64_t stride = dim < sizes.size() ? sizes[dim] * strides[dim] : 1;
  sizes.insert(sizes.begin() + static_cast<ptrdiff_t>(dim), 1);
  strides.insert(strides.begin() + static_cast<ptrdiff_t>(dim), stride);
  return t.as_strided(sizes, strides, t.storage_offset());
}

// Dims [0, n) merged into one (reshape): a view when the strides allow it, which includes
// broadcast (stride-0) batch dims, else a contiguous copy first, as reshape does.
Tensor merge_leading_dims(const Tensor& t, size_t n) {
  const Shape& sizes = t.sizes();
  const Shape& strides = t.strides();
  int64_t merged_size = 1, merged_stride = 1;
  bool viewable = true;
  int64_t prev_stride = 0;
  bool have_prev = false;
  for (size_t d = 0; d < n; ++d) {
    // Wraps as c10's int64 product does; as_strided then rejects a size that is no numel.
    merged_size = static_cast<int64_t>(static_cast<uint64_t>(merged_size) * static_cast<uint64_t>(sizes[d]));
    if (sizes[d] == 1) continue;  // a size-1 dim's stride never matters
    if (have_prev && prev_stride != strides[d] * sizes[d]) viewable = false;
    prev_stride = strides[d];
    have_prev = true;
  }
  if (have_prev) merged_stride = prev_stride;
  Tensor src = t;
  if (!viewable) {
    src = contiguous(t);
    merged_stride = 1;
    for (size_t d = n; d < sizes.size(); ++d) merged_stride *= sizes[d];
  }
  Shape out_sizes{merged_size}, out_strides{merged_stride};
  for (size_t d = n; d < sizes.size(); ++d) {
    out_sizes.push_back(sizes[d]);
    out_strides.push_back(src.strides()[d]);
  }
  return src.as_strided(out_sizes, out_strides, src.storage_offset());
}

// A 2-D (R,C) operand seen as a batch of one: (1,R,C).
Tensor as_batch_of_one(const Tensor& t) { return insert_unit_dim(t, 0); }

// out (B,M,N), contiguous, = a (B,M,K) @ b (B,K,N) on their device, or += when accumulating.
void run_product(const Tensor& a3, const Tensor& b3, const Tensor& out3, bool accumulate = false,
                 ProductKind kind = ProductKind::Matrix) {
  if (is_complex(out3.dtype())) {
    // Four real products over the pairs (complex.h): every backend, no complex gemm.
    Tensor product = complex_ops::product(bmm, a3, b3);
    copy_(out3, accumulate ? add(out3, product) : product);
    return;
  }
  backend_for(out3.device()).matmul(a3, b3, out3, accumulate, kind);
}

// out = src * s, with s converted to out's dtype first (as a gemm's alpha/beta are).
void scale_into(const Tensor& src, Scalar s, const Tensor& out) {
  Tensor factor = cast(scalar_to_tensor(s, out.device()), out.dtype());
  backend_for(out.device()).binary(BinaryOp::Mul, src, expand_to(factor, out.sizes()), out);
}

// The transposes in matmul's folding path; mirrors ATen's should_fold.
bool should_fold(const Tensor& tensor1, const Tensor& tensor2) {
  bool tensor1_larger = tensor1.dim() >= tensor2.dim();
  Tensor t1 = tensor1_larger ? tensor1 : swap_last_two(tensor2);
  int64_t dim_t1 = t1.dim();
  int64_t dim_t2 = tensor1_larger ? tensor2.dim() : tensor1.dim();
  if (!(dim_t1 >= 3 && dim_t2 <= 2)) return false;
  // Folding keeps the gradient of the smaller operand small, so it wins even at a copy.
  bool t2_requires_grad = tensor1_larger ? tensor2.requires_grad() : tensor1.requires_grad();
  if (t2_requires_grad) return true;
  // A 2-D @ N-D fold would need a transposed copy of the result: bmm is cheaper.
  if (tensor1.dim() == 2) return false;
  if (t1.numel() == 0) return true;
  // Fold only when t1's leading dims merge without a copy.
  for (int64_t i = 0; i < dim_t1 - 2; ++i) {
    if (t1.strides()[i] != t1.strides()[i + 1] * t1.sizes()[i + 1]) return false;
  }
  return true;
}

// matmul for N-D @ 1-D/2-D (or the reverse, transposed): the big operand's batch dims are
// folded into its rows so a single mm or mv does the work.
Tensor matmul_folded(const Tensor& tensor1, const Tensor& tensor2) {
  bool transpose = tensor2.dim() > tensor1.dim();
  Tensor t1 = transpose ? swap_last_two(tensor2) : tensor1;
  Tensor t2 = !transpose ? tensor2 : tensor1.dim() == 2 ? swap_last_two(tensor1) : tensor1;
  Shape output_shape(t1.sizes().begin(), t1.sizes().end() - 1);
  bool t2_is_matrix = t2.dim() == 2;
  if (t2_is_matrix) output_shape.push_back(t2.size(1));
  Tensor t1_folded = merge_leading_dims(t1, static_cast<size_t>(t1.dim() - 1));
  if (!t2_is_matrix) return view_contiguous(mv(t1_folded, t2), output_shape);
  Tensor output = view_contiguous(mm(t1_folded, t2), output_shape);
  return transpose ? contiguous(swap_last_two(output)) : output;
}

// matmul with broadcast batch dims: both operands expanded to (B,n,m) and (B,m,p), then bmm.
Tensor matmul_batched(const Tensor& tensor1, const Tensor& tensor2) {
  int64_t dim1 = tensor1.dim(), dim2 = tensor2.dim();
  int64_t n = dim1 > 1 ? tensor1.size(-2) : 1;
  int64_t m1 = tensor1.size(-1);
  Shape batch_a(tensor1.sizes().begin(), tensor1.sizes().begin() + std::max<int64_t>(dim1 - 2, 0));
  int64_t m2 = dim2 > 1 ? tensor2.size(-2) : tensor2.size(0);
  int64_t p = dim2 > 1 ? tensor2.size(-1) : 1;
  Shape batch_b(tensor2.sizes().begin(), tensor2.sizes().begin() + std::max<int64_t>(dim2 - 2, 0));

  Shape output_shape = broadcast_shapes(batch_a, batch_b);
  size_t nb = output_shape.size();

  Shape size1 = output_shape;
  size1.insert(size1.end(), {n, m1});
  Tensor batch1 = merge_leading_dims(expand_to(tensor1, size1), nb);  // (B,n,m1)

  bool vector_rhs = dim2 == 1;
  Shape size2 = output_shape;
  if (vector_rhs) {
    size2.push_back(m2);
  } else {
    size2.insert(size2.end(), {m2, p});
  }
  Tensor batch2 = merge_leading_dims(expand_to(tensor2, size2), nb);  // (B,m2) or (B,m2,p)
  if (vector_rhs) batch2 = insert_unit_dim(batch2, 2);                // (B,m2,1)

  if (dim1 > 1) output_shape.push_back(n);
  if (dim2 > 1) output_shape.push_back(p);
  return view_contiguous(bmm(batch1, batch2), output_shape);
}

}  // namespace

void check_mm_shapes(const Shape& self, const Shape& mat2) { check_matrices("mm", self, mat2); }

// The product itself; mm() below records it for autograd.
static Tensor mm_compute(const Tensor& self, const Tensor& mat2) {
  check_same_device_args("mm", {{"self", &self}, {"mat2", &mat2}});
  check_mm_shapes(self.sizes(), mat2.sizes());
  TP_CHECK(self.dtype() == mat2.dtype(), RuntimeError,
           "expected m1 and m2 to have the same dtype, but got: ", dtype_cpp_name(self.dtype()),
           " != ", dtype_cpp_name(mat2.dtype()));
  // out is (M,N)
  Tensor out = empty({self.size(0), mat2.size(1)}, TensorOptions(self.dtype(), self.device()));
  if (out.numel() == 0) return out;
  if (self.size(1) == 0) return zero_(out);
  check_not_bool("addmm_impl_cpu_", self.dtype());
  run_product(as_batch_of_one(self), as_batch_of_one(mat2), as_batch_of_one(out));
  return out;
}

Tensor mm(const Tensor& self, const Tensor& mat2) {
  // complex: four real products that record their own gradients (complex.h)
  if (is_complex(self.dtype()) && self.dtype() == mat2.dtype()) return complex_ops::named(complex_ops::product(mm, self, mat2), "MmBackward0");
  if (amp::should_cast("mm", {&self, &mat2})) return mm(amp::autocast_arg("mm", self), amp::autocast_arg("mm", mat2));
  return autograd::record_op(
      {self, mat2},
      [&] { return mm_compute(self, mat2); },
      [&](const Tensor&) { return autograd::mm_node(self, mat2); });
}

// The product itself; bmm() below records it for autograd.
static Tensor bmm_compute(const Tensor& self, const Tensor& mat2) {
  check_same_device_args("bmm", {{"self", &self}, {"mat2", &mat2}});
  TP_CHECK(self.dim() == 3, RuntimeError, "batch1 must be a 3D tensor");
  TP_CHECK(mat2.dim() == 3, RuntimeError, "batch2 must be a 3D tensor");
  int64_t batch = self.size(0), contraction = self.size(2);
  TP_CHECK(mat2.size(0) == batch && mat2.size(1) == contraction, RuntimeError,
           "Expected size for first two dimensions of batch2 tensor to be: [", batch, ", ",
           contraction, "] but got: [", mat2.size(0), ", ", mat2.size(1), "].");
  // out is (B,M,N), with batch2's dtype: an empty product never compares the dtypes.
  Tensor out = empty({batch, self.size(1), mat2.size(2)}, TensorOptions(mat2.dtype(), mat2.device()));
  if (out.numel() == 0) return out;
  if (contraction == 0) return zero_(out);
  TP_CHECK(self.dtype() == mat2.dtype(), RuntimeError, "expected scalar type ",
           dtype_legacy_name(self.dtype()), " but found ", dtype_legacy_name(mat2.dtype()));
  check_not_bool("bmm", self.dtype());
  run_product(self, mat2, out);
  return out;
}

Tensor bmm(const Tensor& self, const Tensor& mat2) {
  // complex: four real products that record their own gradients (complex.h)
  if (is_complex(self.dtype()) && self.dtype() == mat2.dtype()) return complex_ops::named(complex_ops::product(bmm, self, mat2), "BmmBackward0");
  if (amp::should_cast("bmm", {&self, &mat2})) return bmm(amp::autocast_arg("bmm", self), amp::autocast_arg("bmm", mat2));
  return autograd::record_op(
      {self, mat2},
      [&] { return bmm_compute(self, mat2); },
      [&](const Tensor&) { return autograd::bmm_node(self, mat2); });
}

// The product itself; mv() below records it for autograd.
static Tensor mv_compute(const Tensor& self, const Tensor& vec) {
  // ATen's mv allocates its result from self.size(0) before anything else is checked.
  TP_CHECK(self.dim() > 0, IndexError, "Dimension specified as 0 but tensor has no dimensions");
  // mv runs addmv_(result, self, vec): `self` there is the result, on vec's device.
  check_same_device_args("addmv_", {{"self", &vec}, {"mat", &self}, {"vec", &vec}});
  TP_CHECK(self.dim() == 2 && vec.dim() == 1, RuntimeError,
           "vector + matrix @ vector expected, got 1, ", self.dim(), ", ", vec.dim());
  TP_CHECK(self.size(1) == vec.size(0), RuntimeError, "size mismatch, got input (", self.size(0),
           "), mat (", self.size(0), "x", self.size(1), "), vec (", vec.size(0), ")");
  TP_CHECK(self.dtype() == vec.dtype(), RuntimeError,
           "addmv input tensors must have the same dtype, but got ", dtype_legacy_name(vec.dtype()),
           ", ", dtype_legacy_name(self.dtype()), ", and ", dtype_legacy_name(vec.dtype()));
  // out is (M,), computed as (1,M,K) @ (1,K,1) -> (1,M,1)
  Tensor out = empty({self.size(0)}, TensorOptions(vec.dtype(), vec.device()));
  if (out.numel() == 0) return out;
  if (self.size(1) == 0) return zero_(out);
  check_not_bool("addmv_impl_cpu", self.dtype());
  run_product(as_batch_of_one(self), as_batch_of_one(insert_unit_dim(vec, 1)),
              view_contiguous(out, {1, self.size(0), 1}), false, ProductKind::Vector);
  return out;
}

Tensor mv(const Tensor& self, const Tensor& vec) {
  // complex: four real products that record their own gradients (complex.h)
  if (is_complex(self.dtype()) && self.dtype() == vec.dtype()) return complex_ops::named(complex_ops::product(mv, self, vec), "MvBackward0");
  if (amp::should_cast("mv", {&self, &vec})) return mv(amp::autocast_arg("mv", self), amp::autocast_arg("mv", vec));
  return autograd::record_op(
      {self, vec},
      [&] { return mv_compute(self, vec); },
      [&](const Tensor&) { return autograd::mv_node(self, vec); });
}

// The product itself; dot() below records it for autograd.
static Tensor dot_compute(const Tensor& self, const Tensor& other) {
  check_same_device_args("_dot", {{"self", &self}, {"tensor", &other}});
  TP_CHECK(self.dim() == 1 && other.dim() == 1, RuntimeError, "1D tensors expected, but got ",
           self.dim(), "D and ", other.dim(), "D tensors");
  TP_CHECK(self.dtype() == other.dtype(), RuntimeError,
           "dot : expected both vectors to have same dtype, but found ",
           dtype_legacy_name(self.dtype()), " and ", dtype_legacy_name(other.dtype()));
  TP_CHECK(self.numel() == other.numel(), RuntimeError, "inconsistent tensor size, expected tensor [",
           self.numel(), "] and src [", other.numel(),
           "] to have the same number of elements, but got ", self.numel(), " and ", other.numel(),
           " elements respectively");
  check_not_bool("dot", self.dtype());
  // out is 0-dim, computed as (1,1,K) @ (1,K,1) -> (1,1,1)
  Tensor out = empty({}, TensorOptions(self.dtype(), self.device()));
  if (self.numel() == 0) return zero_(out);
  run_product(as_batch_of_one(insert_unit_dim(self, 0)), as_batch_of_one(insert_unit_dim(other, 1)),
              view_contiguous(out, {1, 1, 1}), false, ProductKind::Vector);
  return out;
}

Tensor dot(const Tensor& self, const Tensor& other) {
  // complex: four real products that record their own gradients (complex.h)
  if (is_complex(self.dtype()) && self.dtype() == other.dtype()) return complex_ops::named(complex_ops::product(dot, self, other), "DotBackward0");
  return autograd::record_op(
      {self, other},
      [&] { return dot_compute(self, other); },
      [&](const Tensor&) { return autograd::dot_node(self, other); });
}

// The product itself; addmm() below records it for autograd.
static Tensor addmm_compute(const Tensor& bias, const Tensor& mat1, const Tensor& mat2, Scalar beta, Scalar alpha) {
  check_same_device_args("addmm", {{"self", &bias}, {"mat1", &mat1}, {"mat2", &mat2}});
  TP_CHECK(bias.dtype() == mat2.dtype(), RuntimeError, "self and mat2 must have the same dtype, but got ",
           dtype_legacy_name(bias.dtype()), " and ", dtype_legacy_name(mat2.dtype()));
  TP_CHECK(mat1.dtype() == mat2.dtype(), RuntimeError, "mat1 and mat2 must have the same dtype, but got ",
           dtype_legacy_name(mat1.dtype()), " and ", dtype_legacy_name(mat2.dtype()));
  check_matrices("addmm", mat1.sizes(), mat2.sizes());
  int64_t rows = mat1.size(0), inner = mat1.size(1), cols = mat2.size(1);
  Tensor bias_expanded = expand_to(bias, {rows, cols});
  // out is (M,N)
  Tensor out = empty({rows, cols}, TensorOptions(mat1.dtype(), mat1.device()));
  if (out.numel() == 0) return out;
  bool beta_is_zero = beta.to_double() == 0.0;
  if (inner == 0) {
    // Nothing to multiply: ATen copies the bias in and runs out.mul_(beta), whose type check
    // (a float beta cannot scale an integer result in place) a learner can hit here.
    if (beta_is_zero) return zero_(out);
    DType wanted = result_type(out, scalar_to_tensor(beta));
    TP_CHECK(can_cast(wanted, out.dtype()), RuntimeError, "result type ", dtype_legacy_name(wanted),
             " can't be cast to the desired output type ", dtype_legacy_name(out.dtype()));
    copy_(out, bias_expanded);
    scale_into(out, beta, out);
    return out;
  }
  check_not_bool("addmm_impl_cpu_", mat1.dtype());
  if (beta.to_double() == 1.0 && alpha.to_double() == 1.0) {
    // nn.Linear's case: the bias is copied in and the products added to it, as ATen has
    // BLAS do (beta = 1); where K is long that order differs from adding the bias last.
    copy_(out, bias_expanded);
    run_product(as_batch_of_one(mat1), as_batch_of_one(mat2), as_batch_of_one(out), true);
    return out;
  }
  run_product(as_batch_of_one(mat1), as_batch_of_one(mat2), as_batch_of_one(out));
  if (alpha.to_double() != 1.0) scale_into(out, alpha, out);
  // beta == 0 ignores the bias entirely, NaNs included, as BLAS does.
  if (!beta_is_zero) {
    Tensor term = bias_expanded;
    if (beta.to_double() != 1.0) {
      term = empty({rows, cols}, TensorOptions(out.dtype(), out.device()));
      scale_into(bias_expanded, beta, term);
    }
    backend_for(out.device()).binary(BinaryOp::Add, out, term, out);
  }
  return out;
}

Tensor addmm(const Tensor& bias, const Tensor& mat1, const Tensor& mat2, Scalar beta, Scalar alpha) {
  // complex: beta * bias + alpha * (mat1 @ mat2) from the composed ops, which record their own
  // gradients (complex.h)
  if (is_complex(mat1.dtype()) && mat1.dtype() == mat2.dtype()) {
    Tensor product = mm(mat1, mat2);
    if (alpha.to_double() != 1.0 || alpha.imag() != 0.0) product = mul(product, alpha);
    Tensor shift = beta.to_double() == 1.0 && beta.imag() == 0.0 ? bias : mul(bias, beta);
    if (beta.to_double() == 0.0 && beta.imag() == 0.0) return complex_ops::named(product, "AddmmBackward0");
    return complex_ops::named(add(shift, product), "AddmmBackward0");
  }
  if (amp::should_cast("addmm", {&bias, &mat1, &mat2})) return addmm(amp::autocast_arg("addmm", bias), amp::autocast_arg("addmm", mat1), amp::autocast_arg("addmm", mat2), beta, alpha);
  return autograd::record_op(
      {bias, mat1, mat2},
      [&] { return addmm_compute(bias, mat1, mat2, beta, alpha); },
      [&](const Tensor&) { return autograd::addmm_node(mat1, mat2, beta, alpha); });
}

// matmul when a gradient is wanted: the same products, reached through the recorded shape
// ops (unsqueeze, expand, reshape) so the gradient finds its way back to both operands.
static Tensor matmul_recorded(const Tensor& self, const Tensor& other) {
  int64_t dim1 = self.dim(), dim2 = other.dim();
  if (dim1 == 1 && dim2 == 2) return squeeze(mm(unsqueeze(self, 0), other), 0);
  if (should_fold(self, other)) {
    // ATen's folded path: the larger operand's batch dims become rows of one mm (or mv); so
    // its products, device check and grad_fns are mm's, not bmm's.
    const bool transposed = dim2 > dim1;
    Tensor t1 = transposed ? transpose(other, -2, -1) : self;
    Tensor t2 = !transposed ? other : dim1 == 2 ? transpose(self, 0, 1) : self;
    Shape out_shape(t1.sizes().begin(), t1.sizes().end() - 1);
    Tensor t1_folded = reshape(t1, {-1, t1.size(-1)});
    if (t2.dim() == 1) return unsafe_view(mv(t1_folded, t2), out_shape);
    out_shape.push_back(t2.size(1));
    Tensor out = unsafe_view(mm(t1_folded, t2), out_shape);
    return transposed ? contiguous(transpose(out, -2, -1)) : out;
  }
  Tensor a = dim1 == 1 ? unsqueeze(self, 0) : self;   // (..., n, m)
  Tensor b = dim2 == 1 ? unsqueeze(other, 1) : other;  // (..., m, p)
  Shape batch_a(a.sizes().begin(), a.sizes().end() - 2);
  Shape batch_b(b.sizes().begin(), b.sizes().end() - 2);
  Shape batch = broadcast_shapes(batch_a, batch_b);
  int64_t n = a.size(-2), m = a.size(-1), m2 = b.size(-2), p = b.size(-1);
  Shape size_a = batch, size_b = batch;
  size_a.insert(size_a.end(), {n, m});
  size_b.insert(size_b.end(), {m2, p});
  int64_t count = shape_numel(batch);
  Tensor out = bmm(reshape(expand(a, size_a), {count, n, m}), reshape(expand(b, size_b), {count, m2, p}));
  Shape out_shape = batch;
  if (dim1 > 1) out_shape.push_back(n);
  if (dim2 > 1) out_shape.push_back(p);
  return unsafe_view(out, out_shape);
}

Tensor matmul(const Tensor& self, const Tensor& other) {
  if (amp::should_cast("matmul", {&self, &other})) return matmul(amp::autocast_arg("matmul", self), amp::autocast_arg("matmul", other));
  int64_t dim1 = self.dim(), dim2 = other.dim();
  limited::refuse("addmm_impl_cpu_", self.dtype(), self.device());
  TP_CHECK(dim1 != 0 && dim2 != 0, RuntimeError,
           "both arguments to matmul need to be at least 1D, but they are ", dim1, "D and ", dim2, "D");
  if (dim1 == 1 && dim2 == 1) return dot(self, other);
  if (dim1 == 2 && dim2 == 1) return mv(self, other);
  // The recorded path only when the shapes fit: a mismatch raises the same error as ever.
  bool fits = self.size(-1) == (dim2 == 1 ? other.size(0) : other.size(-2));
  if (!(dim1 == 2 && dim2 == 2) && fits && autograd::needs_grad({&self, &other})) {
    return matmul_recorded(self, other);
  }
  if (dim1 == 1 && dim2 == 2) {
    // (K,) -> (1,K); the (1,N) product -> (N,)
    Tensor row = mm(insert_unit_dim(self, 0), other);
    return view_contiguous(row, {row.size(1)});
  }
  if (dim1 == 2 && dim2 == 2) return mm(self, other);
  if (should_fold(self, other)) return matmul_folded(self, other);
  return matmul_batched(self, other);
}

}  // namespace tp
