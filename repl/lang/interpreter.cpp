// The interpreter session: compiling source (parse + resolve), running it as a file or
// as REPL input (echoing expression values), and the globals API front ends use.
#include "repl/lang/interpreter.h"

#include <algorithm>
#include <iostream>
#include <sstream>

#include "core/error.h"
#include "repl/lang/builtins.h"
#include "repl/lang/lexer.h"
#include "repl/lang/parser.h"
#include "repl/torch/install.h"

namespace tp::lang {

namespace {
constexpr size_t kStackSlots = 1 << 18;  // values for locals and arguments of all frames
}

Interpreter::Interpreter() : out_(&std::cout), err_(&std::cerr) {
  ty::init();
  stack_.resize(kStackSlots, Value::unbound());
  for (const BuiltinSpec& b : builtin_table()) {
    if (b.type) {
      add_builtin(b.name, Value::object(*b.type));
    } else {
      auto* f = new BuiltinFunction(b.name, b.fn);
      make_immortal(f);
      add_builtin(b.name, Value::object(f));
    }
  }
  add_builtin("Ellipsis", ellipsis_value());
  add_builtin("NotImplemented", not_implemented_value());
  set_global("__name__", make_str("__main__"));
  torchlang::install(*this);  // the torch namespace and the quick names
}

Interpreter::~Interpreter() {
  // Globals may hold cycles through classes; clearing breaks most of them.
  globals_.clear();
  modules_.clear();
}

void Interpreter::warn(const std::string& category, const std::string& message) {
  std::string file = "<stdin>", source;
  int line = 0;
  if (frame_ && frame_->unit) {
    file = frame_->unit->ast ? frame_->unit->ast->filename : file;
    line = frame_->line;
    if (line >= 1 && static_cast<size_t>(line) <= frame_->unit->lines.size()) {
      source = frame_->unit->lines[static_cast<size_t>(line) - 1];
    }
  }
  std::string key = file + ":" + std::to_string(line) + ":" + category + ":" + message;
  if (!warned_.insert(key).second) return;
  err() << file << ":" << line << ": " << category << ": " << message << "\n";
  size_t start = source.find_first_not_of(" \t");
  if (start != std::string::npos) err() << "  " << source.substr(start) << "\n";
}

void Interpreter::set_output(std::ostream* out, std::ostream* err) {
  out_ = out;
  err_ = err;
}

void Interpreter::add_builtin(const std::string& name, Value v) {
  auto it = builtin_index_.find(name);
  if (it != builtin_index_.end()) {
    builtins_[static_cast<size_t>(it->second)] = std::move(v);
    return;
  }
  builtin_index_[name] = static_cast<int>(builtins_.size());
  builtins_.push_back(std::move(v));
  builtin_names_.push_back(name);
}

std::shared_ptr<Unit> Interpreter::compile(const std::string& source, const std::string& filename) {
  auto unit = std::make_shared<Unit>();
  unit->ast = parse(source, filename);
  std::istringstream lines(source);
  for (std::string line; std::getline(lines, line);) unit->lines.push_back(line);
  resolve(*unit, global_table_, builtin_index_);
  globals_.resize(global_table_.names.size(), Value::unbound());
  return unit;
}

bool Interpreter::run(const std::string& source, const std::string& filename, bool interactive) {
  std::shared_ptr<Unit> unit;
  try {
    unit = compile(source, filename);
  } catch (const SyntaxError& e) {
    print_syntax_error(e, source, filename);
    return false;
  }
  Frame fr;
  fr.code = &unit->module_code;
  fr.unit = unit.get();
  fr.serial = ++frame_serial_;
  interrupt_flag_.store(false, std::memory_order_relaxed);
  const Stmt* current = nullptr;  // for the run observer
  try {
    FrameScope scope(*this, fr, unit->module_code.nslots);
    try {
      for (auto& s : unit->ast->body) {
        current = s.get();
        if (interactive && s->kind == StmtKind::Expr) {
          fr.line = s->span.line;
          Value v = eval(static_cast<const ExprStmt*>(s.get())->value.get());
          if (!v.is_none()) {
            *out_ << repr(v) << "\n";
            add_builtin("_", v);
          }
        } else {
          exec(s.get());
        }
      }
    } catch (PyError& e) {
      add_traceback(e, &fr);
      throw;
    } catch (const TorchError& te) {
      PyError e{from_torch_error(te)};
      add_traceback(e, &fr);
      throw e;
    }
  } catch (PyError& e) {
    out_->flush();
    print_exception(e);
    if (run_observer_) run_observer_(RunOutcome{unit.get(), &e, current, fr.line});
    return false;
  }
  if (run_observer_) run_observer_(RunOutcome{unit.get(), nullptr, nullptr, 0});
  return true;
}

bool Interpreter::run_file(const std::string& source, const std::string& filename) {
  return run(source, filename, false);
}

bool Interpreter::run_interactive(const std::string& source) { return run(source, "<stdin>", true); }

Value Interpreter::get_global(const std::string& name) const {
  auto it = global_table_.index.find(name);
  if (it == global_table_.index.end() || static_cast<size_t>(it->second) >= globals_.size()) return Value::unbound();
  return globals_[static_cast<size_t>(it->second)];
}

void Interpreter::set_global(const std::string& name, Value v) {
  int slot = global_table_.slot(name);
  globals_.resize(global_table_.names.size(), Value::unbound());
  globals_[static_cast<size_t>(slot)] = std::move(v);
}

std::vector<std::pair<std::string, Value>> Interpreter::globals() const {
  std::vector<std::pair<std::string, Value>> out;
  for (size_t i = 0; i < globals_.size(); ++i)
    if (!globals_[i].is_unbound()) out.emplace_back(global_table_.names[i], globals_[i]);
  return out;
}

std::vector<std::string> Interpreter::names_in_scope() const {
  std::vector<std::string> names;
  for (auto& [n, v] : globals()) names.push_back(n);
  for (auto& n : builtin_names_) names.push_back(n);
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

}  // namespace tp::lang
