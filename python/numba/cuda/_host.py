"""numba.cuda's host side over tensorplay's torch.cuda: the simulated devices, streams and
events (their times are the modeled clock's, as torch.cuda's are)."""
import contextlib

import torch


def _in_kernel_only(name):
    def call(*args, **kwargs):
        raise RuntimeError(f"numba.cuda.{name} can only be used inside a @cuda.jit kernel or device function")
    call.__name__ = name
    call.__qualname__ = name
    return call


class _Device:
    """A simulated GPU as numba names it (cuda.get_current_device(), cuda.gpus[i])."""

    def __init__(self, index):
        self.id = index
        p = torch.cuda.get_device_properties(index)
        self.name = p.name.encode()
        self.compute_capability = (p.major, p.minor)
        self.MULTIPROCESSOR_COUNT = p.multi_processor_count
        self.MAX_THREADS_PER_BLOCK = 1024
        self.WARP_SIZE = 32

    def __repr__(self):
        return f"<CUDA device {self.id} '{self.name.decode()}'>"

    def reset(self):
        torch.cuda.synchronize(self.id)


class _Gpus:
    def __len__(self):
        return torch.cuda.device_count()

    def __getitem__(self, i):
        if not 0 <= i < len(self):
            raise IndexError(f"list index out of range")
        return _Device(i)

    def __iter__(self):
        return (_Device(i) for i in range(len(self)))

    @property
    def current(self):
        return get_current_device()

    def __repr__(self):
        return f"<Managed Device {torch.cuda.current_device()}>"


gpus = _Gpus()


def is_available():
    return torch.cuda.is_available()


def list_devices():
    return list(gpus)


def get_current_device():
    return _Device(torch.cuda.current_device())


def select_device(device_id):
    torch.cuda.set_device(device_id)
    return get_current_device()


def current_context():
    return get_current_device()


def close():
    synchronize()


def detect():
    """Prints the devices as numba.cuda.detect() does; True when there is one."""
    n = len(gpus)
    print(f"Found {n} CUDA devices")
    for d in gpus:
        print(f"id {d.id:<2}{str(d.name):>40}{'[SUPPORTED]':>40}")
        print(f"{'Compute Capability':>40}: {d.compute_capability[0]}.{d.compute_capability[1]}")
        print(f"{'PCI Device ID':>40}: 0")
        print(f"{'PCI Bus ID':>40}: {d.id}")
    print("Summary:")
    print(f"\t{n}/{n} devices are supported")
    return n > 0


def synchronize():
    torch.cuda.synchronize()


class Stream:
    """A numba stream: a torch.cuda.Stream underneath; kernel[g, b, stream] queues on it."""

    def __init__(self, torch_stream=None):
        self._torch = torch_stream if torch_stream is not None else torch.cuda.Stream()

    def synchronize(self):
        self._torch.synchronize()

    @contextlib.contextmanager
    def auto_synchronize(self):
        yield self
        self.synchronize()

    def __repr__(self):
        return f"<CUDA stream {self._torch.stream_id if hasattr(self._torch, 'stream_id') else id(self)}>"


def stream():
    return Stream()


def default_stream():
    return Stream(torch.cuda.default_stream())


class Event:
    def __init__(self, timing=True):
        self._torch = torch.cuda.Event(enable_timing=timing)

    def record(self, stream=0):
        self._torch.record(stream._torch if isinstance(stream, Stream) else None)

    def synchronize(self):
        self._torch.synchronize()

    def wait(self, stream=0):
        (stream._torch if isinstance(stream, Stream) else torch.cuda.current_stream()).wait_event(self._torch)

    def query(self):
        return self._torch.query()

    def elapsed_time(self, evtend):
        return self._torch.elapsed_time(evtend._torch)


def event(timing=True):
    return Event(timing)


def event_elapsed_time(evtstart, evtend):
    return evtstart.elapsed_time(evtend)


@contextlib.contextmanager
def defer_cleanup():
    yield


@contextlib.contextmanager
def pinned(*arylist):
    yield


def profile_start():
    pass


def profile_stop():
    pass
