// The heap object kinds of the Python subset (str, list, tuple, dict, set, range, functions,
// classes, instances, modules, exceptions, iterators) and NativeObject, the extension point
// through which C++ libraries (the torch binding) add their own types.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "repl/lang/ast.h"
#include "repl/lang/value.h"

namespace tp::lang {

class Interpreter;
struct CodeInfo;
struct Unit;

using NativeFn = Value (*)(Interpreter&, Args);                    // a builtin function
using MethodFn = Value (*)(Interpreter&, const Value& self, Args);  // a builtin method

// A Python type: builtin (int, list, ...), a class statement's class, or a native type.
struct TypeObject : Object {
  TypeObject(std::string name, TypeObject* base);
  std::string name;
  std::string module = "builtins";  // "__main__" for classes a learner writes
  Ref<TypeObject> base;             // null only for `object`
  AttrMap dict;                     // class attributes and methods
  NativeFn construct = nullptr;     // what calling a builtin type does (int(x), list(...))
  // Makes a bare instance of `cls` (a subclass of this type); inherited by subclasses.
  Object* (*new_instance)(TypeObject* cls) = nullptr;
  bool is_user = false;       // made by a class statement
  bool subclassable = false;  // a class statement may name it as a base

  // The attribute `name` on this type or its bases (Unbound when none).
  Value lookup(const std::string& name) const;
  // issubclass(this, other).
  bool is_subtype(const TypeObject* other) const;
};

// Marks a statically created object as never freed.
inline void make_immortal(Object* o) { o->refcount = 1u << 30; }

struct StrObject : Object {
  explicit StrObject(std::string s);
  std::string s;
  int64_t hash = -1;  // cached
  int ascii = -1;     // cached: 1 when every byte is < 0x80
  bool is_ascii();
};

struct ListObject : Object {
  ListObject();
  std::vector<Value> items;
};

struct TupleObject : Object {
  TupleObject();
  std::vector<Value> items;
};

// The ordered hash table behind dict and set (insertion order, like CPython's dict).
class HashTable {
 public:
  struct Entry {
    Value key, value;
    int64_t hash = 0;
    bool live = false;
  };
  // Index of key's entry, or -1.
  int64_t find(Interpreter& I, const Value& key) const;
  Value* get(Interpreter& I, const Value& key);
  void set(Interpreter& I, const Value& key, Value value);
  bool erase(Interpreter& I, const Value& key);
  void clear();
  size_t size() const { return count_; }
  // Live entry indices in the order CPython's set table would iterate them (sets are
  // ordered by hash slot, not insertion: {3, 1, 2} prints {1, 2, 3}).
  std::vector<size_t> set_order() const;
  // Entries in insertion order, including dead ones (skip !live).
  const std::vector<Entry>& entries() const { return entries_; }
  std::vector<Entry>& entries() { return entries_; }

