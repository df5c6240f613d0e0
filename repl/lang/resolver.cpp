// The resolver: Python's scoping rules (local unless declared global/nonlocal, closures
// capture cells, class bodies are not enclosing scopes) computed once, before running.
// Comprehension variables get fresh slots in the enclosing frame (as CPython 3.12 inlines
// comprehensions), so they do not leak and need no frame of their own.
#include "repl/lang/resolver.h"

#include <set>

namespace tp::lang {

int GlobalTable::slot(const std::string& name) {
  auto it = index.find(name);
  if (it != index.end()) return it->second;
  int i = static_cast<int>(names.size());
  index.emplace(name, i);
  names.push_back(name);
  return i;
}

namespace {

struct Scope {
  CodeInfo* code = nullptr;
  Scope* parent = nullptr;
  std::set<std::string> globals, nonlocals;
  std::unordered_map<std::string, int> locals;  // function scope: bound names
  std::unordered_map<std::string, int> frees;   // free variable -> slot
  std::vector<std::unordered_map<std::string, int>> layers;  // comprehension targets
  std::vector<bool> is_cell;
  std::vector<std::pair<NameExpr*, int>> uses;  // Local-or-Cell, decided at the end
  bool is_function() const { return code->kind == CodeInfo::Kind::Function; }
  int new_slot(const std::string& name) {
    code->slot_names.push_back(name);
    is_cell.push_back(false);
    return code->nslots++;
  }
};

// Names a target expression binds.
void target_names(const Expr* e, std::vector<std::string>& out) {
  switch (e->kind) {
    case ExprKind::Name: out.push_back(static_cast<const NameExpr*>(e)->id); break;
    case ExprKind::Tuple:
    case ExprKind::List:
      for (auto& x : static_cast<const SequenceExpr*>(e)->elts) target_names(x.get(), out);
      break;
    case ExprKind::Starred: target_names(static_cast<const StarredExpr*>(e)->value.get(), out); break;
    default: break;  // attribute/subscript targets bind no name
  }
}

std::string import_bound_name(const ImportAlias& a) {
  if (!a.asname.empty()) return a.asname;
  return a.name.substr(0, a.name.find('.'));
}

class Resolver {
 public:
  Resolver(Unit& unit, GlobalTable& globals, const std::unordered_map<std::string, int>& builtins)
      : unit_(unit), globals_(globals), builtins_(builtins) {}

  void run() {
    Scope module;
    module.code = &unit_.module_code;
    module.code->kind = CodeInfo::Kind::Module;
    module.code->name = "<module>";
    module.code->body = &unit_.ast->body;
    std::vector<std::string> bound;
    collect(unit_.ast->body, bound, module);
    for (auto& n : bound) module.code->bindings[n] = {NameScope::Global, globals_.slot(n)};
    stmts(unit_.ast->body, module);
    for (auto& [n, slot] : module.uses) {
      n->scope = static_cast<uint8_t>(module.is_cell[static_cast<size_t>(slot)] ? NameScope::Cell : NameScope::Local);
    }
  }

