// Item access and iteration: indexing and slicing of lists/tuples/strings/ranges, dict
// lookups, len(), iter()/next() for builtin containers, dunders and native objects.
#include "repl/lang/interpreter.h"

namespace tp::lang {

namespace {

// Byte offsets of each code point of a UTF-8 string, plus the end.
std::vector<size_t> char_starts(const std::string& s) {
  std::vector<size_t> starts;
  for (size_t i = 0; i < s.size(); ++i)
    if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) starts.push_back(i);
  starts.push_back(s.size());
  return starts;
}

int64_t str_length(StrObject* s) {
  if (s->is_ascii()) return static_cast<int64_t>(s->s.size());
  return static_cast<int64_t>(char_starts(s->s).size()) - 1;
}

// The i-th code point of s (i already in range).
std::string str_char(StrObject* s, int64_t i) {
  if (s->is_ascii()) return std::string(1, s->s[static_cast<size_t>(i)]);
  auto st = char_starts(s->s);
  return s->s.substr(st[static_cast<size_t>(i)], st[static_cast<size_t>(i) + 1] - st[static_cast<size_t>(i)]);
}

// Python's PySlice_AdjustIndices: start, stop, step and the number of items.
struct SliceIdx {
  int64_t start, stop, step, count;
};

SliceIdx adjust(Interpreter& I, const SliceObject* s, int64_t len) {
  auto get = [&](const Value& v, int64_t dflt) -> int64_t {
    if (v.is_none()) return dflt;
    if (!v.is_intlike()) I.raise(ty::TypeError, "slice indices must be integers or None or have an __index__ method");
    return v.as_int();
  };
  int64_t step = get(s->step, 1);
  if (step == 0) I.raise(ty::ValueError, "slice step cannot be zero");
  int64_t start, stop;
  if (step > 0) {
    start = get(s->lower, 0);
    stop = get(s->upper, len);
    if (start < 0) start = std::max<int64_t>(start + len, 0);
    if (start > len) start = len;
    if (stop < 0) stop = std::max<int64_t>(stop + len, 0);
    if (stop > len) stop = len;
  } else {
    start = get(s->lower, len - 1);
    stop = get(s->upper, -1 - len);
    if (start < 0) start = std::max<int64_t>(start + len, -1);
    if (start >= len) start = len - 1;
    if (stop < 0) stop = std::max<int64_t>(stop + len, -1);
    if (stop >= len) stop = len - 1;
  }
  int64_t count = 0;
  if (step > 0 && start < stop) count = (stop - start - 1) / step + 1;
  if (step < 0 && start > stop) count = (start - stop - 1) / (-step) + 1;
  return {start, stop, step, count};
}

int64_t wrap_index(Interpreter& I, const Value& key, int64_t len, const char* what, const char* tname) {
  if (!key.is_intlike()) {
    if (std::string(tname) == "str") {
      I.raise(ty::TypeError, "string indices must be integers, not '" + key.type()->name + "'");
    }
    I.raise(ty::TypeError, std::string(tname) + " indices must be integers or slices, not " + key.type()->name);
  }
  int64_t i = key.as_int();
  if (i < 0) i += len;
  if (i < 0 || i >= len) I.raise(ty::IndexError, std::string(what) + " index out of range");
  return i;
}

}  // namespace

