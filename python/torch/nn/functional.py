"""torch.nn.functional: the layers and losses as functions (F.relu, F.linear, F.cross_entropy,
...), each one C++ call into core/nn (torch._C._nn); the warnings PyTorch gives are raised here
with Python's warnings module."""
import warnings

import torch
from torch._C import Tensor, _nn
from torch._C._nn import (  # noqa: F401
    dropout,
    linear,
    relu,
    sigmoid,
    tanh,
)
for _op in (dropout, linear, relu, sigmoid, tanh):
    _op.__module__ = __name__  # pickled (a layer's activation) as torch.nn.functional.relu, as PyTorch does
from torch.nn._functional_utils import (  # noqa: F401  (F._verify_batch_size, ... as before)
    _check_p, _feature_dropout_batched, _list_with_default, _pair, _triple, _verify_batch_size,
)
from torch.nn._reduction import reduction_of as _reduction_of
from torch.nn._vector_functions import cosine_similarity, normalize, one_hot, pairwise_distance  # noqa: F401


def _implicit_dim_warning(name, dim, stacklevel):
    if dim is None:
        warnings.warn(f"Implicit dimension choice for {name} has been deprecated. "
                      "Change the call to include dim=X as an argument.", stacklevel=stacklevel)


def softmax(input, dim=None, _stacklevel=3, dtype=None):
    _implicit_dim_warning("softmax", dim, _stacklevel)
    return _nn.softmax(input, dim, _stacklevel, dtype)


def log_softmax(input, dim=None, _stacklevel=3, dtype=None):
    _implicit_dim_warning("log_softmax", dim, _stacklevel)
    return _nn.log_softmax(input, dim, _stacklevel, dtype)


def _size_warning(input, target):
    """The UserWarning for a target whose shape broadcasts against the input's."""
    if isinstance(input, Tensor) and isinstance(target, Tensor):
        from torch.func._batched_tensor import is_batched
        if is_batched(input) or is_batched(target):  # inside vmap: the samples' shapes, as PyTorch's
            input, target = torch.empty(input.shape, device="meta"), torch.empty(target.shape, device="meta")
        text = _nn._loss_size_warning(input, target)
        if text:
            warnings.warn(text, stacklevel=3)


def mse_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    reduction = _reduction_of(size_average, reduce, reduction)
    _size_warning(input, target)
    return _nn.mse_loss(input, target, reduction=reduction)


def l1_loss(input, target, size_average=None, reduce=None, reduction="mean"):
    reduction = _reduction_of(size_average, reduce, reduction)
    _size_warning(input, target)
    return _nn.l1_loss(input, target, reduction=reduction)


def smooth_l1_loss(input, target, size_average=None, reduce=None, reduction="mean", beta=1.0):
    reduction = _reduction_of(size_average, reduce, reduction)
    _size_warning(input, target)
    return _nn.smooth_l1_loss(input, target, reduction=reduction, beta=beta)


def huber_loss(input, target, reduction="mean", delta=1.0, weight=None):
    _size_warning(input, target)
    if weight is not None:
        raise NotImplementedError("tensorplay: huber_loss(weight=) is not supported")
    return _nn.huber_loss(input, target, reduction=reduction, delta=delta)


def nll_loss(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean"):
    reduction = _reduction_of(size_average, reduce, reduction)
    return _nn.nll_loss(input, target, weight, ignore_index=ignore_index, reduction=reduction)


def cross_entropy(input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, reduction="mean",
                  label_smoothing=0.0):
    reduction = _reduction_of(size_average, reduce, reduction)
    return _nn.cross_entropy(input, target, weight, ignore_index=ignore_index, reduction=reduction,
                             label_smoothing=label_smoothing)


def binary_cross_entropy(input, target, weight=None, size_average=None, reduce=None, reduction="mean"):
    reduction = _reduction_of(size_average, reduce, reduction)
    return _nn.binary_cross_entropy(input, target, weight, reduction=reduction)


def binary_cross_entropy_with_logits(input, target, weight=None, size_average=None, reduce=None, reduction="mean",
                                     pos_weight=None):
    reduction = _reduction_of(size_average, reduce, reduction)
    return _nn.binary_cross_entropy_with_logits(input, target, weight, reduction=reduction, pos_weight=pos_weight)


# ---- convolution, padding, pooling, normalization (core/nn/conv, pool, batch_norm) ----

from torch._C._nn import (  # noqa: E402,F401
    adaptive_avg_pool1d,
    avg_pool1d,
    avg_pool2d,
    avg_pool3d,
    conv1d,
    conv2d,
    conv3d,
)


def pad(input, pad, mode="constant", value=None):
    return _nn.pad(input, pad, mode, value)


def max_pool1d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    return _nn.max_pool1d(input, kernel_size, stride, padding, dilation, ceil_mode, return_indices)


def max_pool2d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    return _nn.max_pool2d(input, kernel_size, stride, padding, dilation, ceil_mode, return_indices)


def max_pool3d(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, return_indices=False):
    return _nn.max_pool3d(input, kernel_size, stride, padding, dilation, ceil_mode, return_indices)


def max_pool1d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
                            return_indices=False):
    return _nn.max_pool1d(input, kernel_size, stride, padding, dilation, ceil_mode, True)


