"""F.normalize, F.cosine_similarity, F.pairwise_distance and F.one_hot, composed of tensor ops in
the order ATen's kernels use (native/Distance.cpp, native/Onehot.cpp, torch/nn/functional.py),
so values are PyTorch's bit for bit and gradients, devices and the simulated GPU come for free."""
import torch
from torch._C import Tensor
from torch._broadcast import infer_size


def _check(fname, position, name, value, kind, kind_name):
    if not isinstance(value, kind) or (isinstance(value, bool) and kind_name in ("int", "float")):
        raise TypeError(f"{fname}(): argument '{name}' (position {position}) must be {kind_name}, "
                        f"not {type(value).__name__}")


def normalize(input, p=2.0, dim=1, eps=1e-12, out=None):
    denom = input.norm(p, dim, keepdim=True).clamp(min=eps).expand_as(input)
    if out is None:
        return input / denom
    return torch.div(input, denom, out=out)


def cosine_similarity(x1, x2, dim=1, eps=1e-8):
    _check("cosine_similarity", 1, "x1", x1, Tensor, "Tensor")
    _check("cosine_similarity", 2, "x2", x2, Tensor, "Tensor")
    _check("cosine_similarity", 3, "dim", dim, int, "int")
    _check("cosine_similarity", 4, "eps", eps, (int, float), "float")
    common = torch.result_type(x1, x2)
    if not common.is_floating_point:
        raise RuntimeError(f"expected common dtype to be floating point, yet common dtype is {_aten_name(common)}")
    # Integer (and bool) inputs are converted first: vector_norm takes floating tensors only.
    if not x1.dtype.is_floating_point:
        x1 = x1.to(common)
    if not x2.dtype.is_floating_point:
        x2 = x2.to(common)
    shape = infer_size(x1.shape, x2.shape)
    x1, x2 = x1.expand(shape), x2.expand(shape)
    # Each side is divided by its norm before the product, which keeps the result in [-1, 1].
    # The clamp to eps happens outside autograd, in place on a clone, as ATen's does.
    x1_norm = torch.linalg.vector_norm(x1, 2, dim=dim, keepdim=True).clone()
    x2_norm = torch.linalg.vector_norm(x2, 2, dim=dim, keepdim=True).clone()
    with torch.no_grad():
        x1_norm.clamp_(min=eps)
        x2_norm.clamp_(min=eps)
    return ((x1 / x1_norm) * (x2 / x2_norm)).sum(dim)


def pairwise_distance(x1, x2, p=2.0, eps=1e-6, keepdim=False):
    _check("pairwise_distance", 1, "x1", x1, Tensor, "Tensor")
    _check("pairwise_distance", 2, "x2", x2, Tensor, "Tensor")
    # The norm runs over the last dim of the broadcast result, whichever input has more dims.
    innermost_dim = max(x1.dim(), x2.dim()) - 1
    return torch.norm(x1 - x2 + eps, p, innermost_dim, keepdim)


def one_hot(tensor, num_classes=-1):
    _check("one_hot", 1, "input", tensor, Tensor, "Tensor")
    _check("one_hot", 2, "num_classes", num_classes, int, "int")
    if tensor.dtype != torch.int64:
        raise RuntimeError("one_hot is only applicable to index tensor of type LongTensor.")
    shape = tuple(tensor.shape)
    if tensor.numel() == 0:
        if num_classes <= 0:
            raise RuntimeError("Can not infer total number of classes from empty tensor.")
        return torch.empty(shape + (num_classes,), dtype=torch.int64, device=tensor.device)
    from torch.func._batched_tensor import is_batched
    if is_batched(tensor):  # under vmap PyTorch skips the host-side checks: bad classes give zero rows
        if num_classes < 1:
            raise RuntimeError("When vmap-ing torch.nn.functional.one_hot, please provide an explicit positive "
                               "num_classes argument.")
        return (tensor.unsqueeze(-1) == torch.arange(num_classes, device=tensor.device)).long()
    # On a GPU PyTorch skips the host-side checks (a sync each) and leaves bad classes to
    # scatter's device assert; elsewhere it checks them first.
    on_gpu = tensor.device.type == "cuda"
    if not on_gpu and tensor.min().item() < 0:
        raise RuntimeError("Class values must be non-negative.")
    if num_classes == -1:
        num_classes = tensor.max().item() + 1
    elif not on_gpu and num_classes <= tensor.max().item():
        raise RuntimeError("Class values must be smaller than num_classes.")
    elif on_gpu and num_classes < 1:
        raise RuntimeError("num_classes should be positive")
    result = torch.zeros(shape + (num_classes,), dtype=torch.int64, device=tensor.device)
    return result.scatter_(-1, tensor.unsqueeze(-1), 1)


def _aten_name(dtype):
    """ATen's scalar type name of a dtype (Long, Float, ...), as its error texts print it."""
    return {torch.int64: "Long", torch.int32: "Int", torch.uint8: "Byte", torch.bool: "Bool",
            torch.float16: "Half", torch.bfloat16: "BFloat16", torch.float32: "Float",
            torch.float64: "Double"}.get(dtype, str(dtype))
