# reference: numpy 1.24 (Debian's, the numpy tensorplay embeds)
# numpy's protocols on tensors as PyTorch implements them: __array__ (np.array(t), numpy's
# functions), __array_wrap__ (a ufunc on a tensor gives a tensor back), __array_priority__
# (an array <op> a tensor defers to the tensor), numpy(force=True), and the refusals.
import warnings

import numpy as np
import torch

warnings.simplefilter("always")


def show(label, f):
    try:
        r = f()
    except Exception as e:
        print(f"{label}: {type(e).__name__}: {e}")
        return
    if isinstance(r, torch.Tensor):
        print(f"{label}: Tensor {r.dtype} {tuple(r.shape)}\n{r}")
    elif isinstance(r, np.ndarray):
        print(f"{label}: ndarray {r.dtype} {r.shape}\n{r}")
    else:
        print(f"{label}: {type(r).__name__} {r}")


t = torch.arange(12.).reshape(3, 4)
show("np.array(torch.ones(2))", lambda: np.array(torch.ones(2)))
show("np.asarray(int32 tensor)", lambda: np.asarray(torch.ones(2, dtype=torch.int32)))
show("np.array(t, dtype=np.float64)", lambda: np.array(torch.ones(2), dtype=np.float64))
show("np.array(bool tensor)", lambda: np.asarray(torch.tensor([True, False])))
show("np.array(0-dim tensor)", lambda: np.array(torch.tensor(3)))
show("np.array(t.T)", lambda: np.array(t.T))
show("t.__array__()", lambda: torch.ones(2).__array__())
show("t.__array__(np.int32)", lambda: torch.ones(2).__array__(np.int32))
show("t.__array__('f8')", lambda: torch.ones(2).__array__("f8"))
show("__array_priority__", lambda: torch.Tensor.__array_priority__)
show("t.__array_wrap__(bool array)", lambda: torch.ones(2).__array_wrap__(np.array([True, False])))
show("t.__array_wrap__(1)", lambda: torch.ones(2).__array_wrap__(1))

# Operators: a tensor on the left computes through numpy and comes back as a tensor; an array
# on the left defers to the tensor, which does not take arrays.
show("t * np.ones((3, 4))", lambda: t * np.ones((3, 4)))
show("t + np.ones((3, 4), dtype=np.float32)", lambda: t + np.ones((3, 4), dtype=np.float32))
show("t @ np.ones((4, 2))", lambda: t @ np.ones((4, 2)))
show("torch.ones(2) * np.array(2.0)", lambda: torch.ones(2) * np.array(2.0))
show("np.ones((3, 4)) * t", lambda: np.ones((3, 4)) * t)
show("np.ones(4) + t", lambda: np.ones(4) + t)
show("np.ones((2, 3)) @ t", lambda: np.ones((2, 3)) @ t)
show("t < np.ones((3, 4))", lambda: t < np.ones((3, 4)))

# numpy's functions on tensors.
show("np.exp(t)", lambda: np.exp(t))
show("np.sin(tensor)", lambda: np.sin(torch.tensor([0., 1.])))
show("np.exp(0-dim tensor)", lambda: np.exp(torch.tensor(1.)))
show("np.sqrt(int tensor)", lambda: np.sqrt(torch.tensor([4, 9])))
show("np.greater(tensor, 0)", lambda: np.greater(torch.tensor([0., 1.]), 0))
show("np.maximum(tensor, 1)", lambda: np.maximum(torch.tensor([0., 2.]), 1))
show("np.add(tensor, tensor)", lambda: np.add(torch.ones(2), torch.ones(2)))
show("np.isnan(t)", lambda: np.isnan(t))
show("np.clip(t, 1, 3)", lambda: np.clip(t, 1, 3))
show("np.round(t)", lambda: np.round(t))
show("np.transpose(t)", lambda: np.transpose(t))
show("np.concatenate(tensors)", lambda: np.concatenate([torch.ones(2), torch.zeros(1)]))
show("np.stack(tensors)", lambda: np.stack([torch.ones(2), torch.zeros(2)]))
show("np.argmax(tensor)", lambda: np.argmax(torch.tensor([1., 3., 2.])))
show("np.allclose(t, t)", lambda: np.allclose(t, t))
show("np.dot(t, t.T)", lambda: np.dot(t, t.T))
show("np.shape(t)", lambda: np.shape(t))
show("np.mean(t)", lambda: np.mean(t))
show("np.sum(t)", lambda: np.sum(t))
show("np.mean(t, axis=0)", lambda: np.mean(t, axis=0))
show("np.float32(0-dim tensor)", lambda: np.float32(torch.tensor(2.5)))
show("np.int64(0-dim tensor)", lambda: np.int64(torch.tensor(3)))
show("np.arange(4)[tensor]", lambda: np.arange(4)[torch.tensor([1, 2])])
show("np.arange(4)[0-dim tensor]", lambda: np.arange(4)[torch.tensor(1)])
show("np.arange(3)[bool tensor]", lambda: np.arange(3)[torch.tensor([True, False, True])])

# numpy() and its refusals.
show("requires grad: t.numpy()", lambda: torch.ones(2, requires_grad=True).numpy())
show("requires grad: np.array(t)", lambda: np.array(torch.ones(2, requires_grad=True)))
show("requires grad: np.exp(t)", lambda: np.exp(torch.ones(2, requires_grad=True)))
show("t.numpy(force=True)", lambda: torch.ones(2, requires_grad=True).numpy(force=True))
show("t.numpy(True)", lambda: torch.ones(2).numpy(True))
show("t.numpy(force=1)", lambda: torch.ones(2).numpy(force=1))
show("t.numpy(forc=1)", lambda: torch.ones(2).numpy(forc=1))
show("meta: t.numpy()", lambda: torch.ones(2, device="meta").numpy())
show("meta: np.array(t)", lambda: np.array(torch.ones(2, device="meta")))
show("bfloat16: np.asarray(t)", lambda: np.asarray(torch.ones(2, dtype=torch.bfloat16)))
show("cpu __cuda_array_interface__", lambda: torch.ones(2).__cuda_array_interface__)
show("hasattr(cpu, __cuda_array_interface__)", lambda: hasattr(torch.ones(2), "__cuda_array_interface__"))
