// The `os` module: environ (the session's copy of the process environment) and getenv.
// torch.distributed reads RANK, WORLD_SIZE, MASTER_ADDR and MASTER_PORT from it.
#include "repl/lang/os_module.h"

#include <unistd.h>

#include "repl/lang/methods.h"

namespace tp::lang {

namespace {

Value os_getenv(Interpreter& I, Args a) {
  if (a.n < 1 || a.n > 2) I.raise(ty::TypeError, "getenv() takes from 1 to 2 positional arguments but " + std::to_string(a.n) + " were given");
  Value environ = *I.import_module("os").as<ModuleObject>()->attrs.find("environ");
  if (Value* found = environ.as<DictObject>()->table.get(I, a[0])) return *found;
  return a.n == 2 ? a[1] : Value();
}

}  // namespace

void init_os_module(Interpreter& I, ModuleObject& m) {
  auto* env = new DictObject();
  Value environ = Value::object(env);
  for (char** e = ::environ; e && *e; ++e) {
    std::string entry = *e;
    size_t eq = entry.find('=');
    if (eq == std::string::npos) continue;
    env->table.set(I, make_str(entry.substr(0, eq)), make_str(entry.substr(eq + 1)));
  }
  m.attrs.set("environ", environ);
  m.attrs.set("getenv", Value::object(new BuiltinFunction("getenv", os_getenv)));
}

}  // namespace tp::lang
