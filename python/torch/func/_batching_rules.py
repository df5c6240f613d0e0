"""vmap's batching rules, one per op family: the table from op name to rule. A rule gets the
op (to call on the unwrapped values), its arguments and the vmap level, and returns the
sample's view of the result; a batched value always carries the batch at dim 0.

Design: the families read the op tables where the tables say enough. Every row of
core/backends/unary_ops.def and binary_ops.def (torch._C._elementwise_op_names) and its
in-place form gets the broadcasting rule with no list of its own here; the other families
(reductions and ops with a dim, the matmul family, view/shape ops, indexing, nn layers and
losses, random ops) name their ops once below, with what the rule must know of each (where its
dim argument is). nn.functional layers with no rule of their own compose from these (linear is
a matmul and an add). An op in no family takes PyTorch's fallback (torch.func._fallback)."""
import torch
from torch.func import _rules_dims as dims
from torch.func import _rules_nn as nn
from torch.func import _rules_random as rnd
from torch.func import _rules_shapes as shapes
from torch.func._rules_dims import ALL, dim_rule
from torch.func._rules_pointwise import copy_, elementwise

_FAMILIES = {
    # reductions and scans: (position, keyword, default) of each dim argument; ALL: absent means every dim
    dim_rule((1, "dim", ALL)): ("sum", "mean", "prod", "amax", "amin", "argmax", "argmin", "all", "any", "nansum",
                                "nanmean", "count_nonzero", "std", "var", "median", "nanmedian", "logsumexp",
                                "std_mean", "var_mean"),
    dims.max_min: ("max", "min"),
    dim_rule((2, "dim", ALL)): ("norm",),
    dim_rule((1, "dim", None)): ("cumsum", "cumprod", "cummax", "cummin", "logcumsumexp", "select", "narrow",
                                 "unflatten", "index_select", "flip"),
    dim_rule((1, "dim", -1)): ("sort", "argsort"),
    dim_rule((2, "dim", -1)): ("topk", "kthvalue"),
    dim_rule((1, "dim", 0)): ("unbind",),
    dim_rule((2, "dim", 0)): ("split", "chunk", "tensor_split", "split_with_sizes"),
    dim_rule((1, "dim0", None), (2, "dim1", None)): ("transpose", "swapaxes", "swapdims"),
    dim_rule((1, "source", None), (2, "destination", None)): ("movedim", "moveaxis"),
    dim_rule((1, "start_dim", 0), (2, "end_dim", -1)): ("flatten",),
    dim_rule((2, "dim1", 0), (3, "dim2", 1)): ("diagonal",),
    dim_rule((2, "dims", None)): ("roll",),
    dim_rule((1, "dim", None), extra=1): ("unsqueeze",),
    dim_rule((1, "dim", None), together=True): ("gather", "scatter", "scatter_add", "take_along_dim", "scatter_",
                                                "scatter_add_"),
    dims.softmax: ("softmax", "log_softmax"),
    dims.squeeze: ("squeeze",),
    dims.list_rule(0): ("cat", "concat", "concatenate"),
    dims.list_rule(1): ("stack",),
    # the matmul family, and layers composed from it
    shapes.matmul: ("matmul", "mm", "bmm", "mv", "dot", "__matmul__"),
    shapes.einsum: ("einsum",),
    shapes.composite(shapes.linear): ("linear",),
    shapes.composite(shapes.addmm): ("addmm",),
    shapes.composite(shapes.outer): ("outer", "ger"),
    # views, shapes and indexing
    shapes.reshape: ("reshape", "view"),
    shapes.reshape_as: ("reshape_as", "view_as"),
    shapes.expand: ("expand", "broadcast_to"),
    shapes.expand_as: ("expand_as",),
    shapes.permute: ("permute",),
    shapes.transpose_2d: ("t",),
    shapes.repeat: ("repeat",),
    shapes.getitem: ("__getitem__",),
    shapes.setitem: ("__setitem__",),
    copy_: ("copy_",),
    # the same shape in and out, elementwise beyond the .def rows
    elementwise: ("where", "masked_fill", "masked_fill_", "lerp", "lerp_", "addcmul", "addcdiv", "clamp_min",
                  "clamp_max", "true_divide", "rsub", "float_power", "contiguous", "clone", "detach", "to",
                  "type_as", "float", "double", "half", "bfloat16", "long", "int", "short", "bool", "byte", "char",
                  "cpu", "cuda", "zero_", "fill_", "requires_grad_", "isclose", "zeros_like", "ones_like",
                  "full_like", "empty_like", "hardswish", "hardsigmoid", "relu6", "selu", "threshold"),
    # ops that read only the sample's trailing dims
    shapes.agnostic: ("embedding", "layer_norm", "pad", "tril", "triu"),
    # nn layers: the op's own batch dim takes vmap's batch
    nn.conv(3): ("conv1d",),
    nn.conv(4): ("conv2d",),
    nn.conv(5): ("conv3d",),
    nn.leading_batch(3): ("max_pool1d", "avg_pool1d", "adaptive_avg_pool1d", "adaptive_max_pool1d"),
    nn.leading_batch(4): ("max_pool2d", "avg_pool2d", "adaptive_avg_pool2d", "adaptive_max_pool2d",
                          "conv_transpose2d", "interpolate", "upsample"),
    nn.leading_batch(5): ("max_pool3d", "avg_pool3d", "adaptive_avg_pool3d"),
    nn.pointwise_loss: ("mse_loss", "l1_loss", "smooth_l1_loss", "huber_loss", "binary_cross_entropy",
                        "binary_cross_entropy_with_logits", "soft_margin_loss", "kl_div"),
    nn.class_loss: ("cross_entropy", "nll_loss"),
    rnd.random: rnd.CREATION + ("rand_like", "randn_like", "randint_like", "bernoulli", "multinomial", "poisson",
                                "dropout", "uniform_", "normal_", "bernoulli_", "exponential_", "random_",
                                "cauchy_", "log_normal_", "geometric_"),
    rnd.dynamic_shape: ("nonzero", "unique", "unique_consecutive", "masked_select", "argwhere"),
}

_RULES = {}
for _name in torch._C._elementwise_op_names:  # the rows of unary_ops.def and binary_ops.def
    _RULES[_name] = _RULES[_name + "_"] = elementwise
for _rule, _names in _FAMILIES.items():
    for _name in _names:
        _RULES[_name] = _rule

RANDOM_OPS = _FAMILIES[rnd.random]


def rule_for(name):
    """The batching rule of the op called name (torch.special's kernels are special_NAME), or None
    for PyTorch's fallback."""
    return _RULES.get(name) or _RULES.get(name.removeprefix("special_"))