 private:
  void rebuild(size_t capacity);
  std::vector<Entry> entries_;
  std::vector<int32_t> index_;  // open addressing: entry index, -1 empty
  size_t count_ = 0;
};

struct DictObject : Object {
  DictObject();
  HashTable table;
};

struct SetObject : Object {
  SetObject();
  HashTable table;  // values unused
};

struct RangeObject : Object {
  RangeObject(int64_t start, int64_t stop, int64_t step);
  int64_t start, stop, step;
  int64_t length() const;
};

struct SliceObject : Object {
  SliceObject(Value lower, Value upper, Value step);
  Value lower, upper, step;
};

// A variable captured by a closure.
struct CellObject : Object {
  CellObject();
  Value value;  // Unbound until assigned
};

// A function written in Python (def or lambda).
struct FunctionObject : Object {
  FunctionObject();
  std::shared_ptr<Unit> unit;  // keeps the syntax tree alive
  const CodeInfo* code = nullptr;
  std::string name, qualname;
  std::vector<Value> defaults;        // one per Positional/KeywordOnly param (Unbound: none)
  std::vector<Ref<CellObject>> closure;  // in CodeInfo::free order
  AttrMap attrs;
  Ref<TypeObject> owner;  // the class whose body defined it (for super())
};

// A function written in C++, optionally bound to `self` (a builtin method).
struct BuiltinFunction : Object {
  BuiltinFunction(std::string name, NativeFn fn);
  BuiltinFunction(std::string name, MethodFn fn);
  std::string name;
  NativeFn fn = nullptr;
  MethodFn method = nullptr;  // when set, `self` is the first argument
};

// A function bound to an object: obj.method.
struct BoundMethod : Object {
  BoundMethod(Value self, Value func);
  Value self, func;
};

struct PropertyObject : Object {
  PropertyObject();
  Value fget, fset;
};
struct StaticMethodObject : Object {
  explicit StaticMethodObject(Value f);
  Value func;
};
struct ClassMethodObject : Object {
  explicit ClassMethodObject(Value f);
  Value func;
};
// super(): attribute lookups start after `start` in self's class chain.
struct SuperObject : Object {
  SuperObject(Ref<TypeObject> start, Value self);
  Ref<TypeObject> start;
  Value self;
};

// An instance of a class a learner wrote (or of object).
struct InstanceObject : Object {
  explicit InstanceObject(TypeObject* cls);
  Ref<TypeObject> cls;  // keeps the class alive (`type` points to it)
  AttrMap attrs;
};

// One frame of a traceback, innermost appended first.
struct TraceEntry {
  std::shared_ptr<Unit> unit;
  int line = 0;
  std::string function;  // "<module>", "f", ...
  const void* frame = nullptr;  // which frame activation added it (one entry per frame)
  uint64_t serial = 0;
};

// An exception instance (builtin or a learner's subclass of Exception).
struct ExceptionObject : InstanceObject {
  explicit ExceptionObject(TypeObject* cls);
  Value args;  // a tuple
  std::vector<TraceEntry> traceback;
  Value cause, context;  // None or exceptions (raise ... from ..., raised while handling)
  bool suppress_context = false;
  std::string suggestion;  // NameError's "Did you mean" (needs the frame, so computed at raise)
};

struct ModuleObject : Object {
  explicit ModuleObject(std::string name);
  std::string name;
  AttrMap attrs;
};

// Iterators over builtin containers; `kind` says which.
struct IteratorObject : Object {
  enum class Kind { List, Tuple, Str, Range, DictKeys, DictValues, DictItems, Set, Reversed,
                    Enumerate, Zip, Map, Filter, Generic };
  IteratorObject(TypeObject* type, Kind kind, Value source);
  Kind kind;
  Value source;                // the container (or the inner iterator)
  std::vector<Value> sources;  // zip's / map's iterators
  Value func;                  // map/filter function
  int64_t index = 0, stop = 0, step = 1;
};

// dict.keys()/values()/items(): a live view of a dict.
struct DictViewObject : Object {
  enum class Kind { Keys, Values, Items };
  DictViewObject(Kind kind, Ref<DictObject> dict);
  Kind kind;
  Ref<DictObject> dict;
};

// The extension point for types implemented in C++ (Tensor, device, dtype, ...): a
// subclass overrides the hooks it supports; the evaluator calls them and never needs to
// know the type. Each hook's default means "not supported" (the evaluator then raises
// Python's TypeError/AttributeError). Methods can also live in the TypeObject's dict as
// BuiltinFunction(MethodFn), which gives tab completion and dir() for free.
struct NativeObject : Object {
  explicit NativeObject(TypeObject* type) : Object(type) {}
  // obj.name; Unbound when the object has no such attribute (then the type dict is tried).
  virtual Value get_attr(Interpreter& I, const std::string& name);
  // obj.name = v; false when not supported.
  virtual bool set_attr(Interpreter& I, const std::string& name, const Value& v);
  // obj(...); Unbound when not callable.
  virtual Value call(Interpreter& I, Args args);
  virtual std::string repr(Interpreter& I);
  virtual std::string str(Interpreter& I) { return repr(I); }
  // self <op> other (reflected: other <op> self); Unbound means NotImplemented.
  virtual Value binary_op(Interpreter& I, BinOpKind op, const Value& other, bool reflected);
  // self <op>= other in place (x += 1 on a tensor); Unbound falls back to binary_op.
  virtual Value inplace_op(Interpreter& I, BinOpKind op, const Value& other);
  // -self, +self, ~self; Unbound when not supported.
  virtual Value unary_op(Interpreter& I, UnaryOpKind op);
  // self <cmp> other for ==, !=, <, <=, >, >=; Unbound means NotImplemented.
  virtual Value compare(Interpreter& I, CmpOpKind op, const Value& other);
  virtual Value get_item(Interpreter& I, const Value& key);  // Unbound: not subscriptable
  virtual bool set_item(Interpreter& I, const Value& key, const Value& v);
  virtual int64_t len(Interpreter& I);  // -1: no len()
  virtual Value iter(Interpreter& I);   // Unbound: not iterable
  virtual Value next(Interpreter& I);   // Unbound: exhausted (StopIteration)
  virtual int truth(Interpreter& I);    // -1: default (len, else True)
  virtual std::vector<std::string> dir(Interpreter& I);  // extra names for completion
};

// The builtin types, created once and shared by all interpreters.
namespace ty {
extern TypeObject *object, *type, *none, *boolean, *integer, *floating, *str, *list, *tuple,
    *dict, *set, *range, *slice, *function, *builtin_function, *method, *module, *cell,
    *property, *staticmethod, *classmethod, *super, *dict_keys, *dict_values, *dict_items,
    *list_iterator, *tuple_iterator, *str_iterator, *range_iterator, *dict_keyiterator,
    *dict_valueiterator, *dict_itemiterator, *set_iterator, *reversed, *enumerate, *zip,
    *map, *filter, *generator, *ellipsis, *not_implemented;
// Exceptions.
extern TypeObject *BaseException, *Exception, *ArithmeticError, *ZeroDivisionError,
    *OverflowError, *AssertionError, *AttributeError, *LookupError, *IndexError, *KeyError,
    *NameError, *UnboundLocalError, *RuntimeError, *NotImplementedError, *RecursionError,
    *TypeError, *ValueError, *StopIteration, *ImportError, *ModuleNotFoundError,
    *KeyboardInterrupt, *SystemExit, *SyntaxError, *IndentationError, *OutOfMemoryError,
    *AcceleratorError;
// Creates the builtin types and their methods (idempotent).
void init();
}  // namespace ty

// The singleton Ellipsis and NotImplemented values.
Value ellipsis_value();
Value not_implemented_value();

// Convenience constructors.
Value make_str(std::string s);
Value make_list(std::vector<Value> items);
Value make_tuple(std::vector<Value> items);
// The str inside a Value known to be a str.
inline const std::string& str_of(const Value& v) { return v.as<StrObject>()->s; }
// True when v is an object whose Python type is t or a subclass of t.
bool isinstance(const Value& v, const TypeObject* t);
inline bool is_str(const Value& v) { return v.is_obj() && v.obj()->type == ty::str; }
inline bool is_list(const Value& v) { return v.is_obj() && v.obj()->type == ty::list; }
inline bool is_tuple(const Value& v) { return v.is_obj() && v.obj()->type == ty::tuple; }
inline bool is_dict(const Value& v) { return v.is_obj() && v.obj()->type == ty::dict; }

}  // namespace tp::lang
