// Operators: int/float arithmetic with Python's rules (floor division and modulo signs,
// 64-bit ints that raise OverflowError instead of growing), sequence operators, dunder
// and NativeObject dispatch, comparisons, equality, hashing and truthiness.
#include <cmath>
#include <cstring>
#include <functional>

#include "repl/lang/format.h"
#include "repl/lang/interpreter.h"

namespace tp::lang {

namespace {

struct OpNames {
  const char* symbol;
  const char* dunder;
  const char* rdunder;
  const char* idunder;
};

OpNames op_names(BinOpKind op) {
  switch (op) {
    case BinOpKind::Add: return {"+", "__add__", "__radd__", "__iadd__"};
    case BinOpKind::Sub: return {"-", "__sub__", "__rsub__", "__isub__"};
    case BinOpKind::Mul: return {"*", "__mul__", "__rmul__", "__imul__"};
    case BinOpKind::Div: return {"/", "__truediv__", "__rtruediv__", "__itruediv__"};
    case BinOpKind::FloorDiv: return {"//", "__floordiv__", "__rfloordiv__", "__ifloordiv__"};
    case BinOpKind::Mod: return {"%", "__mod__", "__rmod__", "__imod__"};
    case BinOpKind::Pow: return {"** or pow()", "__pow__", "__rpow__", "__ipow__"};
    case BinOpKind::MatMul: return {"@", "__matmul__", "__rmatmul__", "__imatmul__"};
    case BinOpKind::LShift: return {"<<", "__lshift__", "__rlshift__", "__ilshift__"};
    case BinOpKind::RShift: return {">>", "__rshift__", "__rrshift__", "__irshift__"};
    case BinOpKind::BitAnd: return {"&", "__and__", "__rand__", "__iand__"};
    case BinOpKind::BitOr: return {"|", "__or__", "__ror__", "__ior__"};
    case BinOpKind::BitXor: return {"^", "__xor__", "__rxor__", "__ixor__"};
  }
  return {"?", "", "", ""};
}

[[noreturn]] void overflow(Interpreter& I) {
  I.raise(ty::OverflowError, "integer overflow: tensorplay ints are 64-bit");
}

int64_t int_pow(Interpreter& I, int64_t base, int64_t exp) {
  int64_t result = 1;
  while (exp > 0) {
    if (exp & 1) {
      if (__builtin_mul_overflow(result, base, &result)) overflow(I);
    }
    exp >>= 1;
    if (exp > 0 && __builtin_mul_overflow(base, base, &base)) overflow(I);
  }
  return result;
}

double float_mod(double a, double b) {
  double m = std::fmod(a, b);
  if (m != 0) {
    if ((b < 0) != (m < 0)) m += b;
  } else {
    m = std::copysign(0.0, b);
  }
  return m;
}

// Both operands are numbers (bool, int or float). Unbound when the op does not apply.
Value numeric(Interpreter& I, BinOpKind op, const Value& a, const Value& b) {
  if (a.is_intlike() && b.is_intlike()) {
    int64_t x = a.as_int(), y = b.as_int(), r = 0;
    switch (op) {
      case BinOpKind::Add:
        if (__builtin_add_overflow(x, y, &r)) overflow(I);
        return Value::integer(r);
      case BinOpKind::Sub:
        if (__builtin_sub_overflow(x, y, &r)) overflow(I);
        return Value::integer(r);
      case BinOpKind::Mul:
        if (__builtin_mul_overflow(x, y, &r)) overflow(I);
        return Value::integer(r);
      case BinOpKind::Div:
        if (y == 0) I.raise(ty::ZeroDivisionError, "division by zero");
        return Value::number(static_cast<double>(x) / static_cast<double>(y));
      case BinOpKind::FloorDiv: {
        if (y == 0) I.raise(ty::ZeroDivisionError, "integer division or modulo by zero");
        if (x == INT64_MIN && y == -1) overflow(I);
        int64_t q = x / y;
        if ((x % y != 0) && ((x < 0) != (y < 0))) --q;
        return Value::integer(q);
      }
      case BinOpKind::Mod: {
        if (y == 0) I.raise(ty::ZeroDivisionError, "integer modulo by zero");
        if (y == -1) return Value::integer(0);
        int64_t m = x % y;
        if (m != 0 && ((m < 0) != (y < 0))) m += y;
        return Value::integer(m);
      }
      case BinOpKind::Pow:
        if (y < 0) {
          if (x == 0) I.raise(ty::ZeroDivisionError, "0.0 cannot be raised to a negative power");
          return Value::number(std::pow(static_cast<double>(x), static_cast<double>(y)));
        }
        return Value::integer(int_pow(I, x, y));
      case BinOpKind::LShift:
        if (y < 0) I.raise(ty::ValueError, "negative shift count");
        if (y >= 63 || (x != 0 && (x > (INT64_MAX >> y) || x < (INT64_MIN >> y)))) {
          if (x == 0) return Value::integer(0);
          overflow(I);
        }
        return Value::integer(x << y);
      case BinOpKind::RShift:
        if (y < 0) I.raise(ty::ValueError, "negative shift count");
        return Value::integer(y >= 64 ? (x < 0 ? -1 : 0) : x >> y);
      case BinOpKind::BitAnd:
        return a.is_bool() && b.is_bool() ? Value::boolean(x & y) : Value::integer(x & y);
      case BinOpKind::BitOr:
        return a.is_bool() && b.is_bool() ? Value::boolean(x | y) : Value::integer(x | y);
      case BinOpKind::BitXor:
        return a.is_bool() && b.is_bool() ? Value::boolean(x ^ y) : Value::integer(x ^ y);
      case BinOpKind::MatMul: return Value::unbound();
    }
  }
  double x = a.to_double(), y = b.to_double();
  switch (op) {
    case BinOpKind::Add: return Value::number(x + y);
    case BinOpKind::Sub: return Value::number(x - y);
    case BinOpKind::Mul: return Value::number(x * y);
    case BinOpKind::Div:
      if (y == 0) I.raise(ty::ZeroDivisionError, "float division by zero");
      return Value::number(x / y);
    case BinOpKind::FloorDiv:
      if (y == 0) I.raise(ty::ZeroDivisionError, "float floor division by zero");
      return Value::number(std::floor((x - float_mod(x, y)) / y + 0.0));
    case BinOpKind::Mod:
      if (y == 0) I.raise(ty::ZeroDivisionError, "float modulo");
      return Value::number(float_mod(x, y));
    case BinOpKind::Pow:
      if (x == 0 && y < 0) I.raise(ty::ZeroDivisionError, "0.0 cannot be raised to a negative power");
      if (x < 0 && y != std::floor(y)) {
        I.raise(ty::ValueError, "complex results are not supported in tensorplay");
      }
      return Value::number(std::pow(x, y));
    default: return Value::unbound();
  }
}

Value repeat(Interpreter& I, const Value& seq, int64_t n) {
  if (n < 0) n = 0;
  if (is_str(seq)) {
    const std::string& s = str_of(seq);
    if (!s.empty() && n > (int64_t{1} << 40) / static_cast<int64_t>(s.size())) {
      I.raise(ty::OverflowError, "repeated string is too long");
    }
    std::string r;
    r.reserve(s.size() * static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) r += s;
    return make_str(std::move(r));
  }
  const auto& items = is_list(seq) ? seq.as<ListObject>()->items : seq.as<TupleObject>()->items;
  std::vector<Value> r;
  r.reserve(items.size() * static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) r.insert(r.end(), items.begin(), items.end());
  return is_list(seq) ? make_list(std::move(r)) : make_tuple(std::move(r));
}

bool is_seq(const Value& v) { return is_str(v) || is_list(v) || is_tuple(v); }

Value set_op(Interpreter& I, BinOpKind op, SetObject* a, SetObject* b) {
  auto* r = new SetObject();
  Value result = Value::object(r);
  auto has = [&](SetObject* s, const Value& k) { return s->table.find(I, k) >= 0; };
  for (auto& e : a->table.entries()) {
    if (!e.live) continue;
    bool in_b = has(b, e.key);
    if (op == BinOpKind::BitOr || (op == BinOpKind::BitAnd && in_b) ||
        ((op == BinOpKind::Sub || op == BinOpKind::BitXor) && !in_b)) {
      r->table.set(I, e.key, Value());
    }
  }
  if (op == BinOpKind::BitOr || op == BinOpKind::BitXor) {
    for (auto& e : b->table.entries())
      if (e.live && (op == BinOpKind::BitOr || !has(a, e.key))) r->table.set(I, e.key, Value());
  }
  return result;
}

}  // namespace

Value Interpreter::call_dunder(const Value& self, const char* name, std::vector<Value> args) {
  TypeObject* t = self.type();
  if (!t->is_user) return Value::unbound();
  Value f = t->lookup(name);
  if (f.is_unbound()) return Value::unbound();
  if (f.is_obj() && f.obj()->type == ty::function) {
    Args a{args.data(), args.size(), nullptr, 0};
    return call_function(f.as<FunctionObject>(), &self, a);
  }
  args.insert(args.begin(), self);
  return call(f, std::move(args));
}

Value Interpreter::binary(BinOpKind op, const Value& a, const Value& b) {
  if (a.is_number() && b.is_number()) {
    Value r = numeric(*this, op, a, b);
    if (!r.is_unbound()) return r;
  }
  OpNames names = op_names(op);
  if (a.is_obj()) {
    if (auto* n = dynamic_cast<NativeObject*>(a.obj())) {
      Value r = n->binary_op(*this, op, b, false);
      if (!r.is_unbound()) return r;
    } else if (a.type()->is_user) {
      Value r = call_dunder(a, names.dunder, {b});
      if (!r.is_unbound() && r.type() != ty::not_implemented) return r;
    }
  }
  if (b.is_obj()) {
    if (auto* n = dynamic_cast<NativeObject*>(b.obj())) {
      Value r = n->binary_op(*this, op, a, true);
      if (!r.is_unbound()) return r;
    } else if (b.type()->is_user) {
      Value r = call_dunder(b, names.rdunder, {a});
      if (!r.is_unbound() && r.type() != ty::not_implemented) return r;
    }
  }
  TypeObject* ta = a.type();
  TypeObject* tb = b.type();
  if (op == BinOpKind::Add && (ta == ty::str || ta == ty::list || ta == ty::tuple)) {
    if (tb != ta) {
      raise(ty::TypeError, "can only concatenate " + ta->name + " (not \"" + tb->name + "\") to " + ta->name);
    }
    if (ta == ty::str) return make_str(str_of(a) + str_of(b));
    const auto& x = ta == ty::list ? a.as<ListObject>()->items : a.as<TupleObject>()->items;
    const auto& y = ta == ty::list ? b.as<ListObject>()->items : b.as<TupleObject>()->items;
    std::vector<Value> r;
    r.reserve(x.size() + y.size());
    r.insert(r.end(), x.begin(), x.end());
    r.insert(r.end(), y.begin(), y.end());
    return ta == ty::list ? make_list(std::move(r)) : make_tuple(std::move(r));
  }
  if (op == BinOpKind::Mul) {
    if (is_seq(a) && b.is_intlike()) return repeat(*this, a, b.as_int());
    if (is_seq(b) && a.is_intlike()) return repeat(*this, b, a.as_int());
    if (is_seq(a) || is_seq(b)) {
      raise(ty::TypeError, "can't multiply sequence by non-int of type '" + (is_seq(a) ? tb : ta)->name + "'");
    }
  }
  if (op == BinOpKind::Mod && ta == ty::str) return make_str(percent_format(*this, str_of(a), b));
  if (ta == ty::set && tb == ty::set &&
      (op == BinOpKind::BitOr || op == BinOpKind::BitAnd || op == BinOpKind::Sub || op == BinOpKind::BitXor)) {
    return set_op(*this, op, a.as<SetObject>(), b.as<SetObject>());
  }
  if (ta == ty::dict && tb == ty::dict && op == BinOpKind::BitOr) {
    auto* d = new DictObject();
    Value r = Value::object(d);
    for (auto* src : {a.as<DictObject>(), b.as<DictObject>()})
      for (auto& e : src->table.entries())
        if (e.live) d->table.set(*this, e.key, e.value);
    return r;
  }
  raise(ty::TypeError, std::string("unsupported operand type(s) for ") + names.symbol + ": '" + ta->name +
                           "' and '" + tb->name + "'");
}

Value Interpreter::inplace(BinOpKind op, const Value& a, const Value& b) {
  if (a.is_obj()) {
    if (is_list(a) && op == BinOpKind::Add) {
      std::vector<Value> items = to_vector(b);
      auto& dst = a.as<ListObject>()->items;
      dst.insert(dst.end(), items.begin(), items.end());
      return a;
    }
    if (auto* n = dynamic_cast<NativeObject*>(a.obj())) {
      Value r = n->inplace_op(*this, op, b);
      if (!r.is_unbound()) return r;
    } else if (a.type()->is_user) {
      Value r = call_dunder(a, op_names(op).idunder, {b});
      if (!r.is_unbound() && r.type() != ty::not_implemented) return r;
    }
  }
  return binary(op, a, b);
}

Value Interpreter::unary(UnaryOpKind op, const Value& v) {
  if (op == UnaryOpKind::Not) return Value::boolean(!truthy(v));
  if (v.is_intlike()) {
    int64_t x = v.as_int();
    if (op == UnaryOpKind::Neg) {
      if (x == INT64_MIN) raise(ty::OverflowError, "integer overflow: tensorplay ints are 64-bit");
      return Value::integer(-x);
    }
    if (op == UnaryOpKind::Pos) return Value::integer(x);
    return Value::integer(~x);
  }
  if (v.is_float() && op != UnaryOpKind::Invert) {
    return Value::number(op == UnaryOpKind::Neg ? -v.as_float() : v.as_float());
  }
  const char* sym = op == UnaryOpKind::Neg ? "-" : op == UnaryOpKind::Pos ? "+" : "~";
  if (v.is_obj()) {
    if (auto* n = dynamic_cast<NativeObject*>(v.obj())) {
      Value r = n->unary_op(*this, op);
      if (!r.is_unbound()) return r;
    } else {
      const char* d = op == UnaryOpKind::Neg ? "__neg__" : op == UnaryOpKind::Pos ? "__pos__" : "__invert__";
      Value r = call_dunder(v, d, {});
      if (!r.is_unbound()) return r;
    }
  }
  raise(ty::TypeError, std::string("bad operand type for unary ") + sym + ": '" + v.type()->name + "'");
}

namespace {

const char* cmp_symbol(CmpOpKind op) {
  switch (op) {
    case CmpOpKind::Eq: return "==";
    case CmpOpKind::NotEq: return "!=";
    case CmpOpKind::Lt: return "<";
    case CmpOpKind::LtE: return "<=";
    case CmpOpKind::Gt: return ">";
    case CmpOpKind::GtE: return ">=";
    default: return "?";
  }
}
const char* cmp_dunder(CmpOpKind op) {
  switch (op) {
    case CmpOpKind::Eq: return "__eq__";
    case CmpOpKind::NotEq: return "__ne__";
    case CmpOpKind::Lt: return "__lt__";
    case CmpOpKind::LtE: return "__le__";
    case CmpOpKind::Gt: return "__gt__";
    case CmpOpKind::GtE: return "__ge__";
    default: return "";
  }
}
CmpOpKind swapped(CmpOpKind op) {
  switch (op) {
    case CmpOpKind::Lt: return CmpOpKind::Gt;
    case CmpOpKind::LtE: return CmpOpKind::GtE;
    case CmpOpKind::Gt: return CmpOpKind::Lt;
    case CmpOpKind::GtE: return CmpOpKind::LtE;
    default: return op;
  }
}
bool apply(CmpOpKind op, int c) {
  switch (op) {
    case CmpOpKind::Eq: return c == 0;
    case CmpOpKind::NotEq: return c != 0;
    case CmpOpKind::Lt: return c < 0;
    case CmpOpKind::LtE: return c <= 0;
    case CmpOpKind::Gt: return c > 0;
    case CmpOpKind::GtE: return c >= 0;
    default: return false;
  }
}

}  // namespace

Value Interpreter::compare(CmpOpKind op, const Value& a, const Value& b) {
  if (a.is_number() && b.is_number()) {
    if (a.is_intlike() && b.is_intlike()) {
      int64_t x = a.as_int(), y = b.as_int();
      return Value::boolean(apply(op, x < y ? -1 : x > y ? 1 : 0));
    }
    double x = a.to_double(), y = b.to_double();
    if (x != x || y != y) return Value::boolean(op == CmpOpKind::NotEq);
    return Value::boolean(apply(op, x < y ? -1 : x > y ? 1 : 0));
  }
  // Native objects and user dunders first (a tensor's == is elementwise).
  for (int side = 0; side < 2; ++side) {
    const Value& self = side == 0 ? a : b;
    const Value& other = side == 0 ? b : a;
    CmpOpKind o = side == 0 ? op : swapped(op);
    if (!self.is_obj()) continue;
    if (auto* n = dynamic_cast<NativeObject*>(self.obj())) {
      Value r = n->compare(*this, o, other);
      if (!r.is_unbound()) return r;
    } else if (self.type()->is_user) {
      Value r = call_dunder(self, cmp_dunder(o), {other});
      if (!r.is_unbound() && r.type() != ty::not_implemented) return r;
      if (o == CmpOpKind::NotEq) {
        Value e = call_dunder(self, "__eq__", {other});
        if (!e.is_unbound() && e.type() != ty::not_implemented) return Value::boolean(!truthy(e));
      }
    }
  }
  TypeObject* ta = a.type();
  TypeObject* tb = b.type();
  if (ta == tb && (ta == ty::str || ta == ty::list || ta == ty::tuple)) {
    if (ta == ty::str) return Value::boolean(apply(op, str_of(a).compare(str_of(b))));
    const auto& x = ta == ty::list ? a.as<ListObject>()->items : a.as<TupleObject>()->items;
    const auto& y = ta == ty::list ? b.as<ListObject>()->items : b.as<TupleObject>()->items;
    size_t n = std::min(x.size(), y.size());
    for (size_t i = 0; i < n; ++i) {
      if (!eq(x[i], y[i])) {
        if (op == CmpOpKind::Eq) return Value::boolean(false);
        if (op == CmpOpKind::NotEq) return Value::boolean(true);
        return compare(op, x[i], y[i]);
      }
    }
    int c = x.size() < y.size() ? -1 : x.size() > y.size() ? 1 : 0;
    return Value::boolean(apply(op, c));
  }
  if (op == CmpOpKind::Eq || op == CmpOpKind::NotEq) {
    bool same = false;
    if (ta == tb && ta == ty::dict) {
      auto& x = a.as<DictObject>()->table;
      auto& y = b.as<DictObject>()->table;
      same = x.size() == y.size();
      for (auto& e : x.entries()) {
        if (!same) break;
        if (!e.live) continue;
        Value* v = y.get(*this, e.key);
        same = v && eq(*v, e.value);
      }
    } else if (ta == tb && ta == ty::set) {
      auto& x = a.as<SetObject>()->table;
      auto& y = b.as<SetObject>()->table;
      same = x.size() == y.size();
      for (auto& e : x.entries())
        if (same && e.live) same = y.find(*this, e.key) >= 0;
    } else if (ta == tb && ta == ty::range) {
      auto* x = a.as<RangeObject>();
      auto* y = b.as<RangeObject>();
      same = x->length() == y->length() && (x->length() == 0 || (x->start == y->start &&
                                                                 (x->length() == 1 || x->step == y->step)));
    } else {
      same = a.identical(b);
    }
    return Value::boolean(op == CmpOpKind::Eq ? same : !same);
  }
  if (ta == tb && ta == ty::set) {
    // Subset comparisons.
    auto& x = a.as<SetObject>()->table;
    auto& y = b.as<SetObject>()->table;
    auto subset = [&](HashTable& s, HashTable& t) {
      for (auto& e : s.entries())
        if (e.live && t.find(*this, e.key) < 0) return false;
      return true;
    };
    switch (op) {
      case CmpOpKind::LtE: return Value::boolean(subset(x, y));
      case CmpOpKind::Lt: return Value::boolean(x.size() < y.size() && subset(x, y));
      case CmpOpKind::GtE: return Value::boolean(subset(y, x));
      case CmpOpKind::Gt: return Value::boolean(y.size() < x.size() && subset(y, x));
      default: break;
    }
  }
  raise(ty::TypeError, std::string("'") + cmp_symbol(op) + "' not supported between instances of '" +
                           ta->name + "' and '" + tb->name + "'");
}

bool Interpreter::eq(const Value& a, const Value& b) {
  if (a.is_intlike() && b.is_intlike()) return a.as_int() == b.as_int();
  if (is_str(a) && is_str(b)) return str_of(a) == str_of(b);
  return truthy(compare(CmpOpKind::Eq, a, b));
}

bool Interpreter::less(const Value& a, const Value& b) {
  if (a.is_intlike() && b.is_intlike()) return a.as_int() < b.as_int();
  return truthy(compare(CmpOpKind::Lt, a, b));
}

int64_t Interpreter::hash(const Value& v) {
  switch (v.tag()) {
    case Tag::None:
    case Tag::Unbound: return 0x5bd1e995;
    case Tag::Bool:
    case Tag::Int: return v.as_int() == -1 ? -2 : v.as_int();
    case Tag::Float: {
      double d = v.as_float();
      if (d == std::floor(d) && std::fabs(d) < 9.2e18) {
        int64_t i = static_cast<int64_t>(d);
        return i == -1 ? -2 : i;
      }
      int64_t bits;
      std::memcpy(&bits, &d, sizeof bits);
      return bits ^ (bits >> 29);
    }
    case Tag::Obj: break;
  }
  TypeObject* t = v.type();
  if (t == ty::str) {
    auto* s = v.as<StrObject>();
    if (s->hash < 0) s->hash = static_cast<int64_t>(std::hash<std::string>()(s->s) >> 2);
    return s->hash;
  }
  if (t == ty::tuple) {
    uint64_t h = 0x345678;
    for (auto& x : v.as<TupleObject>()->items) h = (h ^ static_cast<uint64_t>(hash(x))) * 1000003u;
    return static_cast<int64_t>(h >> 1);
  }
  if (t == ty::list || t == ty::dict || t == ty::set) {
    raise(ty::TypeError, "unhashable type: '" + t->name + "'");
  }
  if (t->is_user) {
    Value h = call_dunder(v, "__hash__", {});
    if (h.is_intlike()) return h.as_int();
  }
  return static_cast<int64_t>(reinterpret_cast<uintptr_t>(v.obj()->identity()) >> 4);
}

bool Interpreter::truthy(const Value& v) {
  switch (v.tag()) {
    case Tag::None:
    case Tag::Unbound: return false;
    case Tag::Bool:
    case Tag::Int: return v.as_int() != 0;
    case Tag::Float: return v.as_float() != 0;
    case Tag::Obj: break;
  }
  TypeObject* t = v.type();
  if (t == ty::str) return !str_of(v).empty();
  if (t == ty::list) return !v.as<ListObject>()->items.empty();
  if (t == ty::tuple) return !v.as<TupleObject>()->items.empty();
  if (t == ty::dict) return v.as<DictObject>()->table.size() != 0;
  if (t == ty::set) return v.as<SetObject>()->table.size() != 0;
  if (t == ty::range) return v.as<RangeObject>()->length() != 0;
  if (auto* n = dynamic_cast<NativeObject*>(v.obj())) {
    int r = n->truth(*this);
    if (r >= 0) return r != 0;
    int64_t l = n->len(*this);
    return l != 0;
  }
  if (t->is_user) {
    Value b = call_dunder(v, "__bool__", {});
    if (!b.is_unbound()) {
      if (!b.is_bool()) raise(ty::TypeError, "__bool__ should return bool, returned " + b.type()->name);
      return b.as_bool();
    }
    Value l = call_dunder(v, "__len__", {});
    if (!l.is_unbound()) return truthy(l);
  }
  return true;
}

}  // namespace tp::lang
