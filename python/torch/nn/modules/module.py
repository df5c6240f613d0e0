"""nn.Module, the base class of every layer and model: it registers the parameters, buffers and
submodules assigned to it, and walks them for parameters(), state_dict(), to(), train(), ...
Behaviour, names, key orders, reprs and error texts follow PyTorch's torch/nn/modules/module.py."""
from collections import OrderedDict, namedtuple
from collections.abc import Mapping

import torch
from torch._C import _nn
from torch.nn.parameter import Parameter, is_lazy


def _typename(value):
    """torch.typename: how PyTorch names a value's type in its messages ("torch.FloatTensor", "int")."""
    if isinstance(value, torch.Tensor):
        return value.type()
    module = getattr(value, "__module__", "") or ""
    qualname = getattr(value, "__qualname__", None) or type(value).__qualname__
    return qualname if module in ("", "builtins") else module + "." + qualname


def _addindent(text, spaces):
    """Indents every line of a child's repr but the first, which follows "(name): "."""
    lines = text.split("\n")
    if len(lines) == 1:
        return text
    pad = " " * spaces
    return lines[0] + "\n" + "\n".join(pad + line for line in lines[1:])


class _IncompatibleKeys(namedtuple("IncompatibleKeys", ["missing_keys", "unexpected_keys"])):
    """load_state_dict's answer; prints as PyTorch's when every key matched."""
    __slots__ = ()

    def __repr__(self):
        if not self.missing_keys and not self.unexpected_keys:
            return "<All keys matched successfully>"
        return f"_IncompatibleKeys(missing_keys={self.missing_keys!r}, unexpected_keys={self.unexpected_keys!r})"

    __str__ = __repr__


def _forward_unimplemented(self, *input):
    raise NotImplementedError(f'Module [{type(self).__name__}] is missing the required "forward" function')


