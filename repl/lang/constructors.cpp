// Builtin type constructors with CPython's conversions and error texts.
#include "repl/lang/constructors.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "repl/lang/interpreter.h"
#include "repl/lang/methods.h"

namespace tp::lang {

namespace {

std::string strip_ws(const std::string& s) {
  size_t a = s.find_first_not_of(" \t\n\r\f\v");
  if (a == std::string::npos) return "";
  size_t b = s.find_last_not_of(" \t\n\r\f\v");
  return s.substr(a, b - a + 1);
}

// A keyword argument by name, or Unbound.
Value kwarg(Args a, const char* name) {
  for (size_t i = 0; i < a.nkw; ++i)
    if (*a.kw[i].name == name) return a.kw[i].value;
  return Value::unbound();
}

void no_kwargs(Interpreter& I, const char* fname, Args a) {
  if (a.nkw) I.raise(ty::TypeError, std::string(fname) + "() takes no keyword arguments");
}

bool parse_int_text(const std::string& text, int base, int64_t& out) {
  std::string s = strip_ws(text);
  bool neg = false;
  size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) neg = s[i++] == '-';
  if (base == 0 || base == 16 || base == 8 || base == 2) {
    if (i + 1 < s.size() && s[i] == '0') {
      char p = static_cast<char>(s[i + 1] | 0x20);
      int pb = p == 'x' ? 16 : p == 'o' ? 8 : p == 'b' ? 2 : 0;
      if (pb && (base == 0 || base == pb)) {
        base = pb;
        i += 2;
      }
    }
    if (base == 0) base = 10;
  }
  if (i >= s.size()) return false;
  uint64_t v = 0;
  bool prev_digit = false;
  for (; i < s.size(); ++i) {
    char c = s[i];
    if (c == '_' && prev_digit) {
      prev_digit = false;
      continue;
    }
    int d = c >= '0' && c <= '9' ? c - '0' : (c >= 'a' && c <= 'z') ? c - 'a' + 10 : (c >= 'A' && c <= 'Z') ? c - 'A' + 10 : 99;
    if (d >= base) return false;
    if (__builtin_mul_overflow(v, static_cast<uint64_t>(base), &v) || __builtin_add_overflow(v, static_cast<uint64_t>(d), &v)) {
      return false;
    }
    prev_digit = true;
  }
  if (!prev_digit) return false;
  if (v > static_cast<uint64_t>(INT64_MAX) + (neg ? 1 : 0)) return false;
  out = neg ? static_cast<int64_t>(0 - v) : static_cast<int64_t>(v);
  return true;
}

}  // namespace

int64_t float_to_int(Interpreter& I, double d) {
  if (std::isinf(d)) I.raise(ty::OverflowError, "cannot convert float infinity to integer");
  if (std::isnan(d)) I.raise(ty::ValueError, "cannot convert float NaN to integer");
  double t = std::trunc(d);
  if (t >= 9.223372036854775807e18 || t < -9.223372036854775808e18) {
    I.raise(ty::OverflowError, "int too large: tensorplay ints are 64-bit");
  }
  return static_cast<int64_t>(t);
}

Value int_new(Interpreter& I, Args a) {
  Value base_kw = kwarg(a, "base");
  if (a.n == 0) return Value::integer(0);
  if (a.n > 2) I.raise(ty::TypeError, "int() takes at most 2 arguments (" + std::to_string(a.n) + " given)");
  const Value& x = a[0];
  if (a.n == 2 || !base_kw.is_unbound()) {
    int64_t base = I.to_index(a.n == 2 ? a[1] : base_kw);
    if (!is_str(x)) I.raise(ty::TypeError, "int() can't convert non-string with explicit base");
    int64_t v;
    if (!parse_int_text(str_of(x), static_cast<int>(base), v)) {
      I.raise(ty::ValueError, "invalid literal for int() with base " + std::to_string(base) + ": " + I.repr(x));
    }
    return Value::integer(v);
  }
  if (x.is_intlike()) return Value::integer(x.as_int());
  if (x.is_float()) return Value::integer(float_to_int(I, x.as_float()));
  if (is_str(x)) {
    int64_t v;
    if (!parse_int_text(str_of(x), 10, v)) I.raise(ty::ValueError, "invalid literal for int() with base 10: " + I.repr(x));
    return Value::integer(v);
  }
  if (x.type()->is_user) {
    Value r = I.call_dunder(x, "__int__", {});
    if (!r.is_unbound()) return r;
    r = I.call_dunder(x, "__index__", {});
    if (!r.is_unbound()) return r;
  }
  Value r = I.getattr_opt(x, "__int__");
  if (!r.is_unbound()) return I.call(r, std::vector<Value>{});
  I.raise(ty::TypeError, "int() argument must be a string, a bytes-like object or a real number, not '" + x.type()->name + "'");
}

