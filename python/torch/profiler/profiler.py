"""torch.profiler.profile: records what the host ran (aten ops, record_function ranges, the
CUDA runtime calls) and what each GPU ran (kernels, copies), over torch._C's recorder. On a
simulated GPU the GPU side is the modeled clock's; the host side is the simulated machine's
clock (its own work measured, launches and waits modeled). Tables and the Chrome trace follow
PyTorch's layout (torch/autograd/profiler_util.py, Kineto's JSON)."""
import enum
import json
import os
import sys
import warnings

import torch
from torch import _C
from torch.autograd.profiler_util import EventList, FunctionEvent


class ProfilerActivity(enum.Enum):
    CPU = 0
    XPU = 1
    MTIA = 2
    CUDA = 3
    HPU = 4
    PrivateUse1 = 5

    def __repr__(self):
        return f"<ProfilerActivity.{self.name}: {self.value}>"


class ProfilerAction(enum.Enum):
    NONE = 0
    WARMUP = 1
    RECORD = 2
    RECORD_AND_SAVE = 3


def supported_activities():
    acts = {ProfilerActivity.CPU}
    if torch.cuda.is_available():
        acts.add(ProfilerActivity.CUDA)
    return acts


def schedule(*, wait, warmup, active, repeat=0, skip_first=0, skip_first_wait=0):
    """The steps to record: skip `skip_first`, then cycles of `wait` idle, `warmup` and
    `active` recorded steps, `repeat` times (0: until the end)."""

    def schedule_fn(step):
        if step < 0:
            raise AssertionError(f"Step must be non-negative. Got {step}.")
        if step < skip_first:
            return ProfilerAction.NONE
        step -= skip_first
        if skip_first_wait != 0:
            step += wait
        num_steps = wait + warmup + active
        if repeat > 0 and step / num_steps >= repeat:
            return ProfilerAction.NONE
        mod_step = step % num_steps
        if mod_step < wait:
            return ProfilerAction.NONE
        if mod_step < wait + warmup:
            return ProfilerAction.WARMUP
        return ProfilerAction.RECORD if mod_step < num_steps - 1 else ProfilerAction.RECORD_AND_SAVE

    if wait < 0 or warmup < 0 or active <= 0 or repeat < 0 or skip_first < 0:
        raise AssertionError(
            f"Invalid profiler schedule arguments. Got wait={wait} (need >= 0), warmup={warmup} (need >= 0), "
            f"active={active} (need > 0), repeat={repeat} (need >= 0), skip_first={skip_first} (need >= 0).")
    if warmup == 0:
        warnings.warn("Profiler won't be using warmup, this can skew profiler results", stacklevel=2)
    return schedule_fn


def tensorboard_trace_handler(dir_name, worker_name=None, use_gzip=False):
    """on_trace_ready= that writes each recorded cycle's Chrome trace into `dir_name`, as
    DIR/WORKER.TIMESTAMP.pt.trace.json (TensorBoard's profiler plugin and Perfetto read it)."""
    import gzip
    import socket
    import time

    def handler_fn(prof):
        os.makedirs(dir_name, exist_ok=True)
        name = worker_name or f"{socket.gethostname()}_{os.getpid()}"
        path = os.path.join(dir_name, f"{name}.{time.time_ns() // 1000000}.pt.trace.json")
        prof.export_chrome_trace(path)
        if use_gzip and os.path.exists(path):
            with open(path, "rb") as f, gzip.open(path + ".gz", "wb") as g:
                g.write(f.read())
            os.remove(path)
    return handler_fn


def _default_schedule_fn(_):
    return ProfilerAction.RECORD


class record_function:
    """`with record_function("name"):` a labelled range in the profile (also a decorator)."""

    def __init__(self, name, args=None):
        self.name = name
        self.args = args
        self._id = 0

    def __enter__(self):
        self._id = _C._profiler_push(self.name)
        return self

    def __exit__(self, *exc):
        _C._profiler_pop(self._id)
        return False

    def __call__(self, fn):
        def wrapped(*a, **kw):
            with record_function(self.name):
                return fn(*a, **kw)
        wrapped.__name__ = getattr(fn, "__name__", "wrapped")
        return wrapped


