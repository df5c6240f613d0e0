"""The in-place view ops: x.t_(), squeeze_, unsqueeze_, transpose_ (swapaxes_, swapdims_) and
as_strided_ give x itself the view's shape and strides over the same storage, with the checks
and texts of the out-of-place view. A leaf that requires grad refuses them as PyTorch does; for
a tensor with a grad_fn tensorplay cannot yet rewrite the graph in place and says so."""
import torch


def _reshaped_in_place(name, view):
    def method(self, *args, **kwargs):
        result = view(self, *args, **kwargs)  # the view's own checks and errors first
        if self.requires_grad:
            if self.is_leaf:
                raise RuntimeError("a leaf Variable that requires grad is being used in an in-place operation.")
            raise NotImplementedError(f"tensorplay: {name}() on a tensor with a grad_fn is not supported; use the "
                                      f"out-of-place {name[:-1]}() instead")
        with torch.no_grad():
            self.data = result
        return self
    method.__name__ = method.__qualname__ = name
    method.__doc__ = f"x.{name}(...): x becomes x.{name[:-1]}(...) in place (same storage)"
    return method


def _t(self):
    if self.dim() > 2:
        raise RuntimeError(f"t_() expects a tensor with <= 2 dimensions, but self is {self.dim()}D")
    return self.t()


# method: the view it makes of self
_VIEWS = {"squeeze_": "squeeze", "unsqueeze_": "unsqueeze", "transpose_": "transpose", "swapaxes_": "transpose",
          "swapdims_": "transpose", "as_strided_": "as_strided"}


def _install():
    torch.Tensor.t_ = _reshaped_in_place("t_", _t)
    for name, view in _VIEWS.items():
        setattr(torch.Tensor, name, _reshaped_in_place(name, getattr(torch.Tensor, view)))
