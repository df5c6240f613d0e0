// The warp-vectorized interpreter of warp_program.h. A block runs as one vector of lanes
// (thread t of the block is lane t; lanes 32w..32w+31 are warp w): every instruction runs
// over the block's active lanes, so warps stay in lockstep and syncthreads() is a point all
// live lanes reach together. Per warp it counts what the model needs (sectors, bank
// conflicts, divergence) and keeps a scoreboard of modeled time: an instruction issues when
// the registers it reads are ready; a global load's result is ready a memory latency later.
#include <algorithm>
#include <climits>
#include <cmath>
#include <cstring>

#include "core/backends/sim/simt.h"
#include "core/backends/sim/simt_timing.h"
#include "core/backends/sim/warp_program.h"
#include "core/error.h"

namespace tp {

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

bool is_sfu(WOp op) { return op >= WOp::SQRT && op <= WOp::ERFC && op != WOp::FLOOR && op != WOp::CEIL && op != WOp::TRUNC; }

std::string dim3_list(KDim3 d) { return str_cat("[", d.x, ", ", d.y, ", ", d.z, "]"); }
std::string dim3_paren(KDim3 d) { return str_cat("(", d.x, ", ", d.y, ", ", d.z, ")"); }

// A float to an integer register as the GPU's cvt.rzi does: toward zero, saturating, NaN to 0
// (a plain cast of an out-of-range float is undefined in C++).
int64_t to_i64(double v) {
  if (std::isnan(v)) return 0;
  if (v >= 9223372036854775807.0) return INT64_MAX;
  if (v <= -9223372036854775808.0) return INT64_MIN;
  return static_cast<int64_t>(v);
}

// Integer arithmetic wraps around, as on the GPU (signed overflow is undefined in C++).
int64_t wrap_mul(int64_t a, int64_t b) { return static_cast<int64_t>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b)); }
int64_t wrap_neg(int64_t a) { return static_cast<int64_t>(0 - static_cast<uint64_t>(a)); }