def _memcpy_name(lane, name):
    """PyTorch's names for copies: "Memcpy HtoD (Pinned -> Device)"."""
    host = "Pinned" if "pinned" in name else "Pageable"
    if lane == "memcpy_htod":
        return f"Memcpy HtoD ({host} -> Device)"
    if lane == "memcpy_dtoh":
        return f"Memcpy DtoH (Device -> {host})"
    if lane == "memcpy_peer":
        return "Memcpy PtoP (Device -> Device)"
    return name


class _Recording:
    """One recorded window: the events built from the recorder's tuples."""

    def __init__(self, host, device, use_device, record_shapes):
        self.host = host
        self.device = device
        self.use_device = use_device
        self.record_shapes = record_shapes
        self.saved = False
        self.events = self._build()

    def _build(self):
        by_id = {}
        events = []
        for name, cat, start, end, eid, parent, shapes, types, stack, cpu_mem, device_mem in self.host:
            key = "ProfilerStep*" if name.startswith("ProfilerStep#") else name
            e = FunctionEvent(eid, name, start / 1e3, end / 1e3, input_shapes=shapes if self.record_shapes else [],
                              input_types=types, kind=cat, use_device=self.use_device)
            e.key = key
            e.parent_id = parent
            e.stack = list(stack)
            e.self_cpu_memory_usage = cpu_mem
            e.self_device_memory_usage = device_mem
            by_id[eid] = e
            events.append(e)
        for e in events:
            p = by_id.get(e.parent_id)
            if p is not None:
                e.cpu_parent = p
                p.cpu_children.append(e)
        for e in reversed(events):  # children come after their parents: totals bottom up
            e.cpu_memory_usage = e.self_cpu_memory_usage + sum(c.cpu_memory_usage for c in e.cpu_children)
            e.device_memory_usage = e.self_device_memory_usage + sum(c.device_memory_usage for c in e.cpu_children)
        if self.use_device:
            for dev, stream, lane, name, start, end, nbytes, flops, share, corr, issue in self.device:
                k = FunctionEvent(0, name if lane == "kernel" else _memcpy_name(lane, name), start / 1e3, end / 1e3,
                                  device_type="CUDA", device_index=dev, stream=stream, kind=lane,
                                  use_device=self.use_device, bytes=nbytes, flops=flops, correlation=corr)
                k.sm_share = share
                launcher = by_id.get(corr)
                k.launcher = launcher
                # The kernel counts for the op or range that queued it (the runtime call's
                # parent); one queued outside any (autograd's backward) stands alone.
                if launcher is not None and launcher.cpu_parent is not None:
                    launcher.cpu_parent.kernels.append(k)
                events.append(k)
        events.sort(key=lambda e: (e.start_us, e.device_type != "CPU"))
        return events