 private:
  // Names bound by statements of one scope (not inside nested functions or classes).
  void collect(const StmtList& body, std::vector<std::string>& out, Scope& sc) {
    for (auto& s : body) collect_stmt(s.get(), out, sc);
  }
  void collect_stmt(const Stmt* s, std::vector<std::string>& out, Scope& sc) {
    switch (s->kind) {
      case StmtKind::Assign:
        for (auto& t : static_cast<const AssignStmt*>(s)->targets) target_names(t.get(), out);
        break;
      case StmtKind::AugAssign: target_names(static_cast<const AugAssignStmt*>(s)->target.get(), out); break;
      case StmtKind::For: {
        auto* f = static_cast<const ForStmt*>(s);
        target_names(f->target.get(), out);
        collect(f->body, out, sc);
        collect(f->orelse, out, sc);
        break;
      }
      case StmtKind::While: {
        auto* w = static_cast<const WhileStmt*>(s);
        collect(w->body, out, sc);
        collect(w->orelse, out, sc);
        break;
      }
      case StmtKind::If: {
        auto* i = static_cast<const IfStmt*>(s);
        collect(i->body, out, sc);
        collect(i->orelse, out, sc);
        break;
      }
      case StmtKind::With: {
        auto* w = static_cast<const WithStmt*>(s);
        for (auto& item : w->items)
          if (item.target) target_names(item.target.get(), out);
        collect(w->body, out, sc);
        break;
      }
      case StmtKind::Try: {
        auto* t = static_cast<const TryStmt*>(s);
        collect(t->body, out, sc);
        for (auto& h : t->handlers) {
          if (!h.name.empty()) out.push_back(h.name);
          collect(h.body, out, sc);
        }
        collect(t->orelse, out, sc);
        collect(t->finalbody, out, sc);
        break;
      }
      case StmtKind::FunctionDef: out.push_back(static_cast<const FunctionDefStmt*>(s)->name); break;
      case StmtKind::ClassDef: out.push_back(static_cast<const ClassDefStmt*>(s)->name); break;
      case StmtKind::Del:
        for (auto& t : static_cast<const DelStmt*>(s)->targets) target_names(t.get(), out);
        break;
      case StmtKind::Import:
        for (auto& a : static_cast<const ImportStmt*>(s)->names) out.push_back(import_bound_name(a));
        break;
      case StmtKind::ImportFrom:
        for (auto& a : static_cast<const ImportFromStmt*>(s)->names)
          if (a.name != "*") out.push_back(a.asname.empty() ? a.name : a.asname);
        break;
      case StmtKind::Global:
        for (auto& n : static_cast<const NamesStmt*>(s)->names) sc.globals.insert(n);
        break;
      case StmtKind::Nonlocal:
        for (auto& n : static_cast<const NamesStmt*>(s)->names) sc.nonlocals.insert(n);
        break;
      default: break;
    }
  }

  // The slot in `sc`'s frame that holds a cell for `name`, or -1 when it is global.
  int capture(Scope* sc, const std::string& name) {
    while (sc && sc->code->kind == CodeInfo::Kind::Class) sc = sc->parent;
    if (!sc || sc->code->kind == CodeInfo::Kind::Module) return -1;
    if (sc->globals.count(name)) return -1;
    for (auto it = sc->layers.rbegin(); it != sc->layers.rend(); ++it) {
      auto f = it->find(name);
      if (f != it->end()) {
        sc->is_cell[f->second] = true;
        return f->second;
      }
    }
    if (!sc->nonlocals.count(name)) {
      auto f = sc->locals.find(name);
      if (f != sc->locals.end()) {
        sc->is_cell[f->second] = true;
        return f->second;
      }
    }
    return free_slot(sc, name);
  }
  // A slot in sc receiving the enclosing scopes' cell for name (-1 when global).
  int free_slot(Scope* sc, const std::string& name) {
    auto f = sc->frees.find(name);
    if (f != sc->frees.end()) return f->second;
    int outer = capture(sc->parent, name);
    if (outer < 0) return -1;
    int s = sc->new_slot(name);
    sc->is_cell[s] = true;
    sc->code->free_slots.push_back(s);
    sc->code->free_outer.push_back(outer);
    sc->frees.emplace(name, s);
    return s;
  }

  void set_global(NameExpr* n) {
    n->scope = static_cast<uint8_t>(NameScope::Global);
    n->slot = globals_.slot(n->id);
    auto b = builtins_.find(n->id);
    n->builtin = b == builtins_.end() ? -1 : b->second;
  }

