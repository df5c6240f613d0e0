// repr() and str() of every value, exactly as CPython 3.11 prints them (containers,
// functions and instances with their addresses, exceptions, modules, views).
#include <cstdio>

#include "repl/lang/interpreter.h"
#include "repl/lang/pyrepr.h"

namespace tp::lang {

namespace {

std::string address(const void* p) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "0x%012llx", static_cast<unsigned long long>(reinterpret_cast<uintptr_t>(p)));
  return buf;
}

std::string class_name(const TypeObject* t) {
  if (t->module == "builtins") return t->name;
  return t->module + "." + t->name;
}

// Objects whose repr is in progress, so self-containing lists print as [...].
thread_local std::vector<const Object*> g_repr_stack;

struct ReprGuard {
  explicit ReprGuard(const Object* o) : seen(false) {
    for (auto* p : g_repr_stack)
      if (p == o) seen = true;
    if (!seen) g_repr_stack.push_back(o);
  }
  ~ReprGuard() {
    if (!seen) g_repr_stack.pop_back();
  }
  bool seen;
};

}  // namespace

std::string Interpreter::repr(const Value& v) {
  switch (v.tag()) {
    case Tag::None: return "None";
    case Tag::Unbound: return "<unbound>";
    case Tag::Bool: return v.as_bool() ? "True" : "False";
    case Tag::Int: return std::to_string(v.as_int());
    case Tag::Float: return float_repr(v.as_float());
    case Tag::Obj: break;
  }
  Object* o = v.obj();
  TypeObject* t = o->type;
  if (t == ty::str) return str_repr(str_of(v));
  auto join = [&](const std::vector<Value>& items, const char* open, const char* close) {
    std::string s = open;
    for (size_t i = 0; i < items.size(); ++i) {
      if (i) s += ", ";
      s += repr(items[i]);
    }
    return s + close;
  };
  if (t == ty::list || t == ty::tuple || t == ty::dict || t == ty::set) {
    ReprGuard guard(o);
    if (guard.seen) return t == ty::list ? "[...]" : t == ty::dict ? "{...}" : "(...)";
    if (t == ty::list) return join(v.as<ListObject>()->items, "[", "]");
    if (t == ty::tuple) {
      const auto& items = v.as<TupleObject>()->items;
      if (items.size() == 1) return "(" + repr(items[0]) + ",)";
      return join(items, "(", ")");
    }
    if (t == ty::set) {
      std::vector<Value> keys;
      auto& table = v.as<SetObject>()->table;
      for (size_t i : table.set_order()) keys.push_back(table.entries()[i].key);
      return keys.empty() ? "set()" : join(keys, "{", "}");
    }
    std::string s = "{";
    bool first = true;
    for (auto& e : v.as<DictObject>()->table.entries()) {
      if (!e.live) continue;
      if (!first) s += ", ";
      first = false;
      s += repr(e.key) + ": " + repr(e.value);
    }
    return s + "}";
  }
  if (t == ty::range) {
    auto* r = v.as<RangeObject>();
    std::string s = "range(" + std::to_string(r->start) + ", " + std::to_string(r->stop);
    if (r->step != 1) s += ", " + std::to_string(r->step);
    return s + ")";
  }
  if (t == ty::slice) {
    auto* s = v.as<SliceObject>();
    return "slice(" + repr(s->lower) + ", " + repr(s->upper) + ", " + repr(s->step) + ")";
  }
  if (t == ty::function) return "<function " + v.as<FunctionObject>()->qualname + " at " + address(o) + ">";
  if (t == ty::builtin_function) {
    auto* b = v.as<BuiltinFunction>();
    if (b->method) return "<method '" + b->name + "' objects>";
    return "<built-in function " + b->name + ">";
  }
  if (t == ty::method) {
    auto* m = v.as<BoundMethod>();
    if (m->func.type() == ty::builtin_function) {
      return "<built-in method " + m->func.as<BuiltinFunction>()->name + " of " + m->self.type()->name +
             " object at " + address(m->self.is_obj() ? m->self.obj() : nullptr) + ">";
    }
    std::string fname = m->func.type() == ty::function ? m->func.as<FunctionObject>()->qualname : repr(m->func);
    return "<bound method " + fname + " of " + repr(m->self) + ">";
  }
  if (t == ty::type) return "<class '" + class_name(v.as<TypeObject>()) + "'>";
  if (t == ty::module) return "<module '" + v.as<ModuleObject>()->name + "' (built-in)>";
  if (t == ty::ellipsis) return "Ellipsis";
  if (t == ty::not_implemented) return "NotImplemented";
  if (t == ty::dict_keys || t == ty::dict_values || t == ty::dict_items) {
    auto* view = v.as<DictViewObject>();
    std::vector<Value> items;
    for (auto& e : view->dict->table.entries()) {
      if (!e.live) continue;
      if (view->kind == DictViewObject::Kind::Keys) items.push_back(e.key);
      else if (view->kind == DictViewObject::Kind::Values) items.push_back(e.value);
      else items.push_back(make_tuple({e.key, e.value}));
    }
    return t->name + join(items, "([", "])");
  }
  if (auto* n = dynamic_cast<NativeObject*>(o)) return n->repr(*this);
  if (t->is_user) {
    Value r = call_dunder(v, "__repr__", {});
    if (!r.is_unbound()) {
      if (!is_str(r)) raise(ty::TypeError, "__repr__ returned non-string (type " + r.type()->name + ")");
      return str_of(r);
    }
  }
  if (t->is_subtype(ty::BaseException)) {
    const auto& args = v.as<ExceptionObject>()->args.as<TupleObject>()->items;
    if (args.size() == 1) return t->name + "(" + repr(args[0]) + ")";
    return t->name + join(args, "(", ")");
  }
  return "<" + class_name(t) + " object at " + address(o) + ">";
}

std::string Interpreter::str(const Value& v) {
  if (is_str(v)) return str_of(v);
  if (!v.is_obj()) return repr(v);
  TypeObject* t = v.type();
  if (auto* n = dynamic_cast<NativeObject*>(v.obj())) return n->str(*this);
  if (t->is_user) {
    Value r = call_dunder(v, "__str__", {});
    if (!r.is_unbound()) {
      if (!is_str(r)) raise(ty::TypeError, "__str__ returned non-string (type " + r.type()->name + ")");
      return str_of(r);
    }
  }
  if (t->is_subtype(ty::BaseException)) {
    const auto& args = v.as<ExceptionObject>()->args.as<TupleObject>()->items;
    if (args.empty()) return "";
    if (args.size() == 1) {
      return t->is_subtype(ty::KeyError) ? repr(args[0]) : str(args[0]);
    }
    return repr(v.as<ExceptionObject>()->args);
  }
  return repr(v);
}

}  // namespace tp::lang
