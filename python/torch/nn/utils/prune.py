"""torch.nn.utils.prune. Pruning module.<name> moves the parameter to <name>_orig, keeps a 0/1
buffer <name>_mask, and makes <name> their product; the pruning method itself is the forward
pre-hook that recomputes that product before each call, so gradients reach <name>_orig. Pruning
the same tensor again stacks the new method into a PruningContainer, which lets it see only what
the earlier ones left. remove() bakes the product into a plain parameter again. Random methods draw
with the same torch calls in the same order as PyTorch, so seeded masks agree; error texts are
PyTorch's."""

import numbers
from abc import ABC, abstractmethod
from collections.abc import Iterable

import torch


# ---- the rules the methods share ----

def _checked_amount(amount):
    """amount, once known to be a count (int >= 0) or a fraction (float in [0, 1])."""
    if not isinstance(amount, numbers.Real):
        raise TypeError(f"Invalid type for amount: {amount}. Must be int or float.")
    if amount < 0 if isinstance(amount, numbers.Integral) else float(amount) > 1.0 or float(amount) < 0.0:
        raise ValueError(
            f"amount={amount} should either be a float in the range [0, 1] or a non-negative integer")
    return amount


def _count_to_prune(amount, size):
    """How many of size units amount removes; a count may not exceed size."""
    count = amount if isinstance(amount, numbers.Integral) else round(amount * size)
    if count > size:
        raise ValueError(f"amount={count} should be smaller than the number of parameters to prune={size}")
    return count


def _structured_count(t, dim, amount):
    """_count_to_prune over the channels along dim, once t is known to have channels there."""
    if t.dim() <= 1:
        raise ValueError("Structured pruning can only be applied to multidimensional tensors. "
                         f"Found tensor of shape {t.shape} with {t.dim()} dims")
    if dim >= t.dim():
        raise IndexError(f"Invalid index {dim} for tensor of size {t.shape}")
    return _count_to_prune(amount, t.shape[dim])


def _along(dim, index, ndim):
    """An index tuple that applies index on dim (negative counts from the end) and takes
    everything elsewhere."""
    return tuple(index if d == dim % ndim else slice(None) for d in range(ndim))


def _check_scores(scores, t, what):
    """The importance scores to rank by: t itself unless scores of t's shape are given (what()
    names t in the error; a function, so that a module's repr is only built for the error)."""
    if scores is None:
        return t
    if scores.shape != t.shape:
        raise AssertionError(f"importance_scores should have the same shape as {what()}, "
                             f"got {scores.shape} vs {t.shape}")
    return scores


def _zero_entries(default_mask, count, scores, largest):
    """A copy of default_mask with the entries of the count largest (or smallest) scores zeroed."""
    mask = default_mask.clone()
    if count:  # topk cannot take k=0
        mask.view(-1)[torch.topk(scores.view(-1), k=count, largest=largest).indices] = 0
    return mask


def _keep_channels(t, dim, channels, default_mask):
    """default_mask restricted to the chosen channels along dim."""
    mask = torch.zeros_like(t)
    mask[_along(dim, channels, t.dim())] = 1
    mask *= default_mask.to(dtype=mask.dtype)
    return mask


def _compute_norm(t, n, dim):
    """The n-norm of each channel along dim, as torch.norm took it: 'nuc', and 'fro' over two
    remaining dims, are matrix norms; any other n is a norm of the flattened channel."""
    rest = [d for d in range(t.dim()) if d != dim % t.dim()]
    if n == "nuc" or (n == "fro" and len(rest) == 2):
        return torch.linalg.matrix_norm(t, ord=n, dim=rest if len(rest) == 2 else (-2, -1))
    return torch.linalg.vector_norm(t, ord=2 if n == "fro" else n, dim=rest)


def _prunes(hook, name=None):
    return isinstance(hook, BasePruningMethod) and (name is None or hook._tensor_name == name)


