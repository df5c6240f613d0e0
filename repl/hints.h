// Hints after an uncaught error: for a device mix-up, name each tensor operand of the
// failing line by its source text and where it lives, and show the fix; also `.numpy()`
// on a device tensor, a model fed input on another device, a layer made inside forward(),
// `x.to(...)` left unassigned, a device name PyTorch lacks ('gpu'), a GPU ordinal the
// session lacks, and a GPU out of memory.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "repl/python_session.h"

namespace tp::repl {

// A tensor operand of the failing line: its source text ("x", "model.w") and its device.
struct HintOperand {
  std::string source;
  std::string device;  // "cpu", "cuda:0"
};

// A bare `x.to(cuda)` statement whose result was dropped.
struct UnmovedCall {
  std::string receiver;  // "x"
  std::string call;      // "x.to(cuda)"
  int line = 0;          // its line in a script; 0 at the prompt ("typed earlier")
};

// The fields of a same-device error (the exception's `device_mismatch`): which op, which
// argument was on the odd device, the device the op ran on and the other one.
struct HintMismatch {
  std::string op;        // "addmm", "lstm"; "" for elementwise ops
  std::string argument;  // "mat1"; "" for elementwise ops
  std::string common;    // "cuda:0"
  std::string other;     // "cpu"
};

// The fields of another device error (the exception's `device_problem`).
struct HintProblem {
  std::string kind;      // "unknown_name", "missing_ordinal", "out_of_memory", "not_on_host"
  std::string name;      // unknown_name: the device type as written ("gpu")
  std::string device;    // missing_ordinal: the GPU asked for; out_of_memory: the GPU;
                         // not_on_host: the tensor's device
  size_t capacity = 0;   // out_of_memory: the bytes that GPU may hold
};

// What the hint text is built from; hints_test.cpp builds these by hand.
struct HintInput {
  std::string exc_type;                // "RuntimeError"
  std::string message;                 // the exception's text
  std::vector<HintOperand> operands;   // tensors of the failing line, in source order
  std::string numpy_receiver;          // `r` of `r.numpy()` on the failing line, if any
  std::vector<UnmovedCall> unmoved;    // dropped `.to(...)` results seen so far
  std::vector<HintOperand> parameters; // first parameter of each module called on the line
  std::optional<HintMismatch> mismatch; // set for a same-device error
  std::string layer_made_in_forward;   // `fc` (a local) or `nn.Linear(3, 2)` (made and called)
  // The session's GPUs: how many, simulated or real.
  int gpu_count = 0;
  bool gpus_simulated = true;
  std::optional<HintProblem> problem;  // set for another device error
};

// The hint lines ("hint: ...", then at most one "note: ..."), uncoloured; empty when the
// error is not one we explain.
std::vector<std::string> hint_lines(const HintInput& in);

// Colours the leading "hint:"/"note:" word of a line (only used on a terminal).
std::string paint_hint(const std::string& line);

// Watches one session (register observe() as its run observer): remembers dropped
// `.to(...)` results and prints hints to the session's error stream. The operands are read
// off the failing source by python/tensorplay/hints.py.
class HintEngine {
 public:
  // `color`: colour the hints; `script`: line numbers refer to a file, not the prompt.
  HintEngine(PythonSession& session, bool color, bool script);
  void observe(const RunOutcome& outcome);

 private:
  PythonSession& session_;
  bool color_;
  bool script_;
  std::vector<UnmovedCall> unmoved_;
};

}  // namespace tp::repl
