"""The profiler's events and PyTorch's table of them: FunctionEvent (one span: an aten op, a
record_function range, a CUDA runtime call, or a kernel or copy on a GPU), FunctionEventAvg
(key_averages' rows), EventList (table, export_chrome_trace) and the table layout of PyTorch's
torch/autograd/profiler_util.py (its columns, widths, units and totals)."""


def _format_time(time_us):
    if time_us >= 1e6:
        return f"{time_us / 1e6:.3f}s"
    if time_us >= 1e3:
        return f"{time_us / 1e3:.3f}ms"
    return f"{time_us:.3f}us"


def _format_time_share(time_us, total_time_us):
    if total_time_us == 0:
        return "NaN"
    return f"{time_us * 100.0 / total_time_us:.2f}%"


def _format_memory(nbytes):
    KB = 1024
    MB = 1024 * KB
    GB = 1024 * MB
    if abs(nbytes) >= GB:
        return f"{nbytes * 1.0 / GB:.2f} GB"
    if abs(nbytes) >= MB:
        return f"{nbytes * 1.0 / MB:.2f} MB"
    if abs(nbytes) >= KB:
        return f"{nbytes * 1.0 / KB:.2f} KB"
    return str(nbytes) + " B"


class _Times:
    """The *_str attributes the table prints, and the averages per call."""

    @property
    def cpu_time(self):
        return 0.0 if self.count == 0 else self.cpu_time_total / self.count

    @property
    def device_time(self):
        return 0.0 if self.count == 0 else self.device_time_total / self.count

    cuda_time = device_time

    @property
    def cuda_time_total(self):
        return self.device_time_total

    @property
    def self_cuda_time_total(self):
        return self.self_device_time_total

    def __getattr__(self, name):
        if name.endswith("_str"):
            return _format_time(getattr(self, name[:-4]))
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")


class FunctionEvent(_Times):
    """One span. device_type is "CPU" for host spans and "CUDA" for work on a GPU; times are
    microseconds (a simulated GPU's are modeled)."""

    def __init__(self, id, name, start_us, end_us, device_type="CPU", device_index=0, stream=0,
                 input_shapes=None, input_types=None, kind="cpu_op", use_device=None, bytes=0,
                 flops=0, correlation=0):
        self.id = id
        self.name = name
        self.key = name
        self.start_us = start_us
        self.end_us = end_us
        self.device_type = device_type
        self.device_index = device_index
        self.stream = stream
        self.input_shapes = input_shapes if input_shapes is not None else []
        self.input_types = input_types if input_types is not None else []
        self.kind = kind
        self.use_device = use_device
        self.bytes = bytes
        self.flops = flops
        self.correlation = correlation
        self.cpu_children = []
        self.cpu_parent = None
        self.kernels = []  # the device work this op queued itself
        self.count = 1
        self.is_async = False
        self.is_legacy = False
        self.is_user_annotation = kind == "user_annotation"
        self.overload_name = ""
        self.node_id = -1
        self.stack = []
        self.cpu_memory_usage = self.self_cpu_memory_usage = 0
        self.device_memory_usage = self.self_device_memory_usage = 0

    @property
    def time_range(self):
        return (self.start_us, self.end_us)

    @property
    def cpu_time_total(self):
        return 0.0 if self.device_type != "CPU" else self.end_us - self.start_us

    @property
    def self_cpu_time_total(self):
        if self.device_type != "CPU":
            return 0.0
        return self.cpu_time_total - sum(c.cpu_time_total for c in self.cpu_children)

    @property
    def device_time_total(self):
        if self.device_type != "CPU":
            return self.end_us - self.start_us
        return sum(k.end_us - k.start_us for k in self.kernels) + sum(c.device_time_total for c in self.cpu_children)

    @property
    def self_device_time_total(self):
        if self.device_type != "CPU":
            return self.device_time_total
        return self.device_time_total - sum(c.device_time_total for c in self.cpu_children)

    def __repr__(self):
        return (f"<FunctionEvent id={self.id} name={self.name} device_type={self.device_type} "
                f"cpu_time={self.cpu_time_str} start_us={self.start_us:.3f} end_us={self.end_us:.3f} "
                f"input_shapes={self.input_shapes}>")


