"""What one kernel launch did on the simulated GPU, in figures and in words: per source line
the warp instructions' memory transactions (32-byte sectors: coalesced or not), shared-memory
bank conflicts and divergence; the block's occupancy on an SM; the modeled time and which
bound set it. numba.cuda.last_report() returns it; :kernel at the prompt prints it."""
from numba.cuda import _compiler

OPNAMES = {v: k for k, v in _compiler.OP.items()}


class KernelReport:
    def __init__(self, fn, prog, griddim, blockdim, sharedmem, device_name, r):
        self.name = prog.name
        self.griddim, self.blockdim = tuple(griddim), tuple(blockdim)
        self.device_name = device_name
        self.sharedmem = sharedmem
        self.threads = r['threads']
        self.warps_per_block = r['warps_per_block']
        self.blocks_per_sm = r['blocks_per_sm']
        self.occupancy = r['occupancy']
        self.limiter = r['limiter']
        self.registers = r['registers']
        self.static_shared_bytes = r['static_shared_bytes']
        self.waves = r['waves']
        self.time_ns = r['duration_ns']
        self.bounds_ns = {'latency': r['latency_ns'], 'issue': r['issue_ns'], 'memory': r['memory_ns']}
        self.global_reads, self.global_writes = r['global_reads'], r['global_writes']
        self.shared_reads, self.shared_writes = r['shared_reads'], r['shared_writes']
        self.barriers = r['barriers']
        lines, first = _compiler.source_lines(fn)
        self._source = {first + i: l.strip() for i, l in enumerate(lines)}
        self.lines = self._per_line(prog, r['per_instr'])

    def _per_line(self, prog, per_instr):
        rows = {}
        for ins, s in zip(prog.code, per_instr):
            op = OPNAMES[ins[0]]
            execs, active, sectors, ideal, wavefronts, divergent = s
            if op not in ('LOAD', 'STORE', 'ATOMIC', 'IF') or execs == 0:
                continue
            arr = prog.arrays[ins[2]] if op != 'IF' else None
            row = rows.setdefault(ins[10], {'line': ins[10], 'source': self._source.get(ins[10], ''),
                                            'accesses': [], 'divergent_warps': 0})
            if op == 'IF':
                row['divergent_warps'] += divergent
                continue
            space = {_compiler.SPACE_GLOBAL: 'global', _compiler.SPACE_CONST: 'global',
                     _compiler.SPACE_SHARED: 'shared', _compiler.SPACE_LOCAL: 'local'}[arr['space']]
            row['accesses'].append({'array': arr['name'], 'space': space,
                                    'kind': {'LOAD': 'load', 'STORE': 'store', 'ATOMIC': 'atomic'}[op],
                                    'warp_requests': execs, 'sectors_per_request': sectors / execs,
                                    'ideal_sectors_per_request': ideal / execs,
                                    'wavefronts_per_request': wavefronts / execs})
        return [rows[k] for k in sorted(rows)]

    def _advice(self, a):
        if a['space'] == 'global':
            got, ideal = a['sectors_per_request'], a['ideal_sectors_per_request']
            if got <= ideal * 1.01:
                return f"{got:.1f} sectors per warp request (coalesced: neighbouring threads touch neighbouring elements)"
            return (f"{got:.1f} sectors per warp request where {ideal:.1f} would do: neighbouring threads touch "
                    f"elements far apart (a strided index); let threadIdx.x move along the array's last index, "
                    f"or stage through shared memory, to coalesce")
        if a['space'] == 'shared':
            w = a['wavefronts_per_request']
            if w <= 1.01:
                return "no bank conflicts (one pass per warp request)"
            return (f"{w:.1f}-way bank conflicts: threads of a warp hit different words of one of the 32 banks, "
                    f"so the access is split into {w:.1f} passes; pad the array's row by one element")
        return "per-thread local memory"

    def __str__(self):
        g = 'x'.join(str(d) for d in self.griddim if True)
        b = 'x'.join(str(d) for d in self.blockdim)
        out = [f"kernel '{self.name}' on {self.device_name}: grid ({g}) x block ({b}) = {self.threads} threads, "
               f"{self.warps_per_block} warp{'s' if self.warps_per_block != 1 else ''} per block",
               f"  modeled time {self.time_ns / 1e3:.2f} us (a model, not a measurement) in {self.waves} "
               f"wave{'s' if self.waves != 1 else ''} of blocks; one block is bound by "
               f"{max(self.bounds_ns, key=self.bounds_ns.get)} (latency {self.bounds_ns['latency'] / 1e3:.2f} us, "
               f"issue {self.bounds_ns['issue'] / 1e3:.2f} us, memory {self.bounds_ns['memory'] / 1e3:.2f} us)",
               f"  occupancy {self.occupancy * 100:.0f}%: {self.blocks_per_sm} blocks per SM, limited by "
               f"{self.limiter} (about {self.registers} registers per thread, {self.static_shared_bytes + self.sharedmem}"
               f" bytes of shared memory per block)",
               f"  global reads {self.global_reads}, writes {self.global_writes}; shared reads {self.shared_reads}, "
               f"writes {self.shared_writes}; barriers {self.barriers}"]
        for row in self.lines:
            out.append(f"  line {row['line']}: {row['source']}")
            for a in row['accesses']:
                out.append(f"    {a['space']} {a['kind']} of {a['array']}: {self._advice(a)}")
            if row['divergent_warps']:
                n = row['divergent_warps']
                out.append(f"    divergence: {n} time{'s' if n != 1 else ''} a warp's lanes took different sides of "
                           f"this branch; the warp ran each side in turn with the other lanes idle")
        return '\n'.join(out)

    def __repr__(self):
        return f"<KernelReport '{self.name}': {self.time_ns / 1e3:.2f} us modeled>"


class MeasuredReport:
    """A launch on a real GPU: its time measured with CUDA events. The per-line figures
    (sectors, bank conflicts, divergence, occupancy) come from the simulator: run with --sim."""

    def __init__(self, name, griddim, blockdim, device_name, ms):
        self.name, self.griddim, self.blockdim = name, tuple(griddim), tuple(blockdim)
        self.device_name, self.measured_ms = device_name, ms
        self.time_ns = ms * 1e6

    def __str__(self):
        g = 'x'.join(str(d) for d in self.griddim)
        b = 'x'.join(str(d) for d in self.blockdim)
        return (f"kernel '{self.name}' on {self.device_name}: grid ({g}) x block ({b}): {self.measured_ms:.4f} ms "
                f"measured (CUDA events; compiled with NVRTC). The simulator's figures (sectors, bank conflicts, "
                f"occupancy, a modeled time) come with --sim.")

    def __repr__(self):
        return f"<MeasuredReport '{self.name}': {self.measured_ms:.4f} ms measured>"