Value float_new(Interpreter& I, Args a) {
  no_kwargs(I, "float", a);
  if (a.n == 0) return Value::number(0.0);
  if (a.n > 1) I.raise(ty::TypeError, "float expected at most 1 argument, got " + std::to_string(a.n));
  const Value& x = a[0];
  if (x.is_number()) return Value::number(x.to_double());
  if (is_str(x)) {
    std::string s = strip_ws(str_of(x));
    std::string t;
    for (char c : s) t += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    std::string body = t;
    bool neg = false;
    if (!body.empty() && (body[0] == '+' || body[0] == '-')) {
      neg = body[0] == '-';
      body = body.substr(1);
    }
    if (body == "inf" || body == "infinity") return Value::number(neg ? -INFINITY : INFINITY);
    if (body == "nan") return Value::number(NAN);
    std::string clean;
    for (char c : s)
      if (c != '_') clean += c;
    char* end = nullptr;
    errno = 0;
    double d = std::strtod(clean.c_str(), &end);
    bool hexlike = clean.find_first_of("xXpP") != std::string::npos;
    if (clean.empty() || *end != '\0' || hexlike || body == "infinity" || t.find("inf") != std::string::npos ||
        t.find("nan") != std::string::npos) {
      I.raise(ty::ValueError, "could not convert string to float: " + I.repr(x));
    }
    return Value::number(d);
  }
  if (x.type()->is_user) {
    Value r = I.call_dunder(x, "__float__", {});
    if (!r.is_unbound()) return r;
  }
  Value r = I.getattr_opt(x, "__float__");
  if (!r.is_unbound()) return I.call(r, std::vector<Value>{});
  I.raise(ty::TypeError, "float() argument must be a string or a real number, not '" + x.type()->name + "'");
}

Value str_new(Interpreter& I, Args a) {
  no_kwargs(I, "str", a);
  if (a.n == 0) return make_str("");
  if (a.n > 1) I.raise(ty::TypeError, "str() argument 'encoding' must be str, not " + a[1].type()->name);
  return make_str(I.str(a[0]));
}

Value bool_new(Interpreter& I, Args a) {
  no_kwargs(I, "bool", a);
  if (a.n > 1) I.raise(ty::TypeError, "bool expected at most 1 argument, got " + std::to_string(a.n));
  return Value::boolean(a.n && I.truthy(a[0]));
}

Value list_new(Interpreter& I, Args a) {
  no_kwargs(I, "list", a);
  if (a.n > 1) I.raise(ty::TypeError, "list expected at most 1 argument, got " + std::to_string(a.n));
  return make_list(a.n ? I.to_vector(a[0]) : std::vector<Value>{});
}

Value tuple_new(Interpreter& I, Args a) {
  no_kwargs(I, "tuple", a);
  if (a.n > 1) I.raise(ty::TypeError, "tuple expected at most 1 argument, got " + std::to_string(a.n));
  if (a.n && is_tuple(a[0])) return a[0];
  return make_tuple(a.n ? I.to_vector(a[0]) : std::vector<Value>{});
}

