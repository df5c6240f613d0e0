// Methods of list, tuple, dict and set (and the few of int/float learners call), with
// CPython's results and error texts.
#include <algorithm>
#include <cmath>

#include "repl/lang/constructors.h"
#include "repl/lang/interpreter.h"
#include "repl/lang/methods.h"

namespace tp::lang {

namespace {

std::vector<Value>& items_of(const Value& self) { return self.as<ListObject>()->items; }
HashTable& dict_of(const Value& self) { return self.as<DictObject>()->table; }
HashTable& set_of(const Value& self) { return self.as<SetObject>()->table; }

Value l_append(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "list.append", a, 1, 1);
  items_of(self).push_back(a[0]);
  return Value();
}
Value l_extend(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "list.extend", a, 1, 1);
  std::vector<Value> more = I.to_vector(a[0]);
  auto& items = items_of(self);
  items.insert(items.end(), more.begin(), more.end());
  return Value();
}
Value l_insert(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "insert", a, 2, 2);
  auto& items = items_of(self);
  int64_t n = static_cast<int64_t>(items.size());
  int64_t i = I.to_index(a[0]);
  if (i < 0) i = std::max<int64_t>(0, i + n);
  if (i > n) i = n;
  items.insert(items.begin() + i, a[1]);
  return Value();
}
Value l_pop(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "pop", a, 0, 1);
  auto& items = items_of(self);
  if (items.empty()) I.raise(ty::IndexError, "pop from empty list");
  int64_t n = static_cast<int64_t>(items.size());
  int64_t i = a.n ? I.to_index(a[0]) : n - 1;
  if (i < 0) i += n;
  if (i < 0 || i >= n) I.raise(ty::IndexError, "pop index out of range");
  Value v = items[static_cast<size_t>(i)];
  items.erase(items.begin() + i);
  return v;
}
Value l_remove(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "list.remove", a, 1, 1);
  auto& items = items_of(self);
  for (size_t i = 0; i < items.size(); ++i) {
    if (items[i].identical(a[0]) || I.eq(items[i], a[0])) {
      items.erase(items.begin() + static_cast<std::ptrdiff_t>(i));
      return Value();
    }
  }
  I.raise(ty::ValueError, "list.remove(x): x not in list");
}
Value l_index(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "index", a, 1, 3);
  auto& items = items_of(self);
  int64_t n = static_cast<int64_t>(items.size());
  int64_t b = a.n > 1 ? I.to_index(a[1]) : 0, e = a.n > 2 ? I.to_index(a[2]) : n;
  if (b < 0) b = std::max<int64_t>(0, b + n);
  if (e < 0) e = std::max<int64_t>(0, e + n);
  for (int64_t i = b; i < std::min(e, n); ++i)
    if (items[static_cast<size_t>(i)].identical(a[0]) || I.eq(items[static_cast<size_t>(i)], a[0])) return Value::integer(i);
  I.raise(ty::ValueError, I.repr(a[0]) + " is not in list");
}
Value l_count(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "list.count", a, 1, 1);
  int64_t c = 0;
  for (auto& x : items_of(self))
    if (x.identical(a[0]) || I.eq(x, a[0])) ++c;
  return Value::integer(c);
}
Value l_reverse(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "list.reverse", a, 0, 0);
  std::reverse(items_of(self).begin(), items_of(self).end());
  return Value();
}
Value l_copy(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "list.copy", a, 0, 0);
  return make_list(items_of(self));
}
Value l_clear(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "list.clear", a, 0, 0);
  items_of(self).clear();
  return Value();
}
Value l_sort(Interpreter& I, const Value& self, Args a) {
  if (a.n) I.raise(ty::TypeError, "sort() takes no positional arguments");
  Value key, reverse;
  for (size_t i = 0; i < a.nkw; ++i) {
    if (*a.kw[i].name == "key") key = a.kw[i].value;
    else if (*a.kw[i].name == "reverse") reverse = a.kw[i].value;
    else I.raise(ty::TypeError, "'" + *a.kw[i].name + "' is an invalid keyword argument for sort()");
  }
  auto& items = items_of(self);
  std::vector<Value> work = items;  // sort a copy: a comparison may raise midway
  std::vector<Value> keys;
  for (auto& x : work) keys.push_back(key.is_none() ? x : I.call(key, std::vector<Value>{x}));
  std::vector<size_t> order(work.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  bool rev = I.truthy(reverse);
  // As CPython: reverse, sort stably, reverse again, so equal items keep their order.
  if (rev) std::reverse(order.begin(), order.end());
  std::stable_sort(order.begin(), order.end(), [&](size_t x, size_t y) { return I.less(keys[x], keys[y]); });
  if (rev) std::reverse(order.begin(), order.end());
  std::vector<Value> out;
  out.reserve(work.size());
  for (size_t i : order) out.push_back(work[i]);
  items = std::move(out);
  return Value();
}

Value t_index(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "index", a, 1, 1);
  auto& items = self.as<TupleObject>()->items;
  for (size_t i = 0; i < items.size(); ++i)
    if (items[i].identical(a[0]) || I.eq(items[i], a[0])) return Value::integer(static_cast<int64_t>(i));
  I.raise(ty::ValueError, "tuple.index(x): x not in tuple");
}
Value t_count(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "tuple.count", a, 1, 1);
  int64_t c = 0;
  for (auto& x : self.as<TupleObject>()->items)
    if (x.identical(a[0]) || I.eq(x, a[0])) ++c;
  return Value::integer(c);
}

