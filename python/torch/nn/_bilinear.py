"""F.bilinear: y = x1^T A x2 + b for every output feature, with ATen's checks and texts
(native/Linear.cpp bilinear). ATen contracts with _trilinear (batched matrix products); this
composes two matmuls in the same order (x1 with the weight, then with x2), so float32 results
agree with PyTorch's within rounding."""
import torch

# TypeMeta names, as ATen prints a dtype in this message (by str(dtype): torch is still
# being imported when this module is).
_TYPE_META_NAMES = {"torch.float32": "float", "torch.float64": "double", "torch.float16": "c10::Half",
                    "torch.bfloat16": "c10::BFloat16", "torch.int64": "long int", "torch.int32": "int",
                    "torch.int16": "short int", "torch.int8": "signed char", "torch.uint8": "unsigned char",
                    "torch.bool": "bool"}


def _name(t):
    return _TYPE_META_NAMES.get(str(t.dtype), str(t.dtype).replace("torch.", ""))


def bilinear(input1, input2, weight, bias=None):
    tensors = [("input1", input1), ("input2", input2), ("weight", weight)] + ([("bias", bias)] if bias is not None else [])
    if any(t.dtype != input1.dtype for _, t in tensors):
        raise RuntimeError("All tensors must have the same dtype, got " + ", ".join(f"{n}: {_name(t)}" for n, t in tensors))
    if input1.dim() != input2.dim():
        raise RuntimeError(f"bilinear(): input dimensions do not match: got {input1.dim()} and {input2.dim()}")
    for i in range(input1.dim() - 1):
        if input1.size(i) != input2.size(i):
            raise RuntimeError(f"bilinear(): input batch dimensions do not match at dim {i}: got {input1.size(i)} "
                               f"and {input2.size(i)}")
    if input1.size(-1) != weight.size(1):
        raise RuntimeError(f"bilinear(): input1 size does not match weight size: got {input1.size(-1)} but expected "
                           f"{weight.size(1)}")
    if input2.size(-1) != weight.size(2):
        raise RuntimeError(f"bilinear(): input2 size does not match weight size: got {input2.size(-1)} but expected "
                           f"{weight.size(2)}")
    if bias is not None and bias.size(0) != weight.size(0):
        raise RuntimeError(f"bilinear(): bias size does not match weight size: got {bias.size(0)} but expected "
                           f"{weight.size(0)}")
    out_features, in1, in2 = weight.shape
    output_size = tuple(input1.shape[:-1]) + (out_features,)
    x1 = input1.reshape(-1, in1)
    x2 = input2.reshape(-1, in2)
    # (N, in1) @ (in1, out * in2) -> (N, out, in2), then each row against x2: (N, out).
    partial = x1.matmul(weight.transpose(0, 1).reshape(in1, out_features * in2)).reshape(-1, out_features, in2)
    output = partial.matmul(x2.unsqueeze(-1)).reshape(output_size)
    if bias is not None:
        output = output + bias
    return output