void dict_update(Interpreter& I, DictObject* d, Args a, const char* fname) {
  if (a.n > 1) I.raise(ty::TypeError, std::string(fname) + " expected at most 1 argument, got " + std::to_string(a.n));
  if (a.n == 1) {
    const Value& src = a[0];
    if (is_dict(src)) {
      for (auto& e : src.as<DictObject>()->table.entries())
        if (e.live) d->table.set(I, e.key, e.value);
    } else {
      Value keys = I.getattr_opt(src, "keys");
      if (!keys.is_unbound() && src.type()->is_user) {
        for (auto& k : I.to_vector(I.call(keys, std::vector<Value>{}))) d->table.set(I, k, I.getitem(src, k));
      } else {
        int64_t i = 0;
        for (auto& item : I.to_vector(src)) {
          std::vector<Value> pair;
          if (is_tuple(item) || is_list(item)) {
            pair = I.to_vector(item);
          } else {
            I.raise(ty::TypeError, "cannot convert dictionary update sequence element #" + std::to_string(i) + " to a sequence");
          }
          if (pair.size() != 2) {
            I.raise(ty::ValueError, "dictionary update sequence element #" + std::to_string(i) + " has length " +
                                        std::to_string(pair.size()) + "; 2 is required");
          }
          d->table.set(I, pair[0], pair[1]);
          ++i;
        }
      }
    }
  }
  for (size_t k = 0; k < a.nkw; ++k) d->table.set(I, make_str(*a.kw[k].name), a.kw[k].value);
}

Value dict_new(Interpreter& I, Args a) {
  auto* d = new DictObject();
  Value r = Value::object(d);
  dict_update(I, d, a, "dict");
  return r;
}

Value set_new(Interpreter& I, Args a) {
  no_kwargs(I, "set", a);
  if (a.n > 1) I.raise(ty::TypeError, "set expected at most 1 argument, got " + std::to_string(a.n));
  auto* s = new SetObject();
  Value r = Value::object(s);
  if (a.n)
    for (auto& x : I.to_vector(a[0])) s->table.set(I, x, Value());
  return r;
}

Value range_new(Interpreter& I, Args a) {
  no_kwargs(I, "range", a);
  if (a.n == 0) I.raise(ty::TypeError, "range expected at least 1 argument, got 0");
  if (a.n > 3) I.raise(ty::TypeError, "range expected at most 3 arguments, got " + std::to_string(a.n));
  int64_t start = 0, stop, step = 1;
  if (a.n == 1) {
    stop = I.to_index(a[0]);
  } else {
    start = I.to_index(a[0]);
    stop = I.to_index(a[1]);
    if (a.n == 3) step = I.to_index(a[2]);
  }
  if (step == 0) I.raise(ty::ValueError, "range() arg 3 must not be zero");
  return Value::object(new RangeObject(start, stop, step));
}

Value slice_new(Interpreter& I, Args a) {
  no_kwargs(I, "slice", a);
  if (a.n == 1) return Value::object(new SliceObject(Value(), a[0], Value()));
  if (a.n == 2) return Value::object(new SliceObject(a[0], a[1], Value()));
  if (a.n == 3) return Value::object(new SliceObject(a[0], a[1], a[2]));
  I.raise(ty::TypeError, "slice expected at least 1 argument, got 0");
}

Value type_new(Interpreter& I, Args a) {
  if (a.n == 1 && a.nkw == 0) return Value::object(a[0].type());
  I.raise(ty::TypeError, "type() takes 1 or 3 arguments");
}

Value enumerate_new(Interpreter& I, Args a) {
  Value start = kwarg(a, "start");
  if (a.n < 1 || a.n > 2) I.raise(ty::TypeError, "enumerate() missing required argument 'iterable'");
  auto* it = new IteratorObject(ty::enumerate, IteratorObject::Kind::Enumerate, I.iter(a[0]));
  Value r = Value::object(it);
  if (a.n == 2) it->index = I.to_index(a[1]);
  if (!start.is_unbound()) it->index = I.to_index(start);
  return r;
}

Value zip_new(Interpreter& I, Args a) {
  no_kwargs(I, "zip", a);
  auto* it = new IteratorObject(ty::zip, IteratorObject::Kind::Zip, Value());
  Value r = Value::object(it);
  for (size_t i = 0; i < a.n; ++i) it->sources.push_back(I.iter(a[i]));
  return r;
}