class FunctionEventAvg(_Times):
    """key_averages' row: the events of one key (and input shapes) summed."""

    def __init__(self):
        self.key = None
        self.count = 0
        self.node_id = 0
        self.is_async = False
        self.is_legacy = False
        self.is_user_annotation = False
        self.use_device = None
        self.device_type = "CPU"
        self.cpu_time_total = self.device_time_total = 0.0
        self.self_cpu_time_total = self.self_device_time_total = 0.0
        self.input_shapes = None
        self.overload_name = None
        self.stack = None
        self.cpu_parent = None
        self.flops = 0
        self.cpu_memory_usage = self.self_cpu_memory_usage = 0
        self.device_memory_usage = self.self_device_memory_usage = 0

    def add(self, other):
        if self.key is None:
            self.key = other.key
            self.node_id = other.node_id
            self.is_async = other.is_async
            self.is_legacy = other.is_legacy
            self.is_user_annotation = other.is_user_annotation
            self.use_device = other.use_device
            self.device_type = other.device_type
            self.input_shapes = other.input_shapes
            self.overload_name = other.overload_name
            self.stack = other.stack
            self.cpu_parent = other.cpu_parent
        self.cpu_memory_usage += other.cpu_memory_usage
        self.self_cpu_memory_usage += other.self_cpu_memory_usage
        self.device_memory_usage += other.device_memory_usage
        self.self_device_memory_usage += other.self_device_memory_usage
        self.cpu_time_total += other.cpu_time_total
        self.device_time_total += other.device_time_total
        self.self_cpu_time_total += other.self_cpu_time_total
        self.self_device_time_total += other.self_device_time_total
        self.count += other.count
        self.flops += other.flops
        return self

    def __iadd__(self, other):
        return self.add(other)

    def __repr__(self):
        return (f"<FunctionEventAvg key={self.key} self_cpu_time={self.self_cpu_time_total_str} "
                f"cpu_time={self.cpu_time_str} self_device_time={self.self_device_time_total_str} "
                f"device_time={self.device_time_str} input_shapes={self.input_shapes}>")


class EventList(list):
    """A list of events with PyTorch's table() and key_averages()."""

    def __init__(self, *args, use_device=None, profile_memory=False, with_flops=False, header=None, trace=None):
        super().__init__(*args)
        self._use_device = use_device
        self._profile_memory = profile_memory
        self._with_flops = with_flops
        self._header = header
        self._trace = trace

    @property
    def self_cpu_time_total(self):
        return sum(e.self_cpu_time_total for e in self)

    def key_averages(self, group_by_input_shapes=False, group_by_stack_n=0, group_by_overload_name=False):
        groups = {}
        for evt in self:
            key = (evt.key, str(evt.input_shapes) if group_by_input_shapes else "",
                   tuple(evt.stack[:group_by_stack_n]) if group_by_stack_n > 0 else ())
            groups.setdefault(key, FunctionEventAvg()).add(evt)
        for avg in groups.values():
            # As PyTorch's: no Input Shapes or Source Location column unless grouped by them.
            avg.stack = list(avg.stack[:group_by_stack_n]) if group_by_stack_n > 0 and avg.stack else []
            if not group_by_input_shapes:
                avg.input_shapes = ""
        return EventList(groups.values(), use_device=self._use_device, profile_memory=self._profile_memory,
                         with_flops=self._with_flops, header=self._header)

    def table(self, sort_by=None, row_limit=100, max_src_column_width=75, max_name_column_width=55,
              max_shapes_column_width=80, header=None, top_level_events_only=False, time_unit=None):
        return _build_table(self, sort_by=sort_by, row_limit=row_limit, header=header or self._header,
                            max_name_column_width=max_name_column_width,
                            max_shapes_column_width=max_shapes_column_width,
                            profile_memory=self._profile_memory, top_level_events_only=top_level_events_only,
                            time_unit=time_unit, max_src_column_width=max_src_column_width)

    def total_average(self):
        total = FunctionEventAvg()
        for evt in self:
            total.add(evt)
        total.key = "Total"
        return total


def _trim_path(path, width):
    if len(path) > width:
        path = path[len(path) - width:]
        if len(path) > 3:
            path = "..." + path[3:]
    return path


def _sort_key(sort_by):
    # An unknown key raises AttributeError "'FunctionEventAvg' object has no attribute ...",
    # as PyTorch's getattr does.
    name = sort_by.replace("cuda", "device").replace("xpu", "device").replace("privateuse1", "device")
    return lambda evt: getattr(evt, name)


