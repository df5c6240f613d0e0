"""The linear-algebra names from before torch.linalg that tutorials still call: torch.svd (U, S, V
with V not transposed; some=, compute_uv=) and torch.matrix_power / Tensor.matrix_power, computed
by torch.linalg."""
import torch
from torch import return_types


def svd(input, some=True, compute_uv=True, *, out=None):
    """svd(input, some=True, compute_uv=True): input = U diag(S) V^T. Without compute_uv, U and V
    are zero-filled (m, m) and (n, n) matrices, as in PyTorch."""
    from torch import linalg
    if compute_uv:
        U, S, Vh = linalg.svd(input, full_matrices=not some)
        V = Vh.mT
    else:
        S = linalg.svdvals(input)
        m, n = input.shape[-2], input.shape[-1]
        U = torch.zeros(*input.shape[:-2], m, m, dtype=input.dtype, device=input.device)
        V = torch.zeros(*input.shape[:-2], n, n, dtype=input.dtype, device=input.device)
    result = return_types.svd((U, S, V))
    if out is not None:
        for target, value in zip(out, result):
            target.resize_(value.shape).copy_(value)
        return return_types.svd(tuple(out))
    return result


def matrix_power(input, n):
    from torch import linalg
    return linalg.matrix_power(input, n)


def _tensor_svd(self, some=True, compute_uv=True):
    return svd(self, some, compute_uv)


def _install():
    torch.Tensor.svd = _tensor_svd
    torch.Tensor.matrix_power = matrix_power