double load_elem(const unsigned char* p, WElem e, WType t, int64_t& iv) {
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

void store_elem(unsigned char* p, WElem e, WType t, Val v) {
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
int64_t floordiv(int64_t a, int64_t b) {
  if (b == -1) return wrap_neg(a);  // INT64_MIN / -1 overflows
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}
int64_t pymod(int64_t a, int64_t b) {
  if (b == -1) return 0;
  int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}
double pymodf(double a, double b) {
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
  void exec(size_t begin, size_t end, const std::vector<uint8_t>& mask) {
    std::vector<uint8_t> m = mask;
    size_t pc = begin;
    while (pc < end) {
      if (!any(m)) return;
      const WInstr& in = p_.code[pc];
      switch (in.op) {
        case WOp::IF: {
          const Val* c = reg(in.a);
          std::vector<uint8_t> then_m(lanes_), else_m(lanes_);
          for (int l = 0; l < lanes_; ++l) {
            then_m[l] = m[l] && c[l].i != 0;
            else_m[l] = m[l] && c[l].i == 0;
          }
          account(pc, m, 1, 0);
          for (int w = 0; w < warps_; ++w) {  // a warp with lanes on both sides runs both
            bool t = false, e = false;
            for (int l = w * warp_, stop = std::min(lanes_, l + warp_); l < stop; ++l) {
              t |= then_m[l];
              e |= else_m[l];
            }
            out_.per_instr[pc].divergent += t && e;
          }
          const size_t then_begin = pc + 1, else_begin = then_begin + in.b, stop = else_begin + in.c;
          if (any(then_m)) exec(then_begin, else_begin, then_m);
          if (in.c && any(else_m)) exec(else_begin, stop, else_m);
          refresh(m);
          pc = stop;
          continue;
        }
        case WOp::LOOP: {
          const size_t cond = pc + 1, body = cond + in.b, step = body + in.c, stop = step + in.d;
          std::vector<uint8_t> lm = m;
          while (true) {
            exec(cond, body, lm);
            const Val* c = reg(in.a);
            account(pc, lm, 1, 0);
            for (int l = 0; l < lanes_; ++l) lm[l] = lm[l] && c[l].i != 0;
            if (!any(lm)) break;
            exec(body, step, lm);
            if (poll_ && ++iterations_ % kPollIterations == 0) poll_();
            for (int l = 0; l < lanes_; ++l) {
              if (!lm[l]) continue;
              if (state_[l] == kContinued) state_[l] = kRun;
              if (state_[l] == kBroke) {
                state_[l] = kRun;
                lm[l] = 0;
              }
              if (state_[l] != kRun) lm[l] = 0;
            }
            if (!any(lm)) break;
            exec(step, stop, lm);
          }
          refresh(m);
          pc = stop;
          continue;
        }
        case WOp::FUNC: {
          exec(pc + 1, pc + 1 + in.b, m);
          for (int l = 0; l < lanes_; ++l)
            if (m[l] && state_[l] == kFnReturned) state_[l] = kRun;
          refresh(m);
          pc += 1 + in.b;
          continue;
        }
        case WOp::BREAK: case WOp::CONTINUE: case WOp::RETURN: case WOp::RETVAL: {
          const uint8_t s = in.op == WOp::BREAK ? kBroke : in.op == WOp::CONTINUE ? kContinued
                            : in.op == WOp::RETURN ? kExited : kFnReturned;
          account(pc, m, 1, 0);
          for (int l = 0; l < lanes_; ++l)
            if (m[l]) state_[l] = s;
          return;  // every lane of this region has left it
        }
        case WOp::SYNC:
          barrier(pc, m);
          break;
        default:
          simple(pc, m);
      }
      ++pc;
    }
  }

  // syncthreads(): every thread of the block that has not exited must be here. Exited
  // threads no longer count, as on GPUs since Volta and in numba's simulator.
  void barrier(size_t pc, const std::vector<uint8_t>& m) {
    const WInstr& in = p_.code[pc];
    int waiting = 0, elsewhere = -1, missing = 0;
    for (int l = 0; l < lanes_; ++l) {
      if (m[l]) {
        ++waiting;
      } else if (state_[l] != kExited) {
        ++missing;
        if (elsewhere < 0) elsewhere = l;
      }
    }
    if (missing)
      fail(ErrorKind::RuntimeError, "Simulated GPU: kernel '", p_.name, "' would hang in block ",
           dim3_paren(block_), ": ", waiting, waiting == 1 ? " thread waits" : " threads wait",
           " at cuda.syncthreads() (line ", in.line, ") but ", missing, missing == 1 ? " thread" : " threads",
           " of the block (the first: thread ", dim3_paren(tid_[elsewhere]),
           ") never reach it: they took another branch or left a loop earlier. Every thread of a block"
           " that has not returned must reach the same cuda.syncthreads().");
    account(pc, m, 1, 0);
    if (in.dst >= 0) {
      int64_t count = 0;
      const Val* a = reg(in.a);
      for (int l = 0; l < lanes_; ++l) count += m[l] && a[l].i != 0;
      int64_t v = in.k == 1 ? count : in.k == 2 ? count == waiting : count > 0;
      Val* d = reg(in.dst);
      for (int l = 0; l < lanes_; ++l)
        if (m[l]) d[l].i = v;
    }
    double slowest = *std::max_element(warp_ns_.begin(), warp_ns_.end());
    std::fill(warp_ns_.begin(), warp_ns_.end(), slowest + timing_.barrier_ns);
    for (int l = 0; l < lanes_; ++l) threads_[l].barriers += m[l];
    ++epoch_;
  }

  [[noreturn]] void out_of_bounds(int lane, int64_t index, int axis, int64_t size) {
    fail(ErrorKind::IndexError, "tid=", dim3_list(tid_[lane]), " ctaid=", dim3_list(block_), ": index ", index,
         " is out of bounds for axis ", axis, " with size ", size);
  }

  // The address of element (b, c, d) of array `a` for `lane`, checked against its shape.
  unsigned char* address(const WArray& arr, const WInstr& in, int lane) {
    int64_t off = 0;
    const int idx[3] = {in.b, in.c, in.d};
    for (int k = 0; k < arr.ndim; ++k) {
      const Val* r = reg(idx[k]);
      int64_t i = r[lane].i, j = i < 0 ? i + arr.shape[k] : i;
      if (j < 0 || j >= arr.shape[k]) out_of_bounds(lane, i, k, arr.shape[k]);
      off += j * arr.strides[k];
    }
    switch (arr.space) {
      case WSpace::Shared: return shared_.data() + arr.offset + off;
      case WSpace::Local: return local_.data() + local_bytes_ * lane + arr.offset + off;
      default: return reinterpret_cast<unsigned char*>(arr.data) + off;
    }
  }

  [[noreturn]] void race(const WArray& arr, int lane, int other, int other_line, bool read_after_write, int line,
                         size_t word) {
    fail(ErrorKind::RuntimeError, "Simulated GPU: kernel '", p_.name, "' has a shared-memory race in block ",
         dim3_paren(block_), ": thread ", dim3_paren(tid_[lane]), " (warp ", lane / warp_, ") ",
         read_after_write ? "reads " : "writes ", arr.name, " (byte ", word * 4 - arr.offset, ") at line ", line,
         " that thread ", dim3_paren(tid_[other]), " (warp ", other / warp_, ") ",
         read_after_write ? "wrote" : "read", " at line ", other_line,
         " with no cuda.syncthreads() between them; warps run in no fixed order, so the ",
         read_after_write ? "read may see the old value" : "write may land before the read",
         ". Put cuda.syncthreads() between the write and the read.");
  }

  void check_shared(const WArray& arr, size_t byte, int lane, bool write, int line) {
    SharedWord& s = shadow_[byte / 4];
    const int w = lane / warp_;
    if (write) {
      if (s.read_epoch == epoch_ && s.reader / warp_ != w) race(arr, lane, s.reader, s.read_line, false, line, byte / 4);
      if (s.read_epoch == epoch_ && s.reader2 >= 0) race(arr, lane, s.reader2, s.read_line2, false, line, byte / 4);
      s.write_epoch = epoch_;
      s.writer = lane;
      s.write_line = line;
    } else {
      if (s.write_epoch == epoch_ && s.writer / warp_ != w) race(arr, lane, s.writer, s.write_line, true, line, byte / 4);
      if (s.read_epoch != epoch_) {
        s.read_epoch = epoch_;
        s.reader = lane;
        s.read_line = line;
        s.reader2 = -1;
      } else if (s.reader / warp_ != w && s.reader2 < 0) {
        s.reader2 = lane;
        s.read_line2 = line;
      }
    }
  }

  // Memory statistics of one access instruction for each warp: sectors (global) or
  // wavefronts (shared, bank conflicts).
  void memory_stats(size_t pc, const WArray& arr, const std::vector<uintptr_t>& addr, const std::vector<uint8_t>& m,
                    bool is_load) {
    const WInstr& in = p_.code[pc];
    WInstrStats& s = out_.per_instr[pc];
    const int bytes = elem_bytes(arr.elem);
    for (int w = 0; w < warps_; ++w) {
      uintptr_t keys[64];
      int n = 0, active = 0;
      const int lo = w * warp_, hi = std::min(lanes_, lo + warp_);
      for (int l = lo; l < hi; ++l) active += m[l];
      if (!active) continue;
      ++s.warp_execs;
      s.active_lanes += active;
      if (arr.space == WSpace::Shared) {
        // Distinct 4-byte words per bank; the busiest bank sets the passes.
        int per_bank[kBanks] = {};
        for (int l = lo; l < hi; ++l) {
          if (!m[l]) continue;
          uintptr_t word = addr[l] / 4;
          bool seen = false;
          for (int j = 0; j < n; ++j) seen |= keys[j] == word;
          if (seen) continue;
          keys[n++] = word;
          ++per_bank[word % kBanks];
        }
        int passes = *std::max_element(per_bank, per_bank + kBanks);
        if (warp_memory_) {
          warp_memory_[w].shared_requests += 1;
          warp_memory_[w].wavefronts += passes;
        }
        s.wavefronts += passes;
        wavefronts_ += passes;
        issue(in, w, 1, timing_.shared_latency_ns + (passes - 1) * timing_.ns_per_cycle * 2);
      } else if (arr.space == WSpace::Local) {
        issue(in, w, 1, is_load ? timing_.shared_latency_ns : 0);
      } else {
        for (int l = lo; l < hi; ++l) {
          if (!m[l]) continue;
          for (uintptr_t sec = addr[l] / kSectorBytes; sec <= (addr[l] + bytes - 1) / kSectorBytes; ++sec) {
            bool seen = false;
            for (int j = 0; j < n; ++j) seen |= keys[j] == sec;
            if (!seen && n < 64) keys[n++] = sec;
          }
        }
        const int64_t ideal = (int64_t{active} * bytes + kSectorBytes - 1) / kSectorBytes;
        if (warp_memory_) {
          warp_memory_[w].global_requests += 1;
          warp_memory_[w].sectors += n;
          warp_memory_[w].ideal_sectors += ideal;
        }
        s.sectors += n;
        s.ideal_sectors += ideal;
        global_bytes_ += int64_t{n} * kSectorBytes;
        issue(in, w, 1, is_load ? timing_.global_latency_ns : 0);
      }
    }
  }

  void simple(size_t pc, const std::vector<uint8_t>& m) {
    const WInstr& in = p_.code[pc];
    switch (in.op) {
      case WOp::LOAD: case WOp::STORE: case WOp::ATOMIC: {
        const WArray& arr = p_.arrays[in.a];
        std::vector<uintptr_t> addr(lanes_);
        const bool shared = arr.space == WSpace::Shared;
        const bool global = arr.space == WSpace::Global || arr.space == WSpace::Const;
        for (int l = 0; l < lanes_; ++l) {
          if (!m[l]) continue;
          unsigned char* ptr = address(arr, in, l);
          addr[l] = reinterpret_cast<uintptr_t>(ptr);
          if (shared) {
            addr[l] -= reinterpret_cast<uintptr_t>(shared_.data());
            if (in.op != WOp::ATOMIC) check_shared(arr, addr[l], l, in.op == WOp::STORE, in.line);
          }
          ThreadTrace& t = threads_[l];
          if (in.op == WOp::LOAD) {
            int64_t iv;
            double dv = load_elem(ptr, arr.elem, type(in.dst), iv);
            Val& d = reg(in.dst)[l];
            if (is_float(in.dst))
              d.f = type(in.dst) == WType::F32 ? static_cast<float>(dv) : dv;
            else
              d.i = type(in.dst) == WType::Bool ? iv != 0 : iv;
            (global ? t.global_reads : t.shared_reads) += global || shared;
          } else if (in.op == WOp::STORE) {
            store_elem(ptr, arr.elem, type(in.e), reg(in.e)[l]);
            (global ? t.global_writes : t.shared_writes) += global || shared;
            if (global && in.a == out_.output_array && t.output < 0)
              t.output = static_cast<int64_t>((addr[l] - arr.data) / elem_bytes(arr.elem));
          } else {
            atomic(in, arr, ptr, l);
            (global ? t.global_writes : t.shared_writes) += global || shared;
          }
        }
        memory_stats(pc, arr, addr, m, in.op != WOp::STORE);
        return;
      }
      case WOp::SHFL: case WOp::BALLOT: case WOp::ACTIVEMASK: case WOp::SYNCWARP:
        warp_op(in, m);
        account(pc, m, 1, 0);
        return;
      default:
        break;
    }
    account(pc, m, is_sfu(in.op) ? kSfuCycles : 1, 0);
    Val* d = in.dst >= 0 ? reg(in.dst) : nullptr;
    const Val* a = in.a >= 0 ? reg(in.a) : nullptr;
    const Val* b = in.b >= 0 ? reg(in.b) : nullptr;
    const WType dt = in.dst >= 0 ? type(in.dst) : WType::I64;
    const bool df = dt == WType::F32 || dt == WType::F64;
    const bool r32 = dt == WType::F32;
    auto fin = [r32](double v) { return r32 ? static_cast<double>(static_cast<float>(v)) : v; };
#define LANES for (int l = 0; l < lanes_; ++l) if (m[l])
#define FLOAT_OR_INT(fexpr, iexpr) \
  if (df) { LANES d[l].f = fin(fexpr); } else { LANES d[l].i = (iexpr); }
#define MATH1(fn) LANES d[l].f = fin(fn(a[l].f)); break;
    switch (in.op) {
      case WOp::CONST:
        FLOAT_OR_INT(in.x, in.k);
        break;
      case WOp::MOV:
        LANES d[l] = a[l];
        break;
      case WOp::CVT: {
        const bool af = is_float(in.a);
        if (dt == WType::Bool) {
          LANES d[l].i = af ? a[l].f != 0 : a[l].i != 0;
        } else if (df) {
          LANES d[l].f = fin(af ? a[l].f : static_cast<double>(a[l].i));
        } else {
          LANES d[l].i = af ? to_i64(a[l].f) : a[l].i;
        }
        break;
      }
      case WOp::ADD: FLOAT_OR_INT(a[l].f + b[l].f, static_cast<int64_t>(static_cast<uint64_t>(a[l].i) + static_cast<uint64_t>(b[l].i))); break;
      case WOp::SUB: FLOAT_OR_INT(a[l].f - b[l].f, static_cast<int64_t>(static_cast<uint64_t>(a[l].i) - static_cast<uint64_t>(b[l].i))); break;
      case WOp::MUL: FLOAT_OR_INT(a[l].f * b[l].f, wrap_mul(a[l].i, b[l].i)); break;
      case WOp::DIV: case WOp::FLOORDIV: case WOp::MOD: case WOp::FMOD: {
        if (df) {
          for (int l = 0; l < lanes_; ++l) {
            if (!m[l]) continue;
            const double x = a[l].f, y = b[l].f;
            d[l].f = fin(in.op == WOp::DIV ? x / y : in.op == WOp::FLOORDIV ? std::floor(x / y)
                         : in.op == WOp::MOD ? pymodf(x, y) : std::fmod(x, y));
          }
        } else {
          for (int l = 0; l < lanes_; ++l) {
            if (!m[l]) continue;
            if (b[l].i == 0) zero_division(l, in.op);
            d[l].i = in.op == WOp::FLOORDIV ? floordiv(a[l].i, b[l].i) : in.op == WOp::MOD ? pymod(a[l].i, b[l].i)
                     : b[l].i == -1 ? 0 : a[l].i % b[l].i;
          }
        }
        break;
      }
      case WOp::POW:
        if (df) {
          LANES d[l].f = fin(std::pow(a[l].f, b[l].f));
        } else {
          LANES {
            int64_t r = 1, x = a[l].i;
            for (int64_t e = b[l].i; e > 0; e >>= 1, x = wrap_mul(x, x))
              if (e & 1) r = wrap_mul(r, x);
            d[l].i = r;
          }
        }
        break;
      case WOp::MIN: FLOAT_OR_INT(std::min(a[l].f, b[l].f), std::min(a[l].i, b[l].i)); break;
      case WOp::MAX: FLOAT_OR_INT(std::max(a[l].f, b[l].f), std::max(a[l].i, b[l].i)); break;
      case WOp::BAND: LANES d[l].i = a[l].i & b[l].i; break;
      case WOp::BOR: LANES d[l].i = a[l].i | b[l].i; break;
      case WOp::BXOR: LANES d[l].i = a[l].i ^ b[l].i; break;
      case WOp::SHL: LANES d[l].i = static_cast<int64_t>(static_cast<uint64_t>(a[l].i) << (b[l].i & 63)); break;
      case WOp::SHR: LANES d[l].i = a[l].i >> (b[l].i & 63); break;
      case WOp::ATAN2: LANES d[l].f = fin(std::atan2(a[l].f, b[l].f)); break;
      case WOp::HYPOT: LANES d[l].f = fin(std::hypot(a[l].f, b[l].f)); break;
      case WOp::COPYSIGN: LANES d[l].f = fin(std::copysign(a[l].f, b[l].f)); break;
      case WOp::LT: case WOp::LE: case WOp::GT: case WOp::GE: case WOp::EQ: case WOp::NE: {
        const bool f = is_float(in.a);
        for (int l = 0; l < lanes_; ++l) {
          if (!m[l]) continue;
          int c = f ? (a[l].f < b[l].f ? -1 : a[l].f > b[l].f ? 1 : a[l].f == b[l].f ? 0 : 2)
                    : (a[l].i < b[l].i ? -1 : a[l].i > b[l].i ? 1 : 0);
          bool r = c == 2 ? in.op == WOp::NE  // NaN compares unequal to everything
                          : in.op == WOp::LT ? c < 0 : in.op == WOp::LE ? c <= 0 : in.op == WOp::GT ? c > 0
                          : in.op == WOp::GE ? c >= 0 : in.op == WOp::EQ ? c == 0 : c != 0;
          d[l].i = r;
        }
        break;
      }
      case WOp::NEG: FLOAT_OR_INT(-a[l].f, wrap_neg(a[l].i)); break;
      case WOp::NOT: LANES d[l].i = a[l].i == 0; break;
      case WOp::INV: LANES d[l].i = ~a[l].i; break;
      case WOp::ABS: FLOAT_OR_INT(std::fabs(a[l].f), a[l].i < 0 ? wrap_neg(a[l].i) : a[l].i); break;
      case WOp::SQRT: MATH1(std::sqrt)
      case WOp::EXP: MATH1(std::exp)
      case WOp::EXPM1: MATH1(std::expm1)
      case WOp::LOG: MATH1(std::log)
      case WOp::LOG2: MATH1(std::log2)
      case WOp::LOG10: MATH1(std::log10)
      case WOp::LOG1P: MATH1(std::log1p)
      case WOp::SIN: MATH1(std::sin)
      case WOp::COS: MATH1(std::cos)
      case WOp::TAN: MATH1(std::tan)
      case WOp::ASIN: MATH1(std::asin)
      case WOp::ACOS: MATH1(std::acos)
      case WOp::ATAN: MATH1(std::atan)
      case WOp::SINH: MATH1(std::sinh)
      case WOp::COSH: MATH1(std::cosh)
      case WOp::TANH: MATH1(std::tanh)
      case WOp::ERF: MATH1(std::erf)
      case WOp::ERFC: MATH1(std::erfc)
      case WOp::FLOOR: case WOp::CEIL: case WOp::TRUNC: {
        // math.floor/ceil/trunc of a float give an int in Python (and in numba).
        const bool af = is_float(in.a);
        LANES {
          double v = af ? a[l].f : static_cast<double>(a[l].i);
          v = in.op == WOp::FLOOR ? std::floor(v) : in.op == WOp::CEIL ? std::ceil(v) : std::trunc(v);
          if (df) d[l].f = fin(v); else d[l].i = to_i64(v);
        }
        break;
      }
      case WOp::ISNAN: LANES d[l].i = std::isnan(a[l].f); break;
      case WOp::ISINF: LANES d[l].i = std::isinf(a[l].f); break;
      case WOp::SELECT: {
        const Val* c = reg(in.c);
        LANES d[l] = a[l].i ? b[l] : c[l];
        break;
      }
      case WOp::SPECIAL: {
        const KDim3 dims[4] = {{}, block_, cfg_.block, cfg_.grid};
        const int which = static_cast<int>(in.k);
        LANES {
          const KDim3 v = which < 3 ? tid_[l] : dims[which / 3];
          const int axis = which % 3;
          d[l].i = which == 12 ? l % warp_ : which == 13 ? warp_ : axis == 0 ? v.x : axis == 1 ? v.y : v.z;
        }
        break;
      }
      case WOp::DIM: LANES d[l].i = p_.arrays[in.a].shape[in.k]; break;
      case WOp::FENCE: break;
      case WOp::PRINT: {
        const int args[6] = {in.a, in.b, in.c, in.d, in.e, in.f};
        LANES {
          WPrint rec;
          rec.pc = static_cast<int32_t>(pc);
          rec.block = block_;
          rec.thread = tid_[l];
          for (int k = 0; k < 6; ++k)
            if (args[k] >= 0) std::memcpy(&rec.raw[k], &reg(args[k])[l], sizeof(int64_t));
          out_.prints.push_back(rec);
        }
        break;
      }
      default:
        throw_internal(__FILE__, __LINE__, str_cat("warp interpreter: unexpected op ", static_cast<int>(in.op)));
    }
#undef LANES
#undef FLOAT_OR_INT
#undef MATH1
  }

  // Integer division by zero: undefined on a GPU (no trap); here an error naming the thread.
  [[noreturn]] void zero_division(int lane, WOp op) {
    fail(ErrorKind::RuntimeError, "Simulated GPU: kernel '", p_.name, "', thread ", dim3_paren(tid_[lane]), " in block ",
         dim3_paren(block_), ": integer ", op == WOp::FLOORDIV ? "division" : "modulo", " by zero");
  }

  void atomic(const WInstr& in, const WArray& arr, unsigned char* ptr, int l) {
    const WType vt = type(in.e);
    const bool fl = arr.elem == WElem::F32 || arr.elem == WElem::F64;
    int64_t oi;
    double of = load_elem(ptr, arr.elem, vt, oi);
    const Val v = reg(in.e)[l];
    const double vf = vt == WType::F32 || vt == WType::F64 ? v.f : static_cast<double>(v.i);
    const int64_t vi = vt == WType::F32 || vt == WType::F64 ? to_i64(v.f) : v.i;
    Val nv{};
    WType nt = fl ? WType::F64 : WType::I64;
    switch (static_cast<AtomicKind>(in.k)) {
      case AtomicKind::Add: if (fl) nv.f = of + vf; else nv.i = static_cast<int64_t>(uint64_t(oi) + uint64_t(vi)); break;
      case AtomicKind::Sub: if (fl) nv.f = of - vf; else nv.i = static_cast<int64_t>(uint64_t(oi) - uint64_t(vi)); break;
      case AtomicKind::Max: if (fl) nv.f = std::max(of, vf); else nv.i = std::max(oi, vi); break;
      case AtomicKind::Min: if (fl) nv.f = std::min(of, vf); else nv.i = std::min(oi, vi); break;
      case AtomicKind::Exch: if (fl) nv.f = vf; else nv.i = vi; break;
      case AtomicKind::And: nv.i = oi & vi; break;
      case AtomicKind::Or: nv.i = oi | vi; break;
      case AtomicKind::Xor: nv.i = oi ^ vi; break;
      case AtomicKind::Inc: nv.i = oi >= vi ? 0 : oi + 1; break;
      case AtomicKind::Dec: nv.i = (oi == 0 || oi > vi) ? vi : oi - 1; break;
      case AtomicKind::Cas: {
        const Val cmp = reg(in.f)[l];
        const WType ct = type(in.f);
        const bool eq = fl ? of == (ct == WType::F32 || ct == WType::F64 ? cmp.f : static_cast<double>(cmp.i))
                           : oi == (ct == WType::F32 || ct == WType::F64 ? to_i64(cmp.f) : cmp.i);
        if (fl) nv.f = eq ? vf : of; else nv.i = eq ? vi : oi;
        break;
      }
    }
    store_elem(ptr, arr.elem, nt, nv);
    if (in.dst >= 0) {
      Val& d = reg(in.dst)[l];
      if (is_float(in.dst)) d.f = type(in.dst) == WType::F32 ? static_cast<float>(of) : of;
      else d.i = oi;
    }
  }

  // The warp-level primitives: a warp's lanes exchange values in lockstep.
  void warp_op(const WInstr& in, const std::vector<uint8_t>& m) {
    Val* d = in.dst >= 0 ? reg(in.dst) : nullptr;
    for (int w = 0; w < warps_; ++w) {
      const int lo = w * warp_, hi = std::min(lanes_, lo + warp_);
      uint32_t active = 0;
      for (int l = lo; l < hi; ++l)
        if (m[l]) active |= 1u << (l - lo);
      if (!active) continue;
      if (in.op == WOp::ACTIVEMASK) {
        for (int l = lo; l < hi; ++l)
          if (m[l]) d[l].i = active;
      } else if (in.op == WOp::BALLOT) {
        const Val* a = reg(in.a);
        uint32_t bits = 0;
        for (int l = lo; l < hi; ++l)
          if (m[l] && a[l].i) bits |= 1u << (l - lo);
        for (int l = lo; l < hi; ++l)
          if (m[l]) d[l].i = bits;
      } else if (in.op == WOp::SHFL) {
        const Val* a = reg(in.a);
        const Val* b = reg(in.b);
        std::vector<Val> src(a + lo, a + hi);
        for (int l = lo; l < hi; ++l) {
          if (!m[l]) continue;
          const int lane = l - lo;
          const int width = in.c >= 0 ? static_cast<int>(reg(in.c)[l].i) : warp_;
          const int base = lane / width * width;
          int from = lane;
          const int64_t x = b[l].i;
          switch (in.k) {
            case 0: from = base + static_cast<int>(pymod(x, width)); break;
            case 1: from = lane - x >= base ? static_cast<int>(lane - x) : lane; break;
            case 2: from = lane + x < base + width ? static_cast<int>(lane + x) : lane; break;
            case 3: from = static_cast<int>(lane ^ x); if (from >= base + width) from = lane; break;
          }
          if (from < 0 || from >= hi - lo || !(active >> from & 1)) from = lane;  // an inactive source: undefined; keep own
          d[l] = src[from];
        }
      }
    }
  }

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
