// The interpreter of tensorplay's Python subset: one session (globals, imported modules,
// output streams) that front ends feed source to, plus the object protocol (call, repr,
// attribute and item access, arithmetic) that builtins and native types use.
#pragma once

#include <atomic>
#include <functional>
#include <iosfwd>
#include <memory>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "repl/lang/objects.h"
#include "repl/lang/resolver.h"

namespace tp::lang {

// A Python exception in flight through C++ frames.
struct PyError {
  Ref<ExceptionObject> exc;
};

// How a statement finished.
enum class Flow { Normal, Break, Continue, Return };

// One running function, class body or module: its slots live on the interpreter's stack.
struct Frame {
  const CodeInfo* code = nullptr;
  Unit* unit = nullptr;
  Value* slots = nullptr;
  AttrMap* class_ns = nullptr;      // a class body's namespace
  FunctionObject* func = nullptr;   // the running function (for super())
  Frame* back = nullptr;
  int line = 0;
  uint64_t serial = 0;  // tells activations apart for tracebacks
  Value ret;
};

// What a front end hears after each run (hints in repl/hints.h): the compiled input and,
// when an exception escaped, the exception and the module-level statement that raised it.
struct RunOutcome {
  const Unit* unit = nullptr;
  const PyError* error = nullptr;  // null when the run succeeded
  const Stmt* stmt = nullptr;      // the top-level statement that raised
  int line = 0;                    // the module frame's line when it raised
};

// Fills a module a C++ library provides (math, time, torch, ...).
using ModuleInit = void (*)(Interpreter& I, ModuleObject& module);
// Registers a built-in module under its dotted name ("torch.nn"); call before importing.
void register_builtin_module(const std::string& name, ModuleInit init);

class Interpreter {
 public:
  Interpreter();
  ~Interpreter();
  Interpreter(const Interpreter&) = delete;
  Interpreter& operator=(const Interpreter&) = delete;

  // ---- Front-end API ----
  // Where print() writes and where tracebacks go (default std::cout / std::cerr).
  void set_output(std::ostream* out, std::ostream* err);
  std::ostream& out() { return *out_; }
  std::ostream& err() { return *err_; }
  // Prints a Python warning ("file:line: UserWarning: text" and the source line) to err(),
  // once per location and text, as Python's default warning filter does.
  void warn(const std::string& category, const std::string& message);
  // Runs source as a file; an uncaught exception prints its traceback. True on success.
  bool run_file(const std::string& source, const std::string& filename = "<stdin>");
  // Runs one REPL input: expression statements echo their repr unless None.
  bool run_interactive(const std::string& source);
  // A global variable, or Unbound.
  Value get_global(const std::string& name) const;
  void set_global(const std::string& name, Value v);
  // dir(v): v's attribute names, sorted (also tab completion after a dot).
  std::vector<std::string> dir_names(const Value& v);
  // Global and builtin names (tab completion, :mem), sorted.
  std::vector<std::string> names_in_scope() const;
  // The global variables that are set, in definition order.
  std::vector<std::pair<std::string, Value>> globals() const;
  // Requests a KeyboardInterrupt at the next loop iteration or call; async-signal-safe.
  void interrupt() { interrupt_flag_.store(true, std::memory_order_relaxed); }
  // Called after every run that compiled, once its traceback (if any) is printed.
  void set_run_observer(std::function<void(const RunOutcome&)> observer) {
    run_observer_ = std::move(observer);
  }
  // Prints a caught PyError as CPython's default handler does.
  void print_exception(const PyError& e);