def max_pool2d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
                            return_indices=False):
    return _nn.max_pool2d(input, kernel_size, stride, padding, dilation, ceil_mode, True)


def max_pool3d_with_indices(input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False,
                            return_indices=False):
    return _nn.max_pool3d(input, kernel_size, stride, padding, dilation, ceil_mode, True)


def adaptive_max_pool3d_with_indices(input, output_size, return_indices=False):
    return _nn.adaptive_max_pool3d(input, _list_with_default(output_size, input.size()), True)


def lp_pool1d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    """The norm_type-norm of each window: avg_pool1d of x^p, times the window size, ^(1/p)."""
    out = _nn.avg_pool1d(input.pow(norm_type), kernel_size, stride, 0, ceil_mode)
    return (torch.sign(out) * relu(torch.abs(out))).mul(kernel_size).pow(1.0 / norm_type)


def lp_pool2d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    kw, kh = _pair(kernel_size)
    out = _nn.avg_pool2d(input.pow(norm_type), kernel_size, stride, 0, ceil_mode)
    return (torch.sign(out) * relu(torch.abs(out))).mul(kw * kh).pow(1.0 / norm_type)


def lp_pool3d(input, norm_type, kernel_size, stride=None, ceil_mode=False):
    kd, kw, kh = _triple(kernel_size)
    out = _nn.avg_pool3d(input.pow(norm_type), kernel_size, stride, 0, ceil_mode)
    return (torch.sign(out) * relu(torch.abs(out))).mul(kd * kw * kh).pow(1.0 / norm_type)


def adaptive_avg_pool2d(input, output_size):
    return _nn.adaptive_avg_pool2d(input, _list_with_default(output_size, input.size()))


def adaptive_avg_pool3d(input, output_size):
    return _nn.adaptive_avg_pool3d(input, _list_with_default(output_size, input.size()))


def adaptive_max_pool1d(input, output_size, return_indices=False):
    return _nn.adaptive_max_pool1d(input, output_size, return_indices)


def adaptive_max_pool2d(input, output_size, return_indices=False):
    return _nn.adaptive_max_pool2d(input, _list_with_default(output_size, input.size()), return_indices)


def adaptive_max_pool3d(input, output_size, return_indices=False):
    return _nn.adaptive_max_pool3d(input, _list_with_default(output_size, input.size()), return_indices)


def adaptive_max_pool1d_with_indices(input, output_size, return_indices=False):
    return _nn.adaptive_max_pool1d(input, output_size, True)


def adaptive_max_pool2d_with_indices(input, output_size, return_indices=False):
    return _nn.adaptive_max_pool2d(input, _list_with_default(output_size, input.size()), True)


def batch_norm(input, running_mean, running_var, weight=None, bias=None, training=False, momentum=0.1, eps=1e-5):
    if training:
        _verify_batch_size(input.size())
    if training and eps <= 0.0:
        raise ValueError(f"batch_norm eps must be positive during training, but got {eps}")
    elif eps < 0.0:
        raise ValueError(f"batch_norm eps must be non-negative, but got {eps}")
    return _nn.batch_norm(input, weight, bias, running_mean, running_var, training, momentum, eps, False)


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-5):
    return _nn.layer_norm(input, normalized_shape, weight, bias, eps, True)


def dropout1d(input, p=0.5, training=True, inplace=False):
    _check_p(p)
    inp_dim = input.dim()
    if inp_dim not in (2, 3):
        raise RuntimeError(
            f"dropout1d: Expected 2D or 3D input, but received a {inp_dim}D input. "
            "Note that dropout1d exists to provide channel-wise dropout on inputs with 1 "
            "spatial dimension, a channel dimension, and an optional batch dimension "
            "(i.e. 2D or 3D inputs).")
    return _feature_dropout_batched(input, p, training, inplace, inp_dim == 3)


def dropout2d(input, p=0.5, training=True, inplace=False):
    _check_p(p)
    inp_dim = input.dim()
    if inp_dim not in (3, 4):
        warn_msg = (
            f"dropout2d: Received a {inp_dim}-D input to dropout2d, which is deprecated "
            "and will result in an error in a future release. To retain the behavior "
            "and silence this warning, please use dropout instead. Note that dropout2d "
            "exists to provide channel-wise dropout on inputs with 2 spatial dimensions, "
            "a channel dimension, and an optional batch dimension (i.e. 3D or 4D inputs).")
        warnings.warn(warn_msg, stacklevel=2)
    # PyTorch treats a 3-D input as (N, C, L) (channel-wise 1-d dropout) and says so.
    if inp_dim == 3:
        warnings.warn(
            "dropout2d: Received a 3D input to dropout2d and assuming that channel-wise "
            "1D dropout behavior is desired - input is interpreted as shape (N, C, L), where C "
            "is the channel dim. This behavior will change in a future release to interpret the "
            "input as one without a batch dimension, i.e. shape (C, H, W). To maintain the 1D "
            "channel-wise dropout behavior, please switch to using dropout1d instead.", stacklevel=2)
    return _nn.feature_dropout(input, p, training, inplace)


