// Hints after an uncaught error: the text builder (pure, unit-tested) and the engine that
// finds the failing line's tensor operands in the AST and remembers dropped `.to(...)` calls.
#include "repl/hints.h"

#include <ostream>

#include "repl/lang/ast.h"
#include "repl/torch/nn_module_object.h"
#include "repl/torch/torch_types.h"

namespace tp::repl {

namespace {

const char kSameDevice[] = "Expected all tensors to be on the same device";

bool starts_with(const std::string& s, const std::string& prefix) {
  return s.rfind(prefix, 0) == 0;
}

// The text between `before` and `after` in `s` (empty when either is missing).
std::string between(const std::string& s, const std::string& before, const std::string& after) {
  size_t a = s.find(before);
  if (a == std::string::npos) return "";
  a += before.size();
  size_t b = s.find(after, a);
  if (b == std::string::npos) return "";
  return s.substr(a, b - a);
}

std::string quoted(const std::string& code) { return "`" + code + "`"; }

// `a = a.to(b.device)`-style fixes for two operands on different devices.
std::string move_fix(const HintOperand& a, const HintOperand& b) {
  // The one on the CPU moves to the other's device; a device tensor can come back with .cpu().
  const HintOperand& host = b.device == "cpu" ? b : a;
  const HintOperand& dev = b.device == "cpu" ? a : b;
  if (host.device == "cpu") {
    return quoted(host.source + " = " + host.source + ".to(" + dev.source + ".device)") +
           " or " + quoted(dev.source + " = " + dev.source + ".cpu()");
  }
  return quoted(a.source + " = " + a.source + ".to(" + b.source + ".device)") + " or " +
         quoted(b.source + " = " + b.source + ".to(" + a.source + ".device)");
}

// The note about a dropped `.to(...)` result for one of `names`, if any.
std::string unmoved_note(const std::vector<UnmovedCall>& unmoved,
                         const std::vector<std::string>& names) {
  for (const std::string& name : names) {
    for (const UnmovedCall& u : unmoved) {
      if (u.receiver != name) continue;
      std::string where = u.line > 0 ? " on line " + std::to_string(u.line) : " (typed earlier)";
      return "note: " + quoted(u.call) + where + " returned a new tensor; " + quoted(name) +
             " itself did not move — write " + quoted(name + " = " + u.call);
    }
  }
  return "";
}

std::vector<std::string> with_note(std::string hint, const std::string& note) {
  std::vector<std::string> lines{std::move(hint)};
  if (!note.empty()) lines.push_back(note);
  return lines;
}

}  // namespace

std::vector<std::string> hint_lines(const HintInput& in) {
  // (b) .numpy() on a device tensor.
  if (in.exc_type == "TypeError" && starts_with(in.message, "can't convert ") &&
      in.message.find("numpy") != std::string::npos) {
    std::string device = between(in.message, "can't convert ", " device type");
    if (in.numpy_receiver.empty()) {
      return {"hint: the tensor is on " + device +
              " and numpy arrays live in host memory — copy it first: `.cpu().numpy()`"};
    }
    return {"hint: " + quoted(in.numpy_receiver) + " is on " + device +
            " and numpy arrays live in host memory — copy it first: " +
            quoted(in.numpy_receiver + ".cpu().numpy()")};
  }
  if (in.exc_type != "RuntimeError" || !starts_with(in.message, kSameDevice)) return {};

  // Two operands on different devices: name every operand and show the move.
  const HintOperand* first = in.operands.empty() ? nullptr : &in.operands[0];
  const HintOperand* other = nullptr;
  for (const HintOperand& op : in.operands) {
    if (first && op.device != first->device) {
      other = &op;
      break;
    }
  }
  if (other) {
    std::string hint = "hint: ";
    std::vector<std::string> names;
    for (size_t i = 0; i < in.operands.size(); ++i) {
      if (i > 0) hint += ", ";
      hint += quoted(in.operands[i].source) + " is on " + in.operands[i].device;
      names.push_back(in.operands[i].source);
    }
    hint += " — move one: " + move_fix(*first, *other);
    return with_note(hint, unmoved_note(in.unmoved, names));
  }

  // (c) "but got mat1 is on cpu, different from other tensors on cuda:0 (... addmm)":
  // a model's weights on one device, its input on another.
  std::string arg = between(in.message, "but got ", " is on ");
  std::string arg_device = between(in.message, " is on ", ", different from");
  std::string others = between(in.message, "different from other tensors on ", " (when");
  if (arg == "mat1" && in.message.find("addmm)") != std::string::npos) {
    const HintOperand* input = nullptr;
    for (const HintOperand& op : in.operands) {
      if (op.device == arg_device) {
        input = &op;  // the first in source order: the model's own argument
        break;
      }
    }
    std::string fix_device = "'" + others + "'";
    std::string weights = "the model's weights are on " + others;
    for (const HintOperand& p : in.parameters) {
      if (p.device == others) weights = "the model's weights (" + quoted(p.source) + ") are on " + others;
    }
    if (!input) {
      return {"hint: " + weights + " but its input is on " + arg_device +
              " — move the input: `.to(" + fix_device + ")`"};
    }
    return with_note("hint: " + weights + " but its input " +
                         quoted(input->source) + " is on " + arg_device + " — move the input: " +
                         quoted(input->source + " = " + input->source + ".to(" + fix_device + ")"),
                     unmoved_note(in.unmoved, {input->source}));
  }

  // The operands are not plain names: say which devices are mixed.
  std::string a = between(in.message, "found at least two devices, ", " and ");
  std::string b = between(in.message, " and ", "!");
  if (a.empty()) {
    a = others;
    b = arg_device;
  }
  std::vector<std::string> names;
  for (const HintOperand& op : in.operands) names.push_back(op.source);
  return with_note("hint: this line mixes tensors on " + a + " and " + b +
                       " — move them to one device with `.to(device)` before combining them",
                   unmoved_note(in.unmoved, names));
}

std::string paint_hint(const std::string& line) {
  size_t colon = line.find(':');
  if (colon == std::string::npos) return line;
  const char* color = starts_with(line, "note") ? "\033[1;33m" : "\033[1;36m";
  return color + line.substr(0, colon + 1) + "\033[0m" + line.substr(colon + 1);
}

std::string source_of(const lang::Unit& unit, const lang::Expr* e) {
  const lang::Span& s = e->span;
  if (s.line < 1 || static_cast<size_t>(s.end_line) > unit.lines.size() || s.end_line < s.line) {
    return "";
  }
  std::string text;
  for (int line = s.line; line <= s.end_line; ++line) {
    const std::string& l = unit.lines[static_cast<size_t>(line) - 1];
    size_t from = line == s.line ? static_cast<size_t>(s.col) : 0;
    size_t to = line == s.end_line ? static_cast<size_t>(s.end_col) : l.size();
    if (from > l.size() || to > l.size() || to < from) return "";
    if (!text.empty()) text += " ";
    text += l.substr(from, to - from);
  }
  return text;
}

namespace {

using lang::Expr;
using lang::ExprKind;
using lang::Stmt;
using lang::StmtKind;

// A name or a dotted chain of names: safe to evaluate for a hint (no calls, no indexing).
bool is_plain_path(const Expr* e) {
  if (e->kind == ExprKind::Name) return true;
  if (e->kind == ExprKind::Attribute) {
    return is_plain_path(static_cast<const lang::AttributeExpr*>(e)->value.get());
  }
  return false;
}

// The value of a plain path from the session's globals; Unbound when it has none.
lang::Value eval_path(lang::Interpreter& I, const Expr* e) {
  if (e->kind == ExprKind::Name) return I.get_global(static_cast<const lang::NameExpr*>(e)->id);
  auto* a = static_cast<const lang::AttributeExpr*>(e);
  lang::Value base = eval_path(I, a->value.get());
  if (base.is_unbound()) return base;
  return I.getattr_opt(base, a->attr);
}

// "0.weight" -> "[0].weight": a parameter's dotted name as Python code reaches it.
std::string python_path(const std::string& dotted) {
  std::string out;
  size_t start = 0;
  while (start <= dotted.size()) {
    size_t dot = dotted.find('.', start);
    std::string part = dotted.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
    bool index = !part.empty() && part.find_first_not_of("0123456789") == std::string::npos;
    out += index ? "[" + part + "]" : "." + part;
    if (dot == std::string::npos) break;
    start = dot + 1;
  }
  return out;
}

// Collects the tensor operands of an expression: binary operands, call arguments,
// method receivers, compared values, container elements.
class OperandFinder {
 public:
  OperandFinder(lang::Interpreter& I, const lang::Unit& unit) : I_(I), unit_(unit) {}
  std::vector<HintOperand> operands;
  std::vector<HintOperand> parameters;
  std::string numpy_receiver;

