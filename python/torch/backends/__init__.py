"""torch.backends: which backends this build has (torch.backends.mps), the cuDNN switches
(torch.backends.cudnn) and CUDA's (torch.backends.cuda: the SDP kernels, cuBLAS's precision)."""
from torch.backends import cuda, cudnn, mps  # noqa: F401
from torch.backends import mha  # noqa: F401,E402