Value view(const Value& self, DictViewObject::Kind k) {
  return Value::object(new DictViewObject(k, Ref<DictObject>(self.as<DictObject>())));
}
Value d_keys(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "dict.keys", a, 0, 0);
  return view(self, DictViewObject::Kind::Keys);
}
Value d_values(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "dict.values", a, 0, 0);
  return view(self, DictViewObject::Kind::Values);
}
Value d_items(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "dict.items", a, 0, 0);
  return view(self, DictViewObject::Kind::Items);
}
Value d_get(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "get", a, 1, 2);
  if (Value* v = dict_of(self).get(I, a[0])) return *v;
  return a.n == 2 ? a[1] : Value();
}
Value d_setdefault(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "setdefault", a, 1, 2);
  if (Value* v = dict_of(self).get(I, a[0])) return *v;
  Value d = a.n == 2 ? a[1] : Value();
  dict_of(self).set(I, a[0], d);
  return d;
}
Value d_pop(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "pop", a, 1, 2);
  if (Value* v = dict_of(self).get(I, a[0])) {
    Value r = *v;
    dict_of(self).erase(I, a[0]);
    return r;
  }
  if (a.n == 2) return a[1];
  throw PyError{I.make_exception_args(ty::KeyError, {a[0]})};
}
Value d_popitem(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "dict.popitem", a, 0, 0);
  auto& entries = dict_of(self).entries();
  for (size_t i = entries.size(); i-- > 0;) {
    if (!entries[i].live) continue;
    Value k = entries[i].key, v = entries[i].value;
    dict_of(self).erase(I, k);
    return make_tuple({k, v});
  }
  I.raise(ty::KeyError, "popitem(): dictionary is empty");
}
Value d_update(Interpreter& I, const Value& self, Args a) {
  dict_update(I, self.as<DictObject>(), a, "update");
  return Value();
}
Value d_copy(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "dict.copy", a, 0, 0);
  auto* d = new DictObject();
  Value r = Value::object(d);
  for (auto& e : dict_of(self).entries())
    if (e.live) d->table.set(I, e.key, e.value);
  return r;
}
Value d_clear(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "dict.clear", a, 0, 0);
  dict_of(self).clear();
  return Value();
}

