// Values of the Python subset: None/bool/int/float are immediate (no allocation); every
// other value is a reference-counted heap Object whose TypeObject gives its Python type.
// Reference cycles are not collected (a learner's session is short-lived).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tp::lang {

struct TypeObject;

// Every heap value. refcount is intrusive; `type` is the Python type (never null).
struct Object {
  explicit Object(TypeObject* t) : type(t) {}
  virtual ~Object() = default;
  Object(const Object&) = delete;
  Object& operator=(const Object&) = delete;
  uint32_t refcount = 0;
  TypeObject* type;
  // Who this object is for `is`, id() and the default hash: itself, unless it is one of
  // several handles on one thing (tensor wrappers on one tensor are one Python tensor).
  virtual const void* identity() const { return this; }
};

inline void incref(Object* o) { ++o->refcount; }
inline void decref(Object* o) {
  if (--o->refcount == 0) delete o;
}

// An owning pointer to an Object subclass (intrusive refcount).
template <typename T>
class Ref {
 public:
  Ref() = default;
  Ref(T* p) : p_(p) {  // NOLINT: implicit from a raw (new or borrowed) pointer
    if (p_) incref(p_);
  }
  Ref(const Ref& o) : Ref(o.p_) {}
  Ref(Ref&& o) noexcept : p_(o.p_) { o.p_ = nullptr; }
  template <typename U>
  Ref(const Ref<U>& o) : Ref(static_cast<T*>(o.get())) {}
  ~Ref() {
    if (p_) decref(p_);
  }
  Ref& operator=(Ref o) noexcept {
    std::swap(p_, o.p_);
    return *this;
  }
  T* get() const { return p_; }
  T* operator->() const { return p_; }
  T& operator*() const { return *p_; }
  explicit operator bool() const { return p_ != nullptr; }

 private:
  T* p_ = nullptr;
};

// Immediate kinds, then Obj for everything on the heap. Unbound marks an empty variable
// slot (and "attribute not found" in lookups); it is never visible to Python code.
enum class Tag : uint8_t { Unbound, None, Bool, Int, Float, Obj };

// A Python value: 16 bytes, copying an immediate costs no allocation or refcount.
class Value {
 public:
  Value() : tag_(Tag::None) { u_.i = 0; }
  static Value unbound() {
    Value v;
    v.tag_ = Tag::Unbound;
    return v;
  }
  static Value none() { return Value(); }
  static Value boolean(bool b) {
    Value v;
    v.tag_ = Tag::Bool;
    v.u_.i = b ? 1 : 0;
    return v;
  }
  static Value integer(int64_t i) {
    Value v;
    v.tag_ = Tag::Int;
    v.u_.i = i;
    return v;
  }
  static Value number(double d) {
    Value v;
    v.tag_ = Tag::Float;
    v.u_.f = d;
    return v;
  }
  // Wraps a heap object (takes a new reference; a fresh object starts at refcount 0).
  static Value object(Object* o) {
    Value v;
    v.tag_ = Tag::Obj;
    v.u_.o = o;
    incref(o);
    return v;
  }
  template <typename T>
  Value(const Ref<T>& r) : Value(object(r.get())) {}  // NOLINT: implicit from a Ref

  Value(const Value& o) : tag_(o.tag_), u_(o.u_) {
    if (tag_ == Tag::Obj) incref(u_.o);
  }
  Value(Value&& o) noexcept : tag_(o.tag_), u_(o.u_) { o.tag_ = Tag::None; }
  // Both assignments read `o` before releasing the old value: `o` may live inside it.
  Value& operator=(const Value& o) {
    Tag t = o.tag_;
    auto u = o.u_;
    if (t == Tag::Obj) incref(u.o);
    release();
    tag_ = t;
    u_ = u;
    return *this;
  }
  Value& operator=(Value&& o) noexcept {
    if (this != &o) {
      Tag t = o.tag_;
      auto u = o.u_;
      o.tag_ = Tag::None;
      release();
      tag_ = t;
      u_ = u;
    }
    return *this;
  }
  ~Value() { release(); }

  Tag tag() const { return tag_; }
  bool is_unbound() const { return tag_ == Tag::Unbound; }
  bool is_none() const { return tag_ == Tag::None; }
  bool is_bool() const { return tag_ == Tag::Bool; }
  bool is_int() const { return tag_ == Tag::Int; }
  bool is_float() const { return tag_ == Tag::Float; }
  bool is_obj() const { return tag_ == Tag::Obj; }
  // int or bool (bool is an int subclass in Python).
  bool is_intlike() const { return tag_ == Tag::Int || tag_ == Tag::Bool; }
  bool is_number() const { return tag_ == Tag::Int || tag_ == Tag::Bool || tag_ == Tag::Float; }

  bool as_bool() const { return u_.i != 0; }
  int64_t as_int() const { return u_.i; }  // also valid for Bool
  double as_float() const { return u_.f; }
  double to_double() const { return tag_ == Tag::Float ? u_.f : static_cast<double>(u_.i); }
  Object* obj() const { return u_.o; }
  template <typename T>
  T* as() const { return static_cast<T*>(u_.o); }

  // Python's type of this value.
  TypeObject* type() const;
  // `is`: same immediate or same object.
  bool identical(const Value& o) const {
    if (tag_ != o.tag_) return false;
    if (tag_ == Tag::Float) return u_.f == o.u_.f || (u_.f != u_.f && o.u_.f != o.u_.f);
    if (tag_ == Tag::Obj) return u_.o == o.u_.o || u_.o->identity() == o.u_.o->identity();
    return tag_ == Tag::None || tag_ == Tag::Unbound || u_.i == o.u_.i;
  }

 private:
  void release() {
    if (tag_ == Tag::Obj) decref(u_.o);
  }
  Tag tag_;
  union {
    int64_t i;
    double f;
    Object* o;
  } u_;
};

// A keyword argument at a call: the name is borrowed from the AST or a live str.
struct Kwarg {
  const std::string* name;
  Value value;
};

// The arguments of a call: positional values then keywords (both borrowed).
struct Args {
  const Value* pos = nullptr;
  size_t n = 0;
  const Kwarg* kw = nullptr;
  size_t nkw = 0;
  const Value& operator[](size_t i) const { return pos[i]; }
};

// An ordered attribute namespace (instances, classes, modules): small, so a linear scan.
class AttrMap {
 public:
  Value* find(const std::string& name) {
    for (auto& [k, v] : items_)
      if (k == name) return &v;
    return nullptr;
  }
  void set(const std::string& name, Value v) {
    if (Value* slot = find(name)) {
      *slot = std::move(v);
    } else {
      items_.emplace_back(name, std::move(v));
    }
  }
  bool erase(const std::string& name) {
    for (size_t i = 0; i < items_.size(); ++i) {
      if (items_[i].first == name) {
        items_.erase(items_.begin() + static_cast<std::ptrdiff_t>(i));
        return true;
      }
    }
    return false;
  }
  const std::vector<std::pair<std::string, Value>>& items() const { return items_; }

 private:
  std::vector<std::pair<std::string, Value>> items_;
};

}  // namespace tp::lang
