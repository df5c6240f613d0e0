// The warp interpreter's control flow (IF, LOOP, FUNC regions under lane masks), barriers, and
// memory accesses with their checks (bounds, shared-memory races) and statistics (warp_block.h).
#include "core/backends/sim/warp_block.h"

namespace tp::warp {

// Runs code[begin, end) over the lanes of `mask`.
void BlockRun::exec(size_t begin, size_t end, const std::vector<uint8_t>& mask) {
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
// threads no longer count: PTX's bar.sync waits for the non-exited threads (and numba's
// simulator agrees).
void BlockRun::barrier(size_t pc, const std::vector<uint8_t>& m) {
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

void BlockRun::out_of_bounds(int lane, int64_t index, int axis, int64_t size) {
  fail(ErrorKind::IndexError, "tid=", dim3_list(tid_[lane]), " ctaid=", dim3_list(block_), ": index ", index,
       " is out of bounds for axis ", axis, " with size ", size);
}

// The address of element (b, c, d) of array `a` for `lane`, checked against its shape.
unsigned char* BlockRun::address(const WArray& arr, const WInstr& in, int lane) {
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

void BlockRun::race(const WArray& arr, int lane, int other, int other_line, bool read_after_write, int line,
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

void BlockRun::check_shared(const WArray& arr, size_t byte, int lane, bool write, int line) {
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
void BlockRun::memory_stats(size_t pc, const WArray& arr, const std::vector<uintptr_t>& addr, const std::vector<uint8_t>& m,
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

}  // namespace tp::warp
