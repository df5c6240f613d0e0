"""In a session with simulated GPUs, time.time(), time.perf_counter() and time.monotonic()
(their _ns forms too, and what is built on them, such as timeit) read the simulated
machine's clock: the host's own work as measured, the GPUs' work as modeled, and the
modeled waits at synchronize(), .item(), .cpu() and blocking copies
(core/machine_clock.h). With real GPUs, with none, or with --wall-clock they
are Python's own."""
import time

import _tensorplay_C as _C  # torch._C, the built-in C++ module: the clocks need no torch package

_BASES = ("time", "perf_counter", "monotonic")
_python = {name: getattr(time, name) for base in _BASES for name in (base, base + "_ns")}
# Each patched clock is its Python counterpart's reading when the program started plus the
# machine's time since then: time.time() stays a date, and no clock ever runs backwards,
# however often sessions start.
_now = _C._machine_clock_ns
_offset = {base: _python[base + "_ns"]() - int(_now()) for base in _BASES}


def _clocks(base):
    offset = _offset[base]

    def seconds():
        return (offset + _now()) / 1e9

    def nanoseconds():
        return offset + int(_now())

    seconds.__name__, nanoseconds.__name__ = base, base + "_ns"
    seconds.__doc__ = f"time.{base}() on the simulated machine's clock (tensorplay)."
    nanoseconds.__doc__ = f"time.{base}_ns() on the simulated machine's clock (tensorplay)."
    return seconds, nanoseconds


_simulated = {name: fn for base in _BASES for name, fn in zip((base, base + "_ns"), _clocks(base))}


def install():
    """Puts the simulated machine's clocks (or Python's own) behind the time module."""
    clocks = _simulated if _C._machine_clock_simulated() else _python
    for name, fn in clocks.items():
        setattr(time, name, fn)