Value reversed_new(Interpreter& I, Args a) {
  no_kwargs(I, "reversed", a);
  if (a.n != 1) I.raise(ty::TypeError, "reversed expected 1 argument, got " + std::to_string(a.n));
  const Value& s = a[0];
  TypeObject* t = s.type();
  if (t->is_user) {
    Value r = I.call_dunder(s, "__reversed__", {});
    if (!r.is_unbound()) return r;
  }
  bool seq = t == ty::list || t == ty::tuple || t == ty::str || t == ty::range ||
             (t->is_user && !t->lookup("__getitem__").is_unbound() && !t->lookup("__len__").is_unbound());
  if (t == ty::dict) {
    std::vector<Value> keys = I.to_vector(s);
    Value l = make_list(std::vector<Value>(keys.rbegin(), keys.rend()));
    return Value::object(new IteratorObject(ty::reversed, IteratorObject::Kind::List, l));
  }
  if (!seq) I.raise(ty::TypeError, "'" + t->name + "' object is not reversible");
  auto* it = new IteratorObject(ty::reversed, IteratorObject::Kind::Reversed, s);
  Value r = Value::object(it);
  it->index = I.len(s) - 1;
  return r;
}

Value map_new(Interpreter& I, Args a) {
  no_kwargs(I, "map", a);
  if (a.n < 2) I.raise(ty::TypeError, "map() must have at least two arguments.");
  auto* it = new IteratorObject(ty::map, IteratorObject::Kind::Map, Value());
  Value r = Value::object(it);
  it->func = a[0];
  for (size_t i = 1; i < a.n; ++i) it->sources.push_back(I.iter(a[i]));
  return r;
}

Value filter_new(Interpreter& I, Args a) {
  no_kwargs(I, "filter", a);
  if (a.n != 2) I.raise(ty::TypeError, "filter expected 2 arguments, got " + std::to_string(a.n));
  auto* it = new IteratorObject(ty::filter, IteratorObject::Kind::Filter, I.iter(a[1]));
  Value r = Value::object(it);
  it->func = a[0];
  return r;
}

Value property_new(Interpreter&, Args a) {
  auto* p = new PropertyObject();
  Value r = Value::object(p);
  if (a.n > 0) p->fget = a[0];
  if (a.n > 1) p->fset = a[1];
  for (size_t i = 0; i < a.nkw; ++i) {
    if (*a.kw[i].name == "fget") p->fget = a.kw[i].value;
    if (*a.kw[i].name == "fset") p->fset = a.kw[i].value;
  }
  return r;
}

Value staticmethod_new(Interpreter& I, Args a) {
  if (a.n != 1) I.raise(ty::TypeError, "staticmethod expected 1 argument, got " + std::to_string(a.n));
  return Value::object(new StaticMethodObject(a[0]));
}

Value classmethod_new(Interpreter& I, Args a) {
  if (a.n != 1) I.raise(ty::TypeError, "classmethod expected 1 argument, got " + std::to_string(a.n));
  return Value::object(new ClassMethodObject(a[0]));
}

Value super_new(Interpreter& I, Args a) {
  if (a.n == 2) {
    if (a[0].type() != ty::type) I.raise(ty::TypeError, "super() argument 1 must be a type, not " + a[0].type()->name);
    return Value::object(new SuperObject(Ref<TypeObject>(a[0].as<TypeObject>()), a[1]));
  }
  Frame* f = I.current_frame();
  if (!f || !f->func) I.raise(ty::RuntimeError, "super(): no arguments");
  if (!f->func->owner) I.raise(ty::RuntimeError, "super(): __class__ cell not found");
  if (f->code->params->empty()) I.raise(ty::RuntimeError, "super(): no arguments");
  Value self = f->slots[0];
  if (self.type() == ty::cell) self = self.as<CellObject>()->value;
  return Value::object(new SuperObject(f->func->owner, self));
}

}  // namespace tp::lang
