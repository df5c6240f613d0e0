// Statement execution: assignment and augmented assignment, control flow (with fast
// loops over ranges and lists), def/class, try/except/else/finally, with, raise,
// assert, del, import.
#include "core/error.h"
#include "repl/lang/interpreter.h"

namespace tp::lang {

void Interpreter::bind_string(const std::string& name, Value v) {
  auto it = frame_->code->bindings.find(name);
  NameRef ref = it == frame_->code->bindings.end() ? NameRef{NameScope::Global, global_table_.slot(name)} : it->second;
  switch (ref.scope) {
    case NameScope::Local: frame_->slots[ref.slot] = std::move(v); return;
    case NameScope::Cell: frame_->slots[ref.slot].as<CellObject>()->value = std::move(v); return;
    case NameScope::ClassBody: frame_->class_ns->set(name, std::move(v)); return;
    default:
      if (static_cast<size_t>(ref.slot) >= globals_.size()) globals_.resize(global_table_.names.size(), Value::unbound());
      globals_[static_cast<size_t>(ref.slot)] = std::move(v);
  }
}

void Interpreter::delete_target(const Expr* target) {
  switch (target->kind) {
    case ExprKind::Name: {
      auto* n = static_cast<const NameExpr*>(target);
      load_name(n);  // raises NameError/UnboundLocalError when unset
      if (static_cast<NameScope>(n->scope) == NameScope::ClassBody) {
        if (frame_->class_ns->erase(n->id)) return;
      }
      store_name(n, Value::unbound());
      return;
    }
    case ExprKind::Attribute: {
      auto* a = static_cast<const AttributeExpr*>(target);
      delattr(eval(a->value.get()), a->attr);
      return;
    }
    case ExprKind::Subscript: {
      auto* s = static_cast<const SubscriptExpr*>(target);
      Value obj = eval(s->value.get());
      delitem(obj, eval(s->index.get()));
      return;
    }
    case ExprKind::Tuple:
    case ExprKind::List:
      for (auto& e : static_cast<const SequenceExpr*>(target)->elts) delete_target(e.get());
      return;
    default: raise(ty::SyntaxError, "cannot delete expression");
  }
}

Flow Interpreter::exec_block(const StmtList& body) {
  for (auto& s : body) {
    Flow f = exec(s.get());
    if (f != Flow::Normal) return f;
  }
  return Flow::Normal;
}

Flow Interpreter::exec_for(const ForStmt* f) {
  Value seq = eval(f->iter.get());
  const Expr* target = f->target.get();
  auto body = [&](Value v) -> Flow {
    check_interrupt();
    assign(target, std::move(v));
    return exec_block(f->body);
  };
  bool broke = false;
  if (seq.type() == ty::range) {
    auto* r = seq.as<RangeObject>();
    int64_t n = r->length();
    for (int64_t k = 0, i = r->start; k < n; ++k, i += r->step) {
      frame_->line = f->span.line;
      Flow fl = body(Value::integer(i));
      if (fl == Flow::Break) { broke = true; break; }
      if (fl == Flow::Return) return fl;
    }
  } else if (is_list(seq)) {
    auto& items = seq.as<ListObject>()->items;
    for (size_t i = 0; i < items.size(); ++i) {
      frame_->line = f->span.line;
      Flow fl = body(items[i]);
      if (fl == Flow::Break) { broke = true; break; }
      if (fl == Flow::Return) return fl;
    }
  } else {
    Value it = iter(seq);
    Value x;
    while (true) {
      frame_->line = f->span.line;
      if (!next(it, x)) break;
      Flow fl = body(std::move(x));
      if (fl == Flow::Break) { broke = true; break; }
      if (fl == Flow::Return) return fl;
    }
  }
  if (!broke && !f->orelse.empty()) return exec_block(f->orelse);
  return Flow::Normal;
}

namespace {

// True when exception e matches an except clause's class (or tuple of classes).
bool matches(Interpreter& I, const Value& e, const Value& cls) {
  if (is_tuple(cls)) {
    for (auto& c : cls.as<TupleObject>()->items)
      if (matches(I, e, c)) return true;
    return false;
  }
  if (cls.type() != ty::type || !cls.as<TypeObject>()->is_subtype(ty::BaseException)) {
    I.raise(ty::TypeError, "catching classes that do not inherit from BaseException is not allowed");
  }
  return e.type()->is_subtype(cls.as<TypeObject>());
}

}  // namespace

// Marks an exception as being handled while an except block runs.
struct ExceptScope {
  ExceptScope(Interpreter& interp, Value e) : I(interp) { I.handling_.push_back(std::move(e)); }
  ~ExceptScope() { I.handling_.pop_back(); }
  Interpreter& I;
};

Flow Interpreter::exec_try(const TryStmt* t) {
  auto body_and_handlers = [&]() -> Flow {
    PyError caught;
    try {
      Flow fl = exec_block(t->body);
      if (fl != Flow::Normal || t->orelse.empty()) return fl;
    } catch (PyError& e) {
      caught = e;
    } catch (const TorchError& te) {
      caught.exc = from_torch_error(te);
    }
    if (!caught.exc) return exec_block(t->orelse);
    add_traceback(caught, frame_);
    Value ev = Value::object(caught.exc.get());
    for (auto& h : t->handlers) {
      frame_->line = h.span.line;
      if (h.type && !matches(*this, ev, eval(h.type.get()))) continue;
      if (!h.name.empty()) bind_string(h.name, ev);
      ExceptScope scope(*this, ev);
      Flow fl;
      try {
        fl = exec_block(h.body);
      } catch (PyError& inner) {
        if (inner.exc.get() != caught.exc.get() && inner.exc->context.is_none()) inner.exc->context = ev;
        throw;
      } catch (const TorchError& te) {
        PyError inner{from_torch_error(te)};
        inner.exc->context = ev;
        throw inner;
      }
      if (!h.name.empty()) bind_string(h.name, Value::unbound());
      return fl;
    }
    throw caught;
  };
  if (t->finalbody.empty()) return body_and_handlers();
  Flow fl;
  try {
    fl = body_and_handlers();
  } catch (...) {
    Flow f2 = exec_block(t->finalbody);
    if (f2 != Flow::Normal) return f2;  // return/break in finally discards the exception
    throw;
  }
  Flow f2 = exec_block(t->finalbody);
  return f2 != Flow::Normal ? f2 : fl;
}

Flow Interpreter::exec_with(const WithStmt* w, size_t item) {
  if (item == w->items.size()) return exec_block(w->body);
  const WithItem& it = w->items[item];
  Value mgr = eval(it.context.get());
  Value enter = getattr_opt(mgr, "__enter__");
  Value exit = getattr_opt(mgr, "__exit__");
  if (enter.is_unbound() || exit.is_unbound()) {
    raise(ty::TypeError, "'" + mgr.type()->name + "' object does not support the context manager protocol");
  }
  Value v = call(enter, std::vector<Value>{});
  if (it.target) assign(it.target.get(), v);
  Flow fl;
  try {
    fl = exec_with(w, item + 1);
  } catch (PyError& e) {
    add_traceback(e, frame_);
    Value ev = Value::object(e.exc.get());
    Value suppress = call(exit, std::vector<Value>{Value::object(e.exc->type), ev, Value()});
    if (truthy(suppress)) return Flow::Normal;
    throw;
  } catch (const TorchError& te) {
    PyError e{from_torch_error(te)};
    add_traceback(e, frame_);
    Value ev = Value::object(e.exc.get());
    Value suppress = call(exit, std::vector<Value>{Value::object(e.exc->type), ev, Value()});
    if (truthy(suppress)) return Flow::Normal;
    throw e;
  }
  call(exit, std::vector<Value>{Value(), Value(), Value()});
  return fl;
}

void Interpreter::do_raise(const RaiseStmt* r) {
  if (!r->exc) {
    if (handling_.empty()) raise(ty::RuntimeError, "No active exception to reraise");
    throw PyError{Ref<ExceptionObject>(handling_.back().as<ExceptionObject>())};
  }
  auto instantiate = [&](Value v) -> Value {
    if (v.type() == ty::type && v.as<TypeObject>()->is_subtype(ty::BaseException)) {
      return call_type(v.as<TypeObject>(), Args{});
    }
    if (!isinstance(v, ty::BaseException)) raise(ty::TypeError, "exceptions must derive from BaseException");
    return v;
  };
  Value e = instantiate(eval(r->exc.get()));
  auto* exc = e.as<ExceptionObject>();
  if (r->cause) {
    Value c = eval(r->cause.get());
    if (!c.is_none()) c = instantiate(c);
    exc->cause = c;
    exc->suppress_context = true;
  }
  throw PyError{Ref<ExceptionObject>(exc)};
}

Flow Interpreter::exec(const Stmt* s) {
  frame_->line = s->span.line;
  switch (s->kind) {
    case StmtKind::Expr: eval(static_cast<const ExprStmt*>(s)->value.get()); return Flow::Normal;
    case StmtKind::Assign: {
      auto* a = static_cast<const AssignStmt*>(s);
      Value v = eval(a->value.get());
      for (auto& t : a->targets) assign(t.get(), v);
      return Flow::Normal;
    }
    case StmtKind::AugAssign: {
      auto* a = static_cast<const AugAssignStmt*>(s);
      const Expr* t = a->target.get();
      if (t->kind == ExprKind::Name) {
        auto* n = static_cast<const NameExpr*>(t);
        Value cur = load_name(n);
        Value rhs = eval(a->value.get());
        int64_t x;
        if (a->op == BinOpKind::Add && cur.is_int() && rhs.is_int() && !__builtin_add_overflow(cur.as_int(), rhs.as_int(), &x)) {
          store_name(n, Value::integer(x));
        } else {
          store_name(n, inplace(a->op, cur, rhs));
        }
      } else if (t->kind == ExprKind::Attribute) {
        auto* at = static_cast<const AttributeExpr*>(t);
        Value obj = eval(at->value.get());
        Value cur = getattr(obj, at->attr);
        setattr(obj, at->attr, inplace(a->op, cur, eval(a->value.get())));
      } else if (t->kind == ExprKind::Subscript) {
        auto* st = static_cast<const SubscriptExpr*>(t);
        Value obj = eval(st->value.get());
        Value key = eval(st->index.get());
        Value cur = getitem(obj, key);
        setitem(obj, key, inplace(a->op, cur, eval(a->value.get())));
      } else {
        raise(ty::SyntaxError, "illegal expression for augmented assignment");
      }
      return Flow::Normal;
    }
    case StmtKind::If: {
      auto* i = static_cast<const IfStmt*>(s);
      if (truthy(eval(i->test.get()))) return exec_block(i->body);
      return exec_block(i->orelse);
    }
    case StmtKind::For: return exec_for(static_cast<const ForStmt*>(s));
    case StmtKind::While: {
      auto* w = static_cast<const WhileStmt*>(s);
      while (true) {
        frame_->line = s->span.line;
        check_interrupt();
        if (!truthy(eval(w->test.get()))) break;
        Flow fl = exec_block(w->body);
        if (fl == Flow::Break) return Flow::Normal;
        if (fl == Flow::Return) return fl;
      }
      return exec_block(w->orelse);
    }
    case StmtKind::Break: return Flow::Break;
    case StmtKind::Continue: return Flow::Continue;
    case StmtKind::Pass: return Flow::Normal;
    case StmtKind::Return: {
      auto* r = static_cast<const ReturnStmt*>(s);
      frame_->ret = r->value ? eval(r->value.get()) : Value();
      return Flow::Return;
    }
    case StmtKind::FunctionDef: {
      auto* f = static_cast<const FunctionDefStmt*>(s);
      std::vector<Value> decos;
      for (auto& d : f->decorators) decos.push_back(eval(d.get()));
      Value fn = make_function(f, f->name, f->params);
      for (size_t i = decos.size(); i-- > 0;) fn = call(decos[i], std::vector<Value>{fn});
      bind_string(f->name, std::move(fn));
      return Flow::Normal;
    }
    case StmtKind::ClassDef: {
      auto* c = static_cast<const ClassDefStmt*>(s);
      std::vector<Value> decos;
      for (auto& d : c->decorators) decos.push_back(eval(d.get()));
      Value cls = make_class(c);
      for (size_t i = decos.size(); i-- > 0;) cls = call(decos[i], std::vector<Value>{cls});
      bind_string(c->name, std::move(cls));
      return Flow::Normal;
    }
    case StmtKind::Try: return exec_try(static_cast<const TryStmt*>(s));
    case StmtKind::With: return exec_with(static_cast<const WithStmt*>(s), 0);
    case StmtKind::Raise: do_raise(static_cast<const RaiseStmt*>(s));
    case StmtKind::Assert: {
      auto* a = static_cast<const AssertStmt*>(s);
      if (!truthy(eval(a->test.get()))) {
        if (!a->msg) raise(ty::AssertionError, "");
        throw PyError{make_exception_args(ty::AssertionError, {eval(a->msg.get())})};
      }
      return Flow::Normal;
    }
    case StmtKind::Del:
      for (auto& t : static_cast<const DelStmt*>(s)->targets) delete_target(t.get());
      return Flow::Normal;
    case StmtKind::Global:
    case StmtKind::Nonlocal: return Flow::Normal;
    case StmtKind::Import: exec_import(static_cast<const ImportStmt*>(s)); return Flow::Normal;
    case StmtKind::ImportFrom: exec_import_from(static_cast<const ImportFromStmt*>(s)); return Flow::Normal;
  }
  return Flow::Normal;
}

void Interpreter::exec_import(const ImportStmt* s) {
  for (auto& a : s->names) {
    Value m = import_module(a.name);
    if (!a.asname.empty()) {
      bind_string(a.asname, m);
    } else {
      std::string top = a.name.substr(0, a.name.find('.'));
      bind_string(top, import_module(top));
    }
  }
}

void Interpreter::exec_import_from(const ImportFromStmt* s) {
  Value m = import_module(s->module);
  for (auto& a : s->names) {
    if (a.name == "*") {
      for (auto& [k, v] : m.as<ModuleObject>()->attrs.items())
        if (!k.empty() && k[0] != '_') bind_string(k, v);
      continue;
    }
    Value v = getattr_opt(m, a.name);
    if (v.is_unbound()) {
      try {
        v = import_module(s->module + "." + a.name);
      } catch (PyError&) {
        raise(ty::ImportError, "cannot import name '" + a.name + "' from '" + s->module + "' (unknown location)");
      }
    }
    bind_string(a.asname.empty() ? a.name : a.asname, v);
  }
}

}  // namespace tp::lang
