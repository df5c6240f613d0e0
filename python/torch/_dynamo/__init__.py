"""torch._dynamo: where torch.compile's OptimizedModule lives (torch._dynamo.eval_frame), and
reset(). tensorplay has no graph compiler: compiled code runs eagerly."""
from torch._dynamo.eval_frame import OptimizedModule  # noqa: F401


def reset():
    """Forgets compiled code: there is none to forget when everything runs eagerly."""