def _take_pruning_hook(module, name):
    """Detaches the pruning hook already on module.<name> (None if there is none)."""
    keys = [k for k, hook in module._forward_pre_hooks.items() if _prunes(hook, name)]
    if len(keys) > 1:
        raise AssertionError(f"Avoid adding multiple pruning hooks to the same tensor {name} "
                             f"of module {module}. Use a PruningContainer.")
    return module._forward_pre_hooks.pop(keys[0]) if keys else None


def _alive(method, t, mask):
    """The part of t the next method of a container may still prune, by its PRUNING_TYPE."""
    kind = method.PRUNING_TYPE
    if kind == "unstructured":  # the entries not pruned yet
        return mask == 1
    if kind == "structured":  # the channels not entirely pruned yet
        if not hasattr(method, "dim"):
            raise AttributeError('Pruning methods of PRUNING_TYPE "structured" need to have the '
                                 "attribute `dim` defined.")
        dim = method.dim + t.dim() if method.dim < 0 else method.dim
        if dim < 0:
            raise IndexError(f"Index is out of bounds for tensor with dimensions {t.dim()}")
        alive = mask.sum(dim=[d for d in range(t.dim()) if d != dim]) != 0
        return _along(dim, alive, t.dim())
    if kind == "global":  # all of it
        return (slice(None),) * t.dim()
    raise ValueError(f"Unrecognized PRUNING_TYPE {kind}")


# ---- the methods ----

class BasePruningMethod(ABC):
    """A way to choose a mask; attached to a module it is also the hook that reapplies it."""

    def __call__(self, module, inputs):
        setattr(module, self._tensor_name, self.apply_mask(module))

    @abstractmethod
    def compute_mask(self, t, default_mask):
        """The mask (1 keep, 0 prune) of t, starting from default_mask."""

    def apply_mask(self, module):
        """<name>_orig times <name>_mask: the pruned tensor."""
        if self._tensor_name is None:
            raise AssertionError(f"Module {module} has to be pruned")
        mask = getattr(module, self._tensor_name + "_mask")
        orig = getattr(module, self._tensor_name + "_orig")
        return mask.to(dtype=orig.dtype) * orig

    @classmethod
    def apply(cls, module, name, *args, importance_scores=None, **kwargs):
        """Prunes module.<name> with cls(*args, **kwargs), after any pruning it already has."""
        earlier = _take_pruning_hook(module, name)  # detached before cls may reject its arguments
        method = cls(*args, **kwargs)
        method._tensor_name = name
        if earlier is not None:
            if not isinstance(earlier, PruningContainer):
                earlier = PruningContainer(earlier)
            earlier.add_pruning_method(method)
            method = earlier
        orig = getattr(module, name)
        importance_scores = _check_scores(importance_scores, orig, lambda: f"parameter {name} of {module}")
        first = not isinstance(method, PruningContainer)
        if first:
            module.register_parameter(name + "_orig", orig)
            del module._parameters[name]
            default_mask = torch.ones_like(orig)
        else:
            default_mask = getattr(module, name + "_mask").detach().clone()
        try:
            mask = method.compute_mask(importance_scores, default_mask=default_mask)
            module.register_buffer(name + "_mask", mask)
            setattr(module, name, method.apply_mask(module))
            module.register_forward_pre_hook(method)
        except Exception:
            if first:  # leave the module as it was
                module.register_parameter(name, getattr(module, name + "_orig"))
                del module._parameters[name + "_orig"]
            raise
        return method

    def prune(self, t, default_mask=None, importance_scores=None):
        """t with this method's mask applied (ranked by importance_scores when given)."""
        scores = _check_scores(importance_scores, t, lambda: "tensor t")
        default_mask = torch.ones_like(t) if default_mask is None else default_mask
        return t * self.compute_mask(scores, default_mask=default_mask)

    def remove(self, module):
        """Makes the pruning permanent: <name> becomes a parameter holding the pruned values."""
        name = self._tensor_name
        if name is None:
            raise AssertionError(f"Module {module} has to be pruned before pruning can be removed")
        pruned = self.apply_mask(module)
        if hasattr(module, name):
            delattr(module, name)
        orig = module._parameters[name + "_orig"]
        orig.data = pruned.data
        del module._parameters[name + "_orig"]
        del module._buffers[name + "_mask"]
        setattr(module, name, orig)


