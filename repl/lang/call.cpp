// Calls: evaluating call expressions (with *args/**kwargs and the method-call fast path),
// binding arguments to parameter slots with CPython's TypeError texts, running function
// frames, building functions and classes, and calling types.
#include "core/error.h"
#include "repl/lang/interpreter.h"

namespace tp::lang {

namespace {

constexpr int kMaxDepth = 1000;

std::string quoted_list(const std::vector<std::string>& names) {
  std::string s;
  for (size_t i = 0; i < names.size(); ++i) {
    if (i) s += names.size() == 2 ? " and " : (i + 1 == names.size() ? ", and " : ", ");
    s += "'" + names[i] + "'";
  }
  return s;
}

// Holds call arguments on the interpreter's value stack (no allocation per call).
struct ArgBuffer {
  std::vector<Value> heap;
  std::vector<Kwarg> kw;
};

}  // namespace

FrameScope::FrameScope(Interpreter& interp, Frame& frame, int nslots) : I(interp), f(frame), base(interp.sp_), n(nslots) {
  if (I.sp_ + static_cast<size_t>(nslots) > I.stack_.size() || I.depth_ >= kMaxDepth) {
    I.raise(ty::RecursionError, "maximum recursion depth exceeded");
  }
  f.slots = I.stack_.data() + I.sp_;
  I.sp_ += static_cast<size_t>(nslots);
  f.back = I.frame_;
  I.frame_ = &f;
  ++I.depth_;
}

FrameScope::~FrameScope() {
  for (int i = 0; i < n; ++i) f.slots[i] = Value::unbound();
  I.sp_ = base;
  I.frame_ = f.back;
  --I.depth_;
}

Value Interpreter::add_traceback(PyError& e, Frame* f) {
  auto& tb = e.exc->traceback;
  const void* id = f;
  if (tb.empty() || tb.back().frame != id || tb.back().serial != f->serial) {
    TraceEntry t;
    t.unit = f->unit ? f->unit->shared_from_this() : nullptr;
    t.line = f->line;
    t.function = f->code ? f->code->name : "?";
    t.frame = id;
    t.serial = f->serial;
    tb.push_back(std::move(t));
  }
  return Value();
}

Value Interpreter::make_function(const void* node, const std::string& name, const std::vector<Param>& params) {
  auto* f = new FunctionObject();
  Value fv = Value::object(f);
  f->unit = frame_->unit->shared_from_this();
  f->code = frame_->unit->code_for(node);
  f->name = name;
  f->qualname = f->code->qualname;
  for (auto& p : params) f->defaults.push_back(p.default_value ? eval(p.default_value.get()) : Value::unbound());
  for (int outer : f->code->free_outer) {
    f->closure.push_back(Ref<CellObject>(frame_->slots[outer].as<CellObject>()));
  }
  return fv;
}

Value Interpreter::call_function(FunctionObject* f, const Value* self, Args a) {
  check_interrupt();
  const CodeInfo* code = f->code;
  Frame fr;
  fr.code = code;
  fr.unit = f->unit.get();
  fr.func = f;
  fr.serial = ++frame_serial_;
  fr.line = code->body && !code->body->empty() ? (*code->body)[0]->span.line : 0;
  FrameScope scope(*this, fr, code->nslots);
  Value* slots = fr.slots;
  const auto& params = *code->params;
  size_t nparams = params.size();

  // Positional parameters come first; then *args, keyword-only, **kwargs.
  size_t npos_params = 0;
  int varargs = -1, varkw = -1;
  for (size_t i = 0; i < nparams; ++i) {
    switch (params[i].kind) {
      case Param::Kind::Positional: ++npos_params; break;
      case Param::Kind::VarArgs: varargs = static_cast<int>(i); break;
      case Param::Kind::VarKeywords: varkw = static_cast<int>(i); break;
      default: break;
    }
  }
  size_t offset = self ? 1 : 0;
  size_t given = a.n + offset;
  auto pos_at = [&](size_t i) -> const Value& { return self ? (i == 0 ? *self : a.pos[i - 1]) : a.pos[i]; };
  for (size_t i = 0; i < given && i < npos_params; ++i) slots[i] = pos_at(i);
  if (given > npos_params) {
    if (varargs < 0) {
      size_t required = 0;
      for (size_t i = 0; i < npos_params; ++i)
        if (f->defaults[i].is_unbound()) ++required;
      std::string takes = required == npos_params ? std::to_string(npos_params)
                                                  : "from " + std::to_string(required) + " to " + std::to_string(npos_params);
      raise(ty::TypeError, f->qualname + "() takes " + takes + " positional argument" +
                               (npos_params == 1 && required == npos_params ? "" : "s") + " but " + std::to_string(given) +
                               (given == 1 ? " was" : " were") + " given");
    }
    std::vector<Value> extra;
    for (size_t i = npos_params; i < given; ++i) extra.push_back(pos_at(i));
    slots[varargs] = make_tuple(std::move(extra));
  } else if (varargs >= 0) {
    slots[varargs] = make_tuple({});
  }
  DictObject* kwdict = nullptr;
  if (varkw >= 0) {
    kwdict = new DictObject();
    slots[varkw] = Value::object(kwdict);
  }
  for (size_t k = 0; k < a.nkw; ++k) {
    const std::string& name = *a.kw[k].name;
    size_t idx = nparams;
    for (size_t i = 0; i < nparams; ++i) {
      if ((params[i].kind == Param::Kind::Positional || params[i].kind == Param::Kind::KeywordOnly) &&
          params[i].name == name) {
        idx = i;
        break;
      }
    }
    if (idx == nparams) {
      if (!kwdict) raise(ty::TypeError, f->qualname + "() got an unexpected keyword argument '" + name + "'");
      kwdict->table.set(*this, make_str(name), a.kw[k].value);
      continue;
    }
    if (!slots[idx].is_unbound()) raise(ty::TypeError, f->qualname + "() got multiple values for argument '" + name + "'");
    slots[idx] = a.kw[k].value;
  }
  std::vector<std::string> missing, missing_kw;
  for (size_t i = 0; i < nparams; ++i) {
    if (!slots[i].is_unbound()) continue;
    const Param& p = params[i];
    if (p.kind != Param::Kind::Positional && p.kind != Param::Kind::KeywordOnly) continue;
    if (!f->defaults[i].is_unbound()) {
      slots[i] = f->defaults[i];
    } else if (p.kind == Param::Kind::Positional) {
      missing.push_back(p.name);
    } else {
      missing_kw.push_back(p.name);
    }
  }
  if (!missing.empty()) {
    raise(ty::TypeError, f->qualname + "() missing " + std::to_string(missing.size()) + " required positional argument" +
                             (missing.size() == 1 ? "" : "s") + ": " + quoted_list(missing));
  }
  if (!missing_kw.empty()) {
    raise(ty::TypeError, f->qualname + "() missing " + std::to_string(missing_kw.size()) + " required keyword-only argument" +
                             (missing_kw.size() == 1 ? "" : "s") + ": " + quoted_list(missing_kw));
  }
  for (int s : code->cell_slots) {
    auto* c = new CellObject();
    c->value = std::move(slots[s]);
    slots[s] = Value::object(c);
  }
  for (size_t i = 0; i < code->free_slots.size(); ++i) slots[code->free_slots[i]] = Value::object(f->closure[i].get());

  try {
    if (code->lambda_body) return eval(code->lambda_body);
    exec_block(*code->body);
  } catch (PyError& e) {
    add_traceback(e, &fr);
    throw;
  } catch (const TorchError& te) {
    PyError e{from_torch_error(te)};
    add_traceback(e, &fr);
    throw e;
  }
  return std::move(fr.ret);
}

Value Interpreter::call(const Value& f, std::vector<Value> pos) {
  return call(f, Args{pos.data(), pos.size(), nullptr, 0});
}

Value Interpreter::call_method(const Value& obj, const std::string& name, std::vector<Value> pos) {
  Value m = getattr(obj, name);
  return call(m, std::move(pos));
}

Value Interpreter::call(const Value& f, Args a) {
  if (!f.is_obj()) raise(ty::TypeError, "'" + f.type()->name + "' object is not callable");
  Object* o = f.obj();
  TypeObject* t = o->type;
  if (t == ty::function) return call_function(static_cast<FunctionObject*>(o), nullptr, a);
  try {
    if (t == ty::builtin_function) {
      auto* b = static_cast<BuiltinFunction*>(o);
      if (b->fn) return b->fn(*this, a);
      if (a.n == 0) raise(ty::TypeError, "unbound method " + b->name + "() needs an argument");
      return b->method(*this, a.pos[0], Args{a.pos + 1, a.n - 1, a.kw, a.nkw});
    }
    if (t == ty::method) {
      auto* m = static_cast<BoundMethod*>(o);
      if (m->func.type() == ty::function) return call_function(m->func.as<FunctionObject>(), &m->self, a);
      if (m->func.type() == ty::builtin_function && m->func.as<BuiltinFunction>()->method) {
        return m->func.as<BuiltinFunction>()->method(*this, m->self, a);
      }
      std::vector<Value> pos{m->self};
      pos.insert(pos.end(), a.pos, a.pos + a.n);
      return call(m->func, Args{pos.data(), pos.size(), a.kw, a.nkw});
    }
    if (t == ty::type) return call_type(static_cast<TypeObject*>(o), a);
    if (auto* n = dynamic_cast<NativeObject*>(o)) {
      Value r = n->call(*this, a);
      if (!r.is_unbound()) return r;
    }
  } catch (const TorchError& te) {
    throw PyError{from_torch_error(te)};
  }
  if (t->is_user) {
    Value c = t->lookup("__call__");
    if (c.type() == ty::function) return call_function(c.as<FunctionObject>(), &f, a);
  }
  if (t == ty::staticmethod) return call(static_cast<StaticMethodObject*>(o)->func, a);
  raise(ty::TypeError, "'" + t->name + "' object is not callable");
}

Value Interpreter::eval_call(const CallExpr* c) {
  frame_->line = c->span.line;
  // Arguments live on the value stack for the duration of the call.
  size_t base = sp_;
  struct Release {
    Interpreter& I;
    size_t base;
    ~Release() {
      for (size_t i = base; i < I.sp_; ++i) I.stack_[i] = Value::unbound();
      I.sp_ = base;
    }
  } release{*this, base};
  auto push = [&](Value v) {
    if (sp_ >= stack_.size()) raise(ty::RecursionError, "maximum recursion depth exceeded");
    stack_[sp_++] = std::move(v);
  };

  // obj.method(...): find the method without creating a bound method object.
  Value callee, self;
  bool has_self = false;
  if (c->func->kind == ExprKind::Attribute) {
    auto* a = static_cast<const AttributeExpr*>(c->func.get());
    Value obj = eval(a->value.get());
    TypeObject* t = obj.type();
    Value attr = Value::unbound();
    bool plain_instance = obj.is_obj() && t->is_user && dynamic_cast<InstanceObject*>(obj.obj());
    if (plain_instance) {
      if (!static_cast<InstanceObject*>(obj.obj())->attrs.find(a->attr)) attr = t->lookup(a->attr);
    } else if (obj.is_obj() && (t == ty::str || t == ty::list || t == ty::dict || t == ty::set || t == ty::tuple)) {
      attr = t->lookup(a->attr);
    }
    if (!attr.is_unbound() && (attr.type() == ty::function ||
                               (attr.type() == ty::builtin_function && attr.as<BuiltinFunction>()->method))) {
      callee = std::move(attr);
      self = std::move(obj);
      has_self = true;
    } else {
      callee = getattr(obj, a->attr);
    }
  } else {
    callee = eval(c->func.get());
  }
  for (auto& arg : c->args) {
    if (arg->kind == ExprKind::Starred) {
      for (auto& v : to_vector(eval(static_cast<const StarredExpr*>(arg.get())->value.get()))) push(v);
    } else {
      push(eval(arg.get()));
    }
  }
  std::vector<Kwarg> kws;
  std::vector<Value> keep;  // keeps **mapping dicts alive while their keys are borrowed
  for (auto& k : c->keywords) {
    if (!k.name.empty()) {
      kws.push_back(Kwarg{&k.name, eval(k.value.get())});
      continue;
    }
    Value m = eval(k.value.get());
    if (!is_dict(m)) {
      raise(ty::TypeError, "argument after ** must be a mapping, not " + m.type()->name);
    }
    keep.push_back(m);
    for (auto& en : m.as<DictObject>()->table.entries()) {
      if (!en.live) continue;
      if (!is_str(en.key)) raise(ty::TypeError, "keywords must be strings");
      kws.push_back(Kwarg{&str_of(en.key), en.value});
    }
  }
  Args args{stack_.data() + base, sp_ - base, kws.data(), kws.size()};
  if (has_self) {
    if (callee.type() == ty::function) return call_function(callee.as<FunctionObject>(), &self, args);
    try {
      return callee.as<BuiltinFunction>()->method(*this, self, args);
    } catch (const TorchError& te) {
      throw PyError{from_torch_error(te)};
    }
  }
  return call(callee, args);
}

Value Interpreter::call_type(TypeObject* t, Args a) {
  if (t == ty::type && a.n == 1 && a.nkw == 0) return Value::object(a.pos[0].type());
  if (t->construct && !t->is_user) return t->construct(*this, a);
  if (!t->new_instance) raise(ty::TypeError, "cannot create '" + t->name + "' instances");
  Value obj = Value::object(t->new_instance(t));
  Value init = t->lookup("__init__");
  if (init.type() == ty::function) {
    Value r = call_function(init.as<FunctionObject>(), &obj, a);
    if (!r.is_none()) raise(ty::TypeError, "__init__() should return None, not '" + r.type()->name + "'");
  } else if (init.type() == ty::builtin_function) {
    bool is_object_init = !t->is_subtype(ty::BaseException);
    if (is_object_init && (a.n || a.nkw)) raise(ty::TypeError, t->name + "() takes no arguments");
    init.as<BuiltinFunction>()->method(*this, obj, a);
  }
  return obj;
}

Value Interpreter::make_class(const ClassDefStmt* c) {
  TypeObject* base = ty::object;
  if (c->bases.size() > 1) raise(ty::NotImplementedError, "multiple inheritance is not supported in tensorplay");
  Value base_v;
  if (!c->bases.empty()) {
    base_v = eval(c->bases[0].get());
    if (base_v.type() != ty::type) {
      raise(ty::TypeError, "bases must be types");
    }
    base = base_v.as<TypeObject>();
    if (!base->is_user && !base->subclassable) {
      raise(ty::TypeError, "type '" + base->name + "' is not an acceptable base type");
    }
  }
  auto* cls = new TypeObject(c->name, base);
  Value cv = Value::object(cls);
  cls->is_user = true;
  cls->module = "__main__";
  cls->construct = nullptr;
  const CodeInfo* code = frame_->unit->code_for(c);
  Frame fr;
  fr.code = code;
  fr.unit = frame_->unit;
  fr.class_ns = &cls->dict;
  fr.serial = ++frame_serial_;
  fr.line = c->span.line;
  {
    FrameScope scope(*this, fr, code->nslots);
    try {
      exec_block(c->body);
    } catch (PyError& e) {
      add_traceback(e, &fr);
      throw;
    }
  }
  // Methods remember their class for zero-argument super().
  for (auto& [name, v] : cls->dict.items()) {
    Value f = v;
    if (f.type() == ty::staticmethod) f = f.as<StaticMethodObject>()->func;
    if (f.type() == ty::classmethod) f = f.as<ClassMethodObject>()->func;
    if (f.type() == ty::property) f = f.as<PropertyObject>()->fget;
    if (f.type() == ty::function && !f.as<FunctionObject>()->owner) f.as<FunctionObject>()->owner = Ref<TypeObject>(cls);
  }
  return cv;
}

}  // namespace tp::lang
