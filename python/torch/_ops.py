"""torch.ops.aten: ATen's operators by name (torch.ops.aten.add.Tensor, ....default), as code
written against torch.export or custom-op tutorials reaches them. Each overload is the torch
function, nn function or Tensor method of that name: tensorplay's functions take all of an
op's overloads' arguments themselves."""
import types

import torch


class OpOverload:
    def __init__(self, packet, overload):
        self._packet, self._overloadname = packet, overload

    def __call__(self, *args, **kwargs):
        return self._packet._fn(*args, **kwargs)

    def __repr__(self):
        return f"<OpOverload(op='aten.{self._packet._name}', overload='{self._overloadname}')>"

    def __str__(self):
        return f"aten.{self._packet._name}.{self._overloadname}"


class OpOverloadPacket:
    def __init__(self, name, fn):
        self._name, self._fn = name, fn

    def __call__(self, *args, **kwargs):
        return self._fn(*args, **kwargs)

    def __getattr__(self, overload):
        if overload.startswith("__"):
            raise AttributeError(overload)
        return OpOverload(self, overload)

    def overloads(self):
        return ["default"]

    def __repr__(self):
        return f"<OpOverloadPacket(op='aten.{self._name}')>"

    def __str__(self):
        return f"aten.{self._name}"


def _find(name):
    for owner in (torch, torch.nn.functional, torch._C._nn, torch.linalg, torch.special):
        fn = getattr(owner, name, None)
        if callable(fn):
            return fn
    method = getattr(torch.Tensor, name, None)
    return (lambda self, *a, **k: method(self, *a, **k)) if callable(method) else None


class _OpNamespace(types.ModuleType):
    def __getattr__(self, name):
        fn = None if name.startswith("__") else _find(name)
        if fn is None:
            raise AttributeError(f"'_OpNamespace' '{self.__name__.rsplit('.', 1)[-1]}' object has no attribute "
                                 f"'{name}'")
        packet = OpOverloadPacket(name, fn)
        setattr(self, name, packet)
        return packet


class _Ops(types.ModuleType):
    def __init__(self):
        super().__init__("torch.ops")
        self.aten = _OpNamespace("torch.ops.aten")


ops = _Ops()
