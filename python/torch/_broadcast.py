"""ATen's infer_size for Python-level ops: the broadcast shape of two shapes, with the error text
PyTorch's kernels give when they do not broadcast."""


def infer_size(a, b):
    ndim = max(len(a), len(b))
    shape = [0] * ndim
    for i in range(ndim - 1, -1, -1):
        offset = ndim - 1 - i
        size_a = a[len(a) - 1 - offset] if offset < len(a) else 1
        size_b = b[len(b) - 1 - offset] if offset < len(b) else 1
        if size_a != size_b and size_a != 1 and size_b != 1:
            raise RuntimeError(f"The size of tensor a ({size_a}) must match the size of tensor b ({size_b}) "
                               f"at non-singleton dimension {i}")
        shape[i] = size_b if size_a == 1 else size_a
    return shape
