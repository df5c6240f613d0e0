// Constructors of the object kinds, the ordered hash table behind dict and set, type
// lookup along the base chain, and NativeObject's "not supported" defaults.
#include "repl/lang/objects.h"

#include <cstdio>

#include "repl/lang/interpreter.h"

namespace tp::lang {

TypeObject::TypeObject(std::string n, TypeObject* b)
    : Object(ty::type), name(std::move(n)), base(b) {
  if (b) {
    new_instance = b->new_instance;
  }
}

Value TypeObject::lookup(const std::string& attr) const {
  for (const TypeObject* t = this; t; t = t->base.get()) {
    if (Value* v = const_cast<AttrMap&>(t->dict).find(attr)) return *v;
  }
  return Value::unbound();
}

bool TypeObject::is_subtype(const TypeObject* other) const {
  for (const TypeObject* t = this; t; t = t->base.get())
    if (t == other) return true;
  return false;
}

StrObject::StrObject(std::string str) : Object(ty::str), s(std::move(str)) {}
bool StrObject::is_ascii() {
  if (ascii < 0) {
    ascii = 1;
    for (unsigned char c : s)
      if (c >= 0x80) {
        ascii = 0;
        break;
      }
  }
  return ascii == 1;
}
ListObject::ListObject() : Object(ty::list) {}
TupleObject::TupleObject() : Object(ty::tuple) {}
DictObject::DictObject() : Object(ty::dict) {}
SetObject::SetObject() : Object(ty::set) {}
RangeObject::RangeObject(int64_t a, int64_t b, int64_t c)
    : Object(ty::range), start(a), stop(b), step(c) {}
int64_t RangeObject::length() const {
  if (step > 0 && start < stop) return (stop - start - 1) / step + 1;
  if (step < 0 && start > stop) return (start - stop - 1) / (-step) + 1;
  return 0;
}
SliceObject::SliceObject(Value a, Value b, Value c)
    : Object(ty::slice), lower(std::move(a)), upper(std::move(b)), step(std::move(c)) {}
CellObject::CellObject() : Object(ty::cell), value(Value::unbound()) {}
FunctionObject::FunctionObject() : Object(ty::function) {}
BuiltinFunction::BuiltinFunction(std::string n, NativeFn f)
    : Object(ty::builtin_function), name(std::move(n)), fn(f) {}
BuiltinFunction::BuiltinFunction(std::string n, MethodFn m)
    : Object(ty::builtin_function), name(std::move(n)), method(m) {}
BoundMethod::BoundMethod(Value s, Value f) : Object(ty::method), self(std::move(s)), func(std::move(f)) {}
PropertyObject::PropertyObject() : Object(ty::property) {}
StaticMethodObject::StaticMethodObject(Value f) : Object(ty::staticmethod), func(std::move(f)) {}
ClassMethodObject::ClassMethodObject(Value f) : Object(ty::classmethod), func(std::move(f)) {}
SuperObject::SuperObject(Ref<TypeObject> s, Value self_)
    : Object(ty::super), start(std::move(s)), self(std::move(self_)) {}
InstanceObject::InstanceObject(TypeObject* c) : Object(c), cls(c) {}
ExceptionObject::ExceptionObject(TypeObject* c) : InstanceObject(c), args(make_tuple({})) {}
ModuleObject::ModuleObject(std::string n) : Object(ty::module), name(std::move(n)) {}
IteratorObject::IteratorObject(TypeObject* t, Kind k, Value src)
    : Object(t), kind(k), source(std::move(src)) {}
DictViewObject::DictViewObject(Kind k, Ref<DictObject> d)
    : Object(k == Kind::Keys ? ty::dict_keys : k == Kind::Values ? ty::dict_values : ty::dict_items),
      kind(k), dict(std::move(d)) {}

TypeObject* Value::type() const {
  switch (tag_) {
    case Tag::None: return ty::none;
    case Tag::Bool: return ty::boolean;
    case Tag::Int: return ty::integer;
    case Tag::Float: return ty::floating;
    case Tag::Obj: return u_.o->type;
    case Tag::Unbound: break;
  }
  return ty::none;
}

Value make_str(std::string s) { return Value::object(new StrObject(std::move(s))); }
Value make_list(std::vector<Value> items) {
  auto* l = new ListObject();
  l->items = std::move(items);
  return Value::object(l);
}
Value make_tuple(std::vector<Value> items) {
  auto* t = new TupleObject();
  t->items = std::move(items);
  return Value::object(t);
}

bool isinstance(const Value& v, const TypeObject* t) { return v.type()->is_subtype(t); }

// ---- HashTable ----

int64_t HashTable::find(Interpreter& I, const Value& key) const {
  if (index_.empty()) return -1;
  int64_t h = I.hash(key);
  size_t mask = index_.size() - 1;
  for (size_t i = static_cast<size_t>(h) & mask;; i = (i + 1) & mask) {
    int32_t e = index_[i];
    if (e == -1) return -1;
    const Entry& en = entries_[static_cast<size_t>(e)];
    if (en.live && en.hash == h && (en.key.identical(key) || I.eq(en.key, key))) return e;
  }
}

Value* HashTable::get(Interpreter& I, const Value& key) {
  int64_t e = find(I, key);
  return e < 0 ? nullptr : &entries_[static_cast<size_t>(e)].value;
}

void HashTable::rebuild(size_t capacity) {
  std::vector<Entry> live;
  live.reserve(count_);
  for (auto& e : entries_)
    if (e.live) live.push_back(std::move(e));
  entries_ = std::move(live);
  index_.assign(capacity, -1);
  size_t mask = capacity - 1;
  for (size_t k = 0; k < entries_.size(); ++k) {
    size_t i = static_cast<size_t>(entries_[k].hash) & mask;
    while (index_[i] != -1) i = (i + 1) & mask;
    index_[i] = static_cast<int32_t>(k);
  }
}

void HashTable::set(Interpreter& I, const Value& key, Value value) {
  int64_t h = I.hash(key);
  if (int64_t e = find(I, key); e >= 0) {
    entries_[static_cast<size_t>(e)].value = std::move(value);
    return;
  }
  if ((entries_.size() + 1) * 3 >= index_.size() * 2) {
    size_t cap = 8;
    while (cap * 2 <= (count_ + 1) * 3) cap *= 2;
    rebuild(cap * 2);
  }
  size_t mask = index_.size() - 1;
  size_t i = static_cast<size_t>(h) & mask;
  while (index_[i] != -1) i = (i + 1) & mask;
  index_[i] = static_cast<int32_t>(entries_.size());
  entries_.push_back(Entry{key, std::move(value), h, true});
  ++count_;
}

bool HashTable::erase(Interpreter& I, const Value& key) {
  int64_t e = find(I, key);
  if (e < 0) return false;
  Entry& en = entries_[static_cast<size_t>(e)];
  en.live = false;  // the index keeps pointing here so probe chains stay intact
  en.key = Value();
  en.value = Value();
  --count_;
  return true;
}

std::vector<size_t> HashTable::set_order() const {
  // Replays CPython's set insertion (Objects/setobject.c): 8 slots to start, 9 linear
  // probes then perturbation, resize to used*4 when 3/5 full. Removed entries still hold
  // their slot (CPython's dummies) until a resize drops them.
  std::vector<int64_t> table(8, -1);
  size_t fill = 0;
  auto insert = [](std::vector<int64_t>& t, size_t entry, uint64_t hash) {
    size_t mask = t.size() - 1;
    size_t i = static_cast<size_t>(hash) & mask;
    uint64_t perturb = hash;
    while (true) {
      size_t probes = i + 9 <= mask ? 9 : 0;
      size_t j = i;
      for (;;) {
        if (t[j] < 0) {
          t[j] = static_cast<int64_t>(entry);
          return;
        }
        if (probes-- == 0) break;
        ++j;
      }
      perturb >>= 5;
      i = (i * 5 + 1 + static_cast<size_t>(perturb)) & mask;
    }
  };
  size_t used = 0;
  for (size_t k = 0; k < entries_.size(); ++k) {
    insert(table, k, static_cast<uint64_t>(entries_[k].hash));
    ++fill;
    ++used;
    if (fill * 5 >= (table.size() - 1) * 3) {
      size_t minused = used > 50000 ? used * 2 : used * 4;
      size_t size = 8;
      while (size <= minused) size <<= 1;
      std::vector<int64_t> bigger(size, -1);
      fill = 0;
      for (int64_t e : table) {
        if (e >= 0 && entries_[static_cast<size_t>(e)].live) {
          insert(bigger, static_cast<size_t>(e), static_cast<uint64_t>(entries_[static_cast<size_t>(e)].hash));
          ++fill;
        }
      }
      used = fill;
      table = std::move(bigger);
    }
  }
  std::vector<size_t> order;
  for (int64_t e : table)
    if (e >= 0 && entries_[static_cast<size_t>(e)].live) order.push_back(static_cast<size_t>(e));
  return order;
}

void HashTable::clear() {
  entries_.clear();
  index_.clear();
  count_ = 0;
}

// ---- NativeObject defaults ----

Value NativeObject::get_attr(Interpreter&, const std::string&) { return Value::unbound(); }
bool NativeObject::set_attr(Interpreter&, const std::string&, const Value&) { return false; }
Value NativeObject::call(Interpreter&, Args) { return Value::unbound(); }
std::string NativeObject::repr(Interpreter&) {
  char buf[64];
  std::snprintf(buf, sizeof buf, " object at %p>", static_cast<const void*>(this));
  return "<" + type->module + "." + type->name + buf;
}
Value NativeObject::binary_op(Interpreter&, BinOpKind, const Value&, bool) { return Value::unbound(); }
Value NativeObject::inplace_op(Interpreter&, BinOpKind, const Value&) { return Value::unbound(); }
Value NativeObject::unary_op(Interpreter&, UnaryOpKind) { return Value::unbound(); }
Value NativeObject::compare(Interpreter&, CmpOpKind, const Value&) { return Value::unbound(); }
Value NativeObject::get_item(Interpreter&, const Value&) { return Value::unbound(); }
bool NativeObject::set_item(Interpreter&, const Value&, const Value&) { return false; }
int64_t NativeObject::len(Interpreter&) { return -1; }
Value NativeObject::iter(Interpreter&) { return Value::unbound(); }
Value NativeObject::next(Interpreter&) { return Value::unbound(); }
int NativeObject::truth(Interpreter&) { return -1; }
std::vector<std::string> NativeObject::dir(Interpreter&) { return {}; }

}  // namespace tp::lang