  // ---- Object protocol (used by builtins and native types) ----
  Value call(const Value& f, Args args);
  Value call(const Value& f, std::vector<Value> pos);
  // obj.name(args) without creating a bound method.
  Value call_method(const Value& obj, const std::string& name, std::vector<Value> pos);
  std::string repr(const Value& v);
  std::string str(const Value& v);
  bool truthy(const Value& v);
  Value getattr(const Value& obj, const std::string& name);  // raises AttributeError
  Value getattr_opt(const Value& obj, const std::string& name);  // Unbound when missing
  void setattr(const Value& obj, const std::string& name, const Value& v);
  void delattr(const Value& obj, const std::string& name);
  Value getitem(const Value& obj, const Value& key);
  void setitem(const Value& obj, const Value& key, const Value& v);
  void delitem(const Value& obj, const Value& key);
  int64_t len(const Value& v);
  Value iter(const Value& v);
  // Advances an iterator: false at the end.
  bool next(const Value& it, Value& out);
  // Collects any iterable into a vector.
  std::vector<Value> to_vector(const Value& iterable);
  bool contains(const Value& container, const Value& item);
  Value binary(BinOpKind op, const Value& a, const Value& b);
  Value unary(UnaryOpKind op, const Value& v);
  Value compare(CmpOpKind op, const Value& a, const Value& b);
  bool eq(const Value& a, const Value& b);
  bool less(const Value& a, const Value& b);
  int64_t hash(const Value& v);
  // Calls type(self).name(self, args...) when the type defines it, else Unbound.
  Value call_dunder(const Value& self, const char* name, std::vector<Value> args);
  // a op= b: in place for lists and native objects that support it, else binary().
  Value inplace(BinOpKind op, const Value& a, const Value& b);
  Value format(const Value& v, const std::string& spec);
  // Converts an index-like value (int, bool, __index__) to int64 for `what`.
  int64_t to_index(const Value& v);
  // Raises an exception of class cls with one message argument (none when msg is empty).
  [[noreturn]] void raise(TypeObject* cls, const std::string& msg);
  Ref<ExceptionObject> make_exception(TypeObject* cls, const std::string& msg);
  Ref<ExceptionObject> make_exception_args(TypeObject* cls, std::vector<Value> args);
  // The Python exception for a tensorplay core error (TorchError).
  Ref<ExceptionObject> from_torch_error(const std::exception& e);
  // Raises NameError for `name`, with CPython's "Did you mean" suggestion.
  [[noreturn]] void raise_name_error(const std::string& name);
  // Raises KeyboardInterrupt if requested; called in loops and calls.
  void check_interrupt() {
    if (interrupt_flag_.load(std::memory_order_relaxed)) raise_interrupt();
  }
  Value import_module(const std::string& dotted);
  // Adds a builtin function visible everywhere (the table in builtins.cpp calls this).
  void add_builtin(const std::string& name, Value v);
  Frame* current_frame() { return frame_; }
  const std::vector<std::string>& builtin_names() const { return builtin_names_; }

  // ---- Evaluator internals (eval.cpp, exec.cpp, call.cpp) ----
  Value eval(const Expr* e);
  Flow exec(const Stmt* s);
  Flow exec_block(const StmtList& body);
  Value call_function(FunctionObject* f, const Value* self, Args args);
  Value make_class(const ClassDefStmt* c);

 private:
  friend struct FrameScope;
  friend struct ExceptScope;
  [[noreturn]] void raise_interrupt();
  bool run(const std::string& source, const std::string& filename, bool interactive);
  std::shared_ptr<Unit> compile(const std::string& source, const std::string& filename);
  void print_syntax_error(const struct SyntaxError& e, const std::string& source,
                          const std::string& filename);
  Value load_name(const NameExpr* n);
  void store_name(const NameExpr* n, Value v);
  void bind_string(const std::string& name, Value v);
  void assign(const Expr* target, Value v);
  void delete_target(const Expr* target);
  Value eval_call(const struct CallExpr* c);
  Value eval_fstring(const FStringExpr* f);
  Value eval_comprehension(const ComprehensionExpr* c);
  void comp_loop(const ComprehensionExpr* c, size_t gen, const Value& out);
  Value make_function(const void* node, const std::string& name, const std::vector<Param>& params);
  Flow exec_try(const TryStmt* t);
  Flow exec_with(const WithStmt* w, size_t item);
  Flow exec_for(const ForStmt* f);
  void exec_import(const ImportStmt* s);
  void exec_import_from(const ImportFromStmt* s);
  [[noreturn]] void do_raise(const RaiseStmt* r);
  Value call_type(TypeObject* t, Args args);
  Value slice_of(const Value& seq, const SliceObject* s);
  Value add_traceback(PyError& e, Frame* f);

  std::ostream* out_;
  std::ostream* err_;
  GlobalTable global_table_;
  std::vector<Value> globals_;
  std::vector<Value> builtins_;
  std::vector<std::string> builtin_names_;
  std::unordered_map<std::string, int> builtin_index_;
  std::unordered_map<std::string, Value> modules_;
  std::vector<Value> stack_;
  size_t sp_ = 0;
  int depth_ = 0;
  Frame* frame_ = nullptr;
  bool interactive_ = false;
  uint64_t frame_serial_ = 0;
  std::vector<Value> handling_;  // exceptions being handled (for implicit chaining)
  std::atomic<bool> interrupt_flag_{false};
  std::function<void(const RunOutcome&)> run_observer_;
  std::unordered_set<std::string> warned_;  // warn(): locations already reported
};

// Pushes a frame with `nslots` fresh slots for its lifetime.
struct FrameScope {
  FrameScope(Interpreter& I, Frame& f, int nslots);
  ~FrameScope();
  Interpreter& I;
  Frame& f;
  size_t base;
  int n;
};

}  // namespace tp::lang