class profile:
    """torch.profiler.profile(activities=, schedule=, on_trace_ready=, record_shapes=,
    profile_memory=, with_stack=, with_flops=, with_modules=)."""

    def __init__(self, *, activities=None, schedule=None, on_trace_ready=None, record_shapes=False,
                 profile_memory=False, with_stack=False, with_flops=False, with_modules=False,
                 experimental_config=None, execution_trace_observer=None, acc_events=False, use_cuda=None,
                 custom_trace_id_callback=None):
        acts = set(activities) if activities else supported_activities()
        if use_cuda:
            acts.add(ProfilerActivity.CUDA)
        self.activities = acts
        self.record_shapes = record_shapes
        self.profile_memory = profile_memory
        self.with_stack = with_stack
        self.with_flops = with_flops
        self.with_modules = with_modules
        self.on_trace_ready = on_trace_ready
        self.record_steps = schedule is not None
        self.schedule = schedule if schedule is not None else _default_schedule_fn
        self.step_num = 0
        self.current_action = self.schedule(self.step_num)
        self._step_range = None
        self._recording = False
        self._result = None
        self.use_device = "cuda" if ProfilerActivity.CUDA in acts else None

    # --- the recorder -------------------------------------------------------------------
    def _start_trace(self):
        # One profile records at a time; one opened inside another records nothing, and the
        # outer one goes on.
        if not self._recording and not _C._profiler_active():
            _C._profiler_start(self.record_shapes, self.profile_memory, self.with_stack)
            self._recording = True

    def _stop_trace(self):
        if self._recording:
            if self._step_range is not None:
                self._step_range.__exit__(None, None, None)
                self._step_range = None
            host, device = _C._profiler_stop()
            self._recording = False
            self._result = _Recording(host, device, self.use_device, self.record_shapes)

    def _open_step(self):
        if self.record_steps and self._recording:
            self._step_range = record_function("ProfilerStep#" + str(self.step_num))
            self._step_range.__enter__()

    def start(self):
        if self.current_action in (ProfilerAction.RECORD, ProfilerAction.RECORD_AND_SAVE):
            self._start_trace()
        self._open_step()

    def stop(self):
        if self._recording:
            self._stop_trace()
            if self.on_trace_ready and (self.record_steps is False or
                                        self.current_action in (ProfilerAction.RECORD, ProfilerAction.RECORD_AND_SAVE)):
                self.on_trace_ready(self)

    def step(self):
        """Marks the end of a training step: the schedule decides what the next one records."""
        if self._step_range is not None:
            self._step_range.__exit__(None, None, None)
            self._step_range = None
        prev = self.current_action
        self.step_num += 1
        self.current_action = self.schedule(self.step_num)
        recording = (ProfilerAction.RECORD, ProfilerAction.RECORD_AND_SAVE)
        if prev == ProfilerAction.RECORD_AND_SAVE or (prev in recording and self.current_action not in recording):
            self._stop_trace()
            if self.on_trace_ready:
                self.on_trace_ready(self)
        if self.current_action in recording:
            self._start_trace()
        self._open_step()

    def __enter__(self):
        self.start()
        return self

    def __exit__(self, *exc):
        self.stop()
        return False

    # --- what was recorded --------------------------------------------------------------
    def _events(self):
        if self._result is None:
            raise AssertionError("Expected profiling results")
        return self._result.events

    def events(self):
        return EventList(self._events(), use_device=self.use_device, profile_memory=self.profile_memory,
                         with_flops=self.with_flops, header=self._header())

    def key_averages(self, group_by_input_shape=False, group_by_stack_n=0, group_by_overload_name=False):
        return self.events().key_averages(group_by_input_shape, group_by_stack_n)

    def _header(self):
        """The table's header line on a simulated GPU: its times are modeled."""
        if self.use_device is None or not self._result or not self._result.device:
            return None
        devices = sorted({d[0] for d in self._result.device})
        names = ", ".join(f"cuda:{i} {torch.cuda.get_device_name(i)}" for i in devices)
        if "(simulated)" not in names:
            return None
        return (f"CUDA times are modeled on the simulated GPU ({names}); CPU times are the simulated "
                f"machine's clock (host work measured, launches and waits modeled)")

    def export_chrome_trace(self, path):
        """Writes the Chrome trace (JSON) that Perfetto and chrome://tracing open."""
        from torch.profiler._chrome_trace import chrome_trace
        rec = self._result
        if rec is None:
            raise AssertionError("Expected profiling results")
        if rec.saved:
            raise RuntimeError("Trace is already saved.")
        trace = chrome_trace(rec, path)
        try:
            with open(path, "w") as f:
                json.dump(trace, f, indent=1)
        except OSError as e:
            # PyTorch's Kineto logs this and returns; the recording stays, to save elsewhere.
            print(f"ERROR: Failed to open '{path}' : {e.strerror}", file=sys.stderr)
            return
        rec.saved = True

    def export_stacks(self, path, metric="self_cpu_time_total"):
        raise NotImplementedError("export_stacks is not supported by tensorplay")