  void name(NameExpr* n, Scope& sc) {
    for (auto it = sc.layers.rbegin(); it != sc.layers.rend(); ++it) {
      auto f = it->find(n->id);
      if (f != it->end()) {
        n->slot = f->second;
        sc.uses.emplace_back(n, f->second);
        return;
      }
    }
    switch (sc.code->kind) {
      case CodeInfo::Kind::Module: set_global(n); return;
      case CodeInfo::Kind::Class: {
        set_global(n);  // slot is the global fallback
        auto b = sc.code->bindings.find(n->id);
        if (b != sc.code->bindings.end() && b->second.scope == NameScope::ClassBody) {
          n->scope = static_cast<uint8_t>(NameScope::ClassBody);
        }
        return;
      }
      case CodeInfo::Kind::Function: {
        if (sc.globals.count(n->id)) return set_global(n);
        auto f = sc.locals.find(n->id);
        if (f != sc.locals.end() && !sc.nonlocals.count(n->id)) {
          n->slot = f->second;
          sc.uses.emplace_back(n, f->second);
          return;
        }
        int s = free_slot(&sc, n->id);
        if (s < 0) return set_global(n);
        n->scope = static_cast<uint8_t>(NameScope::Cell);
        n->slot = s;
        return;
      }
    }
  }

  // A function, lambda or class: its own scope, resolved completely, then finalized.
  void function(const void* node, const std::string& fname, const std::vector<Param>* params,
                const StmtList* body, const Expr* lambda_body, Scope& parent) {
    auto code = std::make_unique<CodeInfo>();
    code->kind = CodeInfo::Kind::Function;
    code->name = fname;
    std::string prefix = parent.code->kind == CodeInfo::Kind::Module ? ""
                         : parent.code->kind == CodeInfo::Kind::Class
                             ? parent.code->qualname + "."
                             : parent.code->qualname + ".<locals>.";
    code->qualname = prefix + fname;
    code->params = params;
    code->body = body;
    code->lambda_body = lambda_body;
    Scope sc;
    sc.code = code.get();
    sc.parent = &parent;
    for (auto& p : *params) sc.locals[p.name] = sc.new_slot(p.name);
    std::vector<std::string> bound;
    if (body) collect(*body, bound, sc);
    for (auto& n : bound) {
      if (sc.globals.count(n)) {
        code->bindings[n] = {NameScope::Global, globals_.slot(n)};
      } else if (!sc.nonlocals.count(n) && !sc.locals.count(n)) {
        sc.locals[n] = sc.new_slot(n);
      }
    }
    for (auto& n : sc.nonlocals) free_slot(&sc, n);
    if (body) stmts(*body, sc);
    if (lambda_body) expr(const_cast<Expr*>(lambda_body), sc);
    finalize(sc);
    unit_.codes[node] = std::move(code);
  }

  void finalize(Scope& sc) {
    for (auto& [n, slot] : sc.uses) {
      n->scope = static_cast<uint8_t>(sc.is_cell[slot] ? NameScope::Cell : NameScope::Local);
    }
    std::set<int> frees(sc.code->free_slots.begin(), sc.code->free_slots.end());
    for (int s = 0; s < sc.code->nslots; ++s) {
      if (sc.is_cell[s] && !frees.count(s)) sc.code->cell_slots.push_back(s);
    }
    for (auto& [n, slot] : sc.locals) {
      sc.code->bindings[n] = {sc.is_cell[slot] ? NameScope::Cell : NameScope::Local, slot};
    }
    for (auto& [n, slot] : sc.frees) sc.code->bindings[n] = {NameScope::Cell, slot};
  }

  void class_body(const ClassDefStmt* c, Scope& parent) {
    auto code = std::make_unique<CodeInfo>();
    code->kind = CodeInfo::Kind::Class;
    code->name = c->name;
    code->qualname = parent.code->kind == CodeInfo::Kind::Function
                         ? parent.code->qualname + ".<locals>." + c->name
                     : parent.code->kind == CodeInfo::Kind::Class ? parent.code->qualname + "." + c->name
                                                                 : c->name;
    code->body = &c->body;
    Scope sc;
    sc.code = code.get();
    sc.parent = &parent;
    std::vector<std::string> bound;
    collect(c->body, bound, sc);
    for (auto& n : bound) {
      code->bindings[n] = sc.globals.count(n) ? NameRef{NameScope::Global, globals_.slot(n)}
                                              : NameRef{NameScope::ClassBody, -1};
    }
    stmts(c->body, sc);
    finalize(sc);
    unit_.codes[c] = std::move(code);
  }