Value Interpreter::slice_of(const Value& seq, const SliceObject* s) {
  TypeObject* t = seq.type();
  if (t == ty::str) {
    auto* so = seq.as<StrObject>();
    bool ascii = so->is_ascii();
    std::vector<size_t> st = ascii ? std::vector<size_t>{} : char_starts(so->s);
    int64_t len = ascii ? static_cast<int64_t>(so->s.size()) : static_cast<int64_t>(st.size()) - 1;
    SliceIdx ix = adjust(*this, s, len);
    std::string r;
    if (ascii && ix.step == 1) return make_str(so->s.substr(static_cast<size_t>(ix.start), static_cast<size_t>(ix.count)));
    for (int64_t k = 0, i = ix.start; k < ix.count; ++k, i += ix.step) {
      if (ascii) {
        r += so->s[static_cast<size_t>(i)];
      } else {
        r += so->s.substr(st[static_cast<size_t>(i)], st[static_cast<size_t>(i) + 1] - st[static_cast<size_t>(i)]);
      }
    }
    return make_str(std::move(r));
  }
  if (t == ty::range) {
    auto* r = seq.as<RangeObject>();
    SliceIdx ix = adjust(*this, s, r->length());
    int64_t start = r->start + ix.start * r->step;
    return Value::object(new RangeObject(start, start + ix.count * ix.step * r->step, ix.step * r->step));
  }
  const auto& items = t == ty::list ? seq.as<ListObject>()->items : seq.as<TupleObject>()->items;
  SliceIdx ix = adjust(*this, s, static_cast<int64_t>(items.size()));
  std::vector<Value> out;
  out.reserve(static_cast<size_t>(ix.count));
  for (int64_t k = 0, i = ix.start; k < ix.count; ++k, i += ix.step) out.push_back(items[static_cast<size_t>(i)]);
  return t == ty::list ? make_list(std::move(out)) : make_tuple(std::move(out));
}

Value Interpreter::getitem(const Value& obj, const Value& key) {
  TypeObject* t = obj.type();
  bool is_slice = key.type() == ty::slice;
  if (t == ty::list || t == ty::tuple) {
    if (is_slice) return slice_of(obj, key.as<SliceObject>());
    const auto& items = t == ty::list ? obj.as<ListObject>()->items : obj.as<TupleObject>()->items;
    return items[static_cast<size_t>(wrap_index(*this, key, static_cast<int64_t>(items.size()), t->name.c_str(), t->name.c_str()))];
  }
  if (t == ty::dict) {
    if (Value* v = obj.as<DictObject>()->table.get(*this, key)) return *v;
    throw PyError{make_exception_args(ty::KeyError, {key})};
  }
  if (t == ty::str) {
    if (is_slice) return slice_of(obj, key.as<SliceObject>());
    auto* s = obj.as<StrObject>();
    return make_str(str_char(s, wrap_index(*this, key, str_length(s), "string", "str")));
  }
  if (t == ty::range) {
    if (is_slice) return slice_of(obj, key.as<SliceObject>());
    auto* r = obj.as<RangeObject>();
    if (!key.is_intlike()) raise(ty::TypeError, "range indices must be integers or slices, not " + key.type()->name);
    return Value::integer(r->start + r->step * wrap_index(*this, key, r->length(), "range object", "range"));
  }
  if (obj.is_obj()) {
    if (auto* n = dynamic_cast<NativeObject*>(obj.obj())) {
      Value r = n->get_item(*this, key);
      if (!r.is_unbound()) return r;
    } else if (t->is_user) {
      Value r = call_dunder(obj, "__getitem__", {key});
      if (!r.is_unbound()) return r;
    }
  }
  raise(ty::TypeError, "'" + t->name + "' object is not subscriptable");
}

void Interpreter::setitem(const Value& obj, const Value& key, const Value& v) {
  TypeObject* t = obj.type();
  if (t == ty::list) {
    auto& items = obj.as<ListObject>()->items;
    if (key.type() == ty::slice) {
      SliceIdx ix = adjust(*this, key.as<SliceObject>(), static_cast<int64_t>(items.size()));
      std::vector<Value> src = to_vector(v);
      if (ix.step == 1) {
        int64_t stop = std::max(ix.start, ix.stop);
        items.erase(items.begin() + ix.start, items.begin() + stop);
        items.insert(items.begin() + ix.start, src.begin(), src.end());
        return;
      }
      if (static_cast<int64_t>(src.size()) != ix.count) {
        raise(ty::ValueError, "attempt to assign sequence of size " + std::to_string(src.size()) +
                                  " to extended slice of size " + std::to_string(ix.count));
      }
      for (int64_t k = 0, i = ix.start; k < ix.count; ++k, i += ix.step) items[static_cast<size_t>(i)] = src[static_cast<size_t>(k)];
      return;
    }
    items[static_cast<size_t>(wrap_index(*this, key, static_cast<int64_t>(items.size()), "list assignment", "list"))] = v;
    return;
  }
  if (t == ty::dict) {
    obj.as<DictObject>()->table.set(*this, key, v);
    return;
  }
  if (obj.is_obj()) {
    if (auto* n = dynamic_cast<NativeObject*>(obj.obj())) {
      if (n->set_item(*this, key, v)) return;
    } else if (t->is_user) {
      if (!call_dunder(obj, "__setitem__", {key, v}).is_unbound()) return;
    }
  }
  raise(ty::TypeError, "'" + t->name + "' object does not support item assignment");
}

