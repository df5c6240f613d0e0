// The warp interpreter's launch (warp_program.h): shared and local memory laid out, CUDA's
// launch checks and the SM occupancy rules (simt.h), blocks run in waves on the profile's SMs
// and their modeled times combined.
#include <algorithm>
#include <climits>

#include "core/backends/sim/simt.h"
#include "core/backends/sim/warp_block.h"

namespace tp {

using namespace warp;

std::vector<std::string> warp_op_names() {
  return {
#define TP_WARP_OP_NAME(name) #name,
      TP_WARP_OPS(TP_WARP_OP_NAME)
#undef TP_WARP_OP_NAME
  };
}

int elem_bytes(WElem e) {
  switch (e) {
    case WElem::F32: case WElem::I32: case WElem::U32: return 4;
    case WElem::F64: case WElem::I64: case WElem::U64: return 8;
    case WElem::I16: case WElem::U16: return 2;
    case WElem::I8: case WElem::U8: case WElem::Bool: return 1;
  }
  return 1;
}

namespace {

int64_t volume(KDim3 d) { return int64_t{d.x} * d.y * d.z; }

}  // namespace

WarpLaunchResult run_warp_program(const WProgram& program, const LaunchConfig& config_in, const GpuProfile& profile,
                                  bool record_trace, const std::function<void()>& poll) {
  WarpLaunchResult out;
  LaunchConfig config = config_in;
  check_launch(config, profile);

  // Shared memory: the static arrays one after another, then the dynamic ones, which all
  // start where the static ones end (CUDA's extern __shared__); local arrays per thread.
  std::vector<WArray> arrays = program.arrays;
  size_t static_shared = 0, local_bytes = 0;
  for (WArray& a : arrays) {
    const size_t bytes = static_cast<size_t>(a.shape[0] * a.shape[1] * a.shape[2]) * elem_bytes(a.elem);
    if (a.space == WSpace::Shared && !a.dynamic) {
      static_shared = (static_shared + 7) / 8 * 8;
      a.offset = static_shared;
      static_shared += bytes;
    } else if (a.space == WSpace::Local) {
      local_bytes = (local_bytes + 7) / 8 * 8;
      a.offset = local_bytes;
      local_bytes += bytes;
    }
  }
  const size_t dynamic_at = (static_shared + 7) / 8 * 8;
  for (WArray& a : arrays) {
    if (a.space != WSpace::Shared || !a.dynamic) continue;
    a.offset = dynamic_at;
    a.shape[0] = static_cast<int64_t>(config.shared_bytes) / elem_bytes(a.elem);
  }
  const size_t limit = static_cast<size_t>(profile.shared_memory_per_block_kib) * 1024;
  if (static_shared + config.shared_bytes > limit)
    fail(ErrorKind::RuntimeError, "Simulated GPU: kernel '", program.name, "' needs ", static_shared + config.shared_bytes,
         " bytes of shared memory per block (", static_shared, " in cuda.shared.array, ", config.shared_bytes,
         " dynamic) but a block of the ", profile.name, " may have at most ", limit, " bytes (",
         profile.shared_memory_per_block_kib, " KiB). Use smaller tiles or fewer elements per block.");
  WProgram prog = program;
  prog.arrays = arrays;
  const size_t shared_total = dynamic_at + config.shared_bytes;

  // Occupancy: the executor's rule (threads, blocks, shared memory) and registers.
  LaunchConfig occupancy_config = config;
  occupancy_config.shared_bytes = shared_total;
  int per_sm = blocks_per_sm(occupancy_config, profile);
  const int warp = profile.warp_size;
  const int64_t threads = volume(config.block);
  const int warps_per_block = static_cast<int>((threads + warp - 1) / warp);
  out.registers_estimate = std::clamp(static_cast<int>((program.reg_types.size() + 7) / 8 * 8), 16, 255);
  const int by_threads = profile.max_threads_per_sm / (warps_per_block * warp);
  const int by_regs = profile.registers_per_sm > 0 ? profile.registers_per_sm / (out.registers_estimate * warps_per_block * warp)
                                                   : INT_MAX;
  const int by_shared = shared_total ? static_cast<int>(int64_t{profile.shared_memory_per_sm_kib} * 1024 / shared_total) : INT_MAX;
  out.limiter = per_sm == by_threads ? "threads" : per_sm == by_shared ? "shared memory" : "blocks";
  if (by_regs < per_sm) {
    per_sm = std::max(1, by_regs);
    out.limiter = "registers";
  }
  out.blocks_per_sm = per_sm;
  out.warps_per_block = warps_per_block;
  out.static_shared_bytes = static_shared;
  out.occupancy = std::min(1.0, double(per_sm) * warps_per_block * warp / profile.max_threads_per_sm);
  out.per_instr.assign(prog.code.size(), WInstrStats{});
  for (const WInstr& in : prog.code) {
    if (in.op == WOp::STORE && prog.arrays[in.a].space == WSpace::Global) {
      out.output_array = in.a;
      break;
    }
  }

  SimTiming timing(profile);
  BlockRun run(prog, config, profile, timing, out, shared_total, local_bytes, poll);
  const int64_t per_wave = int64_t{per_sm} * profile.sm_count;
  const int64_t blocks = volume(config.grid);
  out.stats.waves = static_cast<int>((blocks + per_wave - 1) / per_wave);
  if (record_trace) {
    out.warp_memory.assign(static_cast<size_t>(blocks * warps_per_block), WarpMemory{});
    out.trace.threads.reserve(static_cast<size_t>(blocks * threads));
    out.trace.config = config;
    out.trace.blocks_per_sm = per_sm;
    out.trace.waves = out.stats.waves;
  }
  double wave_start = 0, wave_end = 0;
  for (int64_t b = 0; b < blocks; ++b) {
    const int64_t wave = b / per_wave, slot = b % per_wave;
    if (slot == 0) wave_start = wave_end;
    const int sm = static_cast<int>(slot % profile.sm_count);
    const KDim3 index = block_index(b, config.grid);
    if (poll) poll();
    run.run(index, record_trace ? &out.warp_memory[static_cast<size_t>(b * warps_per_block)] : nullptr);
    // The block's time on its SM: the slowest of its latency chain, its issue slots and its
    // memory traffic, the last two shared with the other blocks resident on the SM.
    const int64_t in_wave = std::min(per_wave, blocks - wave * per_wave);
    const int on_sm = static_cast<int>(in_wave / profile.sm_count + (sm < in_wave % profile.sm_count));
    const double latency = run.latency_ns();
    const double issue = (run.warp_instrs_ / kIssuePerCycle + run.wavefronts_) * timing.ns_per_cycle * on_sm;
    const double memory = run.global_bytes_ / (timing.sm_bytes_per_ns / on_sm);
    const double block_ns = std::max({latency, issue, memory});
    if (b == 0) {
      out.latency_ns = latency;
      out.issue_ns = issue;
      out.memory_ns = memory;
    }
    wave_end = std::max(wave_end, wave_start + block_ns);
    for (int l = 0; l < threads; ++l) {
      const ThreadTrace& r = run.threads_[l];
      out.stats.global_reads += r.global_reads;
      out.stats.global_writes += r.global_writes;
      out.stats.shared_reads += r.shared_reads;
      out.stats.shared_writes += r.shared_writes;
      out.stats.barriers += r.barriers;
      if (!record_trace) continue;
      ThreadTrace t = r;
      t.block = index;
      t.thread = run.tid(l);
      t.warp = l / warp;
      t.sm = sm;
      t.start_ns = wave_start;
      t.end_ns = wave_start + run.warp_ns(t.warp) * (block_ns / std::max(latency, 1e-9));  // stretched as the block
      out.trace.threads.push_back(t);
    }
    out.stats.threads += threads;
  }
  out.duration_ns = wave_end;
  if (record_trace) out.trace.duration_ns = wave_end;
  return out;
}

}  // namespace tp
