"""torch.profiler: what the host and the GPUs ran, and when (see profiler.py)."""
from torch.autograd.profiler_util import EventList, FunctionEvent, FunctionEventAvg  # noqa: F401
from torch.profiler.profiler import (  # noqa: F401
    ProfilerAction, ProfilerActivity, profile, record_function, schedule, supported_activities,
    tensorboard_trace_handler)

__all__ = ["profile", "schedule", "supported_activities", "ProfilerAction", "ProfilerActivity", "record_function",
           "tensorboard_trace_handler"]