  // A plain path is looked up (and kept when it is a tensor); anything else is walked.
  void consider(const Expr* e) {
    if (!e) return;
    if (!is_plain_path(e)) {
      walk(e);
      return;
    }
    try {
      lang::Value v = eval_path(I_, e);
      if (!v.is_obj()) return;
      std::string src = source_of(unit_, e);
      if (torchlang::is_module(v)) {
        // A model on the line: its first parameter says where its weights live.
        auto named = torchlang::module_of(v)->m->named_parameters(true);
        if (!named.empty()) parameters.push_back({src + python_path(named[0].first), named[0].second.device().str()});
        return;
      }
      auto* t = dynamic_cast<torchlang::TensorObject*>(v.obj());
      if (!t) return;
      for (const HintOperand& op : operands)
        if (op.source == src) return;
      operands.push_back({src, t->t.device().str()});
    } catch (...) {  // a hint must never raise
    }
  }

 private:
  void walk(const Expr* e) {
    if (!e) return;
    switch (e->kind) {
      case ExprKind::Binary: {
        auto* b = static_cast<const lang::BinaryExpr*>(e);
        consider(b->left.get());
        consider(b->right.get());
        break;
      }
      case ExprKind::Call: {
        auto* c = static_cast<const lang::CallExpr*>(e);
        if (c->func->kind == ExprKind::Attribute) {
          auto* f = static_cast<const lang::AttributeExpr*>(c->func.get());
          if (f->attr == "numpy" && numpy_receiver.empty()) {
            numpy_receiver = source_of(unit_, f->value.get());
          }
          consider(f->value.get());
        } else if (is_plain_path(c->func.get())) {
          consider(c->func.get());  // model(x): the model's parameters
        }
        for (const auto& a : c->args) consider(a.get());
        for (const auto& k : c->keywords) consider(k.value.get());
        break;
      }
      case ExprKind::Compare: {
        auto* c = static_cast<const lang::CompareExpr*>(e);
        consider(c->left.get());
        for (const auto& x : c->comparators) consider(x.get());
        break;
      }
      case ExprKind::Unary: consider(static_cast<const lang::UnaryExpr*>(e)->operand.get()); break;
      case ExprKind::Subscript: {
        auto* s = static_cast<const lang::SubscriptExpr*>(e);
        consider(s->value.get());
        consider(s->index.get());
        break;
      }
      case ExprKind::Attribute: consider(static_cast<const lang::AttributeExpr*>(e)->value.get()); break;
      case ExprKind::List:
      case ExprKind::Tuple:
      case ExprKind::Set:
        for (const auto& x : static_cast<const lang::SequenceExpr*>(e)->elts) consider(x.get());
        break;
      case ExprKind::BoolOp:
        for (const auto& x : static_cast<const lang::BoolOpExpr*>(e)->values) walk(x.get());
        break;
      case ExprKind::IfExp: {
        auto* i = static_cast<const lang::IfExpExpr*>(e);
        walk(i->body.get());
        walk(i->orelse.get());
        break;
      }
      case ExprKind::FString:
        for (const auto& p : static_cast<const lang::FStringExpr*>(e)->parts) walk(p.value.get());
        break;
      default: break;  // literals; lambdas and comprehensions have their own names
    }
  }