Value s_add(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "set.add", a, 1, 1);
  set_of(self).set(I, a[0], Value());
  return Value();
}
Value s_remove(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "set.remove", a, 1, 1);
  if (!set_of(self).erase(I, a[0])) throw PyError{I.make_exception_args(ty::KeyError, {a[0]})};
  return Value();
}
Value s_discard(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "set.discard", a, 1, 1);
  set_of(self).erase(I, a[0]);
  return Value();
}
Value s_pop(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "set.pop", a, 0, 0);
  for (auto& e : set_of(self).entries()) {
    if (!e.live) continue;
    Value k = e.key;
    set_of(self).erase(I, k);
    return k;
  }
  I.raise(ty::KeyError, "pop from an empty set");
}
Value s_update(Interpreter& I, const Value& self, Args a) {
  for (size_t i = 0; i < a.n; ++i)
    for (auto& x : I.to_vector(a[i])) set_of(self).set(I, x, Value());
  return Value();
}
Value s_copy(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "set.copy", a, 0, 0);
  auto* s = new SetObject();
  Value r = Value::object(s);
  for (auto& e : set_of(self).entries())
    if (e.live) s->table.set(I, e.key, Value());
  return r;
}
Value s_clear(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "set.clear", a, 0, 0);
  set_of(self).clear();
  return Value();
}
// union/intersection/difference/symmetric_difference through the operators.
Value set_binop(Interpreter& I, const Value& self, Args a, BinOpKind op) {
  Value acc = s_copy(I, self, Args{});
  for (size_t i = 0; i < a.n; ++i) {
    Value other = a[i];
    if (other.type() != ty::set) {
      auto* s = new SetObject();
      other = Value::object(s);
      for (auto& x : I.to_vector(a[i])) s->table.set(I, x, Value());
    }
    acc = I.binary(op, acc, other);
  }
  return acc;
}
Value s_union(Interpreter& I, const Value& self, Args a) { return set_binop(I, self, a, BinOpKind::BitOr); }
Value s_intersection(Interpreter& I, const Value& self, Args a) { return set_binop(I, self, a, BinOpKind::BitAnd); }
Value s_difference(Interpreter& I, const Value& self, Args a) { return set_binop(I, self, a, BinOpKind::Sub); }
Value s_symdiff(Interpreter& I, const Value& self, Args a) { return set_binop(I, self, a, BinOpKind::BitXor); }
Value s_issubset(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "set.issubset", a, 1, 1);
  for (auto& e : set_of(self).entries())
    if (e.live && !I.contains(a[0], e.key)) return Value::boolean(false);
  return Value::boolean(true);
}
Value s_issuperset(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "set.issuperset", a, 1, 1);
  for (auto& x : I.to_vector(a[0]))
    if (set_of(self).find(I, x) < 0) return Value::boolean(false);
  return Value::boolean(true);
}
Value s_isdisjoint(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "set.isdisjoint", a, 1, 1);
  for (auto& x : I.to_vector(a[0]))
    if (set_of(self).find(I, x) >= 0) return Value::boolean(false);
  return Value::boolean(true);
}

Value f_is_integer(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "float.is_integer", a, 0, 0);
  double d = self.as_float();
  return Value::boolean(std::isfinite(d) && d == std::floor(d));
}
Value i_bit_length(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "int.bit_length", a, 0, 0);
  uint64_t v = self.as_int() < 0 ? static_cast<uint64_t>(-(self.as_int() + 1)) + 1 : static_cast<uint64_t>(self.as_int());
  int n = 0;
  while (v) {
    ++n;
    v >>= 1;
  }
  return Value::integer(n);
}

}  // namespace

void register_container_methods() {
  add_method(ty::list, "append", l_append);
  add_method(ty::list, "clear", l_clear);
  add_method(ty::list, "copy", l_copy);
  add_method(ty::list, "count", l_count);
  add_method(ty::list, "extend", l_extend);
  add_method(ty::list, "index", l_index);
  add_method(ty::list, "insert", l_insert);
  add_method(ty::list, "pop", l_pop);
  add_method(ty::list, "remove", l_remove);
  add_method(ty::list, "reverse", l_reverse);
  add_method(ty::list, "sort", l_sort);
  add_method(ty::tuple, "count", t_count);
  add_method(ty::tuple, "index", t_index);
  add_method(ty::dict, "clear", d_clear);
  add_method(ty::dict, "copy", d_copy);
  add_method(ty::dict, "get", d_get);
  add_method(ty::dict, "items", d_items);
  add_method(ty::dict, "keys", d_keys);
  add_method(ty::dict, "pop", d_pop);
  add_method(ty::dict, "popitem", d_popitem);
  add_method(ty::dict, "setdefault", d_setdefault);
  add_method(ty::dict, "update", d_update);
  add_method(ty::dict, "values", d_values);
  add_method(ty::set, "add", s_add);
  add_method(ty::set, "clear", s_clear);
  add_method(ty::set, "copy", s_copy);
  add_method(ty::set, "difference", s_difference);
  add_method(ty::set, "discard", s_discard);
  add_method(ty::set, "intersection", s_intersection);
  add_method(ty::set, "isdisjoint", s_isdisjoint);
  add_method(ty::set, "issubset", s_issubset);
  add_method(ty::set, "issuperset", s_issuperset);
  add_method(ty::set, "pop", s_pop);
  add_method(ty::set, "remove", s_remove);
  add_method(ty::set, "symmetric_difference", s_symdiff);
  add_method(ty::set, "union", s_union);
  add_method(ty::set, "update", s_update);
  add_method(ty::floating, "is_integer", f_is_integer);
  add_method(ty::integer, "bit_length", i_bit_length);
}

}  // namespace tp::lang
