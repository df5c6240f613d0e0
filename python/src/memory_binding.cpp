// torch.cuda.memory's C++ half: each GPU's caching-allocator statistics under PyTorch's keys,
// its segments and blocks, and the allocation history with the Python stack of each event
// (torch/cuda/memory.py lays them out as PyTorch's memory_stats, memory_summary and
// _snapshot do).
#include <pybind11/pybind11.h>

#include <memory>
#include <string>
#include <vector>

#include "core/backends/caching_allocator.h"
#include "core/backends/device_runtime.h"
#include "core/cuda_api.h"
#include "python/src/bindings.h"
#include "python/src/python_stack.h"

namespace tp::torchpy {

namespace {

// The allocator of cuda:N, or nullptr (no such GPU, or none with an allocator).
CachingAllocator* allocator_of(int index) {
  if (index < 0 || index >= cuda::device_count()) return nullptr;
  return runtime_for(Device::cuda(index)).caching_allocator();
}

int device_arg(py::handle device) {
  if (device.is_none()) return cuda::device_count() > 0 ? cuda::current_device() : -1;
  return device.cast<int>();
}

// The Python stack now, innermost first, as the history's frames.
AllocContext python_stack() { return std::make_shared<const std::vector<AllocFrame>>(python_frames()); }

py::list frames_of(const AllocContext& context) {
  py::list out;
  if (context)
    for (const AllocFrame& f : *context) {
      py::dict d;
      d["filename"] = f.filename;
      d["line"] = f.line;
      d["name"] = f.name;
      out.append(d);
    }
  return out;
}

const char* action_name(TraceEntry::Action a) {
  switch (a) {
    case TraceEntry::Action::Alloc: return "alloc";
    case TraceEntry::Action::FreeRequested: return "free_requested";
    case TraceEntry::Action::FreeCompleted: return "free_completed";
    case TraceEntry::Action::SegmentAlloc: return "segment_alloc";
    case TraceEntry::Action::SegmentFree: return "segment_free";
    case TraceEntry::Action::Oom: return "oom";
  }
  return "";
}

const char* state_name(BlockInfo::State s) {
  switch (s) {
    case BlockInfo::State::ActiveAllocated: return "active_allocated";
    case BlockInfo::State::ActivePendingFree: return "active_pending_free";
    case BlockInfo::State::Inactive: return "inactive";
  }
  return "";
}

// memory_stats(): "allocated_bytes.all.current" and the others, as PyTorch flattens them.
py::dict stats_dict(const AllocatorStats& s) {
  py::dict d;
  auto put = [&](const char* name, const AllocStat (&stat)[3]) {
    const char* pools[3] = {"all", "small_pool", "large_pool"};
    for (int i = 0; i < 3; ++i) {
      const std::string p = std::string(name) + "." + pools[i] + ".";
      d[py::str(p + "current")] = stat[i].current;
      d[py::str(p + "peak")] = stat[i].peak;
      d[py::str(p + "allocated")] = stat[i].allocated;
      d[py::str(p + "freed")] = stat[i].freed;
    }
  };
  put("allocation", s.allocation);
  put("segment", s.segment);
  put("active", s.active);
  put("inactive_split", s.inactive_split);
  put("allocated_bytes", s.allocated_bytes);
  put("reserved_bytes", s.reserved_bytes);
  put("active_bytes", s.active_bytes);
  put("inactive_split_bytes", s.inactive_split_bytes);
  put("requested_bytes", s.requested_bytes);
  for (const char* k : {"oversize_allocations", "oversize_segments"})
    for (const char* m : {"current", "peak", "allocated", "freed"}) d[py::str(std::string(k) + "." + m)] = 0;
  d["num_alloc_retries"] = s.num_alloc_retries;
  d["num_ooms"] = s.num_ooms;
  d["num_sync_all_streams"] = 0;
  d["num_device_alloc"] = s.num_device_alloc;
  d["num_device_free"] = s.num_device_free;
  d["num_oom_rejections"] = 0;  // no per-process memory fraction policy
  d["max_split_size"] = -1;  // PYTORCH_CUDA_ALLOC_CONF's max_split_size_mb, unset
  return d;
}

}  // namespace

void bind_memory(py::module_& m) {
  CachingAllocator::set_context_source(python_stack);
  m.def("_cuda_memory_stats", [](py::handle device) -> py::dict {
    CachingAllocator* a = allocator_of(device_arg(device));
    return a ? stats_dict(a->stats()) : py::dict();
  });
  m.def("_cuda_reset_accumulated_memory_stats", [](py::handle device) {
    if (CachingAllocator* a = allocator_of(device_arg(device))) a->reset_accumulated_stats();
  });
  m.def("_cuda_record_memory_history", [](bool enabled, size_t max_entries) {
    for (int i = 0; i < cuda::device_count(); ++i)
      if (CachingAllocator* a = allocator_of(i)) a->record_history(enabled, max_entries);
  });
  // (segments, traces per device); stream fields are stream ids (memory.py turns them into
  // handles).
  m.def("_cuda_memory_snapshot", []() {
    py::list segments, traces;
    for (int i = 0; i < cuda::device_count(); ++i) {
      py::list trace;
      if (CachingAllocator* a = allocator_of(i)) {
        for (const SegmentInfo& s : a->snapshot()) {
          py::dict seg;
          seg["device"] = i;
          seg["address"] = s.address;
          seg["total_size"] = s.total;
          seg["allocated_size"] = s.allocated;
          seg["active_size"] = s.active;
          seg["requested_size"] = s.requested;
          seg["stream"] = s.stream;
          seg["segment_type"] = s.small ? "small" : "large";
          seg["segment_pool_id"] = py::make_tuple(0, 0);
          seg["is_expandable"] = false;
          seg["frames"] = s.blocks.empty() ? py::list() : frames_of(s.blocks.front().context);
          py::list blocks;
          for (const BlockInfo& b : s.blocks) {
            py::dict bd;
            bd["address"] = b.address;
            bd["size"] = b.size;
            bd["requested_size"] = b.requested;
            bd["state"] = state_name(b.state);
            bd["frames"] = frames_of(b.context);
            blocks.append(bd);
          }
          seg["blocks"] = blocks;
          segments.append(seg);
        }
        for (const TraceEntry& e : a->history()) {
          py::dict t;
          t["action"] = action_name(e.action);
          t["addr"] = e.addr;
          t["size"] = e.size;
          t["stream"] = e.stream;
          t["time_us"] = e.time_us;
          t["frames"] = frames_of(e.context);
          if (e.action == TraceEntry::Action::Oom) t["device_free"] = e.device_free;
          trace.append(t);
        }
      }
      traces.append(trace);
    }
    return py::make_tuple(segments, traces);
  });
}

}  // namespace tp::torchpy