  lang::Interpreter& I_;
  const lang::Unit& unit_;
};

// The expressions a statement evaluates itself (not those of its nested blocks).
std::vector<const Expr*> own_exprs(const Stmt* s) {
  switch (s->kind) {
    case StmtKind::Expr: return {static_cast<const lang::ExprStmt*>(s)->value.get()};
    case StmtKind::Assign: return {static_cast<const lang::AssignStmt*>(s)->value.get()};
    case StmtKind::AugAssign: {  // `x += y` combines x and y like x + y
      auto* a = static_cast<const lang::AugAssignStmt*>(s);
      return {a->target.get(), a->value.get()};
    }
    case StmtKind::If: return {static_cast<const lang::IfStmt*>(s)->test.get()};
    case StmtKind::While: return {static_cast<const lang::WhileStmt*>(s)->test.get()};
    case StmtKind::For: return {static_cast<const lang::ForStmt*>(s)->iter.get()};
    case StmtKind::Return: return {static_cast<const lang::ReturnStmt*>(s)->value.get()};
    case StmtKind::Assert: return {static_cast<const lang::AssertStmt*>(s)->test.get()};
    case StmtKind::With: {
      std::vector<const Expr*> out;
      for (const auto& item : static_cast<const lang::WithStmt*>(s)->items)
        out.push_back(item.context.get());
      return out;
    }
    default: return {};
  }
}

// The nested blocks of a compound statement (function and class bodies excluded: their
// names are not globals).
std::vector<const lang::StmtList*> blocks_of(const Stmt* s) {
  switch (s->kind) {
    case StmtKind::If: {
      auto* i = static_cast<const lang::IfStmt*>(s);
      return {&i->body, &i->orelse};
    }
    case StmtKind::For: {
      auto* f = static_cast<const lang::ForStmt*>(s);
      return {&f->body, &f->orelse};
    }
    case StmtKind::While: {
      auto* w = static_cast<const lang::WhileStmt*>(s);
      return {&w->body, &w->orelse};
    }
    case StmtKind::With: return {&static_cast<const lang::WithStmt*>(s)->body};
    case StmtKind::Try: {
      auto* t = static_cast<const lang::TryStmt*>(s);
      std::vector<const lang::StmtList*> out{&t->body, &t->orelse, &t->finalbody};
      for (const auto& h : t->handlers) out.push_back(&h.body);
      return out;
    }
    default: return {};
  }
}

// The statements of `s`'s tree that start on `line`.
void statements_on_line(const Stmt* s, int line, std::vector<const Stmt*>& out) {
  if (s->span.line == line) out.push_back(s);
  for (const lang::StmtList* block : blocks_of(s))
    for (const auto& child : *block) statements_on_line(child.get(), line, out);
}

// `x.to(...)`, `x.cuda()`, `x.cpu()` as a statement of its own: the result is dropped.
const lang::AttributeExpr* dropped_move(const Stmt* s) {
  if (s->kind != StmtKind::Expr) return nullptr;
  const Expr* e = static_cast<const lang::ExprStmt*>(s)->value.get();
  if (e->kind != ExprKind::Call) return nullptr;
  const Expr* f = static_cast<const lang::CallExpr*>(e)->func.get();
  if (f->kind != ExprKind::Attribute) return nullptr;
  auto* a = static_cast<const lang::AttributeExpr*>(f);
  if (a->attr != "to" && a->attr != "cuda" && a->attr != "cpu") return nullptr;
  return is_plain_path(a->value.get()) ? a : nullptr;
}

}  // namespace

HintEngine::HintEngine(lang::Interpreter& interp, bool color, bool script)
    : interp_(interp), color_(color), script_(script) {}

void HintEngine::remember_unmoved(const lang::Unit& unit, const lang::StmtList& body,
                                  const lang::Stmt* stop, bool& stopped) {
  for (const auto& s : body) {
    if (stopped || s.get() == stop) {
      stopped = true;
      return;
    }
    if (s->kind == StmtKind::Assign || s->kind == StmtKind::AugAssign) {
      // Reassigning a name ends what we knew about its dropped move.
      std::vector<const Expr*> targets;
      if (s->kind == StmtKind::Assign) {
        for (const auto& t : static_cast<const lang::AssignStmt*>(s.get())->targets)
          targets.push_back(t.get());
      } else {
        targets.push_back(static_cast<const lang::AugAssignStmt*>(s.get())->target.get());
      }
      for (const Expr* t : targets) {
        std::string name = source_of(unit, t);
        std::erase_if(unmoved_, [&](const UnmovedCall& u) { return u.receiver == name; });
      }
    }
    if (const lang::AttributeExpr* move = dropped_move(s.get())) {
      lang::Value v;
      try {
        v = eval_path(interp_, move->value.get());
      } catch (...) {
      }
      // A module's .to() moves it in place; only a tensor's result can be dropped.
      if (v.is_obj() && dynamic_cast<torchlang::TensorObject*>(v.obj())) {
        std::string receiver = source_of(unit, move->value.get());
        std::erase_if(unmoved_, [&](const UnmovedCall& u) { return u.receiver == receiver; });
        const Expr* call = static_cast<const lang::ExprStmt*>(s.get())->value.get();
        unmoved_.push_back({receiver, source_of(unit, call), script_ ? s->span.line : 0});
      }
    }
    for (const lang::StmtList* block : blocks_of(s.get()))
      remember_unmoved(unit, *block, stop, stopped);
  }
}

void HintEngine::observe(const lang::RunOutcome& outcome) {
  if (!outcome.unit || !outcome.unit->ast) return;
  const lang::Unit& unit = *outcome.unit;
  bool stopped = false;
  remember_unmoved(unit, unit.ast->body, outcome.stmt, stopped);
  if (!outcome.error || !outcome.stmt) return;

  HintInput in;
  const lang::ExceptionObject* exc = outcome.error->exc.get();
  in.exc_type = exc->type->name;
  try {
    in.message = interp_.str(lang::Value::object(const_cast<lang::ExceptionObject*>(exc)));
  } catch (...) {
    return;
  }
  std::vector<const Stmt*> failing;
  statements_on_line(outcome.stmt, outcome.line, failing);
  if (failing.empty()) failing.push_back(outcome.stmt);
  OperandFinder finder(interp_, unit);
  for (const Stmt* s : failing)
    for (const Expr* e : own_exprs(s)) finder.consider(e);
  in.operands = finder.operands;
  in.parameters = finder.parameters;
  in.numpy_receiver = finder.numpy_receiver;
  in.unmoved = unmoved_;
  for (const std::string& line : hint_lines(in)) {
    interp_.err() << (color_ ? paint_hint(line) : line) << "\n";
  }
  interp_.err().flush();
}

}  // namespace tp::repl
