// The builtin functions (print, len, isinstance, min/max, sorted, ...) and the one table
// that names every builtin: functions, types and exception classes.
#include "repl/lang/builtins.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <ostream>

#include "repl/lang/constructors.h"
#include "repl/lang/interpreter.h"
#include "repl/lang/methods.h"

namespace tp::lang {

void check_arity(Interpreter& I, const char* fname, Args a, size_t lo, size_t hi) {
  if (a.nkw) I.raise(ty::TypeError, std::string(fname) + "() takes no keyword arguments");
  if (a.n >= lo && a.n <= hi) return;
  if (lo == 1 && hi == 1) {
    I.raise(ty::TypeError, std::string(fname) + "() takes exactly one argument (" + std::to_string(a.n) + " given)");
  }
  std::string expect = lo == hi ? std::to_string(lo) : a.n < lo ? "at least " + std::to_string(lo) : "at most " + std::to_string(hi);
  size_t shown = a.n < lo ? lo : hi;
  I.raise(ty::TypeError, std::string(fname) + " expected " + expect + " argument" + (shown == 1 ? "" : "s") + ", got " +
                             std::to_string(a.n));
}

namespace {

Value kwarg(Args a, const char* name) {
  for (size_t i = 0; i < a.nkw; ++i)
    if (*a.kw[i].name == name) return a.kw[i].value;
  return Value::unbound();
}

// Keywords a builtin accepts; any other raises CPython's text for that builtin.
void allow_kwargs(Interpreter& I, const char* fname, Args a, std::initializer_list<const char*> names) {
  for (size_t i = 0; i < a.nkw; ++i) {
    bool ok = false;
    for (const char* n : names) ok = ok || *a.kw[i].name == n;
    if (!ok) I.raise(ty::TypeError, "'" + *a.kw[i].name + "' is an invalid keyword argument for " + fname + "()");
  }
}

Value b_print(Interpreter& I, Args a) {
  allow_kwargs(I, "print", a, {"sep", "end", "file", "flush"});
  std::string sep = " ", end = "\n";
  Value s = kwarg(a, "sep"), e = kwarg(a, "end");
  if (!s.is_unbound() && !s.is_none()) {
    if (!is_str(s)) I.raise(ty::TypeError, "sep must be None or a string, not " + s.type()->name);
    sep = str_of(s);
  }
  if (!e.is_unbound() && !e.is_none()) {
    if (!is_str(e)) I.raise(ty::TypeError, "end must be None or a string, not " + e.type()->name);
    end = str_of(e);
  }
  std::string line;
  for (size_t i = 0; i < a.n; ++i) {
    if (i) line += sep;
    line += I.str(a[i]);
  }
  line += end;
  I.out() << line;
  return Value();
}

Value b_len(Interpreter& I, Args a) {
  check_arity(I, "len", a, 1, 1);
  return Value::integer(I.len(a[0]));
}

bool isinstance_of(Interpreter& I, const Value& v, const Value& cls, const char* fname) {
  if (is_tuple(cls)) {
    for (auto& c : cls.as<TupleObject>()->items)
      if (isinstance_of(I, v, c, fname)) return true;
    return false;
  }
  if (cls.type() != ty::type) {
    I.raise(ty::TypeError, std::string(fname) + "() arg 2 must be a type, a tuple of types, or a union");
  }
  return v.type()->is_subtype(cls.as<TypeObject>());
}

Value b_isinstance(Interpreter& I, Args a) {
  check_arity(I, "isinstance", a, 2, 2);
  return Value::boolean(isinstance_of(I, a[0], a[1], "isinstance"));
}

Value b_issubclass(Interpreter& I, Args a) {
  check_arity(I, "issubclass", a, 2, 2);
  if (a[0].type() != ty::type) I.raise(ty::TypeError, "issubclass() arg 1 must be a class");
  std::function<bool(const Value&)> sub = [&](const Value& c) -> bool {
    if (is_tuple(c)) {
      for (auto& x : c.as<TupleObject>()->items)
        if (sub(x)) return true;
      return false;
    }
    if (c.type() != ty::type) I.raise(ty::TypeError, "issubclass() arg 2 must be a class, a tuple of classes, or a union");
    return a[0].as<TypeObject>()->is_subtype(c.as<TypeObject>());
  };
  return Value::boolean(sub(a[1]));
}

Value min_max(Interpreter& I, Args a, bool is_max) {
  const char* name = is_max ? "max" : "min";
  allow_kwargs(I, name, a, {"key", "default"});
  Value key = kwarg(a, "key"), dflt = kwarg(a, "default");
  if (a.n == 0) I.raise(ty::TypeError, std::string(name) + " expected at least 1 argument, got 0");
  std::vector<Value> items;
  if (a.n == 1) {
    items = I.to_vector(a[0]);
  } else {
    if (!dflt.is_unbound()) {
      I.raise(ty::TypeError, std::string("Cannot specify a default for ") + name + "() with multiple positional arguments");
    }
    items.assign(a.pos, a.pos + a.n);
  }
  if (items.empty()) {
    if (!dflt.is_unbound()) return dflt;
    I.raise(ty::ValueError, std::string(name) + "() arg is an empty sequence");
  }
  bool has_key = !key.is_unbound() && !key.is_none();
  Value best = items[0];
  Value best_k = has_key ? I.call(key, std::vector<Value>{best}) : best;
  for (size_t i = 1; i < items.size(); ++i) {
    Value k = has_key ? I.call(key, std::vector<Value>{items[i]}) : items[i];
    bool better = is_max ? I.less(best_k, k) : I.less(k, best_k);
    if (better) {
      best = items[i];
      best_k = k;
    }
  }
  return best;
}

Value b_min(Interpreter& I, Args a) { return min_max(I, a, false); }
Value b_max(Interpreter& I, Args a) { return min_max(I, a, true); }

Value b_sum(Interpreter& I, Args a) {
  allow_kwargs(I, "sum", a, {"start"});
  if (a.n < 1 || a.n > 2) I.raise(ty::TypeError, "sum() takes at most 2 arguments (" + std::to_string(a.n) + " given)");
  Value acc = a.n == 2 ? a[1] : Value::integer(0);
  Value st = kwarg(a, "start");
  if (!st.is_unbound()) acc = st;
  if (is_str(acc)) I.raise(ty::TypeError, "sum() can't sum strings [use ''.join(seq) instead]");
  Value it = I.iter(a[0]);
  Value x;
  while (I.next(it, x)) acc = I.binary(BinOpKind::Add, acc, x);
  return acc;
}

Value b_abs(Interpreter& I, Args a) {
  check_arity(I, "abs", a, 1, 1);
  const Value& x = a[0];
  if (x.is_intlike()) {
    if (x.as_int() == INT64_MIN) I.raise(ty::OverflowError, "integer overflow: tensorplay ints are 64-bit");
    return Value::integer(x.as_int() < 0 ? -x.as_int() : x.as_int());
  }
  if (x.is_float()) return Value::number(std::fabs(x.as_float()));
  if (x.type()->is_user) {
    Value r = I.call_dunder(x, "__abs__", {});
    if (!r.is_unbound()) return r;
  }
  Value m = x.is_obj() && dynamic_cast<NativeObject*>(x.obj()) ? I.getattr_opt(x, "abs") : Value::unbound();
  if (!m.is_unbound()) return I.call(m, std::vector<Value>{});
  I.raise(ty::TypeError, "bad operand type for abs(): '" + x.type()->name + "'");
}

Value b_round(Interpreter& I, Args a) {
  allow_kwargs(I, "round", a, {"ndigits"});
  if (a.n < 1 || a.n > 2) I.raise(ty::TypeError, "round() takes at most 2 arguments (" + std::to_string(a.n) + " given)");
  Value nd = a.n == 2 ? a[1] : kwarg(a, "ndigits");
  const Value& x = a[0];
  bool has_nd = !nd.is_unbound() && !nd.is_none();
  if (x.is_intlike()) {
    if (!has_nd || nd.as_int() >= 0) return Value::integer(x.as_int());
    int64_t p = 1;
    for (int64_t i = 0; i < -nd.as_int() && p < INT64_MAX / 10; ++i) p *= 10;
    int64_t v = x.as_int(), q = v / p, r = v % p;
    if (r < 0) { r += p; --q; }
    if (2 * r > p || (2 * r == p && (q & 1))) ++q;
    return Value::integer(q * p);
  }
  if (x.is_float()) {
    double d = x.as_float();
    if (!has_nd) {
      double r = std::nearbyint(d);
      return Value::integer(float_to_int(I, r));
    }
    int64_t n = I.to_index(nd);
    if (!std::isfinite(d)) return x;
    if (n > 300) return x;
    if (n >= 0) {
      char buf[400];
      std::snprintf(buf, sizeof buf, "%.*f", static_cast<int>(n), d);
      return Value::number(std::strtod(buf, nullptr));
    }
    double p = std::pow(10.0, static_cast<double>(-n));
    return Value::number(std::nearbyint(d / p) * p);
  }
  if (x.type()->is_user) {
    Value r = I.call_dunder(x, "__round__", has_nd ? std::vector<Value>{nd} : std::vector<Value>{});
    if (!r.is_unbound()) return r;
  }
  I.raise(ty::TypeError, "type " + x.type()->name + " doesn't define __round__ method");
}

Value b_sorted(Interpreter& I, Args a) {
  allow_kwargs(I, "sorted", a, {"key", "reverse"});
  if (a.n != 1) I.raise(ty::TypeError, "sorted expected 1 argument, got " + std::to_string(a.n));
  Value l = make_list(I.to_vector(a[0]));
  std::vector<Kwarg> kw(a.kw, a.kw + a.nkw);
  I.call(I.getattr(l, "sort"), Args{nullptr, 0, kw.data(), kw.size()});
  return l;
}

Value b_next(Interpreter& I, Args a) {
  check_arity(I, "next", a, 1, 2);
  Value x;
  if (I.next(a[0], x)) return x;
  if (a.n == 2) return a[1];
  I.raise(ty::StopIteration, "");
}

Value b_iter(Interpreter& I, Args a) {
  check_arity(I, "iter", a, 1, 1);
  return I.iter(a[0]);
}

std::string attr_name(Interpreter& I, const Value& v, const char* fname) {
  if (!is_str(v)) I.raise(ty::TypeError, std::string(fname) + "(): attribute name must be string, not '" + v.type()->name + "'");
  return str_of(v);
}

Value b_hasattr(Interpreter& I, Args a) {
  check_arity(I, "hasattr", a, 2, 2);
  std::string name = attr_name(I, a[1], "hasattr");
  try {
    return Value::boolean(!I.getattr_opt(a[0], name).is_unbound());
  } catch (PyError& e) {
    if (e.exc->type->is_subtype(ty::AttributeError)) return Value::boolean(false);
    throw;
  }
}

Value b_getattr(Interpreter& I, Args a) {
  check_arity(I, "getattr", a, 2, 3);
  std::string name = attr_name(I, a[1], "getattr");
  if (a.n == 3) {
    try {
      Value v = I.getattr_opt(a[0], name);
      return v.is_unbound() ? a[2] : v;
    } catch (PyError& e) {
      if (e.exc->type->is_subtype(ty::AttributeError)) return a[2];
      throw;
    }
  }
  return I.getattr(a[0], name);
}

Value b_setattr(Interpreter& I, Args a) {
  check_arity(I, "setattr", a, 3, 3);
  I.setattr(a[0], attr_name(I, a[1], "setattr"), a[2]);
  return Value();
}

Value b_delattr(Interpreter& I, Args a) {
  check_arity(I, "delattr", a, 2, 2);
  I.delattr(a[0], attr_name(I, a[1], "delattr"));
  return Value();
}

Value b_repr(Interpreter& I, Args a) {
  check_arity(I, "repr", a, 1, 1);
  return make_str(I.repr(a[0]));
}

Value b_id(Interpreter& I, Args a) {
  check_arity(I, "id", a, 1, 1);
  if (a[0].is_obj()) return Value::integer(static_cast<int64_t>(reinterpret_cast<uintptr_t>(a[0].obj()->identity())));
  return Value::integer(static_cast<int64_t>(0x100000 + (I.hash(a[0]) & 0xffffff) * 32 + static_cast<int>(a[0].tag())));
}

Value b_hash(Interpreter& I, Args a) {
  check_arity(I, "hash", a, 1, 1);
  return Value::integer(I.hash(a[0]));
}

Value b_callable(Interpreter& I, Args a) {
  check_arity(I, "callable", a, 1, 1);
  const Value& v = a[0];
  TypeObject* t = v.type();
  bool c = t == ty::function || t == ty::builtin_function || t == ty::method || t == ty::type ||
           (t->is_user && !t->lookup("__call__").is_unbound()) ||
           (v.is_obj() && dynamic_cast<NativeObject*>(v.obj()) && t->lookup("__call__").is_unbound() == false);
  return Value::boolean(c);
}

Value b_any(Interpreter& I, Args a) {
  check_arity(I, "any", a, 1, 1);
  Value it = I.iter(a[0]), x;
  while (I.next(it, x))
    if (I.truthy(x)) return Value::boolean(true);
  return Value::boolean(false);
}

Value b_all(Interpreter& I, Args a) {
  check_arity(I, "all", a, 1, 1);
  Value it = I.iter(a[0]), x;
  while (I.next(it, x))
    if (!I.truthy(x)) return Value::boolean(false);
  return Value::boolean(true);
}

Value b_divmod(Interpreter& I, Args a) {
  check_arity(I, "divmod", a, 2, 2);
  return make_tuple({I.binary(BinOpKind::FloorDiv, a[0], a[1]), I.binary(BinOpKind::Mod, a[0], a[1])});
}

Value b_pow(Interpreter& I, Args a) {
  check_arity(I, "pow", a, 2, 3);
  if (a.n == 3 && !a[2].is_none()) {
    if (!a[0].is_intlike() || !a[1].is_intlike() || !a[2].is_intlike()) {
      I.raise(ty::TypeError, "pow() 3rd argument not allowed unless all arguments are integers");
    }
    int64_t base = a[0].as_int(), e = a[1].as_int(), m = a[2].as_int();
    if (m == 0) I.raise(ty::ValueError, "pow() 3rd argument cannot be 0");
    __int128 r = 1, b = ((base % m) + m) % m;
    for (; e > 0; e >>= 1) {
      if (e & 1) r = r * b % m;
      b = b * b % m;
    }
    int64_t res = static_cast<int64_t>(r);
    if (res != 0 && ((res < 0) != (m < 0))) res += m;
    return Value::integer(res);
  }
  return I.binary(BinOpKind::Pow, a[0], a[1]);
}

Value b_chr(Interpreter& I, Args a) {
  check_arity(I, "chr", a, 1, 1);
  int64_t c = I.to_index(a[0]);
  if (c < 0 || c >= 0x110000) I.raise(ty::ValueError, "chr() arg not in range(0x110000)");
  std::string s;
  uint32_t u = static_cast<uint32_t>(c);
  if (u < 0x80) s += static_cast<char>(u);
  else if (u < 0x800) s += static_cast<char>(0xC0 | (u >> 6)), s += static_cast<char>(0x80 | (u & 0x3F));
  else if (u < 0x10000) {
    s += static_cast<char>(0xE0 | (u >> 12));
    s += static_cast<char>(0x80 | ((u >> 6) & 0x3F));
    s += static_cast<char>(0x80 | (u & 0x3F));
  } else {
    s += static_cast<char>(0xF0 | (u >> 18));
    s += static_cast<char>(0x80 | ((u >> 12) & 0x3F));
    s += static_cast<char>(0x80 | ((u >> 6) & 0x3F));
    s += static_cast<char>(0x80 | (u & 0x3F));
  }
  return make_str(s);
}

Value b_ord(Interpreter& I, Args a) {
  check_arity(I, "ord", a, 1, 1);
  if (!is_str(a[0])) I.raise(ty::TypeError, "ord() expected string of length 1, but " + a[0].type()->name + " found");
  const std::string& s = str_of(a[0]);
  int64_t n = I.len(a[0]);
  if (n != 1) I.raise(ty::TypeError, "ord() expected a character, but string of length " + std::to_string(n) + " found");
  auto c = static_cast<unsigned char>(s[0]);
  uint32_t u = c;
  if (c >= 0xF0) u = ((c & 0x07u) << 18) | ((s[1] & 0x3Fu) << 12) | ((s[2] & 0x3Fu) << 6) | (s[3] & 0x3Fu);
  else if (c >= 0xE0) u = ((c & 0x0Fu) << 12) | ((s[1] & 0x3Fu) << 6) | (s[2] & 0x3Fu);
  else if (c >= 0xC0) u = ((c & 0x1Fu) << 6) | (s[1] & 0x3Fu);
  return Value::integer(u);
}

Value radix(Interpreter& I, Args a, const char* name, const char* spec) {
  check_arity(I, name, a, 1, 1);
  int64_t v = I.to_index(a[0]);
  return I.format(Value::integer(v), spec);
}
Value b_hex(Interpreter& I, Args a) { return radix(I, a, "hex", "#x"); }
Value b_bin(Interpreter& I, Args a) { return radix(I, a, "bin", "#b"); }
Value b_oct(Interpreter& I, Args a) { return radix(I, a, "oct", "#o"); }

Value b_format(Interpreter& I, Args a) {
  check_arity(I, "format", a, 1, 2);
  std::string spec;
  if (a.n == 2) {
    if (!is_str(a[1])) I.raise(ty::TypeError, "format() argument 2 must be str, not " + a[1].type()->name);
    spec = str_of(a[1]);
  }
  return I.format(a[0], spec);
}

}  // namespace

std::vector<std::string> Interpreter::dir_names(const Value& v) {
  std::vector<std::string> names;
  TypeObject* t = v.type();
  if (v.is_obj()) {
    if (auto* inst = dynamic_cast<InstanceObject*>(v.obj())) {
      for (auto& [k, x] : inst->attrs.items()) names.push_back(k);
    } else if (t == ty::module) {
      for (auto& [k, x] : v.as<ModuleObject>()->attrs.items()) names.push_back(k);
      t = nullptr;
    } else if (t == ty::type) {
      t = v.as<TypeObject>();
    } else if (auto* n = dynamic_cast<NativeObject*>(v.obj())) {
      for (auto& k : n->dir(*this)) names.push_back(k);
    }
  }
  for (TypeObject* c = t; c; c = c->base.get())
    for (auto& [k, x] : c->dict.items()) names.push_back(k);
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

namespace {

Value b_dir(Interpreter& I, Args a) {
  check_arity(I, "dir", a, 0, 1);
  std::vector<std::string> names;
  if (a.n == 0) {
    for (auto& [n, v] : I.globals()) names.push_back(n);
    std::sort(names.begin(), names.end());
  } else {
    names = I.dir_names(a[0]);
  }
  std::vector<Value> out;
  for (auto& n : names) out.push_back(make_str(n));
  return make_list(std::move(out));
}

Value b_vars(Interpreter& I, Args a) {
  check_arity(I, "vars", a, 1, 1);
  return I.getattr(a[0], "__dict__");
}

Value b_globals(Interpreter& I, Args a) {
  check_arity(I, "globals", a, 0, 0);
  auto* d = new DictObject();
  Value r = Value::object(d);
  for (auto& [n, v] : I.globals()) d->table.set(I, make_str(n), v);
  return r;
}

}  // namespace

const std::vector<BuiltinSpec>& builtin_table() {
  static const std::vector<BuiltinSpec> table = {
      {"abs", b_abs, nullptr, "abs(x): absolute value"},
      {"all", b_all, nullptr, "all(iterable): True if every item is true"},
      {"any", b_any, nullptr, "any(iterable): True if some item is true"},
      {"bin", b_bin, nullptr, "bin(n): '0b...' text of an int"},
      {"callable", b_callable, nullptr, "callable(x): can x be called?"},
      {"chr", b_chr, nullptr, "chr(i): the character with code point i"},
      {"delattr", b_delattr, nullptr, "delattr(obj, name): delete an attribute"},
      {"dir", b_dir, nullptr, "dir([obj]): names in scope, or obj's attributes"},
      {"divmod", b_divmod, nullptr, "divmod(a, b): (a // b, a % b)"},
      {"format", b_format, nullptr, "format(x, spec): x formatted like f'{x:spec}'"},
      {"getattr", b_getattr, nullptr, "getattr(obj, name[, default]): read an attribute"},
      {"globals", b_globals, nullptr, "globals(): a dict of the global variables"},
      {"hasattr", b_hasattr, nullptr, "hasattr(obj, name): does obj have the attribute?"},
      {"hash", b_hash, nullptr, "hash(x): x's hash value"},
      {"hex", b_hex, nullptr, "hex(n): '0x...' text of an int"},
      {"id", b_id, nullptr, "id(x): x's identity"},
      {"isinstance", b_isinstance, nullptr, "isinstance(x, cls or tuple): is x an instance?"},
      {"issubclass", b_issubclass, nullptr, "issubclass(cls, base or tuple)"},
      {"iter", b_iter, nullptr, "iter(x): an iterator over x"},
      {"len", b_len, nullptr, "len(x): number of items"},
      {"max", b_max, nullptr, "max(iterable or a, b, ..., key=, default=)"},
      {"min", b_min, nullptr, "min(iterable or a, b, ..., key=, default=)"},
      {"next", b_next, nullptr, "next(iterator[, default]): the next item"},
      {"oct", b_oct, nullptr, "oct(n): '0o...' text of an int"},
      {"ord", b_ord, nullptr, "ord(c): the code point of a character"},
      {"pow", b_pow, nullptr, "pow(a, b[, mod]): a ** b"},
      {"print", b_print, nullptr, "print(*values, sep=' ', end='\\n')"},
      {"repr", b_repr, nullptr, "repr(x): x as Python source-like text"},
      {"round", b_round, nullptr, "round(x[, ndigits]): round half to even"},
      {"setattr", b_setattr, nullptr, "setattr(obj, name, value): set an attribute"},
      {"sorted", b_sorted, nullptr, "sorted(iterable, key=None, reverse=False): a new sorted list"},
      {"sum", b_sum, nullptr, "sum(iterable, start=0)"},
      {"vars", b_vars, nullptr, "vars(obj): obj's attribute dict"},
      {"bool", bool_new, &ty::boolean, "bool(x): True or False"},
      {"classmethod", classmethod_new, &ty::classmethod, "@classmethod: a method taking the class"},
      {"dict", dict_new, &ty::dict, "dict(mapping or pairs, **kw)"},
      {"enumerate", enumerate_new, &ty::enumerate, "enumerate(iterable, start=0): (index, item) pairs"},
      {"filter", filter_new, &ty::filter, "filter(function, iterable)"},
      {"float", float_new, &ty::floating, "float(x): a floating-point number"},
      {"int", int_new, &ty::integer, "int(x[, base]): an integer"},
      {"list", list_new, &ty::list, "list(iterable): a new list"},
      {"map", map_new, &ty::map, "map(function, iterable, ...)"},
      {"object", nullptr, &ty::object, "object: the base of every class"},
      {"property", property_new, &ty::property, "@property: a computed attribute"},
      {"range", range_new, &ty::range, "range(stop) or range(start, stop[, step])"},
      {"reversed", reversed_new, &ty::reversed, "reversed(sequence): iterate backwards"},
      {"set", set_new, &ty::set, "set(iterable): a new set"},
      {"slice", slice_new, &ty::slice, "slice(start, stop[, step])"},
      {"staticmethod", staticmethod_new, &ty::staticmethod, "@staticmethod: a method without self"},
      {"str", str_new, &ty::str, "str(x): x as text"},
      {"super", super_new, &ty::super, "super(): the parent class's methods"},
      {"tuple", tuple_new, &ty::tuple, "tuple(iterable): a new tuple"},
      {"type", type_new, &ty::type, "type(x): x's class (type(x).__name__)"},
      {"zip", zip_new, &ty::zip, "zip(*iterables): tuples of items side by side"},
      {"BaseException", nullptr, &ty::BaseException, "the root of all exceptions"},
      {"Exception", nullptr, &ty::Exception, "the base of ordinary exceptions"},
      {"ArithmeticError", nullptr, &ty::ArithmeticError, "exception"},
      {"AssertionError", nullptr, &ty::AssertionError, "exception: a failed assert"},
      {"AttributeError", nullptr, &ty::AttributeError, "exception: no such attribute"},
      {"ImportError", nullptr, &ty::ImportError, "exception"},
      {"IndexError", nullptr, &ty::IndexError, "exception: index out of range"},
      {"KeyError", nullptr, &ty::KeyError, "exception: key not in dict"},
      {"KeyboardInterrupt", nullptr, &ty::KeyboardInterrupt, "exception: Ctrl-C"},
      {"LookupError", nullptr, &ty::LookupError, "exception"},
      {"ModuleNotFoundError", nullptr, &ty::ModuleNotFoundError, "exception: no such module"},
      {"NameError", nullptr, &ty::NameError, "exception: name not defined"},
      {"NotImplementedError", nullptr, &ty::NotImplementedError, "exception"},
      {"OverflowError", nullptr, &ty::OverflowError, "exception: number too large"},
      {"RecursionError", nullptr, &ty::RecursionError, "exception"},
      {"RuntimeError", nullptr, &ty::RuntimeError, "exception (PyTorch's usual error)"},
      {"StopIteration", nullptr, &ty::StopIteration, "exception: iterator exhausted"},
      {"SyntaxError", nullptr, &ty::SyntaxError, "exception"},
      {"SystemExit", nullptr, &ty::SystemExit, "exception"},
      {"TypeError", nullptr, &ty::TypeError, "exception: wrong type"},
      {"UnboundLocalError", nullptr, &ty::UnboundLocalError, "exception"},
      {"ValueError", nullptr, &ty::ValueError, "exception: right type, wrong value"},
      {"ZeroDivisionError", nullptr, &ty::ZeroDivisionError, "exception: division by zero"},
  };
  return table;
}

void register_type_constructors() {
  for (const BuiltinSpec& b : builtin_table())
    if (b.type && b.fn) (*b.type)->construct = b.fn;
}

}  // namespace tp::lang