class Module:
    """Base class for all neural network modules."""

    dump_patches = False
    _version = 1
    training: bool
    forward = _forward_unimplemented

    def __init__(self, *args, **kwargs):
        if kwargs:
            raise TypeError(f"{type(self).__name__}.__init__() got an unexpected keyword argument '{next(iter(kwargs))}'")
        if args:
            raise TypeError(f"{type(self).__name__}.__init__() takes 1 positional argument but {len(args) + 1} were given")
        # object.__setattr__ skips our own __setattr__, which needs these dicts to exist.
        setattr_ = super().__setattr__
        setattr_("training", True)
        setattr_("_parameters", {})
        setattr_("_buffers", {})
        setattr_("_non_persistent_buffers_set", set())
        setattr_("_modules", {})
        setattr_("_forward_hooks", OrderedDict())
        setattr_("_forward_pre_hooks", OrderedDict())

    def __getstate__(self):
        # torch.save(model): PyTorch's Module.__setstate__ supplies every hook dict that an old
        # checkpoint lacks but _backward_hooks, so the state carries an empty one for PyTorch.
        state = dict(self.__dict__)
        state.setdefault("_backward_hooks", OrderedDict())
        return state

    # ---- registration ----

    def register_buffer(self, name, tensor, persistent=True):
        if "_buffers" not in self.__dict__:
            raise AttributeError("cannot assign buffer before Module.__init__() call")
        self._check_name(name, "buffer")
        if tensor is not None and not isinstance(tensor, torch.Tensor):
            raise TypeError(f"cannot assign '{_typename(tensor)}' object to buffer '{name}' (torch Tensor or None required)")
        self._buffers[name] = tensor
        if persistent:
            self._non_persistent_buffers_set.discard(name)
        else:
            self._non_persistent_buffers_set.add(name)

    def register_parameter(self, name, param):
        if "_parameters" not in self.__dict__:
            raise AttributeError("cannot assign parameter before Module.__init__() call")
        self._check_name(name, "parameter", self._parameters)
        if param is None:
            self._parameters[name] = None
            return
        if not isinstance(param, Parameter):
            raise TypeError(f"cannot assign '{_typename(param)}' object to parameter '{name}' "
                            "(torch.nn.Parameter or None required)")
        if param.grad_fn is not None:
            raise ValueError(f"Cannot assign non-leaf Tensor to parameter '{name}'. Model parameters must be created "
                             f"explicitly. To express '{name}' as a function of another Tensor, compute the value in "
                             "the forward() method.")
        self._parameters[name] = param

    def add_module(self, name, module):
        if not isinstance(module, Module) and module is not None:
            raise TypeError(f"{_typename(module)} is not a Module subclass")
        if not isinstance(name, str):
            raise TypeError(f"module name should be a string. Got {_typename(name)}")
        if hasattr(self, name) and name not in self._modules:
            raise KeyError(f"attribute '{name}' already exists")
        if "." in name:
            raise KeyError(f"module name can't contain \".\", got: {name}")
        if name == "":
            raise KeyError('module name can\'t be empty string ""')
        self._modules[name] = module

    register_module = add_module

    def _check_name(self, name, kind, own=None):
        if not isinstance(name, str):
            raise TypeError(f"{kind} name should be a string. Got {_typename(name)}")
        if "." in name:
            raise KeyError(f"{kind} name can't contain \".\"")
        if name == "":
            raise KeyError(f'{kind} name can\'t be empty string ""')
        mine = self._buffers if own is None else own
        if hasattr(self, name) and name not in mine:
            raise KeyError(f"attribute '{name}' already exists")

    def get_submodule(self, target):
        mod = self
        for item in target.split(".") if target else []:
            if not hasattr(mod, item):
                raise AttributeError(mod._get_name() + " has no attribute `" + item + "`")
            mod = getattr(mod, item)
            if not isinstance(mod, Module):
                raise AttributeError("`" + item + "` is not an nn.Module")
        return mod

    def get_parameter(self, target):
        module_path, _, name = target.rpartition(".")
        mod = self.get_submodule(module_path)
        if not hasattr(mod, name):
            raise AttributeError(mod._get_name() + " has no attribute `" + name + "`")
        param = getattr(mod, name)
        if not isinstance(param, Parameter):
            raise AttributeError("`" + name + "` is not an nn.Parameter")
        return param

    # ---- attribute access: parameters, buffers and submodules live in their dicts ----

    def __getattr__(self, name):
        # Only called when normal lookup fails.
        d = self.__dict__
        for store in ("_parameters", "_buffers", "_modules"):
            if store in d and name in d[store]:
                return d[store][name]
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def __setattr__(self, name, value):
        d = self.__dict__

        def remove_from(*stores):
            for store in stores:
                if name in store:
                    del store[name]

        params = d.get("_parameters")
        if isinstance(value, Parameter):
            if params is None:
                raise AttributeError("cannot assign parameters before Module.__init__() call")
            remove_from(d, self._buffers, self._modules)
            self._non_persistent_buffers_set.discard(name)
            self.register_parameter(name, value)
            return
        if params is not None and name in params:
            if value is not None:
                raise TypeError(f"cannot assign '{_typename(value)}' as parameter '{name}' "
                                "(torch.nn.Parameter or None expected)")
            self.register_parameter(name, value)
            return
        modules = d.get("_modules")
        if isinstance(value, Module):
            if modules is None:
                raise AttributeError("cannot assign module before Module.__init__() call")
            remove_from(d, self._parameters, self._buffers)
            self._non_persistent_buffers_set.discard(name)
            modules[name] = value
            return
        if modules is not None and name in modules:
            if value is not None:
                raise TypeError(f"cannot assign '{_typename(value)}' as child module '{name}' "
                                "(torch.nn.Module or None expected)")
            modules[name] = value
            return
        buffers = d.get("_buffers")
        if buffers is not None and name in buffers:
            if value is not None and not isinstance(value, torch.Tensor):
                raise TypeError(f"cannot assign '{_typename(value)}' as buffer '{name}' "
                                "(torch.nn.Buffer, torch.Tensor or None expected)")
            buffers[name] = value
            return
        super().__setattr__(name, value)

    def __delattr__(self, name):
        for store in ("_parameters", "_buffers", "_modules"):
            if name in self.__dict__.get(store, ()):
                del self.__dict__[store][name]
                self._non_persistent_buffers_set.discard(name)
                return
        super().__delattr__(name)

    def __dir__(self):
        keys = (dir(type(self)) + list(self.__dict__) + list(self._parameters) + list(self._modules)
                + list(self._buffers))
        return sorted(k for k in keys if not k[0].isdigit())

    # ---- calling ----

    def __call__(self, *args, **kwargs):
        if self._forward_pre_hooks:  # checked first: most modules have none, and this runs per call
            with_kwargs = self.__dict__.get("_forward_pre_hooks_with_kwargs", ())
            for hook_id, hook in list(self._forward_pre_hooks.items()):
                if hook_id in with_kwargs:
                    result = hook(self, args, kwargs)
                    if result is not None:
                        if isinstance(result, tuple) and len(result) == 2:
                            args, kwargs = result
                        else:
                            raise RuntimeError("forward pre-hook must return None or a tuple of (new_args, "
                                               f"new_kwargs), but got {result}.")
                    continue
                result = hook(self, args)
                if result is not None:
                    args = result if isinstance(result, tuple) else (result,)
        result = self.forward(*args, **kwargs)
        if self._forward_hooks:
            with_kwargs = self.__dict__.get("_forward_hooks_with_kwargs", ())
            for hook_id, hook in list(self._forward_hooks.items()):
                hooked = hook(self, args, kwargs, result) if hook_id in with_kwargs else hook(self, args, result)
                if hooked is not None:
                    result = hooked
        return result

    def register_forward_pre_hook(self, hook, *, prepend=False, with_kwargs=False):
        handle = _RemovableHandle(self._forward_pre_hooks, hook)
        if with_kwargs:
            self.__dict__.setdefault("_forward_pre_hooks_with_kwargs", OrderedDict())[handle.id] = True
            handle.extra = self._forward_pre_hooks_with_kwargs
        if prepend:
            self._forward_pre_hooks.move_to_end(handle.id, last=False)
        return handle

    def register_forward_hook(self, hook, *, prepend=False, with_kwargs=False, always_call=False):
        handle = _RemovableHandle(self._forward_hooks, hook)
        if with_kwargs:
            self.__dict__.setdefault("_forward_hooks_with_kwargs", OrderedDict())[handle.id] = True
            handle.extra = self._forward_hooks_with_kwargs
        if prepend:
            self._forward_hooks.move_to_end(handle.id, last=False)
        return handle

    def _register_load_state_dict_pre_hook(self, hook, with_module=False):
        """hook(state_dict, prefix, local_metadata, strict, missing_keys, unexpected_keys, error_msgs),
        run before this module's own keys are loaded (with the module first when with_module)."""
        hooks = self.__dict__.setdefault("_load_state_dict_pre_hooks", OrderedDict())
        if with_module:
            module, plain = self, hook

            def hook(*args):
                return plain(module, *args)
        return _RemovableHandle(hooks, hook)

    # ---- walking ----

    def _named_members(self, get_members, prefix="", recurse=True, remove_duplicate=True):
        seen = set()
        modules = self.named_modules(prefix=prefix, remove_duplicate=remove_duplicate) if recurse else [(prefix, self)]
        for module_prefix, module in modules:
            for name, value in get_members(module):
                # By id: a Tensor's == compares values.
                if value is None or (remove_duplicate and id(value) in seen):
                    continue
                if remove_duplicate:
                    seen.add(id(value))
                yield (module_prefix + "." if module_prefix else "") + name, value

    def parameters(self, recurse=True):
        for _, param in self.named_parameters(recurse=recurse):
            yield param

    def named_parameters(self, prefix="", recurse=True, remove_duplicate=True):
        yield from self._named_members(lambda m: m._parameters.items(), prefix, recurse, remove_duplicate)

    def buffers(self, recurse=True):
        for _, buf in self.named_buffers(recurse=recurse):
            yield buf

    def named_buffers(self, prefix="", recurse=True, remove_duplicate=True):
        yield from self._named_members(lambda m: m._buffers.items(), prefix, recurse, remove_duplicate)

    def children(self):
        for _, module in self.named_children():
            yield module

    def named_children(self):
        seen = set()
        for name, module in self._modules.items():
            if module is not None and module not in seen:
                seen.add(module)
                yield name, module

    def modules(self):
        for _, module in self.named_modules():
            yield module

    def named_modules(self, memo=None, prefix="", remove_duplicate=True):
        if memo is None:
            memo = set()
        if self in memo:
            return
        if remove_duplicate:
            memo.add(self)
        yield prefix, self
        for name, module in self._modules.items():
            if module is None:
                continue
            yield from module.named_modules(memo, prefix + ("." if prefix else "") + name, remove_duplicate)

    def apply(self, fn):
        for module in self.children():
            module.apply(fn)
        fn(self)
        return self

    # ---- modes and gradients ----

    def train(self, mode=True):
        if not isinstance(mode, bool):
            raise ValueError("training mode is expected to be boolean")
        self.training = mode
        for module in self.children():
            module.train(mode)
        return self

    def eval(self):
        return self.train(False)

    def requires_grad_(self, requires_grad=True):
        for p in self.parameters():
            p.requires_grad_(requires_grad)
        return self

    def zero_grad(self, set_to_none=True):
        for p in self.parameters():
            if p.grad is None:
                continue
            if set_to_none:
                p.grad = None
                continue
            if p.grad.grad_fn is not None:
                p.grad.detach_()
            else:
                p.grad.requires_grad_(False)
            p.grad.zero_()

    # ---- moving: parameters change their data in place, so references to them stay valid ----

    def _apply(self, fn):
        for module in self.children():
            module._apply(fn)
        for param in self._parameters.values():
            if param is None:
                continue
            moved = fn(param)
            if moved is not param:
                _nn._set_data(param, moved)
            grad = param.grad
            if grad is not None:
                moved_grad = fn(grad)
                if moved_grad is not grad:
                    _nn._set_data(grad, moved_grad)
        for name, buf in self._buffers.items():
            if buf is not None:
                self._buffers[name] = fn(buf)
        return self

    def to(self, *args, **kwargs):
        device, dtype, non_blocking = _nn._parse_to(*args, **kwargs)
        if dtype is not None and not (dtype.is_floating_point or dtype.is_complex):
            raise TypeError("nn.Module.to only accepts floating point or complex dtypes, "
                            f"but got desired dtype={dtype}")
        return self._apply(lambda t: _nn._module_to(t, device, dtype, non_blocking))

    def cuda(self, device=None):
        return self._apply(lambda t: _nn._module_cuda(t, device))

    def cpu(self):
        return self._apply(_nn._module_cpu)

    def type(self, dst_type):
        return self._apply(lambda t: t.type(dst_type))

    def float(self):
        return self._cast(torch.float32)

    def double(self):
        return self._cast(torch.float64)

    def half(self):
        return self._cast(torch.float16)

    def bfloat16(self):
        return self._cast(torch.bfloat16)

    def _cast(self, dtype):
        return self._apply(lambda t: _nn._module_to(t, None, dtype, False))

    # ---- saving and loading ----

    def _save_to_state_dict(self, destination, prefix, keep_vars):
        for name, param in self._parameters.items():
            if param is not None:
                destination[prefix + name] = param if keep_vars else param.detach()
        for name, buf in self._buffers.items():
            if buf is not None and name not in self._non_persistent_buffers_set:
                destination[prefix + name] = buf if keep_vars else buf.detach()

    def state_dict(self, *args, destination=None, prefix="", keep_vars=False):
        if args:
            raise TypeError("state_dict() takes 1 positional argument but " f"{len(args) + 1} were given")
        if destination is None:
            destination = OrderedDict()
            destination._metadata = OrderedDict()
        metadata = getattr(destination, "_metadata", None)
        if metadata is not None:
            metadata[prefix[:-1]] = {"version": self._version}
        self._save_to_state_dict(destination, prefix, keep_vars)
        for name, module in self._modules.items():
            if module is not None:
                module.state_dict(destination=destination, prefix=prefix + name + ".", keep_vars=keep_vars)
        return destination

    def _load_from_state_dict(self, state_dict, prefix, missing_keys, unexpected_keys, error_msgs, assign=False):
        persistent_buffers = {k: v for k, v in self._buffers.items() if k not in self._non_persistent_buffers_set}
        local = {k: v for k, v in list(self._parameters.items()) + list(persistent_buffers.items()) if v is not None}
        for name, param in local.items():
            key = prefix + name
            if key not in state_dict:
                missing_keys.append(key)
                continue
            value = state_dict[key]
            if not isinstance(value, torch.Tensor):
                error_msgs.append(f'While copying the parameter named "{key}", expected torch.Tensor or Tensor-like '
                                  f"object from checkpoint but received {type(value)}")
                continue
            if not is_lazy(param) and value.shape != param.shape:
                error_msgs.append(f"size mismatch for {key}: copying a param with shape {value.shape} from "
                                  f"checkpoint, the shape in current model is {param.shape}.")
                continue
            if not assign:
                with torch.no_grad():
                    param.copy_(value)
            elif isinstance(param, Parameter) and not isinstance(value, Parameter):
                # assign=True: the checkpoint's tensor itself becomes the parameter or buffer.
                setattr(self, name, Parameter(value, requires_grad=param.requires_grad))
            else:
                setattr(self, name, value)
        for key in state_dict.keys():
            if not key.startswith(prefix):
                continue
            # "a.b" belongs to submodule a (checked there); a plain name must be ours.
            head, dot, _ = key[len(prefix):].partition(".")
            if (dot and head not in self._modules) or (not dot and head not in local):
                unexpected_keys.append(key)

    def load_state_dict(self, state_dict, strict=True, assign=False):
        if not isinstance(state_dict, Mapping):
            raise TypeError(f"Expected state_dict to be dict-like, got {type(state_dict)}.")
        missing, unexpected, errors = [], [], []
        # A copy, as PyTorch's: a module's _load_from_state_dict may add keys (BatchNorm's
        # num_batches_tracked for old checkpoints) without touching the caller's dict.
        metadata = getattr(state_dict, "_metadata", None)
        state_dict = OrderedDict(state_dict)
        if metadata is not None:
            state_dict._metadata = metadata

        metadata = getattr(state_dict, "_metadata", None)

        def load(module, prefix):
            pre_hooks = module.__dict__.get("_load_state_dict_pre_hooks")
            if pre_hooks:
                local_metadata = {} if metadata is None else metadata.get(prefix[:-1], {})
                for hook in list(pre_hooks.values()):
                    hook(state_dict, prefix, local_metadata, strict, missing, unexpected, errors)
            module._load_from_state_dict(state_dict, prefix, missing, unexpected, errors, assign)
            for name, child in module._modules.items():
                if child is not None:
                    load(child, prefix + name + ".")

        load(self, "")
        if strict:
            if unexpected:
                errors.insert(0, "Unexpected key(s) in state_dict: {}. ".format(", ".join(f'"{k}"' for k in unexpected)))
            if missing:
                errors.insert(0, "Missing key(s) in state_dict: {}. ".format(", ".join(f'"{k}"' for k in missing)))
        if errors:
            raise RuntimeError("Error(s) in loading state_dict for {}:\n\t{}".format(type(self).__name__,
                                                                                     "\n\t".join(errors)))
        return _IncompatibleKeys(missing, unexpected)

    # ---- printing ----

    def _get_name(self):
        return type(self).__name__

    def extra_repr(self):
        return ""

    def __repr__(self):
        extra_repr = self.extra_repr()
        extra_lines = extra_repr.split("\n") if extra_repr else []
        child_lines = [f"({name}): " + _addindent(repr(module), 2) for name, module in self._modules.items()]
        lines = extra_lines + child_lines
        text = self._get_name() + "("
        if lines:
            if len(extra_lines) == 1 and not child_lines:
                text += extra_lines[0]
            else:
                text += "\n  " + "\n  ".join(lines) + "\n"
        return text + ")"


class _RemovableHandle:
    """What register_forward_hook returns: handle.remove() takes the hook off again."""
    _next_id = 0

    def __init__(self, hooks, hook):
        self.hooks = hooks
        self.id = _RemovableHandle._next_id
        _RemovableHandle._next_id += 1
        hooks[self.id] = hook

    extra = None  # the module's with_kwargs set this hook is in, if any

    def remove(self):
        self.hooks.pop(self.id, None)
        if self.extra is not None:
            self.extra.pop(self.id, None)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.remove()
