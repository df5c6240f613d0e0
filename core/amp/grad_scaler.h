// torch.amp.GradScaler: multiplies the loss by a scale so float16 gradients do not
// underflow, unscales the gradients before the optimizer step, skips steps whose gradients
// hold inf/NaN, and grows or backs off the scale (torch/amp/grad_scaler.py).
#pragma once

#include <map>
#include <string>

#include "core/optim/optimizer.h"
#include "core/tensor.h"

namespace tp::amp {

struct GradScalerOptions {
  std::string device = "cuda";
  double init_scale = 65536.0;
  double growth_factor = 2.0;
  double backoff_factor = 0.5;
  int64_t growth_interval = 2000;
  bool enabled = true;
};

class GradScaler {
 public:
  // Disables itself (see warning()) when device is "cuda" and no GPU is available. Raises
  // AssertionError for growth_factor <= 1 or backoff_factor >= 1.
  explicit GradScaler(const GradScalerOptions& options = {});
  // The UserWarning PyTorch prints when the scaler disabled itself; empty otherwise.
  const std::string& warning() const { return warning_; }
  bool is_enabled() const { return enabled_; }
  // outputs * scale (the scale tensor is created on the first call, on outputs' device, and
  // copied to the device of later outputs); outputs itself when disabled.
  Tensor scale(const Tensor& outputs);
  // Divides every gradient of the optimizer's params by the scale in place and records
  // whether any of them held inf/NaN.
  void unscale_(optim::Optimizer& optimizer);
  // optimizer.step() unless the gradients held inf/NaN (unscaling them first if needed).
  void step(optim::Optimizer& optimizer);
  // After all steps of an iteration: backoff on inf/NaN, growth after growth_interval clean
  // steps in a row.
  void update();
  // The current scale (init_scale before the first scale(); 1.0 when disabled).
  double get_scale() const;
  // Clean steps since the last growth or backoff (0 before the first scale()).
  int64_t growth_tracker() const;

 private:
  enum class Stage { Ready, Unscaled, Stepped };
  struct PerOptimizer {
    Stage stage = Stage::Ready;
    std::map<std::string, Tensor> found_inf_per_device;  // device str -> float32 0-dim
  };
  void check_scale(const char* funcname) const;

  GradScalerOptions options_;
  bool enabled_;
  std::string warning_;
  Tensor scale_;           // float32 0-dim, on the device of the first scaled output
  Tensor growth_tracker_;  // int32 0-dim, beside scale_
  std::map<const optim::Optimizer*, PerOptimizer> per_optimizer_;
};

}  // namespace tp::amp
