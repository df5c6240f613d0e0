// Attribute access: instance dicts, class chains with method binding, properties,
// static/class methods, super(), modules, native objects; CPython's AttributeError texts.
#include "repl/lang/interpreter.h"

namespace tp::lang {

namespace {

// What a class attribute becomes when read through an instance (or the class itself).
Value bind(const Value& attr, const Value& self, TypeObject* cls) {
  if (!attr.is_obj()) return attr;
  TypeObject* t = attr.obj()->type;
  if (t == ty::function) return Value::object(new BoundMethod(self, attr));
  if (t == ty::builtin_function && attr.as<BuiltinFunction>()->method) {
    return Value::object(new BoundMethod(self, attr));
  }
  if (t == ty::staticmethod) return attr.as<StaticMethodObject>()->func;
  if (t == ty::classmethod) return Value::object(new BoundMethod(Value::object(cls), attr.as<ClassMethodObject>()->func));
  return attr;
}

// Reading through the class: functions stay plain, classmethods bind to the class.
Value bind_class(const Value& attr, TypeObject* cls) {
  if (!attr.is_obj()) return attr;
  TypeObject* t = attr.obj()->type;
  if (t == ty::staticmethod) return attr.as<StaticMethodObject>()->func;
  if (t == ty::classmethod) return Value::object(new BoundMethod(Value::object(cls), attr.as<ClassMethodObject>()->func));
  return attr;
}

}  // namespace

Value Interpreter::getattr_opt(const Value& obj, const std::string& name) {
  TypeObject* t = obj.type();
  if (obj.is_obj()) {
    Object* o = obj.obj();
    if (auto* n = dynamic_cast<NativeObject*>(o)) {
      Value r = n->get_attr(*this, name);
      if (!r.is_unbound()) return r;
    } else if (auto* inst = dynamic_cast<InstanceObject*>(o)) {
      Value cls_attr = t->lookup(name);
      if (cls_attr.is_obj() && cls_attr.obj()->type == ty::property) {
        Value fget = cls_attr.as<PropertyObject>()->fget;
        return call(fget, std::vector<Value>{obj});
      }
      if (Value* v = inst->attrs.find(name)) return *v;
      if (t->is_subtype(ty::BaseException)) {
        auto* e = static_cast<ExceptionObject*>(inst);
        if (name == "args") return e->args;
        if (name == "__cause__") return e->cause;
        if (name == "__context__") return e->context;
      }
      if (name == "__class__") return Value::object(t);
      if (name == "__dict__") {
        auto* d = new DictObject();
        Value r = Value::object(d);
        for (auto& [k, v] : inst->attrs.items()) d->table.set(*this, make_str(k), v);
        return r;
      }
      if (!cls_attr.is_unbound()) return bind(cls_attr, obj, t);
      Value ga = t->lookup("__getattr__");
      if (!ga.is_unbound() && t->is_user) return call(bind(ga, obj, t), std::vector<Value>{make_str(name)});
      return Value::unbound();
    } else if (t == ty::type) {
      auto* cls = static_cast<TypeObject*>(o);
      Value a = cls->lookup(name);
      if (!a.is_unbound()) return bind_class(a, cls);
      if (name == "__name__" || name == "__qualname__") return make_str(cls->name);
      if (name == "__module__") return make_str(cls->module);
      if (name == "__base__") return cls->base ? Value::object(cls->base.get()) : Value();
      if (name == "__bases__") {
        return make_tuple(cls->base ? std::vector<Value>{Value::object(cls->base.get())} : std::vector<Value>{});
      }
      if (name == "__mro__") {
        std::vector<Value> mro;
        for (TypeObject* c = cls; c; c = c->base.get()) mro.push_back(Value::object(c));
        return make_tuple(std::move(mro));
      }
      return Value::unbound();
    } else if (t == ty::module) {
      auto* m = static_cast<ModuleObject*>(o);
      if (Value* v = m->attrs.find(name)) return *v;
      if (name == "__name__") return make_str(m->name);
      return Value::unbound();
    } else if (t == ty::super) {
      auto* s = static_cast<SuperObject*>(o);
      for (TypeObject* c = s->start->base.get(); c; c = c->base.get()) {
        if (Value* v = c->dict.find(name)) return bind(*v, s->self, s->self.type());
      }
      return Value::unbound();
    } else if (t == ty::function) {
      auto* f = static_cast<FunctionObject*>(o);
      if (Value* v = f->attrs.find(name)) return *v;
      if (name == "__name__") return make_str(f->name);
      if (name == "__qualname__") return make_str(f->qualname);
      if (name == "__module__") return make_str("__main__");
      if (name == "__doc__") return Value();
    } else if (t == ty::builtin_function) {
      if (name == "__name__") return make_str(static_cast<BuiltinFunction*>(o)->name);
    } else if (t == ty::method) {
      auto* m = static_cast<BoundMethod*>(o);
      if (name == "__self__") return m->self;
      if (name == "__func__") return m->func;
      return getattr_opt(m->func, name);
    } else if (t == ty::property) {
      auto* p = static_cast<PropertyObject*>(o);
      if (name == "fget") return p->fget;
      if (name == "fset") return p->fset;
    }
  }
  if (obj.is_float() || obj.is_intlike()) {
    if (name == "real") return obj.is_bool() ? Value::integer(obj.as_int()) : obj;
    if (name == "imag") return obj.is_float() ? Value::number(0.0) : Value::integer(0);
  }
  Value a = t->lookup(name);
  if (!a.is_unbound()) return bind(a, obj, t);
  if (name == "__class__") return Value::object(t);
  return Value::unbound();
}

Value Interpreter::getattr(const Value& obj, const std::string& name) {
  Value v = getattr_opt(obj, name);
  if (!v.is_unbound()) return v;
  TypeObject* t = obj.type();
  std::string msg;
  if (t == ty::type) {
    msg = "type object '" + obj.as<TypeObject>()->name + "' has no attribute '" + name + "'";
  } else if (t == ty::module) {
    msg = "module '" + obj.as<ModuleObject>()->name + "' has no attribute '" + name + "'";
  } else if (t == ty::super) {
    msg = "'super' object has no attribute '" + name + "'";
  } else {
    msg = "'" + t->name + "' object has no attribute '" + name + "'";
  }
  Ref<ExceptionObject> e = make_exception(ty::AttributeError, msg);
  e->attrs.set("name", make_str(name));
  e->attrs.set("obj", obj);
  throw PyError{e};
}

void Interpreter::setattr(const Value& obj, const std::string& name, const Value& v) {
  TypeObject* t = obj.type();
  if (obj.is_obj()) {
    Object* o = obj.obj();
    if (auto* n = dynamic_cast<NativeObject*>(o)) {
      if (n->set_attr(*this, name, v)) return;
    } else if (auto* inst = dynamic_cast<InstanceObject*>(o)) {
      if (t->is_user) {
        Value cls_attr = t->lookup(name);
        if (cls_attr.is_obj() && cls_attr.obj()->type == ty::property) {
          Value fset = cls_attr.as<PropertyObject>()->fset;
          if (fset.is_none()) {
            raise(ty::AttributeError, "property '" + name + "' of '" + t->name + "' object has no setter");
          }
          call(fset, std::vector<Value>{obj, v});
          return;
        }
        Value sa = t->lookup("__setattr__");
        if (!sa.is_unbound() && sa.type() == ty::function) {
          call(sa, std::vector<Value>{obj, make_str(name), v});
          return;
        }
      }
      inst->attrs.set(name, v);
      return;
    } else if (t == ty::type) {
      auto* cls = static_cast<TypeObject*>(o);
      if (!cls->is_user) {
        raise(ty::TypeError, "cannot set '" + name + "' attribute of immutable type '" + cls->name + "'");
      }
      cls->dict.set(name, v);
      return;
    } else if (t == ty::module) {
      static_cast<ModuleObject*>(o)->attrs.set(name, v);
      return;
    } else if (t == ty::function) {
      static_cast<FunctionObject*>(o)->attrs.set(name, v);
      return;
    }
  }
  Value existing = t->lookup(name);
  if (!existing.is_unbound()) {
    raise(ty::AttributeError, "'" + t->name + "' object attribute '" + name + "' is read-only");
  }
  raise(ty::AttributeError, "'" + t->name + "' object has no attribute '" + name + "'");
}

void Interpreter::delattr(const Value& obj, const std::string& name) {
  if (obj.is_obj()) {
    if (auto* inst = dynamic_cast<InstanceObject*>(obj.obj())) {
      if (inst->attrs.erase(name)) return;
    } else if (obj.type() == ty::type && obj.as<TypeObject>()->is_user) {
      if (obj.as<TypeObject>()->dict.erase(name)) return;
    } else if (obj.type() == ty::module) {
      if (obj.as<ModuleObject>()->attrs.erase(name)) return;
    }
  }
  getattr(obj, name);  // raises the AttributeError when missing
  raise(ty::AttributeError, "'" + obj.type()->name + "' object attribute '" + name + "' is read-only");
}

}  // namespace tp::lang
