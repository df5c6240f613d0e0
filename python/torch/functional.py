"""torch.functional: the module PyTorch keeps some tensor functions in (tutorials import it as
`import torch.functional as F`); each name here is the torch function of the same name."""
import torch

__all__ = [name for name in ("broadcast_tensors", "norm", "split", "unique", "einsum", "meshgrid", "tensordot",
                             "atleast_1d", "atleast_2d", "atleast_3d", "cdist", "chain_matmul")
           if hasattr(torch, name)]
globals().update({name: getattr(torch, name) for name in __all__})
