"""torch.testing: assert_close, PyTorch's comparison of tensors, numbers and nested
sequences/mappings of them with per-dtype default tolerances and its mismatch report."""
from torch.testing._comparison import assert_close  # noqa: F401