# ---- activations (torch._C._nn's unary ops: core/backends/unary_ops.def) ----

from torch._C._nn import celu, elu, gelu, leaky_relu, relu6, selu, softplus  # noqa: E402,F401
from torch._C._nn import log_sigmoid as logsigmoid  # noqa: E402,F401


def silu(input, inplace=False):
    return _nn.silu_(input) if inplace else _nn.silu(input)


def mish(input, inplace=False):
    return _nn.mish_(input) if inplace else _nn.mish(input)


def hardtanh(input, min_val=-1.0, max_val=1.0, inplace=False):
    if min_val > max_val:
        raise ValueError("min_val cannot be greater than max_val")
    return _nn.hardtanh(input, min_val, max_val, inplace)


def hardtanh_(input, min_val=-1.0, max_val=1.0):
    return hardtanh(input, min_val, max_val, True)


def leaky_relu_(input, negative_slope=0.01):
    return _nn.leaky_relu(input, negative_slope, True)


def elu_(input, alpha=1.0):
    return _nn.elu(input, alpha, True)


def selu_(input):
    return _nn.selu(input, True)


def celu_(input, alpha=1.0):
    return _nn.celu(input, alpha, True)


from torch.nn._activation_functions import (  # noqa: E402,F401
    alpha_dropout, dropout3d, feature_alpha_dropout, glu, gumbel_softmax, hardshrink, hardsigmoid, hardswish, prelu, rrelu, rrelu_,
    softmin, softshrink, softsign, tanhshrink, threshold, threshold_,
)
from torch.nn._loss_functions import (  # noqa: E402,F401
    cosine_embedding_loss, ctc_loss, gaussian_nll_loss, hinge_embedding_loss, margin_ranking_loss, multi_margin_loss,
    multilabel_margin_loss, multilabel_soft_margin_loss, poisson_nll_loss, soft_margin_loss, triplet_margin_loss,
    triplet_margin_with_distance_loss,
)


# ---- embedding (core/nn/embedding) ----

def _no_grad_embedding_renorm_(weight, input, max_norm, norm_type):
    """embedding_renorm_: each row that input names, once, in index order, scaled down to
    max_norm when its norm_type-norm is above it."""
    with torch.no_grad():
        for i in sorted(set(input.reshape(-1).tolist())):
            row = weight[i]
            norm = row.norm(norm_type).item()
            if norm > max_norm:
                row.mul_(max_norm / (norm + 1e-7))


def embedding(input, weight, padding_idx=None, max_norm=None, norm_type=2.0, scale_grad_by_freq=False,
              sparse=False):
    if padding_idx is not None:
        if padding_idx > 0:
            if padding_idx >= weight.size(0):
                raise AssertionError("Padding_idx must be within num_embeddings")
        elif padding_idx < 0:
            if padding_idx < -weight.size(0):
                raise AssertionError("Padding_idx must be within num_embeddings")
            padding_idx = weight.size(0) + padding_idx
    else:
        padding_idx = -1
    if sparse and weight.requires_grad and torch.is_grad_enabled():
        raise NotImplementedError("nn.Embedding(sparse=True): sparse gradients are not supported by tensorplay; "
                                  "leave sparse=False (the gradient is then a dense tensor)")
    if max_norm is not None:
        input = input.contiguous()
        _no_grad_embedding_renorm_(weight, input, max_norm, norm_type)
    return _nn.embedding(weight, input, padding_idx, scale_grad_by_freq, sparse)


# ---- attention (composed in torch.nn._attention_functions) ----

from torch.nn._attention_functions import (  # noqa: E402,F401
    _canonical_mask, _in_projection, _in_projection_packed, _mha_shape_check, _none_or_dtype,
    multi_head_attention_forward, scaled_dot_product_attention,
)

# ---- vision layers: transposed convolution, group and instance norm, interpolation, pixel shuffle,
# unfold / fold, max unpooling (nn/_vision_functions.py) ----

from torch.nn._vision_functions import (  # noqa: E402,F401
    affine_grid, conv_transpose1d, conv_transpose2d, conv_transpose3d, fold, grid_sample, group_norm, instance_norm, interpolate, max_unpool1d, max_unpool2d, max_unpool3d,
    pixel_shuffle, pixel_unshuffle, unfold, upsample, upsample_bilinear, upsample_nearest,
)
from torch.nn._bilinear import bilinear  # noqa: E402,F401  (F.bilinear)
from torch.nn._fractional_pool import (  # noqa: E402,F401
    fractional_max_pool2d, fractional_max_pool2d_with_indices, fractional_max_pool3d, fractional_max_pool3d_with_indices,
)
from torch.nn._more_functions import (  # noqa: E402,F401
    channel_shuffle, conv_tbc, embedding_bag, kl_div, local_response_norm, native_channel_shuffle, pdist, rms_norm,
)
from torch.nn._linear_cross_entropy import linear_cross_entropy  # noqa: E402,F401
from torch._C import relu_  # noqa: E402,F401  (F.relu_ is torch.relu_, as in PyTorch)
