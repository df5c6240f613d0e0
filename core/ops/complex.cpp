// Complex views and math (complex.h), over the float pairs of complex_pairs.h.
#include "core/ops/complex.h"

#include <cctype>
#include <cmath>
#include <string>

#include "core/autograd/autograd.h"
#include "core/autograd/formulas.h"
#include "core/autograd/grad_utils.h"
#include "core/backends/complex_pairs.h"
#include "core/error.h"
#include "core/ops/broadcast.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/ops/elementwise_math.h"
#include "core/ops/reduce.h"
#include "core/ops/shape.h"

namespace tp {

namespace {

using G = const TensorList&;
using N = const Node&;

// A complex value as its two real tensors, the conjugate bit applied.
struct Parts {
  Tensor re, im;
};

Tensor make(const Tensor& re, const Tensor& im);

// One part of t's values (its storage's, negated for a conjugate's imaginary part) as a
// recorded op when t requires grad: PyTorch's convention gives t the gradient
// dL/dre + i dL/dim, which is what RealBackward0 / ImagBackward0 send back.
Tensor part(const Tensor& t, int64_t which, bool as_view) {
  Tensor c = pair_component(pair_view(t), which);
  Tensor value = as_view ? t.view_of(c.sizes(), c.strides(), c.storage_offset()) : c;
  value.impl()->dtype = c.dtype();
  value.impl()->conj = false;
  if (which == 1 && t.is_conj()) value = neg(c);
  return autograd::record_op(
      {t}, [&] { return value; },
      [&](const Tensor&) {
        return autograd::make_node(which == 0 ? "RealBackward0" : "ImagBackward0", {}, [which](G g, G, N) {
          Tensor zero = zeros_like(g[0]);
          return TensorList{which == 0 ? make(g[0], zero) : make(zero, g[0])};
        });
      });
}

Parts parts(const Tensor& t) { return {part(t, 0, false), part(t, 1, false)}; }

// A new complex tensor from its real and imaginary parts (same real dtype, broadcastable);
// ComplexBackward0 hands each part the matching part of the gradient.
Tensor make(const Tensor& re, const Tensor& im) {
  return autograd::record_op(
      {re, im},
      [&] {
        Shape shape = broadcast_shapes(re.sizes(), im.sizes());
        Tensor out = empty(shape, TensorOptions(complex_dtype(re.dtype()), re.device()));
        Tensor pairs = pair_view(out);
        copy_(pair_component(pairs, 0), re);
        copy_(pair_component(pairs, 1), im);
        return out;
      },
      [&](const Tensor&) {
        Shape re_shape = re.sizes(), im_shape = im.sizes();
        return autograd::make_node("ComplexBackward0", {}, [re_shape, im_shape](G g, G, N) {
          Parts p = parts(g[0]);
          return TensorList{autograd::sum_to(clone(p.re), re_shape), autograd::sum_to(clone(p.im), im_shape)};
        });
      });
}

Tensor make(const Parts& p) { return make(p.re, p.im); }

// The grad_fn PyTorch names for an op whose result `out` the composition made.
Tensor with_grad_fn_name(Tensor out, const char* name) {
  if (auto* node = dynamic_cast<autograd::SavingNode*>(autograd::grad_fn(out).get())) node->rename(name);
  return out;
}

Parts mul(const Parts& a, const Parts& b) {
  return {sub(tp::mul(a.re, b.re), tp::mul(a.im, b.im)), add(tp::mul(a.re, b.im), tp::mul(a.im, b.re))};
}

// c10::complex's division (numpy's, Smith's): scaled by the larger of |c| and |d|.
Parts div(const Parts& a, const Parts& b) {
  const Tensor &c = b.re, &d = b.im;
  Tensor c_wins = ge(abs(c), abs(d));
  // |c| >= |d|: rat = d / c, scl = 1 / (c + d * rat)
  Tensor rat1 = tp::div(d, c), scl1 = tp::div(1.0, add(c, tp::mul(d, rat1)));
  Tensor re1 = tp::mul(add(a.re, tp::mul(a.im, rat1)), scl1);
  Tensor im1 = tp::mul(sub(a.im, tp::mul(a.re, rat1)), scl1);
  // otherwise: rat = c / d, scl = 1 / (d + c * rat)
  Tensor rat2 = tp::div(c, d), scl2 = tp::div(1.0, add(d, tp::mul(c, rat2)));
  Tensor re2 = tp::mul(add(tp::mul(a.re, rat2), a.im), scl2);
  Tensor im2 = tp::mul(sub(tp::mul(a.im, rat2), a.re), scl2);
  // A zero divisor gives complex inf or nan, as a / 0 does.
  Tensor zero = logical_and(eq(c, 0.0), eq(d, 0.0));
  return {where(zero, tp::div(a.re, abs(c)), where(c_wins, re1, re2)),
          where(zero, tp::div(a.im, abs(d)), where(c_wins, im1, im2))};
}

Tensor modulus(const Parts& z) { return hypot(z.re, z.im); }

Parts exp_of(const Parts& z) {
  Tensor r = exp(z.re);
  return {tp::mul(r, cos(z.im)), tp::mul(r, sin(z.im))};
}

Parts log_of(const Parts& z) { return {log(modulus(z)), atan2(z.im, z.re)}; }

// The principal square root, as C's csqrt: from the half of |z| + |re| that does not cancel.
Parts sqrt_of(const Parts& z) {
  Tensor r = modulus(z);
  Tensor s = sqrt(tp::mul(add(r, abs(z.re)), 0.5));  // sqrt((|z| + |re|) / 2)
  Tensor other = tp::div(z.im, tp::mul(s, 2.0));       // im / (2 s)
  Tensor zero = eq(s, 0.0);
  Tensor nonneg = ge(z.re, 0.0);
  Tensor re = where(nonneg, s, abs(other));
  Tensor im = where(nonneg, other, copysign(s, z.im));
  return {where(zero, 0.0, re), where(zero, z.im, im)};
}

Parts real_parts(const Tensor& re) { return {re, zeros_like(re)}; }

Parts one_like(const Parts& z) { return {ones_like(z.re), zeros_like(z.re)}; }

// PyTorch's texts for the unary ops it refuses on complex tensors; its CPU kernel's name
// for the others it lacks.
[[noreturn]] void refuse_unary(UnaryOp op, DType t) {
  switch (op) {
    case UnaryOp::Floor:
    case UnaryOp::Ceil:
    case UnaryOp::Trunc:
      fail(ErrorKind::NotImplementedError, unary_op_info(op).name, " is not supported for complex inputs");
    case UnaryOp::Sign:
      fail(ErrorKind::NotImplementedError,
           "Unlike NumPy, torch.sign is not intended to support complex numbers. Please use torch.sgn instead.");
    case UnaryOp::Relu:
    case UnaryOp::Clamp:
    case UnaryOp::Hardtanh: fail(ErrorKind::NotImplementedError, "clamp is not supported for complex types");
    case UnaryOp::Round: fail_not_implemented_for("round_vml_cpu", t);
    default: break;
  }
  const UnaryOpInfo& info = unary_op_info(op);
  const bool names_kernel = info.dtypes == UnaryDtypes::IntOnly || info.dtypes == UnaryDtypes::FloatOnly;
  const std::string kernel = names_kernel && *info.refusal ? info.refusal : std::string(info.name) + "_cpu";
  fail_not_implemented_for(kernel.c_str(), t);
}

}  // namespace

Tensor view_as_real(const Tensor& t) {
  TP_CHECK(is_complex(t.dtype()), TypeError, "view_as_real is only supported for complex tensors");
  TP_CHECK(!t.is_conj(), RuntimeError,
           "view_as_real doesn't work on unresolved conjugated tensors.  To resolve the conjugate tensor so you can "
           "view it as real, use self.resolve_conj(); however, be warned that the resulting tensor will NOT alias "
           "the original.");
  Tensor pairs = pair_view(t);
  return autograd::record_op(
      {t},
      [&] {
        Tensor out = t.view_of(pairs.sizes(), pairs.strides(), pairs.storage_offset());
        out.impl()->dtype = pairs.dtype();
        return out;
      },
      [&](const Tensor&) {
        return autograd::make_node("ViewAsRealBackward0", {}, [](G g, G, N) {
          Tensor pairs = contiguous(g[0]);
          return TensorList{make(select(pairs, -1, 0), select(pairs, -1, 1))};
        });
      });
}

Tensor view_as_complex(const Tensor& t) {
  TP_CHECK(t.dtype() == DType::Float32 || t.dtype() == DType::Float64, NotImplementedError,
           "view_as_complex is only supported for half, float and double tensors, but got a tensor of scalar type: ",
           dtype_legacy_name(t.dtype()));
  TP_CHECK(t.dim() > 0 && t.sizes().back() == 2, RuntimeError, "Tensor must have a last dimension of size 2");
  TP_CHECK(t.strides().back() == 1, RuntimeError, "Tensor must have a last dimension with stride 1");
  Shape sizes = t.sizes(), strides = t.strides();
  sizes.pop_back();
  strides.pop_back();
  for (int64_t& s : strides) {
    TP_CHECK(s % 2 == 0, RuntimeError, "Tensor must have a stride divisible by 2 for all but last dimension");
    s /= 2;
  }
  TP_CHECK(t.storage_offset() % 2 == 0, RuntimeError, "Tensor must have a storage_offset divisible by 2");
  return autograd::record_op(
      {t},
      [&] {
        Tensor out = t.view_of(sizes, strides, t.storage_offset() / 2);
        out.impl()->dtype = complex_dtype(t.dtype());
        return out;
      },
      [&](const Tensor&) {
        return autograd::make_node("ViewAsComplexBackward0", {}, [](G g, G, N) {
          return TensorList{clone(pair_view(resolve_conj(g[0])))};
        });
      });
}

Tensor real(const Tensor& t) { return is_complex(t.dtype()) ? part(t, 0, /*as_view=*/true) : t; }

Tensor imag(const Tensor& t) {
  TP_CHECK(is_complex(t.dtype()), TypeError, "imag is not implemented for tensors with non-complex dtypes.");
  // A conjugate's imaginary parts are its storage's negated: written out, not a view.
  return part(t, 1, /*as_view=*/!t.is_conj());
}

namespace {

void check_complex_parts(const Tensor& a, const Tensor& b) {
  const bool floats = is_floating(a.dtype()) && is_floating(b.dtype()) && a.dtype() != DType::BFloat16 &&
                      b.dtype() != DType::BFloat16;
  TP_CHECK(floats, NotImplementedError, "Expected both inputs to be Half, Float or Double tensors but got ",
           dtype_legacy_name(a.dtype()), " and ", dtype_legacy_name(b.dtype()));
  TP_CHECK(a.dtype() == b.dtype(), RuntimeError, "Expected object of scalar type ", dtype_legacy_name(a.dtype()),
           " but got scalar type ", dtype_legacy_name(b.dtype()), " for second argument");
}

}  // namespace

Tensor complex(const Tensor& re, const Tensor& im) {
  check_complex_parts(re, im);
  return make(re, im);
}

Tensor polar(const Tensor& abs, const Tensor& angle) {
  check_complex_parts(abs, angle);
  return with_grad_fn_name(make(tp::mul(abs, cos(angle)), tp::mul(abs, sin(angle))), "PolarBackward0");
}

Tensor conj(const Tensor& t) {
  if (!is_complex(t.dtype())) return t;
  return autograd::record_op(
      {t},
      [&] {
        Tensor out = t.view_of(t.sizes(), t.strides(), t.storage_offset());
        out.impl()->conj = !t.is_conj();
        return out;
      },
      [&](const Tensor&) {
        return autograd::make_node("ConjBackward0", {}, [](G g, G, N) { return TensorList{conj(g[0])}; });
      });
}

Tensor resolve_conj(const Tensor& t) {
  if (!t.is_conj()) return t;
  return autograd::record_op(
      {t},
      [&] {
        Tensor out = empty(t.sizes(), TensorOptions(t.dtype(), t.device()));
        copy_(out, t);  // the backend's copy writes the conjugates (complex_pairs.h)
        return out;
      },
      [&](const Tensor&) { return autograd::identity_node("ResolveConjBackward0"); });
}

Tensor conj_physical(const Tensor& t) {
  if (!is_complex(t.dtype())) return t;
  Parts z = parts(t);
  return with_grad_fn_name(make(z.re, neg(z.im)), "ConjPhysicalBackward0");
}

namespace complex_ops {

Tensor named(Tensor out, const char* name) { return with_grad_fn_name(std::move(out), name); }

namespace {

// PyTorch's grad_fn name for a binary op of two tensors (a Python number: the *0 overload).
const char* binary_node_name(BinaryOp op, bool scalar_other) {
  switch (op) {
    case BinaryOp::Add: return "AddBackward0";
    case BinaryOp::Sub: return "SubBackward0";
    case BinaryOp::Mul: return scalar_other ? "MulBackward1" : "MulBackward0";
    case BinaryOp::Div: return scalar_other ? "DivBackward1" : "DivBackward0";
    case BinaryOp::Pow: return scalar_other ? "PowBackward0" : "PowBackward1";
    default: return "";
  }
}

// z ** e for the real exponents PyTorch's complex pow kernel answers without std::pow (so
// z ** 2 of Gaussian integers stays exact); nullopt for the others.
std::optional<Parts> real_power(const Parts& z, double e) {
  if (e == 0.0) return one_like(z);
  if (e == 1.0) return Parts{tp::mul(z.re, 1.0), tp::mul(z.im, 1.0)};
  if (e == 0.5) return sqrt_of(z);
  if (e == 2.0) return mul(z, z);
  if (e == 3.0) return mul(mul(z, z), z);
  if (e == -0.5) return div(one_like(z), sqrt_of(z));
  if (e == -1.0) return div(one_like(z), z);
  if (e == -2.0) return div(one_like(z), mul(z, z));
  return std::nullopt;
}

Parts compute_binary(BinaryOp op, const Parts& x, const Parts& y, std::optional<Scalar> alpha, DType common,
                     Device device) {
  switch (op) {
    case BinaryOp::Add:
    case BinaryOp::Sub: {
      Parts s = y;
      if (alpha && (alpha->to_double() != 1.0 || alpha->imag() != 0.0)) {
        const Tensor ar = full({}, Scalar(alpha->to_double()), real_dtype(common), device);
        const Tensor ai = full({}, Scalar(alpha->imag()), real_dtype(common), device);
        s = mul(y, Parts{ar, ai});
      }
      if (op == BinaryOp::Add) return {add(x.re, s.re), add(x.im, s.im)};
      return {sub(x.re, s.re), sub(x.im, s.im)};
    }
    case BinaryOp::Mul: return mul(x, y);
    case BinaryOp::Div: return div(x, y);
    default: {
      // Pow: std::pow(z, w) is exp(w log z), and 0 for z == 0 (libstdc++'s rule).
      Parts p = exp_of(mul(y, log_of(x)));
      Tensor zero = logical_and(eq(x.re, 0.0), eq(x.im, 0.0));
      return {where(zero, 0.0, p.re), where(zero, 0.0, p.im)};
    }
  }
}

}  // namespace

Tensor binary(BinaryOp op, const Tensor& a, const Tensor& b, std::optional<Scalar> alpha, DType common,
              Device device, const Shape& shape) {
  switch (op) {
    case BinaryOp::Add:
    case BinaryOp::Sub:
    case BinaryOp::Mul:
    case BinaryOp::Div:
    case BinaryOp::Pow:
    case BinaryOp::Eq:
    case BinaryOp::Ne: break;
    case BinaryOp::Maximum:
    case BinaryOp::Minimum:
      fail(ErrorKind::TypeError, binary_op_info(op).name, " not implemented for complex tensors.");
    case BinaryOp::FloorDiv: fail_not_implemented_for("div_floor_cpu", common);
    default: {
      const BinaryOpInfo& info = binary_op_info(op);
      const std::string kernel = *info.refusal ? info.refusal : std::string(info.name) + "_cpu";
      fail_not_implemented_for(kernel.c_str(), common);
    }
  }
  auto operand = [&](const Tensor& t) { return parts(expand(to(t, device, common), shape)); };
  if (op == BinaryOp::Pow && b.is_wrapped_number() && item(b).imag() == 0.0) {
    if (auto power = real_power(operand(a), item(b).to_double())) {
      return with_grad_fn_name(make(*power), binary_node_name(op, true));
    }
  }
  const Parts x = operand(a), y = operand(b);
  if (op == BinaryOp::Eq) return logical_and(eq(x.re, y.re), eq(x.im, y.im));
  if (op == BinaryOp::Ne) return logical_or(ne(x.re, y.re), ne(x.im, y.im));
  return with_grad_fn_name(make(compute_binary(op, x, y, alpha, common, device)), binary_node_name(op, b.is_wrapped_number()));
}

namespace {

Parts compute_unary(UnaryOp op, const Parts& z) {
  switch (op) {
    case UnaryOp::Neg: return {neg(z.re), neg(z.im)};
    case UnaryOp::Sgn: {
      Tensor r = modulus(z), zero = eq(r, 0.0);
      return {where(zero, 0.0, tp::div(z.re, r)), where(zero, 0.0, tp::div(z.im, r))};
    }
    case UnaryOp::Exp: return exp_of(z);
    case UnaryOp::Log: return log_of(z);
    case UnaryOp::Sqrt: return sqrt_of(z);
    case UnaryOp::Square: return mul(z, z);
    case UnaryOp::Reciprocal: return div(one_like(z), z);
    case UnaryOp::Sin: return {tp::mul(sin(z.re), cosh(z.im)), tp::mul(cos(z.re), sinh(z.im))};
    case UnaryOp::Cos: return {tp::mul(cos(z.re), cosh(z.im)), neg(tp::mul(sin(z.re), sinh(z.im)))};
    case UnaryOp::Tanh: {
      // (sinh 2a + i sin 2b) / (cosh 2a + cos 2b)
      Tensor a2 = tp::mul(z.re, 2.0), b2 = tp::mul(z.im, 2.0);
      Tensor den = add(cosh(a2), cos(b2));
      return {tp::div(sinh(a2), den), tp::div(sin(b2), den)};
    }
    default: {
      // Sigmoid: 1 / (1 + exp(-z)), as ATen's complex sigmoid
      Parts e = exp_of(Parts{neg(z.re), neg(z.im)});
      return div(one_like(z), Parts{add(e.re, 1.0), e.im});
    }
  }
}

// PyTorch's grad_fn name for a unary op: NameBackward0 (square is pow's).
std::string unary_node_name(UnaryOp op) {
  if (op == UnaryOp::Square) return "PowBackward0";
  std::string name = unary_op_info(op).name;
  name[0] = static_cast<char>(std::toupper(name[0]));
  return name + "Backward0";
}

}  // namespace

Tensor unary(UnaryOp op, const Tensor& t) {
  switch (op) {
    case UnaryOp::Neg:
    case UnaryOp::Sgn:
    case UnaryOp::Exp:
    case UnaryOp::Log:
    case UnaryOp::Sqrt:
    case UnaryOp::Square:
    case UnaryOp::Reciprocal:
    case UnaryOp::Sin:
    case UnaryOp::Cos:
    case UnaryOp::Tanh:
    case UnaryOp::Sigmoid:
    case UnaryOp::Abs:
    case UnaryOp::Angle:
    case UnaryOp::IsNan:
    case UnaryOp::IsInf:
    case UnaryOp::IsFinite: break;
    default: refuse_unary(op, t.dtype());
  }
  if (op == UnaryOp::Abs) {
    // Its own node: hypot's gradient is 0/0 at 0, where PyTorch's abs gives g * sgn(0) = 0.
    return autograd::record_op(
        {t}, [&] { return modulus(parts(t)); },
        [&](const Tensor&) {
          return autograd::make_node("AbsBackward0", {t}, [](G g, G saved, N) {
            return TensorList{tp::mul(g[0], sgn(saved[0]))};
          });
        });
  }
  const Parts z = parts(t);
  const std::string name = unary_node_name(op);
  switch (op) {
    case UnaryOp::Angle: return with_grad_fn_name(atan2(z.im, z.re), name.c_str());
    case UnaryOp::IsNan: return logical_or(isnan(z.re), isnan(z.im));
    case UnaryOp::IsInf: return logical_or(isinf(z.re), isinf(z.im));
    case UnaryOp::IsFinite: return logical_and(isfinite(z.re), isfinite(z.im));
    default: return with_grad_fn_name(make(compute_unary(op, z)), name.c_str());
  }
}

Tensor reduce(ReduceOp op, const Tensor& t, const std::vector<bool>& mask, bool keepdim) {
  DimList dims;
  for (size_t d = 0; d < mask.size(); ++d)
    if (mask[d]) dims.push_back(static_cast<int64_t>(d));
  if (op == ReduceOp::Sum || op == ReduceOp::Mean) {
    // Componentwise: the reduction of each part over the same dims.
    if (dims.empty()) return clone(t);
    const Parts z = parts(t);
    auto reduced = [&](const Tensor& p) { return op == ReduceOp::Sum ? sum(p, dims, keepdim) : mean(p, dims, keepdim); };
    return make(reduced(z.re), reduced(z.im));
  }
  TP_CHECK(op == ReduceOp::Prod, RuntimeError, "internal: complex reduce");
  // Moves the reduced dims last, flattens them, and multiplies halves pairwise.
  Shape order, out_shape;
  int64_t n = 1;
  for (size_t d = 0; d < mask.size(); ++d) {
    if (!mask[d]) {
      order.push_back(static_cast<int64_t>(d));
      out_shape.push_back(t.sizes()[d]);
    }
  }
  for (int64_t d : dims) {
    order.push_back(d);
    n *= t.sizes()[d];
  }
  Shape kept = t.sizes();
  for (int64_t d : dims) kept[d] = 1;
  if (n == 0) return ones(keepdim ? kept : out_shape, TensorOptions(t.dtype(), t.device()));
  Shape rows_shape = out_shape;
  rows_shape.push_back(n);
  Tensor rows = reshape(permute(t, order), rows_shape);
  const int64_t last = static_cast<int64_t>(rows_shape.size()) - 1;
  while (rows.sizes()[last] > 1) {
    const int64_t m = rows.sizes()[last], half = m / 2;
    Tensor product = make(mul(parts(narrow(rows, last, 0, half)), parts(narrow(rows, last, half, half))));
    rows = m % 2 ? cat({product, narrow(rows, last, 2 * half, 1)}, last) : product;
  }
  return reshape(rows, keepdim ? kept : out_shape);
}

Tensor product(Tensor (*real_product)(const Tensor&, const Tensor&), const Tensor& a, const Tensor& b) {
  const Parts x = parts(a), y = parts(b);
  // (xr + i xi)(yr + i yi) = (xr yr - xi yi) + i (xr yi + xi yr), each a real product.
  return make(sub(real_product(x.re, y.re), real_product(x.im, y.im)),
              add(real_product(x.re, y.im), real_product(x.im, y.re)));
}

}  // namespace complex_ops

}  // namespace tp
