// A learner's kernel (numba.cuda's @cuda.jit, python/numba/cuda/_compiler.py) as a small
// typed register program, and the warp-vectorized interpreter that runs it on a simulated
// GPU. The compiler turns the kernel's Python into these instructions; each instruction runs
// over the lanes of a block under an active mask, so a warp's 32 lanes move in lockstep and
// a divergent branch runs its two sides one after the other, as on the hardware. Control
// flow is structured (IF, LOOP, FUNC regions nested in the instruction list), so lanes
// reconverge at the end of each region, as the reconvergence stack of a GPU makes them do.
//
// The same launch rules as the teaching kernels' SIMT executor (simt.h: CUDA's launch
// checks, blocks placed on the profile's SMs in waves) apply; on top the interpreter counts,
// per instruction, what a real GPU's profiler would: 32-byte sectors per warp access,
// shared-memory bank conflicts, divergent warps, and a modeled time (warp_block.h says how).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/gpu_profile.h"
#include "core/kernel_trace.h"
#include "core/learner_kernel.h"

namespace tp {

// The instruction set, named once: the compiler reads the names (numba_binding.cpp).
#define TP_WARP_OPS(X)                                                                    \
  X(CONST) X(MOV) X(CVT) X(ADD) X(SUB) X(MUL) X(DIV) X(FLOORDIV) X(MOD) X(POW) X(MIN)      \
  X(MAX) X(BAND) X(BOR) X(BXOR) X(SHL) X(SHR) X(ATAN2) X(HYPOT) X(COPYSIGN) X(FMOD)        \
  X(LT) X(LE) X(GT) X(GE) X(EQ) X(NE) X(NEG) X(NOT) X(INV) X(ABS) X(SQRT) X(EXP) X(EXPM1) \
  X(LOG) X(LOG2) X(LOG10) X(LOG1P) X(SIN) X(COS) X(TAN) X(ASIN) X(ACOS) X(ATAN) X(SINH)    \
  X(COSH) X(TANH) X(FLOOR) X(CEIL) X(TRUNC) X(ERF) X(ERFC) X(ISNAN) X(ISINF) X(SELECT)     \
  X(SPECIAL) X(LOAD) X(STORE) X(DIM) X(ATOMIC) X(IF) X(LOOP) X(BREAK) X(CONTINUE)        \
  X(RETURN) X(FUNC) X(RETVAL) X(SYNC) X(SYNCWARP) X(SHFL) X(BALLOT) X(ACTIVEMASK) X(FENCE) X(PRINT)

enum class WOp : int32_t {
#define TP_WARP_OP_ENUM(name) name,
  TP_WARP_OPS(TP_WARP_OP_ENUM)
#undef TP_WARP_OP_ENUM
};
std::vector<std::string> warp_op_names();

// Register types. Integers are 64-bit in registers (numba's default); narrower arrays are
// converted on load and store.
enum class WType : uint8_t { I64, F64, F32, Bool };

// Array element types, as numpy names them.
enum class WElem : uint8_t { F32, F64, I8, I16, I32, I64, U8, U16, U32, U64, Bool };
int elem_bytes(WElem e);

// One instruction. Fields by op:
//   CONST dst k|f        MOV/CVT/unary dst a        binary dst a b      SELECT dst a(cond) b c
//   SPECIAL dst k (0-2 threadIdx, 3-5 blockIdx, 6-8 blockDim, 9-11 gridDim, 12 laneid, 13 warpsize)
//   LOAD dst a(array) b c d(index regs or -1)       STORE a b c d e(value)      DIM dst a k
//   ATOMIC dst(old) a b c d e(value) f(compare, cas) k(AtomicKind)
//   IF a(cond) b(then length) c(else length)        LOOP a(cond) b(cond code) c(body) d(step)
//   FUNC b(body length): an inlined device function; RETVAL leaves it (the value is MOVed first)
//   BREAK CONTINUE RETURN      SYNC dst a k(0 plain, 1 count, 2 and, 3 or)
//   SHFL dst a(value) b(lane/delta/mask) c(width reg or -1) e(member mask) k(0 idx,1 up,2 down,3 xor)
//   BALLOT dst a(pred) e(mask)    ACTIVEMASK dst     SYNCWARP FENCE
//   PRINT k(the compiler's format number) a b c d e f(values or -1): print() in a kernel
struct WInstr {
  WOp op = WOp::CONST;
  int32_t dst = -1, a = -1, b = -1, c = -1, d = -1, e = -1, f = -1;
  int64_t k = 0;
  double x = 0;
  int32_t line = 0;  // the kernel's source line, for errors and the report
};

enum class AtomicKind : int { Add, Sub, Max, Min, Exch, Cas, And, Or, Xor, Inc, Dec };

// Where an array lives.
enum class WSpace : uint8_t { Global, Shared, Local, Const };

// An array the kernel names: a launch argument (global), or declared in the kernel.
struct WArray {
  std::string name;
  WSpace space = WSpace::Global;
  WElem elem = WElem::F32;
  int ndim = 1;
  int64_t shape[3] = {1, 1, 1};
  int64_t strides[3] = {0, 0, 0};  // bytes
  uintptr_t data = 0;                // global/const: the memory
  size_t offset = 0;                 // shared: bytes into the block's shared memory
  bool dynamic = false;              // shared: sized by the launch's dynamic shared bytes
};

struct WProgram {
  std::string name;
  std::vector<WInstr> code;
  std::vector<WType> reg_types;
  std::vector<WArray> arrays;  // arguments first, then shared/local/const ones
  std::vector<std::string> lines;  // the kernel's source lines (1-based in WInstr::line)
  int first_line = 1;              // the file line of lines[0]
};

// What each instruction did over a launch (the report's raw figures).
struct WInstrStats {
  int64_t warp_execs = 0;     // warp instructions issued
  int64_t active_lanes = 0;   // lanes active over those
  int64_t sectors = 0;        // global: 32-byte sectors touched
  int64_t ideal_sectors = 0;  // global: sectors if the same bytes were contiguous
  int64_t wavefronts = 0;     // shared: bank-conflict serialized passes (1 per warp: none)
  int64_t divergent = 0;      // IF: warps with lanes on both sides
};

// One thread's print(): the instruction and the raw values of its registers, in the order
// a GPU's printf buffer would hold them (block by block, each warp's lanes in order).
struct WPrint {
  int32_t pc = 0;
  KDim3 block, thread;
  int64_t raw[6] = {};  // each register's bits (an int64, or a double's bits)
};

struct WarpLaunchResult {
  std::vector<WPrint> prints;
  KernelStats stats;
  std::vector<WInstrStats> per_instr;
  int blocks_per_sm = 0, warps_per_block = 0;
  int registers_estimate = 0;
  size_t static_shared_bytes = 0;
  double occupancy = 0;    // resident warps per SM / the SM's maximum
  double duration_ns = 0;  // modeled
  double latency_ns = 0, issue_ns = 0, memory_ns = 0;  // the block model's three bounds (one block)
  std::string limiter;     // which SM limit caps residency: "threads", "blocks", "shared memory", "registers"
  KernelTrace trace;       // per thread (the GUI's thread grid); filled when asked
  int output_array = -1;   // the array the first global store in the code writes (trace's output)
  std::vector<WarpMemory> warp_memory;  // per (block, warp), filled with the trace
};

// Runs `program` over `config` on `profile`. Errors (an index out of bounds, a barrier not
// every thread reaches, a shared-memory race) raise with the thread and block named.
// `poll`, when given, is called every few thousand loop iterations and between blocks; it
// may throw to stop the launch (the front end's Ctrl-C: a kernel may loop forever).
WarpLaunchResult run_warp_program(const WProgram& program, const LaunchConfig& config,
                                  const GpuProfile& profile, bool record_trace,
                                  const std::function<void()>& poll = {});

}  // namespace tp
