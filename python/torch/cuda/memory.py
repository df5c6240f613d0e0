"""torch.cuda.memory: the caching allocator's statistics (memory_stats, memory_summary in
PyTorch's table), its segments and blocks (memory_snapshot), and the allocation history that
PyTorch's memory viewer reads (_record_memory_history, _snapshot, _dump_snapshot: the same
pickled dictionary, which pytorch.org/memory_viz and torch.cuda._memory_viz open)."""
import collections
import pickle
import sys

from torch import _C
from torch.cuda.streams import _stream_handle


def _device_index(device):
    if device is None:
        return None
    if isinstance(device, int):
        return device
    return _C._cuda_device_index(device)


def memory_stats(device=None):
    """PyTorch's statistics of the device's caching allocator, keys sorted
    ("active.all.current", ..., "reserved_bytes.large_pool.peak", ...)."""
    stats = _C._cuda_memory_stats(_device_index(device))
    return collections.OrderedDict(sorted(stats.items()))


def memory_stats_as_nested_dict(device=None):
    nested = {}
    for key, value in memory_stats(device).items():
        node = nested
        parts = key.split(".")
        for p in parts[:-1]:
            node = node.setdefault(p, {})
        node[parts[-1]] = value
    return nested


def reset_accumulated_memory_stats(device=None):
    _C._cuda_reset_accumulated_memory_stats(_device_index(device))


def max_memory_reserved(device=None):
    return memory_stats(device).get("reserved_bytes.all.peak", 0)


def memory_summary(device=None, abbreviated=False):
    """The allocator's statistics as PyTorch's table: current, peak, total allocated and
    freed of each figure, for all pools and the large and small ones."""
    index = _device_index(device)
    if index is None:
        index = _C._cuda_current_device()
    stats = memory_stats(index)

    def _format_size(sz, pref_sz):
        prefixes = ["B  ", "KiB", "MiB", "GiB", "TiB", "PiB"]
        prefix = prefixes[0]
        for new_prefix in prefixes[1:]:
            if pref_sz < 768 * 1024:
                break
            prefix = new_prefix
            sz //= 1024
            pref_sz /= 1024
        return f"{sz:6d} {prefix}"

    def _format_count(cnt, pref_cnt):
        prefixes = [" ", "K", "M"]
        prefix = prefixes[0]
        for new_prefix in prefixes[1:]:
            if pref_cnt < 750 * 1000:
                break
            prefix = new_prefix
            cnt //= 1000
            pref_cnt /= 1000
        return f"{cnt:7d} {prefix} "

    rows = [("allocated_bytes", "Allocated memory", _format_size), ("active_bytes", "Active memory", _format_size),
            ("requested_bytes", "Requested memory", _format_size),
            ("reserved_bytes", "GPU reserved memory", _format_size),
            ("inactive_split_bytes", "Non-releasable memory", _format_size),
            ("allocation", "Allocations", _format_count), ("active", "Active allocs", _format_count),
            ("segment", "GPU reserved segments", _format_count),
            ("inactive_split", "Non-releasable allocs", _format_count)]
    lines = ["=" * 75, f" {'':16} PyTorch CUDA memory summary, device ID {index:<17d} ", "-" * 75,
             f"  {'':9} CUDA OOMs: {stats.get('num_ooms', 0):<12d} | {'':6} cudaMalloc retries: "
             f"{stats.get('num_alloc_retries', 0):<8d}  ",
             "=" * 75, "        Metric         | Cur Usage  | Peak Usage | Tot Alloc  | Tot Freed  "]
    for key, name, fmt in rows:
        lines.append("-" * 75)
        pools = [("all", name)]
        if not abbreviated:
            pools += [("large_pool", "      from large pool"), ("small_pool", "      from small pool")]
        pref = None
        for pool, label in pools:
            vals = [stats.get(f"{key}.{pool}.{m}", 0) for m in ("current", "peak", "allocated", "freed")]
            if pref is None:
                pref = vals
            cells = " | ".join(fmt(v, p) for v, p in zip(vals, pref))
            lines.append(f" {label:<21} | {cells} ")
    for key, name in (("oversize_allocations", "Oversize allocations"), ("oversize_segments", "Oversize GPU segments")):
        lines.append("-" * 75)
        vals = [stats.get(f"{key}.{m}", 0) for m in ("current", "peak", "allocated", "freed")]
        lines.append(f" {name:<21} | " + " | ".join(_format_count(v, v) for v in vals) + " ")
    lines.append("=" * 75)
    return "|" + "|\n|".join(lines) + "|\n"


def _raw_snapshot():
    segments, traces = _C._cuda_memory_snapshot()
    if _history["enabled"] == "state":
        traces = [[] for _ in traces]
    if _history["context"] is None:
        for seg in segments:
            seg["frames"] = []
            for block in seg["blocks"]:
                block["frames"] = []
        for trace in traces:
            for entry in trace:
                entry["frames"] = []
    for seg in segments:
        seg["stream"] = _stream_handle(seg["device"], seg["stream"])
    for device, trace in enumerate(traces):
        for entry in trace:
            entry["stream"] = _stream_handle(device, entry["stream"])
    return segments, traces


def memory_snapshot(mempool_id=None, include_traces=True):
    """The segments of every GPU's allocator, each with its blocks, as PyTorch lists them."""
    return _raw_snapshot()[0]


# What _snapshot reports of the recording: "all" (the events and the blocks' stacks) or
# "state" (the blocks' stacks only), and whether stacks are kept (context=None: none).
_history = {"enabled": None, "context": "all"}


def _record_memory_history(enabled="all", context="all", stacks="all", max_entries=sys.maxsize, device=None,
                           *args, **kwargs):
    """Starts recording every allocation and free with its Python stack, keeping the last
    max_entries events ("all"), or only the stacks of the blocks alive ("state");
    enabled=None stops."""
    if isinstance(enabled, bool):  # the older form: _record_memory_history(True, trace_alloc_max_entries=...)
        max_entries = kwargs.get("trace_alloc_max_entries", 1)
        enabled = "all" if enabled else None
    if enabled not in (None, "state", "all"):
        raise ValueError(f"expected enabled to be None, 'state' or 'all', got {enabled!r}")
    if context not in (None, "state", "alloc", "all"):
        raise ValueError(f"expected context to be None, 'state', 'alloc' or 'all', got {context!r}")
    _history["enabled"], _history["context"] = enabled, context
    _C._cuda_record_memory_history(enabled is not None, min(int(max_entries), sys.maxsize))


def _snapshot(device=None, augment_with_fx_traces=False):
    """The dictionary PyTorch's memory viewer reads: segments, device_traces,
    allocator_settings."""
    segments, traces = _raw_snapshot()
    return {"segments": segments, "device_traces": traces,
            "allocator_settings": {"PYTORCH_CUDA_ALLOC_CONF": "", "max_split_size": -1,
                                   "garbage_collection_threshold": 0.0, "expandable_segments": False,
                                   "pinned_num_register_threads": 1, "release_lock_on_cudamalloc": False,
                                   "pinned_use_cuda_host_register": False, "roundup_power2_divisions": {}},
            "external_annotations": []}


def _dump_snapshot(filename="dump_snapshot.pickle", augment_with_fx_traces=False):
    """Writes _snapshot() pickled to `filename` (open it at pytorch.org/memory_viz)."""
    s = _snapshot()
    with open(filename, "wb") as f:
        pickle.dump(s, f)
