// The import system: a registry of modules implemented in C++ (the torch binding adds
// `torch`, `torch.nn`, ...), `import a.b` / `from a.b import c`, and the built-in
// `math` and `time` modules.
#include <chrono>
#include <cmath>
#include <map>
#include <thread>

#include "repl/lang/constructors.h"
#include "repl/lang/interpreter.h"
#include "repl/lang/methods.h"
#include "repl/lang/os_module.h"

namespace tp::lang {

namespace {

std::map<std::string, ModuleInit>& registry() {
  static std::map<std::string, ModuleInit> r;
  return r;
}

void add_fn(ModuleObject& m, const char* name, NativeFn fn) {
  m.attrs.set(name, Value::object(new BuiltinFunction(name, fn)));
}

double num(Interpreter& I, const Value& v) {
  if (v.is_number()) return v.to_double();
  Value f = I.getattr_opt(v, "__float__");
  if (!f.is_unbound()) return I.call(f, std::vector<Value>{}).to_double();
  I.raise(ty::TypeError, "must be real number, not " + v.type()->name);
}

double checked(Interpreter& I, double r, bool domain_ok) {
  if (!domain_ok || std::isnan(r)) I.raise(ty::ValueError, "math domain error");
  if (std::isinf(r)) I.raise(ty::OverflowError, "math range error");
  return r;
}

Value m_sqrt(Interpreter& I, Args a) {
  check_arity(I, "sqrt", a, 1, 1);
  double x = num(I, a[0]);
  if (std::isinf(x) && x > 0) return Value::number(x);
  return Value::number(checked(I, std::sqrt(x), x >= 0));
}
Value m_exp(Interpreter& I, Args a) {
  check_arity(I, "exp", a, 1, 1);
  double x = num(I, a[0]);
  if (std::isinf(x)) return Value::number(x > 0 ? x : 0.0);
  if (std::isnan(x)) return Value::number(x);
  return Value::number(checked(I, std::exp(x), true));
}
Value m_log(Interpreter& I, Args a) {
  check_arity(I, "log", a, 1, 2);
  double x = num(I, a[0]);
  if (x <= 0) I.raise(ty::ValueError, "math domain error");
  double r = std::log(x);
  if (a.n == 2) {
    double b = num(I, a[1]);
    if (b <= 0) I.raise(ty::ValueError, "math domain error");
    if (b == 1) I.raise(ty::ZeroDivisionError, "float division by zero");
    r /= std::log(b);
  }
  return Value::number(r);
}
Value m_log2(Interpreter& I, Args a) {
  check_arity(I, "log2", a, 1, 1);
  double x = num(I, a[0]);
  if (x <= 0) I.raise(ty::ValueError, "math domain error");
  return Value::number(std::log2(x));
}
Value m_log10(Interpreter& I, Args a) {
  check_arity(I, "log10", a, 1, 1);
  double x = num(I, a[0]);
  if (x <= 0) I.raise(ty::ValueError, "math domain error");
  return Value::number(std::log10(x));
}
Value to_int_result(Interpreter& I, const Value& v, double (*f)(double)) {
  if (v.is_intlike()) return Value::integer(v.as_int());
  return Value::integer(float_to_int(I, f(num(I, v))));
}
Value m_floor(Interpreter& I, Args a) {
  check_arity(I, "floor", a, 1, 1);
  return to_int_result(I, a[0], std::floor);
}
Value m_ceil(Interpreter& I, Args a) {
  check_arity(I, "ceil", a, 1, 1);
  return to_int_result(I, a[0], std::ceil);
}
Value m_trunc(Interpreter& I, Args a) {
  check_arity(I, "trunc", a, 1, 1);
  return to_int_result(I, a[0], std::trunc);
}
Value m_fabs(Interpreter& I, Args a) {
  check_arity(I, "fabs", a, 1, 1);
  return Value::number(std::fabs(num(I, a[0])));
}
Value m_pow(Interpreter& I, Args a) {
  check_arity(I, "pow", a, 2, 2);
  double x = num(I, a[0]), y = num(I, a[1]);
  if (x == 0 && y < 0) I.raise(ty::ValueError, "math domain error");
  return Value::number(checked(I, std::pow(x, y), !(x < 0 && y != std::floor(y))));
}
Value unary_math(Interpreter& I, Args a, const char* name, double (*f)(double)) {
  check_arity(I, name, a, 1, 1);
  double x = num(I, a[0]);
  double r = f(x);
  if (std::isnan(r) && !std::isnan(x)) I.raise(ty::ValueError, "math domain error");
  return Value::number(r);
}
Value m_sin(Interpreter& I, Args a) { return unary_math(I, a, "sin", std::sin); }
Value m_cos(Interpreter& I, Args a) { return unary_math(I, a, "cos", std::cos); }
Value m_tan(Interpreter& I, Args a) { return unary_math(I, a, "tan", std::tan); }
Value m_asin(Interpreter& I, Args a) { return unary_math(I, a, "asin", std::asin); }
Value m_acos(Interpreter& I, Args a) { return unary_math(I, a, "acos", std::acos); }
Value m_atan(Interpreter& I, Args a) { return unary_math(I, a, "atan", std::atan); }
Value m_tanh(Interpreter& I, Args a) { return unary_math(I, a, "tanh", std::tanh); }
Value m_atan2(Interpreter& I, Args a) {
  check_arity(I, "atan2", a, 2, 2);
  return Value::number(std::atan2(num(I, a[0]), num(I, a[1])));
}
Value m_hypot(Interpreter& I, Args a) {
  double s = 0;
  for (size_t i = 0; i < a.n; ++i) s = std::hypot(s, num(I, a[i]));
  return Value::number(s);
}
Value m_isnan(Interpreter& I, Args a) {
  check_arity(I, "isnan", a, 1, 1);
  return Value::boolean(std::isnan(num(I, a[0])));
}
Value m_isinf(Interpreter& I, Args a) {
  check_arity(I, "isinf", a, 1, 1);
  return Value::boolean(std::isinf(num(I, a[0])));
}
Value m_isfinite(Interpreter& I, Args a) {
  check_arity(I, "isfinite", a, 1, 1);
  return Value::boolean(std::isfinite(num(I, a[0])));
}
Value m_isclose(Interpreter& I, Args a) {
  if (a.n != 2) I.raise(ty::TypeError, "isclose() takes exactly 2 positional arguments (" + std::to_string(a.n) + " given)");
  double x = num(I, a[0]), y = num(I, a[1]);
  double rel = 1e-9, abs_tol = 0;
  for (size_t i = 0; i < a.nkw; ++i) {
    if (*a.kw[i].name == "rel_tol") rel = num(I, a.kw[i].value);
    else if (*a.kw[i].name == "abs_tol") abs_tol = num(I, a.kw[i].value);
    else I.raise(ty::TypeError, "isclose() got an unexpected keyword argument '" + *a.kw[i].name + "'");
  }
  if (rel < 0 || abs_tol < 0) I.raise(ty::ValueError, "tolerances must be non-negative");
  if (x == y) return Value::boolean(true);
  if (std::isinf(x) || std::isinf(y)) return Value::boolean(false);
  double d = std::fabs(y - x);
  return Value::boolean(d <= std::fabs(rel * y) || d <= std::fabs(rel * x) || d <= abs_tol);
}
Value m_factorial(Interpreter& I, Args a) {
  check_arity(I, "factorial", a, 1, 1);
  if (!a[0].is_intlike()) I.raise(ty::TypeError, "'" + a[0].type()->name + "' object cannot be interpreted as an integer");
  int64_t n = a[0].as_int();
  if (n < 0) I.raise(ty::ValueError, "factorial() not defined for negative values");
  Value r = Value::integer(1);
  for (int64_t i = 2; i <= n; ++i) r = I.binary(BinOpKind::Mul, r, Value::integer(i));
  return r;
}
Value m_gcd(Interpreter& I, Args a) {
  int64_t g = 0;
  for (size_t i = 0; i < a.n; ++i) {
    int64_t v = I.to_index(a[i]);
    v = v < 0 ? -v : v;
    while (v) {
      int64_t t = g % v;
      g = v;
      v = t;
    }
  }
  return Value::integer(g);
}
Value m_prod(Interpreter& I, Args a) {
  check_arity(I, "prod", a, 1, 1);
  Value r = Value::integer(1);
  for (auto& x : I.to_vector(a[0])) r = I.binary(BinOpKind::Mul, r, x);
  return r;
}
Value m_fsum(Interpreter& I, Args a) {
  check_arity(I, "fsum", a, 1, 1);
  // Neumaier summation: exact enough for teaching examples.
  double s = 0, c = 0;
  for (auto& x : I.to_vector(a[0])) {
    double v = num(I, x), t = s + v;
    c += std::fabs(s) >= std::fabs(v) ? (s - t) + v : (v - t) + s;
    s = t;
  }
  return Value::number(s + c);
}
Value m_radians(Interpreter& I, Args a) {
  check_arity(I, "radians", a, 1, 1);
  return Value::number(num(I, a[0]) * M_PI / 180.0);
}
Value m_degrees(Interpreter& I, Args a) {
  check_arity(I, "degrees", a, 1, 1);
  return Value::number(num(I, a[0]) * 180.0 / M_PI);
}

void init_math(Interpreter&, ModuleObject& m) {
  m.attrs.set("pi", Value::number(M_PI));
  m.attrs.set("e", Value::number(M_E));
  m.attrs.set("tau", Value::number(2 * M_PI));
  m.attrs.set("inf", Value::number(INFINITY));
  m.attrs.set("nan", Value::number(NAN));
  add_fn(m, "acos", m_acos);
  add_fn(m, "asin", m_asin);
  add_fn(m, "atan", m_atan);
  add_fn(m, "atan2", m_atan2);
  add_fn(m, "ceil", m_ceil);
  add_fn(m, "cos", m_cos);
  add_fn(m, "degrees", m_degrees);
  add_fn(m, "exp", m_exp);
  add_fn(m, "fabs", m_fabs);
  add_fn(m, "factorial", m_factorial);
  add_fn(m, "floor", m_floor);
  add_fn(m, "fsum", m_fsum);
  add_fn(m, "gcd", m_gcd);
  add_fn(m, "hypot", m_hypot);
  add_fn(m, "isclose", m_isclose);
  add_fn(m, "isfinite", m_isfinite);
  add_fn(m, "isinf", m_isinf);
  add_fn(m, "isnan", m_isnan);
  add_fn(m, "log", m_log);
  add_fn(m, "log10", m_log10);
  add_fn(m, "log2", m_log2);
  add_fn(m, "pow", m_pow);
  add_fn(m, "prod", m_prod);
  add_fn(m, "radians", m_radians);
  add_fn(m, "sin", m_sin);
  add_fn(m, "sqrt", m_sqrt);
  add_fn(m, "tan", m_tan);
  add_fn(m, "tanh", m_tanh);
  add_fn(m, "trunc", m_trunc);
}

Value t_time(Interpreter& I, Args a) {
  check_arity(I, "time", a, 0, 0);
  auto now = std::chrono::system_clock::now().time_since_epoch();
  return Value::number(std::chrono::duration<double>(now).count());
}
Value t_perf_counter(Interpreter& I, Args a) {
  check_arity(I, "perf_counter", a, 0, 0);
  auto now = std::chrono::steady_clock::now().time_since_epoch();
  return Value::number(std::chrono::duration<double>(now).count());
}
Value t_sleep(Interpreter& I, Args a) {
  check_arity(I, "sleep", a, 1, 1);
  double s = num(I, a[0]);
  if (s < 0) I.raise(ty::ValueError, "sleep length must be non-negative");
  // Sleep in slices so Ctrl-C interrupts promptly.
  auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(s);
  while (std::chrono::steady_clock::now() < end) {
    I.check_interrupt();
    std::this_thread::sleep_for(std::min<std::chrono::duration<double>>(end - std::chrono::steady_clock::now(),
                                                                       std::chrono::milliseconds(20)));
  }
  return Value();
}

void init_time(Interpreter&, ModuleObject& m) {
  add_fn(m, "perf_counter", t_perf_counter);
  add_fn(m, "sleep", t_sleep);
  add_fn(m, "time", t_time);
}

// Registers the modules this file provides before any import runs.
const bool kRegistered = [] {
  register_builtin_module("math", init_math);
  register_builtin_module("time", init_time);
  register_builtin_module("os", init_os_module);
  return true;
}();

}  // namespace

void register_builtin_module(const std::string& name, ModuleInit init) { registry()[name] = init; }

Value Interpreter::import_module(const std::string& dotted) {
  (void)kRegistered;
  auto found = modules_.find(dotted);
  if (found != modules_.end()) return found->second;
  size_t dot = dotted.rfind('.');
  Value parent;
  if (dot != std::string::npos) parent = import_module(dotted.substr(0, dot));
  auto it = registry().find(dotted);
  if (it == registry().end()) {
    Ref<ExceptionObject> e = make_exception(ty::ModuleNotFoundError, "No module named '" + dotted + "'");
    e->attrs.set("name", make_str(dotted));
    throw PyError{e};
  }
  auto* m = new ModuleObject(dotted);
  Value mv = Value::object(m);
  modules_[dotted] = mv;
  it->second(*this, *m);
  if (dot != std::string::npos) {
    std::string leaf = dotted.substr(dot + 1);
    if (!parent.as<ModuleObject>()->attrs.find(leaf)) parent.as<ModuleObject>()->attrs.set(leaf, mv);
  }
  return mv;
}

}  // namespace tp::lang
