// The builtin types, created once: their names, bases and which kind of instance a class
// statement deriving from them makes. Methods are added by the files that implement them.
#include <mutex>

#include "repl/lang/interpreter.h"
#include "repl/lang/methods.h"

namespace tp::lang {
namespace ty {

TypeObject *object, *type, *none, *boolean, *integer, *floating, *str, *list, *tuple, *dict,
    *set, *range, *slice, *function, *builtin_function, *method, *module, *cell, *property,
    *staticmethod, *classmethod, *super, *dict_keys, *dict_values, *dict_items, *list_iterator,
    *tuple_iterator, *str_iterator, *range_iterator, *dict_keyiterator, *dict_valueiterator,
    *dict_itemiterator, *set_iterator, *reversed, *enumerate, *zip, *map, *filter, *generator,
    *ellipsis, *not_implemented;
TypeObject *BaseException, *Exception, *ArithmeticError, *ZeroDivisionError, *OverflowError,
    *AssertionError, *AttributeError, *LookupError, *IndexError, *KeyError, *NameError,
    *UnboundLocalError, *RuntimeError, *NotImplementedError, *RecursionError, *TypeError,
    *ValueError, *StopIteration, *ImportError, *ModuleNotFoundError, *KeyboardInterrupt,
    *SystemExit, *SyntaxError, *IndentationError, *OutOfMemoryError,
    *AcceleratorError;

namespace {

TypeObject* make(const char* name, TypeObject* base) {
  auto* t = new TypeObject(name, base);
  make_immortal(t);
  // Learners subclass exceptions (class ShapeError(ValueError)); other builtins are final.
  t->subclassable = base && BaseException && base->is_subtype(BaseException);
  return t;
}

Object* new_plain_instance(TypeObject* cls) { return new InstanceObject(cls); }
Object* new_exception(TypeObject* cls) { return new ExceptionObject(cls); }

void create() {
  // `type` is its own type: create it first, then fix up.
  type = new TypeObject("type", nullptr);
  make_immortal(type);
  type->type = type;
  object = make("object", nullptr);
  object->new_instance = new_plain_instance;
  object->subclassable = true;
  type->base = object;
  none = make("NoneType", object);
  integer = make("int", object);
  boolean = make("bool", integer);
  floating = make("float", object);
  str = make("str", object);
  list = make("list", object);
  tuple = make("tuple", object);
  dict = make("dict", object);
  set = make("set", object);
  range = make("range", object);
  slice = make("slice", object);
  function = make("function", object);
  builtin_function = make("builtin_function_or_method", object);
  method = make("method", object);
  module = make("module", object);
  cell = make("cell", object);
  property = make("property", object);
  staticmethod = make("staticmethod", object);
  classmethod = make("classmethod", object);
  super = make("super", object);
  dict_keys = make("dict_keys", object);
  dict_values = make("dict_values", object);
  dict_items = make("dict_items", object);
  list_iterator = make("list_iterator", object);
  tuple_iterator = make("tuple_iterator", object);
  str_iterator = make("str_ascii_iterator", object);
  range_iterator = make("range_iterator", object);
  dict_keyiterator = make("dict_keyiterator", object);
  dict_valueiterator = make("dict_valueiterator", object);
  dict_itemiterator = make("dict_itemiterator", object);
  set_iterator = make("set_iterator", object);
  reversed = make("reversed", object);
  enumerate = make("enumerate", object);
  zip = make("zip", object);
  map = make("map", object);
  filter = make("filter", object);
  generator = make("generator", object);
  ellipsis = make("ellipsis", object);
  not_implemented = make("NotImplementedType", object);

  BaseException = make("BaseException", object);
  BaseException->new_instance = new_exception;
  BaseException->subclassable = true;
  Exception = make("Exception", BaseException);
  ArithmeticError = make("ArithmeticError", Exception);
  ZeroDivisionError = make("ZeroDivisionError", ArithmeticError);
  OverflowError = make("OverflowError", ArithmeticError);
  AssertionError = make("AssertionError", Exception);
  AttributeError = make("AttributeError", Exception);
  LookupError = make("LookupError", Exception);
  IndexError = make("IndexError", LookupError);
  KeyError = make("KeyError", LookupError);
  NameError = make("NameError", Exception);
  UnboundLocalError = make("UnboundLocalError", NameError);
  RuntimeError = make("RuntimeError", Exception);
  NotImplementedError = make("NotImplementedError", RuntimeError);
  RecursionError = make("RecursionError", RuntimeError);
  TypeError = make("TypeError", Exception);
  ValueError = make("ValueError", Exception);
  StopIteration = make("StopIteration", Exception);
  ImportError = make("ImportError", Exception);
  ModuleNotFoundError = make("ModuleNotFoundError", ImportError);
  KeyboardInterrupt = make("KeyboardInterrupt", BaseException);
  SystemExit = make("SystemExit", BaseException);
  SyntaxError = make("SyntaxError", Exception);
  IndentationError = make("IndentationError", SyntaxError);
  OutOfMemoryError = make("OutOfMemoryError", RuntimeError);
  OutOfMemoryError->module = "torch";
  AcceleratorError = make("AcceleratorError", RuntimeError);
  AcceleratorError->module = "torch";

  register_str_methods();
  register_container_methods();
  register_exception_methods();
  register_type_constructors();
}

}  // namespace

void init() {
  static std::once_flag once;
  std::call_once(once, create);
}

}  // namespace ty

Value ellipsis_value() {
  static Object* e = [] {
    auto* o = new Object(ty::ellipsis);
    make_immortal(o);
    return o;
  }();
  return Value::object(e);
}

Value not_implemented_value() {
  static Object* n = [] {
    auto* o = new Object(ty::not_implemented);
    make_immortal(o);
    return o;
  }();
  return Value::object(n);
}

void add_method(TypeObject* t, const char* name, MethodFn fn) {
  auto* f = new BuiltinFunction(name, fn);
  make_immortal(f);
  t->dict.set(name, Value::object(f));
}

TypeObject* new_native_type(const std::string& name, const std::string& module, TypeObject* base) {
  auto* t = new TypeObject(name, base ? base : ty::object);
  t->module = module;
  make_immortal(t);
  return t;
}

void add_function(ModuleObject& m, const char* name, NativeFn fn) {
  m.attrs.set(name, Value::object(new BuiltinFunction(name, fn)));
}

}  // namespace tp::lang