def _build_table(events, sort_by=None, header=None, row_limit=100, max_name_column_width=55,
                 max_shapes_column_width=80, profile_memory=False, top_level_events_only=False,
                 time_unit=None, max_src_column_width=75):
    """PyTorch's table: Name, Self CPU %, Self CPU, CPU total %, CPU total, CPU time avg, then
    Self CUDA, Self CUDA %, CUDA total, CUDA time avg when there is GPU time, # of Calls, and
    Input Shapes when recorded; columns 12 wide, two spaces apart."""
    if len(events) == 0:
        return ""
    has_device_time = any(e.self_device_time_total > 0 for e in events)
    has_device_mem = any(e.self_device_memory_usage > 0 for e in events)
    use_device = events[0].use_device
    stacks = [e.stack for e in events if e.stack]
    src_width = None
    if stacks:
        src_width = min(max(len(entry) for st in stacks for entry in st) + 4, max_src_column_width)
    has_input_shapes = any(e.input_shapes is not None and len(e.input_shapes) > 0 for e in events)
    if sort_by is not None:
        events = sorted(events, key=_sort_key(sort_by), reverse=True)

    name_width = max(len(e.key) for e in events) + 4
    if max_name_column_width is not None:
        name_width = min(name_width, max_name_column_width)
    shapes_width = max(len(str(e.input_shapes)) for e in events) + 4
    if max_shapes_column_width is not None:
        shapes_width = min(shapes_width, max_shapes_column_width)

    device_name = use_device.upper() if use_device is not None else "None"
    headers = ["Name", "Self CPU %", "Self CPU", "CPU total %", "CPU total", "CPU time avg"]
    if has_device_time:
        headers += [f"Self {device_name}", f"Self {device_name} %", f"{device_name} total", f"{device_name} time avg"]
    if profile_memory:
        headers += ["CPU Mem", "Self CPU Mem"]
        if use_device and has_device_mem:
            headers += [f"{device_name} Mem", f"Self {device_name} Mem"]
    headers.append("# of Calls")
    widths = [name_width] + [12] * (len(headers) - 1)
    aligns = [">"] * len(widths)
    if has_input_shapes:
        headers.append("Input Shapes")
        widths.append(shapes_width)
        aligns.append(">")
    if stacks:
        headers.append("Source Location")
        widths.append(src_width)
        aligns.append("<")
    row_format = "".join("{: " + a + str(w) + "}  " for a, w in zip(aligns, widths))
    header_sep = "".join("-" * w + "  " for w in widths)
    line_length = sum(w + 2 for w in widths) - 2

    def unit(time_us, default):
        if time_unit == "s":
            return f"{time_us / 1e6:.3f}s"
        if time_unit == "ms":
            return f"{time_us / 1e3:.3f}ms"
        if time_unit == "us":
            return f"{time_us:.3f}us"
        return default

    sum_self_cpu = sum(e.self_cpu_time_total for e in events)
    sum_self_device = sum(e.self_device_time_total for e in events
                          if e.device_type != "CPU" and not e.is_user_annotation)
    out = []
    if header is not None:
        out += ["=" * line_length, header]
    if top_level_events_only:
        out += ["=" * line_length, "This report only display top-level ops statistics"]
    out += [header_sep, row_format.format(*headers), header_sep]
    shown = 0
    for evt in events:
        if shown == row_limit:
            break
        if top_level_events_only and evt.cpu_parent is not None:
            continue
        shown += 1
        name = evt.key
        if max_name_column_width is not None and len(name) >= max_name_column_width - 3:
            name = name[:max_name_column_width - 3] + "..."
        row = [name, _format_time_share(evt.self_cpu_time_total, sum_self_cpu),
               unit(evt.self_cpu_time_total, evt.self_cpu_time_total_str),
               _format_time_share(evt.cpu_time_total, sum_self_cpu),
               unit(evt.cpu_time_total, evt.cpu_time_total_str), unit(evt.cpu_time, evt.cpu_time_str)]
        if has_device_time:
            row += [unit(evt.self_device_time_total, evt.self_device_time_total_str),
                    _format_time_share(evt.self_device_time_total, sum_self_device),
                    unit(evt.device_time_total, evt.device_time_total_str),
                    unit(evt.device_time, evt.device_time_str)]
        if profile_memory:
            row += [_format_memory(evt.cpu_memory_usage), _format_memory(evt.self_cpu_memory_usage)]
            if use_device and has_device_mem:
                row += [_format_memory(evt.device_memory_usage), _format_memory(evt.self_device_memory_usage)]
        row.append(evt.count)
        if has_input_shapes:
            row.append(str(evt.input_shapes)[:shapes_width])
        if stacks:
            row.append(_trim_path(evt.stack[0], src_width) if evt.stack else "")
        out.append(row_format.format(*row))
        if stacks:
            empty = [""] * (len(headers) - 1)
            for entry in (evt.stack or [])[1:]:
                out.append(row_format.format(*(empty + [_trim_path(entry, src_width)])))
            out.append(row_format.format(*(empty + [""])))
    out.append(header_sep)
    out.append(f"Self CPU time total: {unit(sum_self_cpu, _format_time(sum_self_cpu))}")
    if has_device_time:
        out.append(f"Self {device_name} time total: {unit(sum_self_device, _format_time(sum_self_device))}")
    return "".join(line + "\n" for line in out)

