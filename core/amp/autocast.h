// torch.autocast for C++: per-device-type autocast state (thread-local, like PyTorch's) and
// the cast policy of aten/src/ATen/autocast_mode.{h,cpp}. Op entry points ask should_cast()
// and re-enter themselves with autocast_arg()'d operands, so casts are ordinary recorded ops
// (ToCopyBackward0) and gradients flow back to the original dtype.
#pragma once

#include <initializer_list>
#include <optional>
#include <string_view>

#include "core/tensor.h"

namespace tp::amp {

// How autocast treats an op on one device type.
enum class CastPolicy {
  None,            // not listed: runs in whatever dtype its inputs have
  LowerPrecision,  // mm, addmm, matmul, linear...: floating inputs cast to the autocast dtype
  Fp32,            // exp, log, pow, losses...: floating inputs cast to float32
  Fp32SetOptDtype, // softmax, sum, prod...: float32 unless the caller gave a dtype
  Promote,         // dot, atan2...: floating inputs cast to the widest of them
  Banned,          // binary_cross_entropy on CUDA: raises
};

// torch.is_autocast_enabled(device_type) / torch.get_autocast_dtype(device_type).
bool is_enabled(DeviceType type);
DType get_dtype(DeviceType type);
void set_enabled(DeviceType type, bool enabled);
// Sets the dtype autocast casts down to on that device type.
void set_dtype(DeviceType type, DType dtype);

// `with torch.autocast(device_type, dtype=..., enabled=...)`: sets the state for the scope
// and restores the previous one on exit, so guards nest.
class AutocastGuard {
 public:
  explicit AutocastGuard(DeviceType type, std::optional<DType> dtype = std::nullopt,
                         bool enabled = true);
  ~AutocastGuard();
  AutocastGuard(const AutocastGuard&) = delete;
  AutocastGuard& operator=(const AutocastGuard&) = delete;

 private:
  DeviceType type_;
  bool prev_enabled_;
  DType prev_dtype_;
};

// The policy autocast applies to `op` (its aten name, "mm", "softmax") on `type`.
CastPolicy cast_policy(DeviceType type, std::string_view op);
// PyTorch's banned-op error (binary_cross_entropy under CUDA autocast).
[[noreturn]] void fail_banned(std::string_view op);

// True when autocast would change the dtype of one of `args` for `op` (a Banned op raises
// here). Fast when autocast is off everywhere.
bool should_cast(std::string_view op, std::initializer_list<const Tensor*> args);
// `arg` as `op` should see it under autocast (itself when nothing changes). For Promote ops,
// `widest` is the widest floating dtype among the op's eligible arguments.
Tensor autocast_arg(std::string_view op, const Tensor& arg,
                    std::optional<DType> widest = std::nullopt);
// The widest eligible floating dtype among args (for Promote ops).
std::optional<DType> widest_dtype(std::initializer_list<const Tensor*> args);

// t cast to its device type's autocast dtype when autocast is on there and t is an eligible
// floating tensor (float32/float16/bfloat16, not float64); else t itself.
Tensor cast_lower(const Tensor& t);
// t cast to float32 under the same conditions.
Tensor cast_fp32(const Tensor& t);

}  // namespace tp::amp
