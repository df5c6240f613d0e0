// The warp interpreter's block (warp_program.h): a block runs as one vector of lanes (thread t
// of the block is lane t; lanes 32w..32w+31 are warp w); every instruction runs over the
// block's active lanes, so warps stay in lockstep and syncthreads() is a point all live lanes
// reach together. Per warp it counts what the model needs (sectors, bank conflicts,
// divergence) and keeps a scoreboard of modeled time: an instruction issues when the
// registers it reads are ready; a global load's result is ready a memory latency later.
// Internal to the interpreter: warp_block.cpp (control flow, barriers, memory and its
// checks), warp_alu.cpp (arithmetic, atomics, warp primitives), warp_launch.cpp (the launch).
#pragma once

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "core/backends/sim/simt_timing.h"
#include "core/backends/sim/warp_program.h"
#include "core/error.h"

namespace tp::warp {

union Val {
  int64_t i;
  double f;
};

// Model constants beyond SimTiming's latencies (cycles): an ALU instruction issues in one,
// a math function (the SFU) in four; an SM issues four warp instructions per cycle (four
// schedulers) and serves one shared-memory wavefront per cycle.
constexpr double kSfuCycles = 4;
constexpr double kIssuePerCycle = 4;
constexpr int kSectorBytes = 32;
constexpr int kBanks = 32;
constexpr int64_t kPollIterations = 4096;  // loop iterations (of a block) between two polls

// Lane states while a block runs: running, or stopped by continue/break/return/device return.
enum : uint8_t { kRun = 0, kContinued = 1, kBroke = 2, kExited = 3, kFnReturned = 4 };

inline bool is_sfu(WOp op) { return op >= WOp::SQRT && op <= WOp::ERFC && op != WOp::FLOOR && op != WOp::CEIL && op != WOp::TRUNC; }

inline std::string dim3_list(KDim3 d) { return str_cat("[", d.x, ", ", d.y, ", ", d.z, "]"); }
inline std::string dim3_paren(KDim3 d) { return str_cat("(", d.x, ", ", d.y, ", ", d.z, ")"); }

// A float to an integer register as the GPU's cvt.rzi does: toward zero, saturating, NaN to 0
// (a plain cast of an out-of-range float is undefined in C++).
inline int64_t to_i64(double v) {
  if (std::isnan(v)) return 0;
  if (v >= 9223372036854775807.0) return INT64_MAX;
  if (v <= -9223372036854775808.0) return INT64_MIN;
  return static_cast<int64_t>(v);
}

// Integer arithmetic wraps around, as on the GPU (signed overflow is undefined in C++).
inline int64_t wrap_mul(int64_t a, int64_t b) { return static_cast<int64_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b)); }
inline int64_t wrap_neg(int64_t a) { return static_cast<int64_t>(0 - static_cast<uint64_t>(a)); }

inline double load_elem(const unsigned char* p, WElem e, WType t, int64_t& iv) {
  double dv = 0;
  iv = 0;
  switch (e) {
    case WElem::F32: { float v; std::memcpy(&v, p, 4); dv = v; iv = to_i64(v); break; }
    case WElem::F64: { double v; std::memcpy(&v, p, 8); dv = v; iv = to_i64(v); break; }
    case WElem::I8: { int8_t v; std::memcpy(&v, p, 1); iv = v; break; }
    case WElem::I16: { int16_t v; std::memcpy(&v, p, 2); iv = v; break; }
    case WElem::I32: { int32_t v; std::memcpy(&v, p, 4); iv = v; break; }
    case WElem::I64: { int64_t v; std::memcpy(&v, p, 8); iv = v; break; }
    case WElem::U8: case WElem::Bool: { uint8_t v; std::memcpy(&v, p, 1); iv = v; break; }
    case WElem::U16: { uint16_t v; std::memcpy(&v, p, 2); iv = v; break; }
    case WElem::U32: { uint32_t v; std::memcpy(&v, p, 4); iv = v; break; }
    case WElem::U64: { uint64_t v; std::memcpy(&v, p, 8); iv = static_cast<int64_t>(v); break; }
  }
  if (e != WElem::F32 && e != WElem::F64) dv = static_cast<double>(iv);
  (void)t;
  return dv;
}

