// Complex tensors (complex64, complex128): their views, the conjugate bit, and the math on
// them, composed from real ops over the float pairs that hold them (core/backends/
// complex_pairs.h), so every backend runs them without a complex kernel. Formulas follow
// c10::complex (Smith's division, as numpy's); results agree with PyTorch's within float
// rounding, not bit for bit (its CPU kernels are vectorized differently).
#pragma once

#include <optional>
#include <vector>

#include "core/backends/op_kinds.h"
#include "core/scalar.h"
#include "core/tensor.h"

namespace tp {

// torch.view_as_real / view_as_complex: views over the same storage, PyTorch's strides.
Tensor view_as_real(const Tensor& t);
Tensor view_as_complex(const Tensor& t);
// x.real and x.imag: views (writable). A real tensor's .real is itself; its .imag an error.
Tensor real(const Tensor& t);
Tensor imag(const Tensor& t);
// torch.complex(real, imag) and torch.polar(abs, angle), of two float32 or float64 tensors.
Tensor complex(const Tensor& real, const Tensor& imag);
Tensor polar(const Tensor& abs, const Tensor& angle);
// x.conj(): a view with the conjugate bit flipped (real tensors: x); resolve_conj writes the
// conjugates out; conj_physical computes them.
Tensor conj(const Tensor& t);
Tensor resolve_conj(const Tensor& t);
Tensor conj_physical(const Tensor& t);

namespace complex_ops {

// Complex ops are composed from real ops that record their own gradients, so a complex
// result's gradient is PyTorch's (the conjugate Wirtinger derivative: dL/dre + i dL/dim for a
// real loss); the last node takes the name PyTorch gives the op's grad_fn.
// a op b where the operands promote to the complex dtype `common`, broadcast to `shape`.
Tensor binary(BinaryOp op, const Tensor& a, const Tensor& b, std::optional<Scalar> alpha, DType common,
              Device device, const Shape& shape);
// op(t) of a complex t (abs and angle give the real dtype).
Tensor unary(UnaryOp op, const Tensor& t);
// sum, mean or prod over the dims set in mask.
Tensor reduce(ReduceOp op, const Tensor& t, const std::vector<bool>& mask, bool keepdim);
// A matrix or vector product of two complex tensors: four real products (real_product is
// mm, bmm, mv or dot) over the parts, differentiable through them; every backend runs it.
Tensor product(Tensor (*real_product)(const Tensor&, const Tensor&), const Tensor& a, const Tensor& b);
// out, with its grad_fn (the last node of a composition) renamed to PyTorch's name for the op.
Tensor named(Tensor out, const char* name);

}  // namespace complex_ops

}  // namespace tp