void Interpreter::delitem(const Value& obj, const Value& key) {
  TypeObject* t = obj.type();
  if (t == ty::list) {
    auto& items = obj.as<ListObject>()->items;
    if (key.type() == ty::slice) {
      SliceIdx ix = adjust(*this, key.as<SliceObject>(), static_cast<int64_t>(items.size()));
      std::vector<bool> drop(items.size(), false);
      for (int64_t k = 0, i = ix.start; k < ix.count; ++k, i += ix.step) drop[static_cast<size_t>(i)] = true;
      std::vector<Value> kept;
      for (size_t i = 0; i < items.size(); ++i)
        if (!drop[i]) kept.push_back(items[i]);
      items = std::move(kept);
      return;
    }
    int64_t i = wrap_index(*this, key, static_cast<int64_t>(items.size()), "list assignment", "list");
    items.erase(items.begin() + i);
    return;
  }
  if (t == ty::dict) {
    if (!obj.as<DictObject>()->table.erase(*this, key)) throw PyError{make_exception_args(ty::KeyError, {key})};
    return;
  }
  if (t->is_user && !call_dunder(obj, "__delitem__", {key}).is_unbound()) return;
  raise(ty::TypeError, "'" + t->name + "' object doesn't support item deletion");
}

int64_t Interpreter::len(const Value& v) {
  TypeObject* t = v.type();
  if (t == ty::str) return str_length(v.as<StrObject>());
  if (t == ty::list) return static_cast<int64_t>(v.as<ListObject>()->items.size());
  if (t == ty::tuple) return static_cast<int64_t>(v.as<TupleObject>()->items.size());
  if (t == ty::dict) return static_cast<int64_t>(v.as<DictObject>()->table.size());
  if (t == ty::set) return static_cast<int64_t>(v.as<SetObject>()->table.size());
  if (t == ty::range) return v.as<RangeObject>()->length();
  if (t == ty::dict_keys || t == ty::dict_values || t == ty::dict_items) {
    return static_cast<int64_t>(v.as<DictViewObject>()->dict->table.size());
  }
  if (v.is_obj()) {
    if (auto* n = dynamic_cast<NativeObject*>(v.obj())) {
      int64_t l = n->len(*this);
      if (l >= 0) return l;
    } else if (t->is_user) {
      Value r = call_dunder(v, "__len__", {});
      if (!r.is_unbound()) {
        if (!r.is_intlike()) raise(ty::TypeError, "'" + r.type()->name + "' object cannot be interpreted as an integer");
        if (r.as_int() < 0) raise(ty::ValueError, "__len__() should return >= 0");
        return r.as_int();
      }
    }
  }
  raise(ty::TypeError, "object of type '" + t->name + "' has no len()");
}

