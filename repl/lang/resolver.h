// The resolver: a pass over a parsed unit before it runs that decides where every name
// lives (a frame slot, a closure cell, a global index, a class body), so the evaluator
// reads locals from an array instead of hashing names.
#pragma once

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "repl/lang/ast.h"

namespace tp::lang {

enum class NameScope : uint8_t {
  Unresolved,
  Local,      // frame slot holds the value
  Cell,       // frame slot holds a CellObject (captured by, or from, a closure)
  Global,     // the interpreter's global table at `slot`, then builtins
  ClassBody,  // the class namespace being built, then globals
};

// Where a name bound by a statement (def, class, import, except ... as) goes.
struct NameRef {
  NameScope scope = NameScope::Unresolved;
  int slot = -1;
};

// What the evaluator needs to run one function, lambda, class body or module.
struct CodeInfo {
  enum class Kind { Module, Function, Class };
  Kind kind = Kind::Function;
  std::string name;       // "<module>", "f", "<lambda>", the class name
  std::string qualname;   // "A.f", "f.<locals>.g"
  int nslots = 0;         // parameters first, in declaration order
  std::vector<std::string> slot_names;
  std::vector<int> cell_slots;  // own variables captured by inner functions
  std::vector<int> free_slots;  // slots that receive the closure's cells, in order
  std::vector<int> free_outer;  // for each free slot: its slot in the defining frame
  std::unordered_map<std::string, NameRef> bindings;  // names this code binds
  const std::vector<Param>* params = nullptr;
  const StmtList* body = nullptr;  // null for a lambda
  const Expr* lambda_body = nullptr;
};

// A parsed unit (file or REPL input) with its resolution; functions keep it alive.
struct Unit : std::enable_shared_from_this<Unit> {
  std::unique_ptr<Module> ast;
  CodeInfo module_code;
  std::unordered_map<const void*, std::unique_ptr<CodeInfo>> codes;  // def/lambda/class node
  std::vector<std::string> lines;  // source lines, for tracebacks
  const CodeInfo* code_for(const void* node) const { return codes.at(node).get(); }
};

// The interpreter's global names: a stable index per name.
struct GlobalTable {
  std::unordered_map<std::string, int> index;
  std::vector<std::string> names;
  int slot(const std::string& name);  // adds the name when new
};

// Resolves every name in unit.ast. `builtin_index` maps builtin names to their indices.
void resolve(Unit& unit, GlobalTable& globals,
             const std::unordered_map<std::string, int>& builtin_index);

}  // namespace tp::lang