class PruningContainer(BasePruningMethod):
    """The successive pruning methods of one tensor; the newest decides the next mask."""

    def __init__(self, *args):
        self._pruning_methods = ()
        if len(args) == 1:
            self._tensor_name = args[0]._tensor_name
        for method in args:
            self.add_pruning_method(method)

    def add_pruning_method(self, method):
        if not isinstance(method, BasePruningMethod) and method is not None:
            raise TypeError(f"{type(method)} is not a BasePruningMethod subclass")
        if method is not None and self._tensor_name != method._tensor_name:
            raise ValueError(f"Can only add pruning methods acting on the parameter named "
                             f"'{self._tensor_name}' to PruningContainer {self}. Found '{method._tensor_name}'")
        self._pruning_methods += (method,)

    def __len__(self):
        return len(self._pruning_methods)

    def __iter__(self):
        return iter(self._pruning_methods)

    def __getitem__(self, idx):
        return self._pruning_methods[idx]

    def compute_mask(self, t, default_mask):
        """default_mask with the newest method's mask of the still-alive part written in."""
        method = self._pruning_methods[-1]
        mask = default_mask.to(dtype=t.dtype)
        where = _alive(method, t, default_mask)
        part = method.compute_mask(t[where], default_mask=default_mask[where])
        mask[where] = part.to(dtype=mask.dtype)
        return mask


class Identity(BasePruningMethod):
    """Prunes nothing: only sets up the <name>_orig / <name>_mask reparametrization."""
    PRUNING_TYPE = "unstructured"

    def compute_mask(self, t, default_mask):
        return default_mask

    @classmethod
    def apply(cls, module, name):
        return super().apply(module, name)


class RandomUnstructured(BasePruningMethod):
    """Prunes amount entries chosen at random."""
    PRUNING_TYPE = "unstructured"

    def __init__(self, amount):
        self.amount = _checked_amount(amount)

    def compute_mask(self, t, default_mask):
        count = _count_to_prune(self.amount, t.nelement())
        return _zero_entries(default_mask, count, torch.rand_like(t) if count else None, largest=True)

    @classmethod
    def apply(cls, module, name, amount):
        return super().apply(module, name, amount=amount)


class L1Unstructured(BasePruningMethod):
    """Prunes the amount entries of smallest magnitude."""
    PRUNING_TYPE = "unstructured"

    def __init__(self, amount):
        self.amount = _checked_amount(amount)

    def compute_mask(self, t, default_mask):
        return _zero_entries(default_mask, _count_to_prune(self.amount, t.nelement()), t.abs(), largest=False)

    @classmethod
    def apply(cls, module, name, amount, importance_scores=None):
        return super().apply(module, name, amount=amount, importance_scores=importance_scores)


class RandomStructured(BasePruningMethod):
    """Prunes amount whole channels along dim, chosen at random."""
    PRUNING_TYPE = "structured"

    def __init__(self, amount, dim=-1):
        self.amount = _checked_amount(amount)
        self.dim = dim

    def compute_mask(self, t, default_mask):
        count = _structured_count(t, self.dim, self.amount)
        if count == 0:  # kthvalue cannot take k=0
            return default_mask
        draws = torch.rand(t.shape[self.dim])
        return _keep_channels(t, self.dim, draws > torch.kthvalue(draws, k=count).values, default_mask)

    @classmethod
    def apply(cls, module, name, amount, dim=-1):
        return super().apply(module, name, amount=amount, dim=dim)


