"""A recording as Kineto's Chrome trace JSON (what PyTorch's export_chrome_trace writes, and
Perfetto and chrome://tracing open): metadata ("M") naming the host process and thread and
each GPU's streams, complete events ("X") with cat cpu_op / user_annotation / cuda_runtime /
kernel / gpu_memcpy, flow events ("s" -> "f", cat ac2g) from each launch to its kernel, and
the profiler's own span. Times are microseconds; on a simulated GPU they are modeled."""
import os
import threading
import time

import torch


def _device_properties(devices):
    out = []
    for i in devices:
        p = torch.cuda.get_device_properties(i)
        out.append({"id": i, "name": p.name, "totalGlobalMem": p.total_memory, "computeMajor": p.major,
                    "computeMinor": p.minor, "maxThreadsPerBlock": p.max_threads_per_block,
                    "maxThreadsPerMultiprocessor": p.max_threads_per_multi_processor, "regsPerBlock": 65536,
                    "warpSize": p.warp_size, "sharedMemPerBlock": 49152, "numSms": p.multi_processor_count,
                    "regsPerMultiprocessor": 65536, "sharedMemPerBlockOptin": 49152,
                    "sharedMemPerMultiprocessor": 65536})
    return out


def chrome_trace(rec, path):
    pid = os.getpid()
    # The OS thread id, as Kineto writes; a Python without threads (the web build's) has none.
    tid = threading.get_native_id() if hasattr(threading, "get_native_id") else threading.get_ident()
    events = rec.events
    host = [e for e in events if e.device_type == "CPU"]
    gpu = [e for e in events if e.device_type != "CPU"]
    devices = sorted({e.device_index for e in gpu})
    t0 = min((e.start_us for e in events), default=0.0)
    t1 = max((e.end_us for e in events), default=t0)

    def meta(name, p, t, args):
        return {"ph": "M", "name": name, "ts": round(t0, 3), "pid": p, "tid": t, "args": args}

    out = [meta("process_name", pid, 0, {"name": "python"}), meta("process_labels", pid, 0, {"labels": "CPU"}),
           meta("process_sort_index", pid, 0, {"sort_index": pid}),
           meta("thread_name", pid, tid, {"name": f"thread {tid} (python)"}),
           meta("thread_sort_index", pid, tid, {"sort_index": tid})]
    for d in devices:
        out += [meta("process_name", d, 0, {"name": "python"}), meta("process_labels", d, 0, {"labels": f"GPU {d}"}),
                meta("process_sort_index", d, 0, {"sort_index": 5000000 + d})]
        for s in sorted({e.stream for e in gpu if e.device_index == d}):
            out += [meta("thread_name", d, s, {"name": f"stream {s} "}), meta("thread_sort_index", d, s, {"sort_index": s})]

    for idx, e in enumerate(host):
        args = {"External id": e.id, "Record function id": 0, "Ev Idx": idx}
        if e.kind == "cuda_runtime":
            args = {"External id": e.cpu_parent.id if e.cpu_parent else 0, "cbid": 211, "correlation": e.id}
        elif e.kind == "cpu_op" and rec.record_shapes:
            args["Input Dims"] = e.input_shapes
            args["Input type"] = e.input_types
        out.append({"ph": "X", "cat": e.kind, "name": e.name, "pid": pid, "tid": tid, "ts": round(e.start_us, 3),
                    "dur": round(e.end_us - e.start_us, 3), "args": args})
    for e in gpu:
        ext = e.launcher.cpu_parent.id if e.launcher is not None and e.launcher.cpu_parent is not None else 0
        args = {"External id": ext, "device": e.device_index, "stream": e.stream, "correlation": e.correlation}
        dur_us = e.end_us - e.start_us
        if e.kind == "kernel":
            cat = "kernel"
            args["est. achieved occupancy %"] = round(100 * e.sm_share)
            args["modeled"] = True
        else:
            cat = "gpu_memcpy"
            args["bytes"] = e.bytes
            args["memory bandwidth (GB/s)"] = round(e.bytes / (dur_us * 1e3), 3) if dur_us > 0 else 0
            args["modeled"] = True
        out.append({"ph": "X", "cat": cat, "name": e.name, "pid": e.device_index, "tid": e.stream,
                    "ts": round(e.start_us, 3), "dur": round(dur_us, 3), "args": args})
        if e.launcher is not None:
            # The arrow from the launch to the kernel it queued.
            out.append({"ph": "s", "id": e.correlation, "pid": pid, "tid": tid, "ts": round(e.launcher.start_us, 3),
                        "cat": "ac2g", "name": "ac2g"})
            out.append({"ph": "f", "id": e.correlation, "pid": e.device_index, "tid": e.stream,
                        "ts": round(e.start_us, 3), "cat": "ac2g", "name": "ac2g", "bp": "e"})
    out.append({"ph": "X", "cat": "Trace", "name": "PyTorch Profiler (0)", "pid": "Spans", "tid": "PyTorch Profiler",
                "ts": round(t0, 3), "dur": round(t1 - t0, 3), "args": {"Op count": 0}})
    out.append({"name": "process_sort_index", "ph": "M", "ts": round(t0, 3), "pid": "Spans", "tid": 0,
                "args": {"sort_index": 536870912}})
    out.append({"name": "Iteration Start: PyTorch Profiler", "ph": "i", "s": "g", "pid": "Traces",
                "tid": "Trace PyTorch Profiler", "ts": round(t0, 3)})
    out.append({"name": "Record Window End", "ph": "i", "s": "g", "pid": "", "tid": "", "ts": round(t1, 3)})
    return {"schemaVersion": 1, "deviceProperties": _device_properties(devices),
            "record_shapes": int(rec.record_shapes), "displayTimeUnit": "ms",
            "baseTimeNanoseconds": time.time_ns() - int(time.monotonic_ns()), "traceEvents": out,
            "traceName": path}
