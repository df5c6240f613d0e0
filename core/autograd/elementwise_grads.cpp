// Gradient formulas of the elementwise ops (PyTorch's derivatives.yaml, written with the
// ordinary ops so they run on the tensor's device, and are recorded under create_graph, so
// they can be differentiated again). Broadcasting and dtype are fitted back to each input
// by the engine.
#include <cmath>
#include <functional>
#include <limits>

#include "core/autograd/autograd.h"
#include "core/autograd/formulas.h"
#include "core/autograd/grad_utils.h"
#include "core/error.h"
#include "core/ops/copy.h"
#include "core/ops/creation.h"
#include "core/ops/elementwise.h"
#include "core/ops/elementwise_math.h"

namespace tp::autograd {

namespace {

Tensor zeros_for(const Tensor& g) { return zeros_like(g); }

// where(mask, g, 0)
Tensor masked_grad(const Tensor& mask, const Tensor& g) { return where(mask, g, Scalar(0.0)); }

// A gradient that PyTorch computes with its own backward kernel (threshold_backward for
// relu): g times a step function of `x`. Under create_graph that kernel is a node: linear in
// g (its gradient is the same step of gg) and flat in x (zero gradient).
Tensor step_grad(const char* name, const Tensor& g, const Tensor& x,
                 std::function<Tensor(const Tensor& g, const Tensor& x)> step) {
  return linear_in_grad(
      name, g, [&] { return step(g, x); },
      [name, x, step](const Tensor& gg) { return step_grad(name, gg, x, step); }, {x});
}

// GELU's derivative times g (the tanh approximation or the exact erf form).
Tensor gelu_grad(const Tensor& g, const Tensor& x, bool approx_tanh) {
  if (approx_tanh) {
    // 0.5 * (1 + tanh(inner)) + 0.5 * x * (1 - tanh(inner)^2) * inner'
    const double beta = M_SQRT2 * M_2_SQRTPI * 0.5, kappa = 0.044715;
    Tensor x_sq = mul(x, x);
    Tensor th = tanh(mul(add(x, mul(mul(x_sq, x), Scalar(kappa))), Scalar(beta)));
    Tensor inner_d = mul(add(mul(x_sq, Scalar(3 * kappa)), Scalar(1)), Scalar(beta));
    Tensor left_d = mul(add(th, Scalar(1)), Scalar(0.5));
    Tensor right_d = mul(mul(mul(x, Scalar(0.5)), sub(Scalar(1), mul(th, th))), inner_d);
    return mul(g, add(left_d, right_d));
  }
  // cdf(x) + x * pdf(x) of the standard normal
  Tensor cdf = mul(add(erf(mul(x, Scalar(M_SQRT1_2))), Scalar(1)), Scalar(0.5));
  Tensor pdf = mul(exp(mul(mul(x, x), Scalar(-0.5))), Scalar(M_2_SQRTPI * M_SQRT1_2 * 0.5));
  return mul(g, add(cdf, mul(x, pdf)));
}

// ATen's elu_backward: g times scale for x > 0, else alpha * scale * input_scale *
// exp(x * input_scale). Under create_graph it is one recorded kernel (EluBackwardBackward0)
// with ATen's elu_double_backward: the same kernel for g and, for x, the kernel of
// gg * g * input_scale where x < 0 (strictly: 0 at x == 0, unlike the first derivative).
Tensor elu_backward(const Tensor& g, const Tensor& x, const UnaryArgs& a) {
  return record_op(
      {g, x},
      [&] {
        Tensor neg_d = mul(exp(mul(x, Scalar(a.input_scale))), Scalar(a.alpha * a.scale * a.input_scale));
        return mul(g, where(gt(x, Scalar(0)), Scalar(a.scale), neg_d));
      },
      [&](const Tensor&) {
        return make_node("EluBackwardBackward0", {g, x}, [a](const TensorList& gg, const TensorList& s, const Node& n) {
          Tensor dg = n.needs(0) ? elu_backward(gg[0], s[1], a) : Tensor();
          Tensor dx;
          if (n.needs(1)) {
            Tensor inner = elu_backward(mul(mul(gg[0], s[0]), Scalar(a.input_scale)), s[1], a);
            dx = mul(inner, cast(lt(s[1], Scalar(0)), inner.dtype()));
          }
          return TensorList{dg, dx};
        });
      });
}

}  // namespace

std::shared_ptr<Node> binary_node(BinaryOp op, const Tensor& a, const Tensor& b,
                                  std::optional<Scalar> alpha, bool rounded, const Tensor& out) {
  if (binary_op_returns_bool(op) || !is_floating(out.dtype())) return nullptr;
  double alpha_v = alpha ? alpha->to_double() : 1.0;
  switch (op) {
    case BinaryOp::Add:
      return make_node("AddBackward0", {}, [alpha_v](const TensorList& g, const TensorList&, const Node& n) {
        Tensor gb = n.needs(1) && alpha_v != 1.0 ? mul(g[0], Scalar(alpha_v)) : g[0];
        return TensorList{g[0], gb};
      });
    case BinaryOp::Sub: {
      // 2 - x is torch.rsub(x, 2).
      const char* name = a.is_wrapped_number() ? "RsubBackward1" : "SubBackward0";
      return make_node(name, {}, [alpha_v](const TensorList& g, const TensorList&, const Node& n) {
        Tensor gb = n.needs(1) ? mul(g[0], Scalar(-alpha_v)) : Tensor();
        return TensorList{g[0], gb};
      });
    }
    case BinaryOp::Mul:
      return make_node("MulBackward0", {a, b}, [](const TensorList& g, const TensorList& s, const Node& n) {
        return TensorList{n.needs(0) ? mul(g[0], s[1]) : Tensor(), n.needs(1) ? mul(g[0], s[0]) : Tensor()};
      });
    case BinaryOp::Div:
      if (rounded) {
        return make_node("DivBackward1", {}, [](const TensorList& g, const TensorList&, const Node&) {
          return TensorList{zeros_for(g[0]), zeros_for(g[0])};
        });
      }
      // 2 / x is computed by PyTorch as reciprocal(x) * 2, hence its name.
      return make_node(a.is_wrapped_number() ? "MulBackward0" : "DivBackward0", {a, b},
                       [](const TensorList& g, const TensorList& s, const Node& n) {
                         Tensor ga = n.needs(0) ? div(g[0], s[1]) : Tensor();
                         // -g * ((a / b) / b), ATen's div_tensor_other_backward.
                         Tensor gb;
                         if (n.needs(1)) gb = mul(neg(g[0]), div(div(s[0], s[1]), s[1]));
                         return TensorList{ga, gb};
                       });
    case BinaryOp::Pow: {
      if (b.is_wrapped_number()) {
        return make_node("PowBackward0", {a, b}, [](const TensorList& g, const TensorList& s, const Node&) {
          Tensor e = s[1];
          const double exponent = item(e).to_double();
          if (exponent == 0.0) return TensorList{zeros_for(g[0]), Tensor()};
          // ATen's pow_backward: grad * (exponent * self.pow(exponent - 1)), the power with a
          // number exponent (PowBackward0 again under create_graph).
          return TensorList{mul(g[0], mul(pow(s[0], Scalar(exponent - 1)), e)), Tensor()};
        });
      }
      const char* name = a.is_wrapped_number() ? "PowBackward2" : "PowBackward1";
      return make_node(name, {a, b, out}, [](const TensorList& g, const TensorList& s, const Node& n) {
        Tensor ga, gb;
        if (n.needs(0)) {
          // b * a^(b-1), with 0 where b == 0 (PyTorch's pow_backward_self).
          Tensor d = mul(s[1], pow(s[0], sub(s[1], Scalar(1))));
          ga = masked_grad(ne(s[1], Scalar(0.0)), mul(g[0], d));
        }
        if (n.needs(1)) {
          // out * log(a), with 0 where a == 0 and b >= 0 (pow_backward_exponent).
          Tensor zero_base = logical_and(eq(s[0], Scalar(0.0)), ge(s[1], Scalar(0.0)));
          gb = mul(g[0], where(zero_base, Scalar(0.0), mul(s[2], log(s[0]))));
        }
        return TensorList{ga, gb};
      });
    }
    case BinaryOp::Maximum:
    case BinaryOp::Minimum: {
      bool is_max = op == BinaryOp::Maximum;
      return make_node(is_max ? "MaximumBackward0" : "MinimumBackward0", {a, b},
                       [is_max](const TensorList& g, const TensorList& s, const Node&) {
                         // Ties share the gradient; otherwise it goes to the winner.
                         Tensor half = div(g[0], Scalar(2.0));
                         Tensor tie = eq(s[0], s[1]);
                         Tensor a_wins = is_max ? gt(s[0], s[1]) : lt(s[0], s[1]);
                         Tensor b_wins = is_max ? lt(s[0], s[1]) : gt(s[0], s[1]);
                         Tensor ga = where(tie, half, masked_grad(a_wins, g[0]));
                         Tensor gb = where(tie, half, masked_grad(b_wins, g[0]));
                         return TensorList{ga, gb};
                       });
    }
    case BinaryOp::Atan2:
      return make_node("Atan2Backward0", {a, b}, [](const TensorList& g, const TensorList& s, const Node&) {
        Tensor denom = add(mul(s[0], s[0]), mul(s[1], s[1]));
        return TensorList{mul(g[0], div(s[1], denom)), mul(g[0], div(neg(s[0]), denom))};
      });
    case BinaryOp::Remainder:
      return make_node("RemainderBackward0", {a, b}, [](const TensorList& g, const TensorList& s, const Node& n) {
        Tensor gb = n.needs(1) ? mul(neg(g[0]), div(s[0], s[1], std::string("floor"))) : Tensor();
        return TensorList{g[0], gb};
      });
    case BinaryOp::FloorDiv: {
      auto node = std::make_shared<NotImplementedNode>("floor_divide");
      return node;
    }
    // Elementwise math (derivatives.yaml).
    case BinaryOp::Hypot:
      return make_node("HypotBackward0", {a, b, out}, [](const TensorList& g, const TensorList& s, const Node&) {
        return TensorList{mul(g[0], div(s[0], s[2])), mul(g[0], div(s[1], s[2]))};
      });
    case BinaryOp::Logaddexp:
    case BinaryOp::Logaddexp2: {
      // g / (1 + exp(other - self)), and exp2 for logaddexp2
      const bool base2 = op == BinaryOp::Logaddexp2;
      return make_node(base2 ? "Logaddexp2Backward0" : "LogaddexpBackward0", {a, b},
                       [base2](const TensorList& g, const TensorList& s, const Node&) {
                         auto e = [base2](const Tensor& x) { return base2 ? exp2(x) : exp(x); };
                         return TensorList{div(g[0], add(e(sub(s[1], s[0])), Scalar(1))),
                                           div(g[0], add(e(sub(s[0], s[1])), Scalar(1)))};
                       });
    }
    case BinaryOp::Xlogy:
    case BinaryOp::Xlog1py: {
      // self: xlogy(g, other), 0 where self == 0 and other is at or below the pole;
      // other: g * self / other (other + 1 for xlog1py). The number forms are ops of their own.
      const bool log1p_form = op == BinaryOp::Xlog1py;
      const char* base = log1p_form ? "SpecialXlog1PyBackward" : "XlogyBackward";
      const char* suffix = a.is_wrapped_number() ? "1" : b.is_wrapped_number() ? "2" : "0";
      return make_node(std::string(base) + suffix, {a, b}, [log1p_form](const TensorList& g, const TensorList& s, const Node& n) {
        Tensor ga, gb;
        if (n.needs(0)) {
          Tensor pole = logical_and(eq(s[0], Scalar(0.0)), le(s[1], Scalar(log1p_form ? -1.0 : 0.0)));
          ga = masked_grad(logical_not(pole), binary(log1p_form ? BinaryOp::Xlog1py : BinaryOp::Xlogy, g[0], s[1]));
        }
        if (n.needs(1)) gb = div(mul(g[0], s[0]), log1p_form ? add(s[1], Scalar(1)) : s[1]);
        return TensorList{ga, gb};
      });
    }
    case BinaryOp::Fmod:
      return make_node(b.is_wrapped_number() ? "FmodBackward0" : "FmodBackward1", {a, b},
                       [](const TensorList& g, const TensorList& s, const Node& n) {
                         Tensor gb = n.needs(1) ? mul(neg(g[0]), div(s[0], s[1], std::string("trunc"))) : Tensor();
                         return TensorList{g[0], gb};
                       });
    case BinaryOp::Copysign:
      // self: g * (result / self), 0 where self == 0; other: none
      return make_node(b.is_wrapped_number() ? "CopysignBackward1" : "CopysignBackward0", {a, out},
                       [](const TensorList& g, const TensorList& s, const Node& n) {
                         Tensor ratio = masked_grad(ne(s[0], Scalar(0.0)), div(s[1], s[0]));
                         return TensorList{mul(g[0], ratio), n.needs(1) ? zeros_for(g[0]) : Tensor()};
                       });
    case BinaryOp::Fmax:
    case BinaryOp::Fmin: {
      // The gradient goes to the winner (self also where other is NaN); ties share it.
      const bool is_max = op == BinaryOp::Fmax;
      return make_node(is_max ? "FmaxBackward0" : "FminBackward0", {a, b},
                       [is_max](const TensorList& g, const TensorList& s, const Node&) {
                         Tensor half = div(g[0], Scalar(2.0));
                         Tensor tie = eq(s[0], s[1]);
                         Tensor self_wins = logical_or(is_max ? gt(s[0], s[1]) : lt(s[0], s[1]), isnan(s[1]));
                         return TensorList{where(tie, half, masked_grad(self_wins, g[0])),
                                           where(tie, half, masked_grad(logical_not(self_wins), g[0]))};
                       });
    }
    case BinaryOp::Igamma:
    case BinaryOp::Igammac: {
      // other: g * x^(a-1) e^-x / Gamma(a) (negated for the upper function); self: none in ATen.
      const bool upper = op == BinaryOp::Igammac;
      return make_node(upper ? "IgammacBackward0" : "IgammaBackward0", {a, b},
                       [upper](const TensorList& g, const TensorList& s, const Node& n) {
                         if (n.needs(0))
                           fail(ErrorKind::NotImplementedError, "the derivative for '", upper ? "igammac" : "igamma",
                                ": input' is not implemented.");
                         Tensor log_density = sub(sub(mul(sub(s[0], Scalar(1)), log(s[1])), s[1]), lgamma(s[0]));
                         Tensor gb = mul(g[0], exp(log_density));
                         return TensorList{Tensor(), upper ? neg(gb) : gb};
                       });
    }
    case BinaryOp::Heaviside: return std::make_shared<NotImplementedNode>("heaviside");
    case BinaryOp::Nextafter: return std::make_shared<NotImplementedNode>("nextafter");
    default: return nullptr;
  }
}

std::shared_ptr<Node> unary_node(UnaryOp op, const Tensor& t, const UnaryArgs& args, const Tensor& out) {
  if (!is_floating(out.dtype())) return nullptr;
  using G = const TensorList&;
  using N = const Node&;
  switch (op) {
    case UnaryOp::Neg:
      return make_node("NegBackward0", {}, [](G g, G, N) { return TensorList{neg(g[0])}; });
    case UnaryOp::Abs:
      return make_node("AbsBackward0", {t}, [](G g, G s, N) { return TensorList{mul(g[0], sign(s[0]))}; });
    case UnaryOp::Exp:
      return make_node("ExpBackward0", {out}, [](G g, G s, N) { return TensorList{mul(g[0], s[0])}; });
    case UnaryOp::Log:
      return make_node("LogBackward0", {t}, [](G g, G s, N) { return TensorList{div(g[0], s[0])}; });
    case UnaryOp::Log2:
      return make_node("Log2Backward0", {t}, [](G g, G s, N) {
        return TensorList{div(g[0], mul(s[0], Scalar(std::log(2.0))))};
      });
    case UnaryOp::Log10:
      return make_node("Log10Backward0", {t}, [](G g, G s, N) {
        return TensorList{div(g[0], mul(s[0], Scalar(std::log(10.0))))};
      });
    case UnaryOp::Log1p:
      return make_node("Log1PBackward0", {t}, [](G g, G s, N) { return TensorList{div(g[0], add(s[0], Scalar(1)))}; });
    case UnaryOp::Expm1:
      return make_node("Expm1Backward0", {out}, [](G g, G s, N) { return TensorList{mul(g[0], add(s[0], Scalar(1)))}; });
    case UnaryOp::Sqrt:
      return make_node("SqrtBackward0", {out}, [](G g, G s, N) { return TensorList{div(g[0], mul(s[0], Scalar(2)))}; });
    case UnaryOp::Rsqrt:
      return make_node("RsqrtBackward0", {out}, [](G g, G s, N) {
        return TensorList{mul(mul(g[0], Scalar(-0.5)), pow(s[0], Scalar(3)))};
      });
    case UnaryOp::Reciprocal:
      return make_node("ReciprocalBackward0", {out}, [](G g, G s, N) {
        return TensorList{mul(neg(g[0]), mul(s[0], s[0]))};
      });
    case UnaryOp::Sin:
      return make_node("SinBackward0", {t}, [](G g, G s, N) { return TensorList{mul(g[0], cos(s[0]))}; });
    case UnaryOp::Cos:
      return make_node("CosBackward0", {t}, [](G g, G s, N) { return TensorList{mul(g[0], neg(sin(s[0])))}; });
    case UnaryOp::Tan:
      return make_node("TanBackward0", {out}, [](G g, G s, N) {
        return TensorList{mul(g[0], add(mul(s[0], s[0]), Scalar(1)))};
      });
    case UnaryOp::Tanh:
      return make_node("TanhBackward0", {out}, [](G g, G s, N) {
        return TensorList{shown_as("TanhBackwardBackward0", [&] { return mul(g[0], sub(Scalar(1), mul(s[0], s[0]))); })};
      });
    case UnaryOp::Sigmoid:
      return make_node("SigmoidBackward0", {out}, [](G g, G s, N) {
        return TensorList{shown_as("SigmoidBackwardBackward0", [&] { return mul(g[0], mul(s[0], sub(Scalar(1), s[0]))); })};
      });
    case UnaryOp::Relu:
      // threshold_backward: the gradient passes where the output is positive.
      return make_node("ReluBackward0", {out}, [](G g, G s, N) {
        return TensorList{step_grad("ThresholdBackwardBackward0", g[0], s[0], [](const Tensor& g, const Tensor& x) {
          return masked_grad(gt(x, Scalar(0)), g);
        })};
      });
    case UnaryOp::Erf:
    case UnaryOp::Erfc: {
      // d erf = 2/sqrt(pi) * exp(-x^2); erfc's is its negation.
      const double c = (op == UnaryOp::Erf ? 2.0 : -2.0) / std::sqrt(M_PI);
      return make_node(op == UnaryOp::Erf ? "ErfBackward0" : "ErfcBackward0", {t}, [c](G g, G s, N) {
        return TensorList{mul(g[0], mul(exp(neg(mul(s[0], s[0]))), Scalar(c)))};
      });
    }
    case UnaryOp::Sinh:
      return make_node("SinhBackward0", {t}, [](G g, G s, N) { return TensorList{mul(g[0], cosh(s[0]))}; });
    case UnaryOp::Cosh:
      return make_node("CoshBackward0", {t}, [](G g, G s, N) { return TensorList{mul(g[0], sinh(s[0]))}; });
    case UnaryOp::Asin:
      // The inverse functions as derivatives.yaml writes them (rsqrt, MulBackward0 on the gradient).
      return make_node("AsinBackward0", {t}, [](G g, G s, N) {
        return TensorList{mul(g[0], rsqrt(add(mul(neg(s[0]), s[0]), Scalar(1))))};
      });
    case UnaryOp::Acos:
      return make_node("AcosBackward0", {t}, [](G g, G s, N) {
        return TensorList{mul(g[0], neg(rsqrt(add(mul(neg(s[0]), s[0]), Scalar(1)))))};
      });
    case UnaryOp::Atan:
      return make_node("AtanBackward0", {t}, [](G g, G s, N) {
        return TensorList{div(g[0], add(mul(s[0], s[0]), Scalar(1)))};
      });
    case UnaryOp::Asinh:
      return make_node("AsinhBackward0", {t}, [](G g, G s, N) {
        return TensorList{mul(g[0], rsqrt(add(pow(s[0], Scalar(2)), Scalar(1))))};
      });
    case UnaryOp::Acosh:
      return make_node("AcoshBackward0", {t}, [](G g, G s, N) {
        return TensorList{mul(g[0], rsqrt(sub(pow(s[0], Scalar(2)), Scalar(1))))};
      });
    case UnaryOp::Atanh:
      return make_node("AtanhBackward0", {t}, [](G g, G s, N) {
        return TensorList{div(g[0], sub(Scalar(1), mul(s[0], s[0])))};
      });
    case UnaryOp::Exp2:
      return make_node("Exp2Backward0", {out}, [](G g, G s, N) {
        return TensorList{mul(mul(g[0], s[0]), Scalar(std::log(2.0)))};
      });
    case UnaryOp::Silu:
      // sigmoid(x) * (1 + x * (1 - sigmoid(x)))
      return make_node("SiluBackward0", {t}, [](G g, G s, N) {
        Tensor sig = sigmoid(s[0]);
        return TensorList{mul(g[0], mul(sig, add(mul(s[0], sub(Scalar(1), sig)), Scalar(1))))};
      });
    case UnaryOp::Mish:
      // tanh(softplus(x)) + x * sigmoid(x) * (1 - tanh(softplus(x))^2)
      return make_node("MishBackward0", {t}, [](G g, G s, N) {
        Tensor tsp = tanh(log1p(exp(s[0])));
        Tensor d = add(tsp, mul(mul(s[0], sigmoid(s[0])), sub(Scalar(1), mul(tsp, tsp))));
        return TensorList{mul(g[0], d)};
      });
    case UnaryOp::LogSigmoid:
      // d log(sigmoid(x)) = 1 - sigmoid(x) = sigmoid(-x)
      return make_node("LogSigmoidBackward0", {t}, [](G g, G s, N) {
        return TensorList{shown_as("LogSigmoidBackwardBackward0", [&] { return mul(g[0], sigmoid(neg(s[0]))); })};
      });
    case UnaryOp::Gelu: {
      const bool approx_tanh = args.tanh;
      return make_node("GeluBackward0", {t}, [approx_tanh](G g, G s, N) {
        return TensorList{shown_as("GeluBackwardBackward0", [&] { return gelu_grad(g[0], s[0], approx_tanh); })};
      });
    }
    case UnaryOp::Softplus: {
      const double beta = args.beta, threshold = args.threshold;
      return make_node("SoftplusBackward0", {t}, [beta, threshold](G g, G s, N) {
        // sigmoid(beta * x), or 1 past the threshold where softplus is x itself
        return TensorList{shown_as("SoftplusBackwardBackward0", [&] {
          Tensor bx = mul(s[0], Scalar(beta));
          return where(gt(bx, Scalar(threshold)), g[0], mul(g[0], sigmoid(bx)));
        })};
      });
    }
    case UnaryOp::LeakyRelu: {
      const double slope = args.negative_slope;
      return make_node("LeakyReluBackward0", {t}, [slope](G g, G s, N) {
        return TensorList{step_grad("LeakyReluBackwardBackward0", g[0], s[0], [slope](const Tensor& g, const Tensor& x) {
          return where(gt(x, Scalar(0)), g, mul(g, Scalar(slope)));
        })};
      });
    }
    case UnaryOp::Elu:
    case UnaryOp::Celu: {
      const UnaryArgs a = args;
      return make_node(op == UnaryOp::Elu ? "EluBackward0" : "CeluBackward0", {t},
                       [a](G g, G s, N) { return TensorList{elu_backward(g[0], s[0], a)}; });
    }
    case UnaryOp::Hardtanh: {
      const double lo = args.min, hi = args.max;
      // The gradient passes strictly inside (min_val, max_val).
      return make_node("HardtanhBackward0", {t}, [lo, hi](G g, G s, N) {
        return TensorList{step_grad("HardtanhBackwardBackward0", g[0], s[0], [lo, hi](const Tensor& g, const Tensor& x) {
          return masked_grad(logical_and(gt(x, Scalar(lo)), lt(x, Scalar(hi))), g);
        })};
      });
    }
    case UnaryOp::Square:
      return make_node("PowBackward0", {t}, [](G g, G s, N) { return TensorList{mul(g[0], mul(s[0], Scalar(2)))}; });
    case UnaryOp::Floor:
    case UnaryOp::Ceil:
    case UnaryOp::Round:
    case UnaryOp::Trunc:
    case UnaryOp::Sign: {
      const char* name = op == UnaryOp::Floor ? "FloorBackward0"
                         : op == UnaryOp::Ceil ? "CeilBackward0"
                         : op == UnaryOp::Round ? "RoundBackward0"
                         : op == UnaryOp::Trunc ? "TruncBackward0"
                                                : "SignBackward0";
      return make_node(name, {}, [](G g, G, N) { return TensorList{zeros_for(g[0])}; });
    }
    case UnaryOp::Clamp: {
      UnaryArgs bounds = args;
      return make_node("ClampBackward1", {t}, [bounds](G g, G s, N) {
        // Only strictly inside the bounds: an input equal to a bound gets no gradient (as
        // PyTorch 2.15 gives), nor does NaN.
        Tensor keep = ones_like(s[0], DType::Bool);
        if (bounds.has_min) keep = logical_and(keep, gt(s[0], Scalar(bounds.min)));
        if (bounds.has_max) keep = logical_and(keep, lt(s[0], Scalar(bounds.max)));
        return TensorList{masked_grad(keep, g[0])};
      });
    }
    // Elementwise math (derivatives.yaml).
    case UnaryOp::Frac:
      return make_node("FracBackward0", {}, [](G g, G, N) { return TensorList{g[0]}; });
    case UnaryOp::Sgn:
      return make_node("SgnBackward0", {}, [](G g, G, N) { return TensorList{zeros_for(g[0])}; });
    case UnaryOp::Angle:  // angle_backward of a real tensor
      return make_node("AngleBackward0", {}, [](G g, G, N) { return TensorList{zeros_for(g[0])}; });
    case UnaryOp::Deg2Rad:
    case UnaryOp::Rad2Deg: {
      const double c = op == UnaryOp::Deg2Rad ? M_PI / 180.0 : 180.0 / M_PI;
      return make_node(op == UnaryOp::Deg2Rad ? "Deg2RadBackward0" : "Rad2DegBackward0", {},
                       [c](G g, G, N) { return TensorList{mul(g[0], Scalar(c))}; });
    }
    case UnaryOp::Erfinv:
      // sqrt(pi) / 2 * exp(erfinv(x)^2)
      return make_node("ErfinvBackward0", {t}, [](G g, G s, N) {
        return TensorList{mul(mul(exp(pow(erfinv(s[0]), Scalar(2))), Scalar(0.5 * std::sqrt(M_PI))), g[0])};
      });
    case UnaryOp::Sinc:
      // (pi x cos(pi x) - sin(pi x)) / (pi x^2), 0 at 0 (ATen's sinc_backward)
      return make_node("SincBackward0", {t}, [](G g, G s, N) {
        Tensor x_pi = mul(s[0], Scalar(M_PI));
        Tensor x_sq_pi = mul(mul(s[0], s[0]), Scalar(M_PI));
        Tensor d = div(mul(g[0], sub(mul(x_pi, cos(x_pi)), sin(x_pi))), x_sq_pi);
        return TensorList{where(eq(x_sq_pi, Scalar(0.0)), Scalar(0.0), d)};
      });
    case UnaryOp::I0:
      return make_node("I0Backward0", {t}, [](G g, G s, N) { return TensorList{mul(g[0], i1(s[0]))}; });
    case UnaryOp::I1:
      // i0(x) - i1(x) / x, and 0.5 where |x| is below the dtype's epsilon (ATen's i1_backward)
      return make_node("SpecialI1Backward0", {t, out}, [](G g, G s, N) {
        const double eps = s[0].dtype() == DType::Float64 ? std::numeric_limits<double>::epsilon()
                                                          : std::numeric_limits<float>::epsilon();
        Tensor not_tiny = gt(abs(s[0]), Scalar(eps));
        Tensor safe = where(not_tiny, s[0], Scalar(eps));
        Tensor d = sub(i0(safe), mul(s[1], reciprocal(safe)));
        return TensorList{mul(g[0], where(not_tiny, d, Scalar(0.5)))};
      });
    case UnaryOp::Lgamma:
      return make_node("LgammaBackward0", {t}, [](G g, G s, N) { return TensorList{mul(g[0], digamma(s[0]))}; });
    case UnaryOp::Digamma:
      return make_node("DigammaBackward0", {t}, [](G g, G s, N) { return TensorList{mul(g[0], polygamma(1, s[0]))}; });
    case UnaryOp::Polygamma: {
      const int64_t n = args.n;
      return make_node("PolygammaBackward0", {t}, [n](G g, G s, N) {
        return TensorList{mul(g[0], polygamma(n + 1, s[0]))};
      });
    }
    case UnaryOp::Entr:
      return make_node("SpecialEntrBackward0", {t}, [](G g, G s, N) {
        return TensorList{mul(g[0], neg(add(log(s[0]), Scalar(1))))};
      });
    case UnaryOp::Logit: {
      // g / (x (1 - x)) inside the domain; outside it NaN (eps=None) or 0 (clamped)
      const double eps = args.eps;
      return make_node("LogitBackward0", {t}, [eps](G g, G s, N) {
        const Tensor& x = s[0];
        Tensor d = div(g[0], mul(x, sub(Scalar(1), x)));
        const bool clamped = eps >= 0;
        Tensor outside = logical_or(lt(x, Scalar(clamped ? eps : 0.0)), gt(x, Scalar(clamped ? 1.0 - eps : 1.0)));
        return TensorList{where(outside, Scalar(clamped ? 0.0 : std::nan("")), d)};
      });
    }
    case UnaryOp::NanToNum:
      return make_node("NanToNumBackward0", {t}, [](G g, G s, N) {
        return TensorList{mul(g[0], isfinite(s[0]))};
      });
    default: return nullptr;
  }
}

}  // namespace tp::autograd
