"""Process-wide settings learner scripts make first thing: torch.set_num_threads / get_num_threads
(the CPU backend's BLAS thread count), get_num_interop_threads, and
torch.use_deterministic_algorithms with its queries. Arguments are checked with PyTorch's texts."""
import os

from torch import _C


# The count last set: OpenBLAS caps its own setting (at 64 threads) where PyTorch reports any count.
_num_threads_set = None


def get_num_threads(*args, **kwargs):
    if kwargs:
        raise TypeError("torch.get_num_threads() takes no keyword arguments")
    if args:
        raise TypeError(f"torch.get_num_threads() takes no arguments ({len(args)} given)")
    return _num_threads_set if _num_threads_set is not None else _C._get_num_threads()


def set_num_threads(*args, **kwargs):
    if kwargs:
        raise TypeError("torch.set_num_threads() takes no keyword arguments")
    if len(args) != 1:
        raise TypeError(f"torch.set_num_threads() takes exactly one argument ({len(args)} given)")
    threads = args[0]
    if isinstance(threads, bool) or not isinstance(threads, int):
        raise RuntimeError(f"set_num_threads expects an int, but got {type(threads).__name__}")
    # PyTorch reads the count as a C long long, then as an int.
    if not -2**63 <= threads < 2**63:
        raise ValueError("Overflow when unpacking long long")
    if not -2**31 <= threads < 2**31:
        raise ValueError("Overflow when unpacking long")
    if threads <= 0:
        raise RuntimeError("set_num_threads expects a positive integer")
    global _num_threads_set
    _C._set_num_threads(threads)
    _num_threads_set = threads


def get_num_interop_threads():
    # PyTorch's inter-op pool has one thread per core; nothing here runs ops in parallel to others.
    return os.cpu_count() or 1


_deterministic = {"mode": False, "warn_only": False}


def use_deterministic_algorithms(mode, *, warn_only=False):
    for position, (name, value) in enumerate((("mode", mode), ("warn_only", warn_only)), 1):
        if not isinstance(value, bool):
            where = " (position 1)" if position == 1 else ""
            raise TypeError(f"_set_deterministic_algorithms(): argument '{name}'{where} must be bool, "
                            f"not {type(value).__name__}")
    # Every kernel here is deterministic already: the setting is only remembered.
    _deterministic["mode"], _deterministic["warn_only"] = mode, warn_only


def are_deterministic_algorithms_enabled():
    return _deterministic["mode"]


def is_deterministic_algorithms_warn_only_enabled():
    return _deterministic["warn_only"]
