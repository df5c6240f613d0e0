"""torch.onnx: importable, so scripts that offer an ONNX export as an option run; the export
itself needs PyTorch's graph capture and the onnx package, which tensorplay does not have."""

__all__ = ["export", "is_in_onnx_export"]


def export(model, args=(), f=None, *unused_args, **unused_kwargs):
    raise RuntimeError("torch.onnx.export is not supported by tensorplay: it has no graph capture to "
                       "export from (train and evaluate here, export with PyTorch)")


def is_in_onnx_export():
    return False