class LnStructured(BasePruningMethod):
    """Prunes the amount channels along dim of smallest n-norm."""
    PRUNING_TYPE = "structured"

    def __init__(self, amount, n, dim=-1):
        self.amount = _checked_amount(amount)
        self.n = n
        self.dim = dim

    def compute_mask(self, t, default_mask):
        count = _structured_count(t, self.dim, self.amount)
        norms = _compute_norm(t, self.n, self.dim)
        kept = torch.topk(norms, k=t.shape[self.dim] - count, largest=True).indices
        return default_mask if count == 0 else _keep_channels(t, self.dim, kept, default_mask)

    @classmethod
    def apply(cls, module, name, amount, n, dim, importance_scores=None):
        return super().apply(module, name, amount=amount, n=n, dim=dim, importance_scores=importance_scores)


class CustomFromMask(BasePruningMethod):
    """Prunes where a given mask is 0."""
    PRUNING_TYPE = "global"

    def __init__(self, mask):
        self.mask = mask

    def compute_mask(self, t, default_mask):
        if default_mask.shape != self.mask.shape:
            raise AssertionError(
                f"default_mask shape {default_mask.shape} must match self.mask shape {self.mask.shape}")
        return default_mask * self.mask.to(dtype=default_mask.dtype)

    @classmethod
    def apply(cls, module, name, mask):
        return super().apply(module, name, mask=mask)


# ---- the functional forms: each prunes module.<name> in place and returns module ----

def identity(module, name):
    Identity.apply(module, name)
    return module


def random_unstructured(module, name, amount):
    RandomUnstructured.apply(module, name, amount)
    return module


def l1_unstructured(module, name, amount, importance_scores=None):
    L1Unstructured.apply(module, name, amount=amount, importance_scores=importance_scores)
    return module


def random_structured(module, name, amount, dim):
    RandomStructured.apply(module, name, amount, dim)
    return module


def ln_structured(module, name, amount, n, dim, importance_scores=None):
    LnStructured.apply(module, name, amount, n, dim, importance_scores=importance_scores)
    return module


def custom_from_mask(module, name, mask):
    CustomFromMask.apply(module, name, mask)
    return module


def global_unstructured(parameters, pruning_method, importance_scores=None, **kwargs):
    """Ranks the (module, name) tensors together, as one flat vector, and prunes each with its
    slice of the joint mask (as a CustomFromMask)."""
    if not isinstance(parameters, Iterable):
        raise TypeError("global_unstructured(): parameters is not an Iterable")
    importance_scores = {} if importance_scores is None else importance_scores
    if not isinstance(importance_scores, dict):
        raise TypeError("global_unstructured(): importance_scores must be of type dict")
    flat = torch.nn.utils.parameters_to_vector
    scores = flat([importance_scores.get((m, n), getattr(m, n)) for m, n in parameters])
    masks = flat([getattr(m, n + "_mask", torch.ones_like(getattr(m, n))) for m, n in parameters])
    method = pruning_method(**kwargs)
    if method.PRUNING_TYPE != "unstructured":
        raise TypeError('Only "unstructured" PRUNING_TYPE supported for the `pruning_method`. '
                        f"Found method {pruning_method} of type {method.PRUNING_TYPE}")
    joint = PruningContainer()  # so that the method sees only the entries still alive
    joint._tensor_name = method._tensor_name = "temp"
    joint.add_pruning_method(method)
    mask = joint.compute_mask(scores, masks)
    start = 0
    for m, n in parameters:
        tensor = getattr(m, n)
        custom_from_mask(m, n, mask=mask[start:start + tensor.numel()].view_as(tensor))
        start += tensor.numel()


def remove(module, name):
    """Makes the pruning of module.<name> permanent and drops its hook."""
    for key, hook in module._forward_pre_hooks.items():
        if _prunes(hook, name):
            hook.remove(module)
            del module._forward_pre_hooks[key]
            return module
    raise ValueError(f"Parameter '{name}' of module {module} has to be pruned before pruning can be removed")


def is_pruned(module):
    """Whether module or any submodule carries a pruning hook."""
    return any(_prunes(hook) for m in module.modules() for hook in m._forward_pre_hooks.values())