Value Interpreter::iter(const Value& v) {
  using K = IteratorObject::Kind;
  TypeObject* t = v.type();
  if (t == ty::list) return Value::object(new IteratorObject(ty::list_iterator, K::List, v));
  if (t == ty::tuple) return Value::object(new IteratorObject(ty::tuple_iterator, K::Tuple, v));
  if (t == ty::str) return Value::object(new IteratorObject(ty::str_iterator, K::Str, v));
  if (t == ty::dict) return Value::object(new IteratorObject(ty::dict_keyiterator, K::DictKeys, v));
  if (t == ty::set) {
    auto& table = v.as<SetObject>()->table;
    std::vector<Value> keys;
    for (size_t i : table.set_order()) keys.push_back(table.entries()[i].key);
    return Value::object(new IteratorObject(ty::set_iterator, K::List, make_list(std::move(keys))));
  }
  if (t == ty::range) {
    auto* r = v.as<RangeObject>();
    auto* it = new IteratorObject(ty::range_iterator, K::Range, v);
    it->index = r->start;
    it->stop = r->stop;
    it->step = r->step;
    return Value::object(it);
  }
  if (t == ty::dict_keys || t == ty::dict_values || t == ty::dict_items) {
    auto* view = v.as<DictViewObject>();
    Value d = Value::object(view->dict.get());
    if (view->kind == DictViewObject::Kind::Keys) return Value::object(new IteratorObject(ty::dict_keyiterator, K::DictKeys, d));
    if (view->kind == DictViewObject::Kind::Values) return Value::object(new IteratorObject(ty::dict_valueiterator, K::DictValues, d));
    return Value::object(new IteratorObject(ty::dict_itemiterator, K::DictItems, d));
  }
  if (v.is_obj()) {
    if (dynamic_cast<IteratorObject*>(v.obj())) return v;
    if (auto* n = dynamic_cast<NativeObject*>(v.obj())) {
      Value r = n->iter(*this);
      if (!r.is_unbound()) return r;
    } else if (t->is_user) {
      Value r = call_dunder(v, "__iter__", {});
      if (!r.is_unbound()) return r;
      if (!t->lookup("__getitem__").is_unbound()) {
        // The old sequence protocol: obj[0], obj[1], ... until IndexError.
        auto* it = new IteratorObject(ty::list_iterator, K::Generic, v);
        return Value::object(it);
      }
    }
  }
  raise(ty::TypeError, "'" + t->name + "' object is not iterable");
}

bool Interpreter::next(const Value& itv, Value& out) {
  using K = IteratorObject::Kind;
  if (!itv.is_obj()) raise(ty::TypeError, "'" + itv.type()->name + "' object is not an iterator");
  if (auto* it = dynamic_cast<IteratorObject*>(itv.obj())) {
    switch (it->kind) {
      case K::List: {
        auto& items = it->source.as<ListObject>()->items;
        if (it->index >= static_cast<int64_t>(items.size())) return false;
        out = items[static_cast<size_t>(it->index++)];
        return true;
      }
      case K::Tuple: {
        auto& items = it->source.as<TupleObject>()->items;
        if (it->index >= static_cast<int64_t>(items.size())) return false;
        out = items[static_cast<size_t>(it->index++)];
        return true;
      }
      case K::Str: {
        const std::string& s = str_of(it->source);
        size_t i = static_cast<size_t>(it->index);
        if (i >= s.size()) return false;
        size_t j = i + 1;
        while (j < s.size() && (static_cast<unsigned char>(s[j]) & 0xC0) == 0x80) ++j;
        out = make_str(s.substr(i, j - i));
        it->index = static_cast<int64_t>(j);
        return true;
      }
      case K::Range:
        if (it->step > 0 ? it->index >= it->stop : it->index <= it->stop) return false;
        out = Value::integer(it->index);
        it->index += it->step;
        return true;
      case K::DictKeys:
      case K::DictValues:
      case K::DictItems:
      case K::Set: {
        auto& table = it->kind == K::Set ? it->source.as<SetObject>()->table : it->source.as<DictObject>()->table;
        auto& entries = table.entries();
        if (it->stop == 0) it->stop = static_cast<int64_t>(table.size()) + 1;  // size at start, +1
        if (static_cast<int64_t>(table.size()) + 1 != it->stop) {
          raise(ty::RuntimeError, it->kind == K::Set ? "Set changed size during iteration"
                                                     : "dictionary changed size during iteration");
        }
        while (it->index < static_cast<int64_t>(entries.size()) && !entries[static_cast<size_t>(it->index)].live) ++it->index;
        if (it->index >= static_cast<int64_t>(entries.size())) return false;
        auto& e = entries[static_cast<size_t>(it->index++)];
        if (it->kind == K::DictValues) out = e.value;
        else if (it->kind == K::DictItems) out = make_tuple({e.key, e.value});
        else out = e.key;
        return true;
      }
      case K::Reversed: {
        if (it->index < 0) return false;
        out = getitem(it->source, Value::integer(it->index--));
        return true;
      }
      case K::Enumerate: {
        Value x;
        if (!next(it->source, x)) return false;
        out = make_tuple({Value::integer(it->index++), x});
        return true;
      }
      case K::Zip: {
        if (it->sources.empty()) return false;
        std::vector<Value> row;
        for (auto& src : it->sources) {
          Value x;
          if (!next(src, x)) return false;
          row.push_back(std::move(x));
        }
        out = make_tuple(std::move(row));
        return true;
      }
      case K::Map: {
        std::vector<Value> row;
        for (auto& src : it->sources) {
          Value x;
          if (!next(src, x)) return false;
          row.push_back(std::move(x));
        }
        out = call(it->func, std::move(row));
        return true;
      }
      case K::Filter: {
        Value x;
        while (next(it->source, x)) {
          bool keep = it->func.is_none() ? truthy(x) : truthy(call(it->func, std::vector<Value>{x}));
          if (keep) {
            out = x;
            return true;
          }
        }
        return false;
      }
      case K::Generic: {
        try {
          out = getitem(it->source, Value::integer(it->index++));
        } catch (PyError& e) {
          if (e.exc->type->is_subtype(ty::IndexError)) return false;
          throw;
        }
        return true;
      }
    }
  }
  if (auto* n = dynamic_cast<NativeObject*>(itv.obj())) {
    Value r = n->next(*this);
    if (r.is_unbound()) return false;
    out = r;
    return true;
  }
  if (itv.type()->is_user && !itv.type()->lookup("__next__").is_unbound()) {
    try {
      out = call_dunder(itv, "__next__", {});
    } catch (PyError& e) {
      if (e.exc->type->is_subtype(ty::StopIteration)) return false;
      throw;
    }
    return true;
  }
  raise(ty::TypeError, "'" + itv.type()->name + "' object is not an iterator");
}

