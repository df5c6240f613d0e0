"""torch.cuda.Stream and torch.cuda.Event, as PyTorch's torch/cuda/streams.py has them: a
stream is a (device, id) pair over torch._C's _cuda_*stream* functions; on a simulated GPU
every stream is modeled (see core/backends/sim/sim_clock.h), on a real one it is a CUDA
stream of PyTorch's pools (core/backends/cuda/cuda_streams.h)."""
import torch
from torch import _C


def _stream_handle(device_index, stream_id):
    """cudaStream_t as PyTorch shows it: 0 for the default stream (CUDA's null stream); the
    others get a stable made-up handle, the same in reprs and memory snapshots."""
    return 0 if stream_id == 0 else 0x7F0000000000 + (device_index << 20) + (stream_id << 8)


class Stream:
    """torch.cuda.Stream(device=None, priority=0): a queue of GPU work that runs in order;
    work on different streams may overlap. Lower priority numbers are higher priorities
    (0 down to -3)."""

    def __init__(self, device=None, priority=0, **kwargs):
        if "stream_id" in kwargs:  # a stream that already exists (current_stream() and friends)
            self.device_index = int(kwargs["device_index"])
            self.stream_id = int(kwargs["stream_id"])
        else:
            if isinstance(priority, bool) or not isinstance(priority, int):
                raise TypeError(f"Stream(): argument 'priority' must be int, not {type(priority).__name__}")
            self.device_index, self.stream_id = _C._cuda_new_stream(device, priority)
        self.device_type = 1  # c10::DeviceType::CUDA

    @property
    def device(self):
        return torch.device("cuda", self.device_index)

    @property
    def priority(self):
        return _C._cuda_stream_priority(self)

    @property
    def cuda_stream(self):
        return _stream_handle(self.device_index, self.stream_id)

    def wait_event(self, event):
        """Work queued on this stream from now on waits for `event`."""
        event.wait(self)

    def wait_stream(self, stream):
        """Work queued on this stream from now on waits for the work queued on `stream` so far."""
        self.wait_event(stream.record_event())

    def record_event(self, event=None):
        if event is None:
            event = Event()
        event.record(self)
        return event

    def query(self):
        return _C._cuda_stream_query(self)

    def synchronize(self):
        _C._cuda_stream_synchronize(self)

    def __eq__(self, o):
        if isinstance(o, Stream):
            return self.device_index == o.device_index and self.stream_id == o.stream_id
        return False

    def __hash__(self):
        return hash((self.stream_id, self.device_index, self.device_type))

    def __repr__(self):
        return f"<torch.cuda.Stream device={self.device} cuda_stream={self.cuda_stream:#x}>"


Stream.__module__ = "torch.cuda"


def _stream(pair):
    return Stream(device_index=pair[0], stream_id=pair[1])


class Event(_C._CudaEventBase):
    """torch.cuda.Event(enable_timing=False): record(stream), wait(stream), query(),
    synchronize(), elapsed_time(end). On a simulated GPU its times are modeled."""

    def record(self, stream=None):
        super().record(stream)

    def wait(self, stream=None):
        super().wait(stream)


Event.__module__ = "torch.cuda"


def current_stream(device=None):
    return _stream(_C._cuda_current_stream(device))


def default_stream(device=None):
    return _stream(_C._cuda_default_stream(device))


def set_stream(stream):
    """Makes `stream` the current one, and its GPU the current device, as PyTorch does."""
    if stream is None:
        return
    if stream.device_index != _C._cuda_current_device():
        _C._cuda_set_device(stream.device_index)
    _C._cuda_set_stream(stream)


class StreamContext:
    """`with torch.cuda.stream(s):` queues the block's GPU work on s (None: no change)."""

    def __init__(self, stream):
        self.stream = stream
        self.idx = _C._cuda_current_device() if _C._cuda_is_available() else -1
        self.src_prev_stream = None
        self.dst_prev_stream = None

    def __enter__(self):
        cur = self.stream
        if cur is None or self.idx == -1:
            return
        self.src_prev_stream = current_stream(None)
        if self.src_prev_stream.device != cur.device:
            self.dst_prev_stream = current_stream(cur.device)
        set_stream(cur)

    def __exit__(self, *exc):
        cur = self.stream
        if cur is None or self.idx == -1:
            return
        if self.src_prev_stream.device != cur.device:
            set_stream(self.dst_prev_stream)
        set_stream(self.src_prev_stream)


def stream(stream):
    return StreamContext(stream)
