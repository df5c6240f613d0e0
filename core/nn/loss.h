// Loss functions (torch.nn.functional's cross_entropy, nll_loss, mse_loss, l1_loss, smooth_l1_loss, huber_loss,
// binary_cross_entropy[_with_logits]) and the loss modules that hold their options.
// They compose ordinary ops, so they run on the tensors' device; grad_fns are PyTorch's.
#pragma once

#include <optional>
#include <string>

#include "core/tensor.h"

namespace tp::nn {

enum class Reduction { None, Mean, Sum };

// reduction="mean"|"sum"|"none"; anything else is PyTorch's ValueError
// "foo is not a valid value for reduction".
Reduction parse_reduction(const std::string& name);

namespace functional {

// F.nll_loss: input (N,C), (C,) or (N,C,d1,...) of log-probabilities, target of class
// indices (int64 or uint8). grad_fn NllLossBackward0.
Tensor nll_loss(const Tensor& input, const Tensor& target, const Tensor& weight = {},
                int64_t ignore_index = -100, Reduction reduction = Reduction::Mean);
// F.cross_entropy: log_softmax over the class dim, then nll_loss; a target with the input's
// shape holds class probabilities. label_smoothing in [0, 1].
Tensor cross_entropy(const Tensor& input, const Tensor& target, const Tensor& weight = {},
                     int64_t ignore_index = -100, Reduction reduction = Reduction::Mean,
                     double label_smoothing = 0.0);
// F.mse_loss: (input - target)^2, broadcasting. grad_fn MseLossBackward0.
Tensor mse_loss(const Tensor& input, const Tensor& target, Reduction reduction = Reduction::Mean);
// F.smooth_l1_loss: z = |input - target|; 0.5 z^2 / beta below beta, else z - 0.5 beta
// (beta 0: l1_loss; negative beta: PyTorch's RuntimeError). grad_fn SmoothL1LossBackward0.
Tensor smooth_l1_loss(const Tensor& input, const Tensor& target, Reduction reduction = Reduction::Mean,
                      double beta = 1.0);
// F.huber_loss: 0.5 z^2 below delta, else delta (z - 0.5 delta). grad_fn HuberLossBackward0.
Tensor huber_loss(const Tensor& input, const Tensor& target, Reduction reduction = Reduction::Mean,
                  double delta = 1.0);
// F.l1_loss: |input - target|, composed (MeanBackward0 / SumBackward0 / AbsBackward0).
Tensor l1_loss(const Tensor& input, const Tensor& target, Reduction reduction = Reduction::Mean);
// F.binary_cross_entropy: input holds probabilities in [0, 1]; logs clamp at -100.
Tensor binary_cross_entropy(const Tensor& input, const Tensor& target, const Tensor& weight = {},
                            Reduction reduction = Reduction::Mean);
// F.binary_cross_entropy_with_logits: sigmoid + BCE in one stable formula.
Tensor binary_cross_entropy_with_logits(const Tensor& input, const Tensor& target,
                                        const Tensor& weight = {}, const Tensor& pos_weight = {},
                                        Reduction reduction = Reduction::Mean);
// The UserWarning mse_loss/l1_loss give when target's shape differs from input's
// ("Using a target size (torch.Size([3, 4])) that is different to ..."); empty if none.
std::string loss_size_warning(const Tensor& input, const Tensor& target);

}  // namespace functional

}  // namespace tp::nn
