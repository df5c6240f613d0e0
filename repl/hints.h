// Hints after an uncaught error: for a device mix-up, name each tensor operand of the
// failing line by its source text and where it lives, and show the fix; also `.numpy()`
// on a device tensor, a model fed input on another device, and `x.to(...)` left unassigned.
#pragma once

#include <string>
#include <vector>

#include "repl/lang/interpreter.h"

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

// What the hint text is built from; hints_test.cpp builds these by hand.
struct HintInput {
  std::string exc_type;                // "RuntimeError"
  std::string message;                 // the exception's text
  std::vector<HintOperand> operands;   // tensors of the failing line, in source order
  std::string numpy_receiver;          // `r` of `r.numpy()` on the failing line, if any
  std::vector<UnmovedCall> unmoved;    // dropped `.to(...)` results seen so far
  std::vector<HintOperand> parameters; // first parameter of each module called on the line
};

// The hint lines ("hint: ...", then at most one "note: ..."), uncoloured; empty when the
// error is not one we explain.
std::vector<std::string> hint_lines(const HintInput& in);

// Colours the leading "hint:"/"note:" word of a line (only used on a terminal).
std::string paint_hint(const std::string& line);

// Watches one interpreter session (register observe() as its run observer): remembers
// dropped `.to(...)` results and prints hints to the session's error stream.
class HintEngine {
 public:
  // `color`: colour the hints; `script`: line numbers refer to a file, not the prompt.
  HintEngine(lang::Interpreter& interp, bool color, bool script);
  void observe(const lang::RunOutcome& outcome);

 private:
  void remember_unmoved(const lang::Unit& unit, const lang::StmtList& body,
                        const lang::Stmt* stop, bool& stopped);
  lang::Interpreter& interp_;
  bool color_;
  bool script_;
  std::vector<UnmovedCall> unmoved_;
};

// The source text an expression was parsed from (its span over `unit.lines`).
std::string source_of(const lang::Unit& unit, const lang::Expr* e);

}  // namespace tp::repl
