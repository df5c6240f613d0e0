"""torch.autograd.profiler: the older spelling of torch.profiler (profile(use_cuda=...),
record_function), over the same recorder."""
from torch.profiler.profiler import ProfilerActivity, record_function  # noqa: F401
from torch.profiler import profiler as _profiler


class profile(_profiler.profile):
    """torch.autograd.profiler.profile(enabled=True, use_cuda=False, use_device=None,
    record_shapes=False, profile_memory=False, with_stack=False, with_flops=False)."""

    def __init__(self, enabled=True, *, use_cuda=False, use_device=None, record_shapes=False, with_flops=False,
                 profile_memory=False, with_stack=False, with_modules=False, use_kineto=False, use_cpu=True,
                 experimental_config=None, acc_events=False, custom_trace_id_callback=None):
        acts = [ProfilerActivity.CPU]
        if use_cuda or use_device == "cuda":
            acts.append(ProfilerActivity.CUDA)
        self.enabled = enabled
        super().__init__(activities=acts, record_shapes=record_shapes, profile_memory=profile_memory,
                         with_stack=with_stack, with_flops=with_flops)

    def __enter__(self):
        if self.enabled:
            self.start()
        return self

    def __exit__(self, *exc):
        if self.enabled:
            self.stop()
        return False

    @property
    def function_events(self):
        return self.events()

    def table(self, sort_by=None, row_limit=100, **kwargs):
        return self.key_averages().table(sort_by=sort_by, row_limit=row_limit, **kwargs)