inline void store_elem(unsigned char* p, WElem e, WType t, Val v) {
  const bool fl = t == WType::F32 || t == WType::F64;
  const int64_t iv = fl ? to_i64(v.f) : v.i;
  const double dv = fl ? v.f : static_cast<double>(v.i);
  switch (e) {
    case WElem::F32: { float x = static_cast<float>(dv); std::memcpy(p, &x, 4); break; }
    case WElem::F64: std::memcpy(p, &dv, 8); break;
    case WElem::I8: { int8_t x = static_cast<int8_t>(iv); std::memcpy(p, &x, 1); break; }
    case WElem::I16: { int16_t x = static_cast<int16_t>(iv); std::memcpy(p, &x, 2); break; }
    case WElem::I32: { int32_t x = static_cast<int32_t>(iv); std::memcpy(p, &x, 4); break; }
    case WElem::I64: std::memcpy(p, &iv, 8); break;
    case WElem::U8: { uint8_t x = static_cast<uint8_t>(iv); std::memcpy(p, &x, 1); break; }
    case WElem::Bool: { uint8_t x = fl ? dv != 0 : iv != 0; std::memcpy(p, &x, 1); break; }
    case WElem::U16: { uint16_t x = static_cast<uint16_t>(iv); std::memcpy(p, &x, 2); break; }
    case WElem::U32: { uint32_t x = static_cast<uint32_t>(iv); std::memcpy(p, &x, 4); break; }
    case WElem::U64: { uint64_t x = static_cast<uint64_t>(iv); std::memcpy(p, &x, 8); break; }
  }
}

// Python's floor division and modulo on integers (numba keeps Python's semantics).
inline int64_t floordiv(int64_t a, int64_t b) {
  if (b == -1) return wrap_neg(a);  // INT64_MIN / -1 overflows
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}
inline int64_t pymod(int64_t a, int64_t b) {
  if (b == -1) return 0;
  int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}
inline double pymodf(double a, double b) {
  double r = std::fmod(a, b);
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}

// Who touched a 4-byte word of shared memory since the last barrier (the race check).
struct SharedWord {
  int32_t write_epoch = -1, writer = -1, write_line = 0;
  int32_t read_epoch = -1, reader = -1, read_line = 0;
  int32_t reader2 = -1, read_line2 = 0;  // a reader in another warp than `reader`'s, if any
};

class BlockRun {
 public:
  BlockRun(const WProgram& p, const LaunchConfig& cfg, const GpuProfile& prof, const SimTiming& timing,
           WarpLaunchResult& out, size_t shared_total, size_t local_bytes, const std::function<void()>& poll)
      : p_(p), cfg_(cfg), timing_(timing), out_(out), poll_(poll), warp_(prof.warp_size), local_bytes_(local_bytes) {
    lanes_ = cfg.block.x * cfg.block.y * cfg.block.z;
    warps_ = (lanes_ + warp_ - 1) / warp_;
    regs_.resize(p.reg_types.size() * static_cast<size_t>(lanes_));
    ready_.resize(p.reg_types.size() * static_cast<size_t>(warps_));
    shared_.resize(shared_total);
    shadow_.resize((shared_total + 3) / 4);
    local_.resize(local_bytes * lanes_);
    tid_.resize(lanes_);
    for (int t = 0; t < lanes_; ++t)
      tid_[t] = {t % cfg.block.x, t / cfg.block.x % cfg.block.y, t / (cfg.block.x * cfg.block.y)};
    state_.resize(lanes_);
    warp_ns_.resize(warps_);
    threads_.resize(lanes_);
  }

  // Runs block `index`; returns its modeled latency chain (slowest warp), and adds its
  // warp instructions, shared wavefronts and global bytes to the running totals.
  void run(KDim3 index, WarpMemory* warp_memory) {
    block_ = index;
    warp_memory_ = warp_memory;
    std::fill(regs_.begin(), regs_.end(), Val{0});
    std::fill(ready_.begin(), ready_.end(), 0.0);
    std::fill(shared_.begin(), shared_.end(), 0);
    std::fill(shadow_.begin(), shadow_.end(), SharedWord{});
    std::fill(local_.begin(), local_.end(), 0);
    std::fill(state_.begin(), state_.end(), kRun);
    std::fill(warp_ns_.begin(), warp_ns_.end(), 0.0);
    for (ThreadTrace& t : threads_) t = ThreadTrace{};
    epoch_ = 0;
    warp_instrs_ = 0;
    wavefronts_ = 0;
    global_bytes_ = 0;
    std::vector<uint8_t> all(lanes_, 1);
    exec(0, p_.code.size(), all);
  }

