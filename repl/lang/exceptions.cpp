// Raising exceptions from C++: building exception objects, BaseException's methods
// (__init__ storing args, with_traceback), TorchError -> Python exception mapping, and
// CPython's "Did you mean" suggestions for NameError/AttributeError.
#include <algorithm>
#include <cctype>

#include "core/error.h"
#include "repl/lang/interpreter.h"
#include "repl/lang/methods.h"
#include "repl/lang/suggest.h"

namespace tp::lang {

Ref<ExceptionObject> Interpreter::make_exception_args(TypeObject* cls, std::vector<Value> args) {
  Ref<ExceptionObject> e(static_cast<ExceptionObject*>(cls->new_instance(cls)));
  e->args = make_tuple(std::move(args));
  return e;
}

Ref<ExceptionObject> Interpreter::make_exception(TypeObject* cls, const std::string& msg) {
  if (msg.empty()) return make_exception_args(cls, {});
  return make_exception_args(cls, {make_str(msg)});
}

void Interpreter::raise(TypeObject* cls, const std::string& msg) { throw PyError{make_exception(cls, msg)}; }

void Interpreter::raise_interrupt() {
  interrupt_flag_.store(false, std::memory_order_relaxed);
  raise(ty::KeyboardInterrupt, "");
}

Ref<ExceptionObject> Interpreter::from_torch_error(const std::exception& ex) {
  TypeObject* cls = ty::RuntimeError;
  if (auto* te = dynamic_cast<const TorchError*>(&ex)) {
    switch (te->kind()) {
      case ErrorKind::RuntimeError: cls = ty::RuntimeError; break;
      case ErrorKind::IndexError: cls = ty::IndexError; break;
      case ErrorKind::TypeError: cls = ty::TypeError; break;
      case ErrorKind::ValueError: cls = ty::ValueError; break;
      case ErrorKind::NotImplementedError: cls = ty::NotImplementedError; break;
      case ErrorKind::AssertionError: cls = ty::AssertionError; break;
      case ErrorKind::OutOfMemoryError: cls = ty::OutOfMemoryError; break;
      case ErrorKind::AcceleratorError: cls = ty::AcceleratorError; break;
    }
  } else if (dynamic_cast<const InternalError*>(&ex)) {
    return make_exception(ty::RuntimeError, std::string("internal error in tensorplay: ") + ex.what());
  }
  return make_exception(cls, ex.what());
}

void Interpreter::raise_name_error(const std::string& name) {
  Ref<ExceptionObject> e = make_exception(ty::NameError, "name '" + name + "' is not defined");
  e->attrs.set("name", make_str(name));
  // CPython looks in the frame's locals, then globals, then builtins, stopping at the
  // first list that has a close enough name.
  std::vector<std::vector<std::string>> lists(3);
  if (frame_ && frame_->code->kind == CodeInfo::Kind::Function) {
    for (int s = 0; s < frame_->code->nslots; ++s) lists[0].push_back(frame_->code->slot_names[static_cast<size_t>(s)]);
  }
  for (auto& [n, v] : globals()) lists[1].push_back(n);
  lists[2] = builtin_names_;
  for (auto& l : lists) {
    e->suggestion = suggest_name(name, l);
    if (!e->suggestion.empty()) break;
  }
  throw PyError{e};
}

namespace {

Value exc_init(Interpreter& I, const Value& self, Args a) {
  if (a.nkw) I.raise(ty::TypeError, self.type()->name + "() takes no keyword arguments");
  auto* e = self.as<ExceptionObject>();
  e->args = make_tuple(std::vector<Value>(a.pos, a.pos + a.n));
  return Value();
}

Value exc_with_traceback(Interpreter&, const Value& self, Args) { return self; }

Value exc_str(Interpreter& I, const Value& self, Args) {
  // The builtin text, so a learner's __str__ can call super().__str__().
  const auto& args = self.as<ExceptionObject>()->args.as<TupleObject>()->items;
  if (args.empty()) return make_str("");
  if (args.size() == 1) return make_str(I.str(args[0]));
  return make_str(I.repr(self.as<ExceptionObject>()->args));
}

Value object_init(Interpreter&, const Value&, Args) { return Value(); }

Value property_setter(Interpreter&, const Value& self, Args a) {
  auto* p = new PropertyObject();
  Value r = Value::object(p);
  p->fget = self.as<PropertyObject>()->fget;
  p->fset = a.n ? a[0] : Value();
  return r;
}

}  // namespace

void register_exception_methods() {
  add_method(ty::BaseException, "__init__", exc_init);
  add_method(ty::BaseException, "with_traceback", exc_with_traceback);
  add_method(ty::BaseException, "__str__", exc_str);
  add_method(ty::object, "__init__", object_init);
  add_method(ty::property, "setter", property_setter);
}

}  // namespace tp::lang
