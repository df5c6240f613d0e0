"""torch.compile: PyTorch compiles a model or function into fused kernels; tensorplay has no
compiler, so it returns the wrappers PyTorch returns (an OptimizedModule for a module, a
wrapped function otherwise) around the original, which run it eagerly: results are the
eager ones, with grad_fn named CompiledFunctionBackward as AOTAutograd names it."""
import torch


def compile(model=None, *, fullgraph=False, dynamic=None, backend="inductor", mode=None, options=None,
            disable=False):
    """torch.compile(model_or_fn, backend=..., mode=...): a wrapper that runs it eagerly in tensorplay."""
    if model is None:
        def fn(model):
            if model is None:
                raise RuntimeError("Model can't be None")
            return compile(model, fullgraph=fullgraph, dynamic=dynamic, backend=backend, mode=mode,
                           options=options, disable=disable)
        return fn
    if mode is not None and options is not None:
        raise RuntimeError("Either mode or options can be specified, but both can't be specified at the same time.")
    if not callable(model):
        raise AssertionError(f"A callable function is expected, but {type(model)} is provided.")
    if disable:
        return model
    if not isinstance(backend, str):
        backend = getattr(backend, "__name__", "custom")
    from torch._dynamo.eval_frame import OptimizedModule, _eager_callable
    if isinstance(model, torch.nn.Module):
        return OptimizedModule(model, backend)
    return _eager_callable(model, backend)