  void stmts(const StmtList& body, Scope& sc) {
    for (auto& s : body) stmt(s.get(), sc);
  }

  void stmt(Stmt* s, Scope& sc) {
    switch (s->kind) {
      case StmtKind::Expr: expr(static_cast<ExprStmt*>(s)->value.get(), sc); break;
      case StmtKind::Assign: {
        auto* a = static_cast<AssignStmt*>(s);
        expr(a->value.get(), sc);
        for (auto& t : a->targets) expr(t.get(), sc);
        break;
      }
      case StmtKind::AugAssign: {
        auto* a = static_cast<AugAssignStmt*>(s);
        expr(a->value.get(), sc);
        expr(a->target.get(), sc);
        break;
      }
      case StmtKind::If: {
        auto* i = static_cast<IfStmt*>(s);
        expr(i->test.get(), sc);
        stmts(i->body, sc);
        stmts(i->orelse, sc);
        break;
      }
      case StmtKind::For: {
        auto* f = static_cast<ForStmt*>(s);
        expr(f->iter.get(), sc);
        expr(f->target.get(), sc);
        stmts(f->body, sc);
        stmts(f->orelse, sc);
        break;
      }
      case StmtKind::While: {
        auto* w = static_cast<WhileStmt*>(s);
        expr(w->test.get(), sc);
        stmts(w->body, sc);
        stmts(w->orelse, sc);
        break;
      }
      case StmtKind::Return: {
        auto* r = static_cast<ReturnStmt*>(s);
        if (r->value) expr(r->value.get(), sc);
        break;
      }
      case StmtKind::FunctionDef: {
        auto* f = static_cast<FunctionDefStmt*>(s);
        for (auto& d : f->decorators) expr(d.get(), sc);
        for (auto& p : f->params)
          if (p.default_value) expr(p.default_value.get(), sc);
        function(f, f->name, &f->params, &f->body, nullptr, sc);
        break;
      }
      case StmtKind::ClassDef: {
        auto* c = static_cast<ClassDefStmt*>(s);
        for (auto& d : c->decorators) expr(d.get(), sc);
        for (auto& b : c->bases) expr(b.get(), sc);
        class_body(c, sc);
        break;
      }
      case StmtKind::Try: {
        auto* t = static_cast<TryStmt*>(s);
        stmts(t->body, sc);
        for (auto& h : t->handlers) {
          if (h.type) expr(h.type.get(), sc);
          stmts(h.body, sc);
        }
        stmts(t->orelse, sc);
        stmts(t->finalbody, sc);
        break;
      }
      case StmtKind::With: {
        auto* w = static_cast<WithStmt*>(s);
        for (auto& item : w->items) {
          expr(item.context.get(), sc);
          if (item.target) expr(item.target.get(), sc);
        }
        stmts(w->body, sc);
        break;
      }
      case StmtKind::Raise: {
        auto* r = static_cast<RaiseStmt*>(s);
        if (r->exc) expr(r->exc.get(), sc);
        if (r->cause) expr(r->cause.get(), sc);
        break;
      }
      case StmtKind::Assert: {
        auto* a = static_cast<AssertStmt*>(s);
        expr(a->test.get(), sc);
        if (a->msg) expr(a->msg.get(), sc);
        break;
      }
      case StmtKind::Del:
        for (auto& t : static_cast<DelStmt*>(s)->targets) expr(t.get(), sc);
        break;
      default: break;  // pass, break, continue, global, nonlocal, imports
    }
  }

  void exprs(ExprList& list, Scope& sc) {
    for (auto& e : list)
      if (e) expr(e.get(), sc);
  }

  void fstring(FStringExpr* f, Scope& sc) {
    for (auto& p : f->parts) {
      if (p.value) expr(p.value.get(), sc);
      if (p.spec) fstring(p.spec.get(), sc);
    }
  }