  double latency_ns() const { return *std::max_element(warp_ns_.begin(), warp_ns_.end()); }
  double warp_ns(int w) const { return warp_ns_[w]; }
  int64_t warp_instrs_ = 0, wavefronts_ = 0, global_bytes_ = 0;
  std::vector<ThreadTrace> threads_;
  int warps() const { return warps_; }
  KDim3 tid(int lane) const { return tid_[lane]; }

 private:
  Val* reg(int r) { return &regs_[static_cast<size_t>(r) * lanes_]; }
  WType type(int r) const { return p_.reg_types[r]; }
  bool is_float(int r) const { return type(r) == WType::F32 || type(r) == WType::F64; }

  // The modeled issue of one warp instruction: waits for its operands, takes `cycles` to
  // issue, and makes dst ready `latency_ns` after it started.
  void issue(const WInstr& in, int w, double cycles, double latency_ns) {
    double start = warp_ns_[w];
    for (int r : {in.a, in.b, in.c, in.d, in.e, in.f})
      if (r >= 0 && r < static_cast<int>(p_.reg_types.size())) start = std::max(start, ready_[static_cast<size_t>(r) * warps_ + w]);
    warp_ns_[w] = start + cycles * timing_.ns_per_cycle;
    if (in.dst >= 0) ready_[static_cast<size_t>(in.dst) * warps_ + w] = start + std::max(latency_ns, cycles * timing_.ns_per_cycle);
    ++warp_instrs_;
  }

  // Per-warp bookkeeping of one instruction over mask m: counts and timing.
  void account(size_t pc, const std::vector<uint8_t>& m, double cycles, double latency_ns) {
    const WInstr& in = p_.code[pc];
    WInstrStats& s = out_.per_instr[pc];
    for (int w = 0; w < warps_; ++w) {
      int active = 0;
      for (int l = w * warp_, e = std::min(lanes_, l + warp_); l < e; ++l) active += m[l];
      if (!active) continue;
      ++s.warp_execs;
      s.active_lanes += active;
      issue(in, w, cycles, latency_ns);
    }
  }

  static bool any(const std::vector<uint8_t>& m) {
    for (uint8_t b : m)
      if (b) return true;
    return false;
  }

  void refresh(std::vector<uint8_t>& m) const {
    for (int l = 0; l < lanes_; ++l) m[l] = m[l] && state_[l] == kRun;
  }

  // Runs code[begin, end) over the lanes of `mask`.
  void exec(size_t begin, size_t end, const std::vector<uint8_t>& mask);

  // syncthreads(): every thread of the block that has not exited must be here. Exited
  // threads no longer count, as on GPUs since Volta and in numba's simulator.
  void barrier(size_t pc, const std::vector<uint8_t>& m);

  [[noreturn]] void out_of_bounds(int lane, int64_t index, int axis, int64_t size);

  // The address of element (b, c, d) of array `a` for `lane`, checked against its shape.
  unsigned char* address(const WArray& arr, const WInstr& in, int lane);

  [[noreturn]] void race(const WArray& arr, int lane, int other, int other_line, bool read_after_write, int line,
                         size_t word);

  void check_shared(const WArray& arr, size_t byte, int lane, bool write, int line);

  // Memory statistics of one access instruction for each warp: sectors (global) or
  // wavefronts (shared, bank conflicts).
  void memory_stats(size_t pc, const WArray& arr, const std::vector<uintptr_t>& addr, const std::vector<uint8_t>& m,
                    bool is_load);

  void simple(size_t pc, const std::vector<uint8_t>& m);

  // Integer division by zero: undefined on a GPU (no trap); here an error naming the thread.
  [[noreturn]] void zero_division(int lane, WOp op);

  void atomic(const WInstr& in, const WArray& arr, unsigned char* ptr, int l);

  // The warp-level primitives: a warp's lanes exchange values in lockstep.
  void warp_op(const WInstr& in, const std::vector<uint8_t>& m);

  const WProgram& p_;
  const LaunchConfig& cfg_;
  const SimTiming& timing_;
  WarpLaunchResult& out_;
  const std::function<void()>& poll_;
  WarpMemory* warp_memory_ = nullptr;  // this block's warps, when a trace is recorded
  int64_t iterations_ = 0;
  int warp_, lanes_ = 0, warps_ = 0;
  size_t local_bytes_;
  KDim3 block_;
  std::vector<Val> regs_;
  std::vector<double> ready_;
  std::vector<unsigned char> shared_, local_;
  std::vector<SharedWord> shadow_;
  std::vector<KDim3> tid_;
  std::vector<uint8_t> state_;
  std::vector<double> warp_ns_;
  int epoch_ = 0;
};

}  // namespace tp::warp
