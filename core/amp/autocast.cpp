// Autocast state and cast policy. The op lists are the CUDA ones of
// aten/src/ATen/autocast_mode.h (AT_FORALL_LOWER_PRECISION_FP, AT_FORALL_FP32,
// AT_FORALL_FP32_SET_OPT_DTYPE, AT_FORALL_PROMOTE) and the CPU ones of autocast_mode.cpp
// (TORCH_LIBRARY_IMPL(aten, AutocastCPU, m)), limited to ops tensorplay has or may grow.
#include "core/amp/autocast.h"

#include <algorithm>
#include <string>

#include "core/error.h"
#include "core/ops/copy.h"

namespace tp::amp {

namespace {

struct State {
  bool enabled = false;
  DType dtype;
};

// Index 0: CPU (bfloat16 by default), 1: CUDA (float16), 2: MPS (float16).
thread_local State g_state[3] = {{false, DType::BFloat16}, {false, DType::Float16},
                                 {false, DType::Float16}};
// How many device types have autocast on: lets ops skip every check when it is zero.
thread_local int g_enabled_count = 0;

State& state(DeviceType type) { return g_state[static_cast<int>(type)]; }

bool listed(std::initializer_list<std::string_view> list, std::string_view op) {
  return std::find(list.begin(), list.end(), op) != list.end();
}

CastPolicy cuda_policy(std::string_view op) {
  if (listed({"conv1d", "conv2d", "conv3d", "conv_transpose1d", "conv_transpose2d",
              "conv_transpose3d", "convolution", "prelu", "addmm", "addmv", "addr", "matmul",
              "einsum", "mm", "mv", "linalg_vecdot", "linear", "addbmm", "baddbmm", "bmm",
              "chain_matmul", "linalg_multi_dot", "lstm_cell", "gru_cell", "rnn_tanh_cell",
              "rnn_relu_cell", "scaled_dot_product_attention"},
             op))
    return CastPolicy::LowerPrecision;
  if (listed({"acos", "asin", "cosh", "erfinv", "exp", "expm1", "log", "log10", "log2", "log1p",
              "reciprocal", "rsqrt", "sinh", "tan", "pow", "softplus", "layer_norm",
              "native_layer_norm", "group_norm", "frobenius_norm", "nuclear_norm",
              "cosine_similarity", "poisson_nll_loss", "cosine_embedding_loss", "nll_loss",
              "nll_loss2d", "hinge_embedding_loss", "kl_div", "l1_loss", "smooth_l1_loss",
              "huber_loss", "mse_loss", "margin_ranking_loss", "multilabel_margin_loss",
              "soft_margin_loss", "triplet_margin_loss", "multi_margin_loss",
              "binary_cross_entropy_with_logits", "dist", "pdist", "cdist", "renorm",
              "logsumexp"},
             op))
    return CastPolicy::Fp32;
  if (listed({"prod", "softmax", "log_softmax", "cumprod", "cumsum", "linalg_vector_norm",
              "linalg_matrix_norm", "sum"},
             op))
    return CastPolicy::Fp32SetOptDtype;
  if (listed({"addcdiv", "addcmul", "atan2", "bilinear", "cross", "dot", "grid_sampler",
              "index_put", "scatter_add", "tensordot"},
             op))
    return CastPolicy::Promote;
  if (op == "binary_cross_entropy") return CastPolicy::Banned;
  return CastPolicy::None;
}

CastPolicy cpu_policy(std::string_view op) {
  if (listed({"conv1d", "conv2d", "conv3d", "bmm", "mm", "linalg_vecdot", "baddbmm", "addmm",
              "addbmm", "linear", "matmul", "conv_tbc", "conv_transpose1d", "conv_transpose2d",
              "conv_transpose3d", "prelu", "scaled_dot_product_attention"},
             op))
    return CastPolicy::LowerPrecision;
  // On the CPU, exp/log/softmax/sum are not listed: they keep their input dtype.
  if (listed({"avg_pool3d", "binary_cross_entropy", "grid_sampler", "polar", "prod", "quantile",
              "nanquantile", "stft", "cdist", "trace", "view_as_complex", "cholesky", "inverse",
              "pinverse", "max_pool3d", "mse_loss", "cosine_embedding_loss", "nll_loss",
              "nll_loss2d", "hinge_embedding_loss", "poisson_nll_loss", "smooth_l1_loss",
              "cross_entropy_loss", "l1_loss", "huber_loss", "margin_ranking_loss",
              "soft_margin_loss", "triplet_margin_loss", "multi_margin_loss", "kl_div",
              "multilabel_margin_loss", "binary_cross_entropy_with_logits"},
             op))
    return CastPolicy::Fp32;
  if (listed({"stack", "cat", "index_copy"}, op)) return CastPolicy::Promote;
  return CastPolicy::None;
}

// autocast_mode.h's is_eligible: a defined floating tensor other than float64.
bool eligible(const Tensor& t) {
  return t.defined() && is_floating(t.dtype()) && t.dtype() != DType::Float64;
}

// The dtype `arg` should have for `op`, or nullopt when autocast leaves it alone.
std::optional<DType> target_dtype(std::string_view op, const Tensor& arg, std::optional<DType> widest) {
  if (!eligible(arg)) return std::nullopt;
  DeviceType type = arg.device().type;
  if (!state(type).enabled) return std::nullopt;
  switch (cast_policy(type, op)) {
    case CastPolicy::LowerPrecision: return state(type).dtype;
    case CastPolicy::Fp32:
    case CastPolicy::Fp32SetOptDtype: return DType::Float32;
    case CastPolicy::Promote: return widest;
    case CastPolicy::Banned: fail_banned(op);
    case CastPolicy::None: return std::nullopt;
  }
  return std::nullopt;
}

}  // namespace

bool is_enabled(DeviceType type) { return state(type).enabled; }
DType get_dtype(DeviceType type) { return state(type).dtype; }

void set_enabled(DeviceType type, bool enabled) {
  if (state(type).enabled != enabled) g_enabled_count += enabled ? 1 : -1;
  state(type).enabled = enabled;
}

void set_dtype(DeviceType type, DType dtype) { state(type).dtype = dtype; }

AutocastGuard::AutocastGuard(DeviceType type, std::optional<DType> dtype, bool enabled)
    : type_(type), prev_enabled_(is_enabled(type)), prev_dtype_(get_dtype(type)) {
  if (dtype) set_dtype(type, *dtype);
  set_enabled(type, enabled);
}

AutocastGuard::~AutocastGuard() {
  set_enabled(type_, prev_enabled_);
  set_dtype(type_, prev_dtype_);
}

CastPolicy cast_policy(DeviceType type, std::string_view op) {
  switch (type) {
    case DeviceType::CPU: return cpu_policy(op);
    case DeviceType::CUDA: return cuda_policy(op);
    case DeviceType::MPS:
    case DeviceType::Meta: return CastPolicy::None;
  }
  return CastPolicy::None;
}

void fail_banned(std::string_view op) {
  TP_ASSERT(op == "binary_cross_entropy");
  fail(ErrorKind::RuntimeError,
       "torch.nn.functional.binary_cross_entropy and torch.nn.BCELoss are unsafe to autocast.\n"
       "Many models use a sigmoid layer right before the binary cross entropy layer.\n"
       "In this case, combine the two layers using torch.nn.functional.binary_cross_entropy_with_logits\n"
       "or torch.nn.BCEWithLogitsLoss.  binary_cross_entropy_with_logits and BCEWithLogits are\n"
       "safe to autocast.");
}

std::optional<DType> widest_dtype(std::initializer_list<const Tensor*> args) {
  std::optional<DType> widest;
  for (const Tensor* t : args) {
    if (!t || !eligible(*t)) continue;
    widest = widest ? promote_types(*widest, t->dtype()) : t->dtype();
  }
  return widest;
}

bool should_cast(std::string_view op, std::initializer_list<const Tensor*> args) {
  if (g_enabled_count == 0) return false;
  std::optional<DType> widest = widest_dtype(args);
  for (const Tensor* t : args) {
    if (!t) continue;
    std::optional<DType> want = target_dtype(op, *t, widest);
    if (want && *want != t->dtype()) return true;
  }
  return false;
}

Tensor autocast_arg(std::string_view op, const Tensor& arg, std::optional<DType> widest) {
  if (g_enabled_count == 0) return arg;
  std::optional<DType> want = target_dtype(op, arg, widest);
  return want ? cast(arg, *want) : arg;
}

Tensor cast_lower(const Tensor& t) {
  if (!eligible(t) || !is_enabled(t.device().type)) return t;
  return cast(t, get_dtype(t.device().type));
}

Tensor cast_fp32(const Tensor& t) {
  if (!eligible(t) || !is_enabled(t.device().type)) return t;
  return cast(t, DType::Float32);
}

}  // namespace tp::amp
