// Expression evaluation: a switch over the syntax tree with fast paths for int/float
// arithmetic and comparisons, resolved name slots, f-strings and comprehensions.
#include <cstdlib>

#include "repl/lang/interpreter.h"

namespace tp::lang {

namespace {

// An int literal's value; digits may carry a 0x/0o/0b prefix and underscores.
bool parse_int_literal(const std::string& digits, int64_t& out) {
  int base = 10;
  size_t i = 0;
  if (digits.size() > 1 && digits[0] == '0') {
    char p = static_cast<char>(digits[1] | 0x20);
    if (p == 'x') base = 16, i = 2;
    else if (p == 'o') base = 8, i = 2;
    else if (p == 'b') base = 2, i = 2;
  }
  uint64_t v = 0;
  for (; i < digits.size(); ++i) {
    char c = digits[i];
    if (c == '_') continue;
    int d = c >= '0' && c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
    if (__builtin_mul_overflow(v, static_cast<uint64_t>(base), &v) ||
        __builtin_add_overflow(v, static_cast<uint64_t>(d), &v) || v > static_cast<uint64_t>(INT64_MAX)) {
      return false;
    }
  }
  out = static_cast<int64_t>(v);
  return true;
}

}  // namespace

Value Interpreter::load_name(const NameExpr* n) {
  switch (static_cast<NameScope>(n->scope)) {
    case NameScope::Local: {
      const Value& v = frame_->slots[n->slot];
      if (!v.is_unbound()) return v;
      raise(ty::UnboundLocalError, "cannot access local variable '" + n->id + "' where it is not associated with a value");
    }
    case NameScope::Cell: {
      const Value& v = frame_->slots[n->slot].as<CellObject>()->value;
      if (!v.is_unbound()) return v;
      for (int s : frame_->code->free_slots) {
        if (s == n->slot) {
          raise(ty::NameError, "cannot access free variable '" + n->id +
                                   "' where it is not associated with a value in enclosing scope");
        }
      }
      raise(ty::UnboundLocalError, "cannot access local variable '" + n->id + "' where it is not associated with a value");
    }
    case NameScope::ClassBody:
      if (Value* v = frame_->class_ns->find(n->id)) return *v;
      [[fallthrough]];
    case NameScope::Global: {
      const Value& v = globals_[static_cast<size_t>(n->slot)];
      if (!v.is_unbound()) return v;
      if (n->builtin >= 0) return builtins_[static_cast<size_t>(n->builtin)];
      auto b = builtin_index_.find(n->id);
      if (b != builtin_index_.end()) return builtins_[static_cast<size_t>(b->second)];
      raise_name_error(n->id);
    }
    case NameScope::Unresolved: break;
  }
  raise(ty::RuntimeError, "internal error: unresolved name '" + n->id + "'");
}

void Interpreter::store_name(const NameExpr* n, Value v) {
  switch (static_cast<NameScope>(n->scope)) {
    case NameScope::Local: frame_->slots[n->slot] = std::move(v); return;
    case NameScope::Cell: frame_->slots[n->slot].as<CellObject>()->value = std::move(v); return;
    case NameScope::Global: globals_[static_cast<size_t>(n->slot)] = std::move(v); return;
    case NameScope::ClassBody: frame_->class_ns->set(n->id, std::move(v)); return;
    case NameScope::Unresolved: break;
  }
  raise(ty::RuntimeError, "internal error: unresolved name '" + n->id + "'");
}

void Interpreter::assign(const Expr* target, Value v) {
  switch (target->kind) {
    case ExprKind::Name: store_name(static_cast<const NameExpr*>(target), std::move(v)); return;
    case ExprKind::Attribute: {
      auto* a = static_cast<const AttributeExpr*>(target);
      setattr(eval(a->value.get()), a->attr, v);
      return;
    }
    case ExprKind::Subscript: {
      auto* s = static_cast<const SubscriptExpr*>(target);
      Value obj = eval(s->value.get());
      setitem(obj, eval(s->index.get()), v);
      return;
    }
    case ExprKind::Tuple:
    case ExprKind::List: {
      const auto& elts = static_cast<const SequenceExpr*>(target)->elts;
      std::vector<Value> items;
      if (is_tuple(v) || is_list(v)) {
        items = is_tuple(v) ? v.as<TupleObject>()->items : v.as<ListObject>()->items;
      } else {
        Value it;
        try {
          it = iter(v);
        } catch (PyError& e) {
          if (e.exc->type != ty::TypeError) throw;
          raise(ty::TypeError, "cannot unpack non-iterable " + v.type()->name + " object");
        }
        Value x;
        while (next(it, x)) items.push_back(x);
      }
      size_t star = elts.size();
      for (size_t i = 0; i < elts.size(); ++i)
        if (elts[i]->kind == ExprKind::Starred) star = i;
      size_t n = items.size();
      if (star == elts.size()) {
        if (n > elts.size()) raise(ty::ValueError, "too many values to unpack (expected " + std::to_string(elts.size()) + ")");
        if (n < elts.size()) {
          raise(ty::ValueError, "not enough values to unpack (expected " + std::to_string(elts.size()) + ", got " +
                                    std::to_string(n) + ")");
        }
        for (size_t i = 0; i < n; ++i) assign(elts[i].get(), items[i]);
        return;
      }
      size_t after = elts.size() - star - 1;
      if (n < elts.size() - 1) {
        raise(ty::ValueError, "not enough values to unpack (expected at least " + std::to_string(elts.size() - 1) +
                                  ", got " + std::to_string(n) + ")");
      }
      for (size_t i = 0; i < star; ++i) assign(elts[i].get(), items[i]);
      std::vector<Value> rest(items.begin() + static_cast<std::ptrdiff_t>(star),
                              items.end() - static_cast<std::ptrdiff_t>(after));
      assign(static_cast<const StarredExpr*>(elts[star].get())->value.get(), make_list(std::move(rest)));
      for (size_t i = 0; i < after; ++i) assign(elts[star + 1 + i].get(), items[n - after + i]);
      return;
    }
    case ExprKind::Starred:
      raise(ty::SyntaxError, "starred assignment target must be in a list or tuple");
    default: raise(ty::SyntaxError, "cannot assign to expression");
  }
}

Value Interpreter::eval_fstring(const FStringExpr* f) {
  std::string out;
  for (const auto& p : f->parts) {
    if (!p.value) {
      out += p.literal;
      continue;
    }
    out += p.self_doc;
    Value v = eval(p.value.get());
    if (p.conversion == 'r' || p.conversion == 'a') v = make_str(repr(v));
    else if (p.conversion == 's') v = make_str(str(v));
    std::string spec = p.spec ? str_of(eval_fstring(p.spec.get())) : std::string();
    if (spec.empty() && is_str(v)) out += str_of(v);
    else out += str_of(format(v, spec));
  }
  return make_str(std::move(out));
}

void Interpreter::comp_loop(const ComprehensionExpr* c, size_t gen, const Value& out) {
  if (gen == c->generators.size()) {
    switch (c->kind) {
      case ExprKind::ListComp:
      case ExprKind::GeneratorExp: out.as<ListObject>()->items.push_back(eval(c->elt.get())); break;
      case ExprKind::SetComp: out.as<SetObject>()->table.set(*this, eval(c->elt.get()), Value()); break;
      default: {
        Value k = eval(c->elt.get());
        out.as<DictObject>()->table.set(*this, k, eval(c->value.get()));
      }
    }
    return;
  }
  const Comprehension& g = c->generators[gen];
  Value it = iter(eval(g.iter.get()));
  Value x;
  while (next(it, x)) {
    check_interrupt();
    assign(g.target.get(), x);
    bool keep = true;
    for (auto& cond : g.ifs) {
      if (!truthy(eval(cond.get()))) {
        keep = false;
        break;
      }
    }
    if (keep) comp_loop(c, gen + 1, out);
  }
}

Value Interpreter::eval_comprehension(const ComprehensionExpr* c) {
  Value out;
  if (c->kind == ExprKind::SetComp) out = Value::object(new SetObject());
  else if (c->kind == ExprKind::DictComp) out = Value::object(new DictObject());
  else out = make_list({});
  comp_loop(c, 0, out);
  if (c->kind == ExprKind::GeneratorExp) {
    // Generator expressions are evaluated eagerly (tensorplay has no generators):
    // the result iterates like one.
    return Value::object(new IteratorObject(ty::generator, IteratorObject::Kind::List, out));
  }
  return out;
}

Value Interpreter::eval(const Expr* e) {
  switch (e->kind) {
    case ExprKind::Name: return load_name(static_cast<const NameExpr*>(e));
    case ExprKind::Int: {
      int64_t v;
      if (!parse_int_literal(static_cast<const IntExpr*>(e)->digits, v)) {
        raise(ty::OverflowError, "int literal too large: tensorplay ints are 64-bit");
      }
      return Value::integer(v);
    }
    case ExprKind::Float: return Value::number(static_cast<const FloatExpr*>(e)->value);
    case ExprKind::Str: return make_str(static_cast<const StrExpr*>(e)->value);
    case ExprKind::Bool: return Value::boolean(static_cast<const BoolExpr*>(e)->value);
    case ExprKind::None: return Value();
    case ExprKind::Ellipsis: return ellipsis_value();
    case ExprKind::FString: return eval_fstring(static_cast<const FStringExpr*>(e));
    case ExprKind::List:
    case ExprKind::Tuple:
    case ExprKind::Set: {
      std::vector<Value> items;
      for (auto& x : static_cast<const SequenceExpr*>(e)->elts) {
        if (x->kind == ExprKind::Starred) {
          for (auto& y : to_vector(eval(static_cast<const StarredExpr*>(x.get())->value.get()))) items.push_back(y);
        } else {
          items.push_back(eval(x.get()));
        }
      }
      if (e->kind == ExprKind::List) return make_list(std::move(items));
      if (e->kind == ExprKind::Tuple) return make_tuple(std::move(items));
      auto* s = new SetObject();
      Value r = Value::object(s);
      for (auto& x : items) s->table.set(*this, x, Value());
      return r;
    }
    case ExprKind::Dict: {
      auto* d = static_cast<const DictExpr*>(e);
      auto* obj = new DictObject();
      Value r = Value::object(obj);
      for (size_t i = 0; i < d->keys.size(); ++i) {
        if (!d->keys[i]) {
          Value m = eval(d->values[i].get());
          if (!is_dict(m)) raise(ty::TypeError, "'" + m.type()->name + "' object is not a mapping");
          for (auto& en : m.as<DictObject>()->table.entries())
            if (en.live) obj->table.set(*this, en.key, en.value);
          continue;
        }
        Value k = eval(d->keys[i].get());
        obj->table.set(*this, k, eval(d->values[i].get()));
      }
      return r;
    }
    case ExprKind::ListComp:
    case ExprKind::SetComp:
    case ExprKind::DictComp:
    case ExprKind::GeneratorExp: return eval_comprehension(static_cast<const ComprehensionExpr*>(e));
    case ExprKind::Attribute: {
      auto* a = static_cast<const AttributeExpr*>(e);
      return getattr(eval(a->value.get()), a->attr);
    }
    case ExprKind::Subscript: {
      auto* s = static_cast<const SubscriptExpr*>(e);
      Value obj = eval(s->value.get());
      Value key = eval(s->index.get());
      if (is_list(obj) && key.is_int()) {
        auto& items = obj.as<ListObject>()->items;
        int64_t i = key.as_int();
        if (i < 0) i += static_cast<int64_t>(items.size());
        if (i >= 0 && i < static_cast<int64_t>(items.size())) return items[static_cast<size_t>(i)];
      }
      return getitem(obj, key);
    }
    case ExprKind::Slice: {
      auto* s = static_cast<const SliceExpr*>(e);
      return Value::object(new SliceObject(s->lower ? eval(s->lower.get()) : Value(),
                                           s->upper ? eval(s->upper.get()) : Value(),
                                           s->step ? eval(s->step.get()) : Value()));
    }
    case ExprKind::Call: return eval_call(static_cast<const CallExpr*>(e));
    case ExprKind::Unary: {
      auto* u = static_cast<const UnaryExpr*>(e);
      Value v = eval(u->operand.get());
      if (u->op == UnaryOpKind::Neg && v.is_int() && v.as_int() != INT64_MIN) return Value::integer(-v.as_int());
      return unary(u->op, v);
    }
    case ExprKind::Binary: {
      auto* b = static_cast<const BinaryExpr*>(e);
      Value l = eval(b->left.get());
      Value r = eval(b->right.get());
      if (l.is_int() && r.is_int()) {
        int64_t x;
        if (b->op == BinOpKind::Add && !__builtin_add_overflow(l.as_int(), r.as_int(), &x)) return Value::integer(x);
        if (b->op == BinOpKind::Sub && !__builtin_sub_overflow(l.as_int(), r.as_int(), &x)) return Value::integer(x);
        if (b->op == BinOpKind::Mul && !__builtin_mul_overflow(l.as_int(), r.as_int(), &x)) return Value::integer(x);
      } else if (l.is_float() && r.is_float()) {
        if (b->op == BinOpKind::Add) return Value::number(l.as_float() + r.as_float());
        if (b->op == BinOpKind::Sub) return Value::number(l.as_float() - r.as_float());
        if (b->op == BinOpKind::Mul) return Value::number(l.as_float() * r.as_float());
      }
      return binary(b->op, l, r);
    }
    case ExprKind::BoolOp: {
      auto* b = static_cast<const BoolOpExpr*>(e);
      Value v;
      for (auto& x : b->values) {
        v = eval(x.get());
        if (truthy(v) != b->is_and) return v;
      }
      return v;
    }
    case ExprKind::Compare: {
      auto* c = static_cast<const CompareExpr*>(e);
      Value left = eval(c->left.get());
      for (size_t i = 0; i < c->ops.size(); ++i) {
        Value right = eval(c->comparators[i].get());
        Value r;
        CmpOpKind op = c->ops[i];
        switch (op) {
          case CmpOpKind::Is: r = Value::boolean(left.identical(right)); break;
          case CmpOpKind::IsNot: r = Value::boolean(!left.identical(right)); break;
          case CmpOpKind::In: r = Value::boolean(contains(right, left)); break;
          case CmpOpKind::NotIn: r = Value::boolean(!contains(right, left)); break;
          default:
            if (left.is_int() && right.is_int()) {
              int64_t x = left.as_int(), y = right.as_int();
              bool t = op == CmpOpKind::Lt ? x < y : op == CmpOpKind::LtE ? x <= y : op == CmpOpKind::Gt ? x > y
                     : op == CmpOpKind::GtE ? x >= y : op == CmpOpKind::Eq ? x == y : x != y;
              r = Value::boolean(t);
            } else {
              r = compare(op, left, right);
            }
        }
        if (i + 1 == c->ops.size()) return r;
        if (!truthy(r)) return r;
        left = std::move(right);
      }
      return Value::boolean(true);
    }
    case ExprKind::IfExp: {
      auto* i = static_cast<const IfExpExpr*>(e);
      return truthy(eval(i->test.get())) ? eval(i->body.get()) : eval(i->orelse.get());
    }
    case ExprKind::Lambda: {
      auto* l = static_cast<const LambdaExpr*>(e);
      return make_function(l, "<lambda>", l->params);
    }
    case ExprKind::Starred: raise(ty::SyntaxError, "can't use starred expression here");
  }
  raise(ty::RuntimeError, "internal error: unknown expression");
}

}  // namespace tp::lang
