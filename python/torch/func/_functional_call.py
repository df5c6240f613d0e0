"""torch.func.functional_call: a module run with other tensors in place of its parameters and
buffers (swapped in for the call, put back after, as torch.nn.utils.stateless does), and
stack_module_state: several same-class models' states stacked for vmap (model ensembling)."""
import contextlib

import torch

_MISSING = object()


def _owner(module, name):
    *path, leaf = name.split(".")
    for part in path:
        module = getattr(module, part)
    return module, leaf


def _swap(module, name, tensor):
    """Puts tensor at module's dotted name; returns what was there (_MISSING where nothing was)."""
    owner, leaf = _owner(module, name)
    for table in (owner._parameters, owner._buffers):
        if leaf in table:
            old = table[leaf]
            if tensor is _MISSING:
                del table[leaf]
            else:
                table[leaf] = tensor
            return old
    old = getattr(owner, leaf, _MISSING)
    if tensor is _MISSING:
        delattr(owner, leaf)
    else:
        setattr(owner, leaf, tensor)
    return old


def _untied(module, tensors):
    """Tied weights (one tensor under several names) all take the value given for any of them."""
    names_of = {}
    for name, t in list(module.named_parameters(remove_duplicate=False)) + \
            list(module.named_buffers(remove_duplicate=False)):
        names_of.setdefault(id(t), []).append(name)
    result = dict(tensors)
    for names in names_of.values():
        given = [n for n in names if n in tensors]
        if given:
            for n in names:
                result.setdefault(n, tensors[given[0]])
    return result


@contextlib.contextmanager
def _reparametrized(module, tensors, tie_weights, strict):
    if tie_weights:
        tensors = _untied(module, tensors)
    if strict:
        valid = {n for n, _ in list(module.named_parameters(remove_duplicate=False)) +
                 list(module.named_buffers(remove_duplicate=False))}
        missing, unexpected = sorted(valid - set(tensors)), sorted(set(tensors) - valid)
        errors = []
        if unexpected:
            errors.append(f"Unexpected key(s): {', '.join(map(repr, unexpected))}.")
        if missing:
            errors.append(f"Missing key(s): {', '.join(map(repr, missing))}.")
        if errors:
            raise RuntimeError("Error(s) in reparametrizing for {}:\n\t{}".format(module._get_name(),
                                                                                 "\n\t".join(errors)))
    originals = {}
    try:
        for name, t in tensors.items():
            originals[name] = _swap(module, name, t)
        yield
    finally:
        for name, t in originals.items():
            _swap(module, name, t)


def functional_call(module, parameter_and_buffer_dicts, args=None, kwargs=None, *, tie_weights=True, strict=False):
    """module(*args, **kwargs) with the given parameters and buffers in place of its own."""
    if isinstance(parameter_and_buffer_dicts, dict):
        tensors = parameter_and_buffer_dicts
    elif isinstance(parameter_and_buffer_dicts, (tuple, list)):
        if not all(isinstance(d, dict) for d in parameter_and_buffer_dicts):
            raise ValueError("Expected all elements of parameter_and_buffer_dicts to be dictionaries")
        keys = [k for d in parameter_and_buffer_dicts for k in d]
        repeated = [k for i, k in enumerate(keys) if keys.count(k) > 1 and keys.index(k) == i]
        if repeated:
            raise ValueError(f"{repeated} appeared in multiple dictionaries; behavior of functional call is ambiguous")
        tensors = {k: v for d in parameter_and_buffer_dicts for k, v in d.items()}
    else:
        raise ValueError(f"Expected parameter_and_buffer_dicts to be a dict, or a list/tuple of dicts, but got "
                         f"{type(parameter_and_buffer_dicts)}")
    if isinstance(module, torch.nn.DataParallel):
        raise RuntimeError("The stateless API can't be used with nn.DataParallel module")
    kwargs = {} if kwargs is None else kwargs
    args = () if args is None else args if isinstance(args, tuple) else (args,)
    with _reparametrized(module, tensors, tie_weights, strict):
        return module(*args, **kwargs)


def _stacked_leaf(tensors, name):
    if len({t.requires_grad for t in tensors}) > 1:
        raise RuntimeError(f"Expected {name} from each model to have the same .requires_grad")
    result = torch.stack(tensors)
    return result.detach().requires_grad_() if tensors[0].requires_grad else result


def stack_module_state(models):
    """(params, buffers): each name's tensors of every model stacked at a new dim 0."""
    if len(models) == 0:
        raise RuntimeError("stack_module_state: Expected at least one model, got 0.")
    if len({m.training for m in models}) > 1:
        raise RuntimeError("stack_module_state: Expected all models to have the same training/eval mode.")
    if any(type(m) is not type(models[0]) for m in models):
        raise RuntimeError("stack_module_state: Expected all models to be of the same class.")
    params = [dict(m.named_parameters()) for m in models]
    buffers = [dict(m.named_buffers()) for m in models]
    return ({k: _stacked_leaf(tuple(p[k] for p in params), k) for k in params[0]},
            {k: _stacked_leaf(tuple(b[k] for b in buffers), k) for k in buffers[0]})
