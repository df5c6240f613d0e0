// numba.cuda's launches, C++ half: the compiled kernel (python/numba/cuda/_compiler.py) comes
// in as plain tuples, runs on the warp interpreter (core/backends/sim/warp_program.h) against
// the simulated device's own memory, and its modeled duration is queued on that device's
// stream like any torch kernel, so events, synchronize() and time.perf_counter() see it.
#include <pybind11/stl.h>

#include <algorithm>
#include <cstring>

#include "core/backends/sim/sim_backend.h"
#include "core/backends/sim/warp_program.h"
#include "core/device_registry.h"
#include "core/cuda_source_kernel.h"
#include "core/error.h"
#include "core/learner_kernel.h"
#include "core/machine_clock.h"
#include "python/src/bindings.h"

namespace tp::torchpy {

namespace {

WProgram program_from(const py::dict& p) {
  WProgram prog;
  prog.name = p["name"].cast<std::string>();
  for (py::handle h : p["code"]) {
    auto t = h.cast<py::tuple>();
    WInstr in;
    in.op = static_cast<WOp>(t[0].cast<int>());
    in.dst = t[1].cast<int>();
    in.a = t[2].cast<int>();
    in.b = t[3].cast<int>();
    in.c = t[4].cast<int>();
    in.d = t[5].cast<int>();
    in.e = t[6].cast<int>();
    in.f = t[7].cast<int>();
    in.k = t[8].cast<int64_t>();
    in.x = t[9].cast<double>();
    in.line = t[10].cast<int>();
    prog.code.push_back(in);
  }
  for (py::handle h : p["reg_types"]) prog.reg_types.push_back(static_cast<WType>(h.cast<int>()));
  for (py::handle h : p["arrays"]) {
    auto d = h.cast<py::dict>();
    WArray a;
    a.name = d["name"].cast<std::string>();
    a.space = static_cast<WSpace>(d["space"].cast<int>());
    a.elem = static_cast<WElem>(d["elem"].cast<int>());
    auto shape = d["shape"].cast<std::vector<int64_t>>();
    auto strides = d["strides"].cast<std::vector<int64_t>>();
    TP_CHECK(shape.size() >= 1 && shape.size() <= 3, NotImplementedError,
             "the simulated GPU runs arrays of 1 to 3 dimensions; '", a.name, "' has ", shape.size());
    a.ndim = static_cast<int>(shape.size());
    for (int i = 0; i < a.ndim; ++i) {
      a.shape[i] = shape[i];
      a.strides[i] = strides[i];
    }
    a.data = d["data"].cast<uintptr_t>();
    a.dynamic = d["dynamic"].cast<bool>();
    prog.arrays.push_back(a);
  }
  return prog;
}

// print() records as (format number, [values]) with each value as its register's type says.
py::list prints_of(const WProgram& prog, const WarpLaunchResult& r) {
  py::list out;
  for (const WPrint& p : r.prints) {
    const WInstr& in = prog.code[p.pc];
    const int args[6] = {in.a, in.b, in.c, in.d, in.e, in.f};
    py::list values;
    for (int k = 0; k < 6; ++k) {
      if (args[k] < 0) continue;
      const WType t = prog.reg_types[args[k]];
      if (t == WType::F32 || t == WType::F64) {
        double v;
        std::memcpy(&v, &p.raw[k], sizeof v);
        values.append(v);
      } else if (t == WType::Bool) {
        values.append(p.raw[k] != 0);
      } else {
        values.append(p.raw[k]);
      }
    }
    out.append(py::make_tuple(in.k, values));
  }
  return out;
}

py::dict result_dict(const WarpLaunchResult& r, double start_ns, double end_ns) {
  py::list per;
  for (const WInstrStats& s : r.per_instr)
    per.append(py::make_tuple(s.warp_execs, s.active_lanes, s.sectors, s.ideal_sectors, s.wavefronts, s.divergent));
  py::dict d;
  d["per_instr"] = per;
  d["threads"] = r.stats.threads;
  d["global_reads"] = r.stats.global_reads;
  d["global_writes"] = r.stats.global_writes;
  d["shared_reads"] = r.stats.shared_reads;
  d["shared_writes"] = r.stats.shared_writes;
  d["barriers"] = r.stats.barriers;
  d["waves"] = r.stats.waves;
  d["blocks_per_sm"] = r.blocks_per_sm;
  d["warps_per_block"] = r.warps_per_block;
  d["registers"] = r.registers_estimate;
  d["static_shared_bytes"] = r.static_shared_bytes;
  d["occupancy"] = r.occupancy;
  d["limiter"] = r.limiter;
  d["duration_ns"] = r.duration_ns;
  d["latency_ns"] = r.latency_ns;
  d["issue_ns"] = r.issue_ns;
  d["memory_ns"] = r.memory_ns;
  d["start_ns"] = start_ns;
  d["end_ns"] = end_ns;
  return d;
}

}  // namespace

void bind_numba(py::module_& m) {
  m.def("_numba_ops", &warp_op_names, "the warp interpreter's instruction names, in opcode order");
  m.def("_numba_set_report", &set_learner_kernel_report, "the last launch's report text, for the GUI");
  m.def("_numba_nvrtc_compile", &compile_cuda_source, "NVRTC-compiles CUDA C++ for sm_MAJORMINOR; the cubin's size");
  m.def("_numba_real_gpu", &cuda_devices_are_real, "True when cuda:N are real GPUs (kernels go through NVRTC)");
  // _numba_launch_cuda(source, name, [(ptr, shape, strides)], grid, block, shared_bytes) -> measured ms
  m.def("_numba_launch_cuda", [](const std::string& source, const std::string& name, const py::list& arrays,
                                 std::vector<int> grid, std::vector<int> block, int64_t shared_bytes) {
    std::vector<SourceKernelArray> params;
    for (py::handle h : arrays) {
      auto t = h.cast<py::tuple>();
      SourceKernelArray a;
      a.data = reinterpret_cast<void*>(t[0].cast<uintptr_t>());
      auto shape = t[1].cast<std::vector<int64_t>>();
      auto strides = t[2].cast<std::vector<int64_t>>();
      for (size_t d = 0; d < shape.size() && d < 3; ++d) {
        a.shape[d] = shape[d];
        a.strides[d] = strides[d];
      }
      params.push_back(a);
    }
    py::gil_scoped_release released;
    return run_cuda_source_kernel(source, name, params, {grid[0], grid[1], grid[2]}, {block[0], block[1], block[2]},
                                  static_cast<size_t>(std::max<int64_t>(shared_bytes, 0)));
  });
  // _numba_launch(program, grid, block, shared_bytes, device_index) -> dict of figures
  m.def("_numba_launch", [](const py::dict& program, std::vector<int> grid, std::vector<int> block,
                            int64_t shared_bytes, int device_index) {
    TP_CHECK(!cuda_devices_are_real(), NotImplementedError,
             "numba.cuda kernels run on tensorplay's simulated GPUs only; this session has real ones");
    WProgram prog = program_from(program);
    LaunchConfig config;
    config.name = prog.name;
    config.grid = {grid[0], grid[1], grid[2]};
    config.block = {block[0], block[1], block[2]};
    config.shared_bytes = static_cast<size_t>(std::max<int64_t>(shared_bytes, 0));
    SimDevice& dev = sim_backend().device(resolve_device(Device::cuda(device_index)));
    // The GUI's thread grid replays launches up to this size (a trace entry per thread).
    constexpr int64_t kTracedThreads = int64_t{1} << 18;
    const int64_t threads = int64_t{grid[0]} * grid[1] * grid[2] * block[0] * block[1] * block[2];
    const bool traced = threads <= kTracedThreads;
    WarpLaunchResult r;
    {
      SimulationScope simulating;  // the host's time interpreting threads is not the machine's
      // Ctrl-C reaches a kernel that loops forever: KeyboardInterrupt, and the session goes on.
      r = run_warp_program(prog, config, dev.profile, traced, [] {
        if (PyErr_CheckSignals() != 0) throw py::error_already_set();
      });
    }
    const double blocks = double(grid[0]) * grid[1] * grid[2];
    const double share = std::min(1.0, blocks / (double(r.blocks_per_sm) * dev.profile.sm_count));
    int64_t bytes = 0;
    for (const WInstrStats& s : r.per_instr) bytes += s.sectors * 32;
    dev.clock->launch_modeled_kernel(prog.name, r.duration_ns, 0, bytes, share);
    LearnerKernel shown;
    shown.name = prog.name;
    shown.device = dev.profile.name;
    shown.warps_per_block = r.warps_per_block;
    if (traced) {
      shown.trace = std::move(r.trace);
      shown.warps = std::move(r.warp_memory);
    }
    if (r.output_array >= 0) {
      const WArray& out = prog.arrays[r.output_array];
      shown.output_name = out.name;
      shown.output_shape.assign(out.shape, out.shape + out.ndim);
    }
    publish_learner_kernel(std::move(shown));
    py::dict d = result_dict(r, dev.clock->stream_end_ns() - r.duration_ns, dev.clock->stream_end_ns());
    d["prints"] = prints_of(prog, r);
    return d;
  });
}

}  // namespace tp::torchpy