  void comprehension(ComprehensionExpr* c, Scope& sc) {
    size_t depth = sc.layers.size();
    for (auto& g : c->generators) {
      expr(g.iter.get(), sc);
      std::vector<std::string> names;
      target_names(g.target.get(), names);
      sc.layers.emplace_back();
      for (auto& n : names) sc.layers.back()[n] = sc.new_slot(n);
      expr(g.target.get(), sc);
      exprs(g.ifs, sc);
    }
    expr(c->elt.get(), sc);
    if (c->value) expr(c->value.get(), sc);
    sc.layers.resize(depth);
  }

  void expr(Expr* e, Scope& sc) {
    switch (e->kind) {
      case ExprKind::Name: name(static_cast<NameExpr*>(e), sc); break;
      case ExprKind::FString: fstring(static_cast<FStringExpr*>(e), sc); break;
      case ExprKind::List:
      case ExprKind::Tuple:
      case ExprKind::Set: exprs(static_cast<SequenceExpr*>(e)->elts, sc); break;
      case ExprKind::Dict: {
        auto* d = static_cast<DictExpr*>(e);
        exprs(d->keys, sc);
        exprs(d->values, sc);
        break;
      }
      case ExprKind::ListComp:
      case ExprKind::SetComp:
      case ExprKind::DictComp:
      case ExprKind::GeneratorExp: comprehension(static_cast<ComprehensionExpr*>(e), sc); break;
      case ExprKind::Attribute: expr(static_cast<AttributeExpr*>(e)->value.get(), sc); break;
      case ExprKind::Subscript: {
        auto* s = static_cast<SubscriptExpr*>(e);
        expr(s->value.get(), sc);
        expr(s->index.get(), sc);
        break;
      }
      case ExprKind::Slice: {
        auto* s = static_cast<SliceExpr*>(e);
        if (s->lower) expr(s->lower.get(), sc);
        if (s->upper) expr(s->upper.get(), sc);
        if (s->step) expr(s->step.get(), sc);
        break;
      }
      case ExprKind::Call: {
        auto* c = static_cast<CallExpr*>(e);
        expr(c->func.get(), sc);
        exprs(c->args, sc);
        for (auto& k : c->keywords) expr(k.value.get(), sc);
        break;
      }
      case ExprKind::Unary: expr(static_cast<UnaryExpr*>(e)->operand.get(), sc); break;
      case ExprKind::Binary: {
        auto* b = static_cast<BinaryExpr*>(e);
        expr(b->left.get(), sc);
        expr(b->right.get(), sc);
        break;
      }
      case ExprKind::BoolOp: exprs(static_cast<BoolOpExpr*>(e)->values, sc); break;
      case ExprKind::Compare: {
        auto* c = static_cast<CompareExpr*>(e);
        expr(c->left.get(), sc);
        exprs(c->comparators, sc);
        break;
      }
      case ExprKind::IfExp: {
        auto* i = static_cast<IfExpExpr*>(e);
        expr(i->test.get(), sc);
        expr(i->body.get(), sc);
        expr(i->orelse.get(), sc);
        break;
      }
      case ExprKind::Lambda: {
        auto* l = static_cast<LambdaExpr*>(e);
        for (auto& p : l->params)
          if (p.default_value) expr(p.default_value.get(), sc);
        function(l, "<lambda>", &l->params, nullptr, l->body.get(), sc);
        break;
      }
      case ExprKind::Starred: expr(static_cast<StarredExpr*>(e)->value.get(), sc); break;
      default: break;  // literals
    }
  }

  Unit& unit_;
  GlobalTable& globals_;
  const std::unordered_map<std::string, int>& builtins_;
};

}  // namespace

void resolve(Unit& unit, GlobalTable& globals,
             const std::unordered_map<std::string, int>& builtin_index) {
  Resolver(unit, globals, builtin_index).run();
}

}  // namespace tp::lang