std::vector<Value> Interpreter::to_vector(const Value& iterable) {
  if (is_list(iterable)) return iterable.as<ListObject>()->items;
  if (is_tuple(iterable)) return iterable.as<TupleObject>()->items;
  std::vector<Value> out;
  Value it = iter(iterable);
  Value x;
  while (next(it, x)) out.push_back(x);
  return out;
}

bool Interpreter::contains(const Value& c, const Value& item) {
  TypeObject* t = c.type();
  if (t == ty::str) {
    if (!is_str(item)) raise(ty::TypeError, "'in <string>' requires string as left operand, not " + item.type()->name);
    return str_of(c).find(str_of(item)) != std::string::npos;
  }
  if (t == ty::list || t == ty::tuple) {
    const auto& items = t == ty::list ? c.as<ListObject>()->items : c.as<TupleObject>()->items;
    for (size_t i = 0; i < items.size(); ++i)
      if (items[i].identical(item) || eq(items[i], item)) return true;
    return false;
  }
  if (t == ty::dict) return c.as<DictObject>()->table.find(*this, item) >= 0;
  if (t == ty::dict_keys) return c.as<DictViewObject>()->dict->table.find(*this, item) >= 0;
  if (t == ty::set) return c.as<SetObject>()->table.find(*this, item) >= 0;
  if (t == ty::range && item.is_intlike()) {
    auto* r = c.as<RangeObject>();
    int64_t x = item.as_int();
    if (r->step > 0 ? (x < r->start || x >= r->stop) : (x > r->start || x <= r->stop)) return false;
    return (x - r->start) % r->step == 0;
  }
  if (t->is_user) {
    Value r = call_dunder(c, "__contains__", {item});
    if (!r.is_unbound()) return truthy(r);
  }
  Value it;
  try {
    it = iter(c);
  } catch (PyError& e) {
    if (e.exc->type != ty::TypeError) throw;
    raise(ty::TypeError, "argument of type '" + t->name + "' is not iterable");
  }
  Value x;
  while (next(it, x))
    if (x.identical(item) || eq(x, item)) return true;
  return false;
}

int64_t Interpreter::to_index(const Value& v) {
  if (v.is_intlike()) return v.as_int();
  if (v.type()->is_user) {
    Value r = call_dunder(v, "__index__", {});
    if (r.is_intlike()) return r.as_int();
  }
  raise(ty::TypeError, "'" + v.type()->name + "' object cannot be interpreted as an integer");
}

}  // namespace tp::lang
