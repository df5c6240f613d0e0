// The meta command table and its handlers; :mem and :devices build plain rows first and
// format them separately, so the layout is testable without a session.
#include "repl/meta_commands.h"

#include <chrono>
#include <cstdlib>
#include <cstdio>
#include <map>
#include <memory>
#include <ostream>
#include <sstream>

#include "core/backends/device_runtime.h"
#include "core/device_registry.h"
#include "core/error.h"
#include "core/machine_clock.h"
#include "python/src/py_types.h"
#include "repl/grid_text.h"
#include "repl/lesson/lesson_commands.h"
#include "repl/timeline.h"

namespace tp::repl {

namespace {

void cmd_help(MetaContext& ctx, const std::string& arg);
void cmd_devices(MetaContext& ctx, const std::string& arg);
void cmd_mem(MetaContext& ctx, const std::string& arg);
void cmd_time(MetaContext& ctx, const std::string& arg);
void cmd_trace(MetaContext& ctx, const std::string& arg);
void cmd_grid(MetaContext& ctx, const std::string& arg);
void cmd_kernel(MetaContext& ctx, const std::string& arg);
void cmd_reset(MetaContext& ctx, const std::string& arg);
void cmd_quit(MetaContext& ctx, const std::string& arg);

}  // namespace

const std::vector<MetaCommand>& meta_commands() {
  static const std::vector<MetaCommand> table = {
      {":help", "", "[NAME]", "this help; with NAME, what a torch function or Tensor method does",
       cmd_help},
      {":devices", "", "", "the devices of this session: real or simulated, memory used/total",
       cmd_devices},
      {":mem", "", "", "every tensor in scope: name, device, shape, dtype, bytes", cmd_mem},
      {":time", "", "STMT", "run STMT; host wall time, and device time (measured or modeled)",
       cmd_time},
      {":trace", "", "[MS]", "the GPU timeline: host waits, each stream's kernels, each copy engine (last MS ms)",
       cmd_trace},
      {":grid", "", "[A B]", "which GPU thread computes which element of A @ B (the GUI's thread grid)",
       cmd_grid},
      {":kernel", "", "", "your last numba.cuda kernel: warps, memory transactions, bank conflicts, occupancy, modeled time",
       cmd_kernel},
      {":reset", "", "", "start a fresh session (variables cleared, devices set up again)",
       cmd_reset},
      {":lessons", "", "", "the guided lessons, with your progress", cmd_lessons},
      {":lesson", "", "N [STEP]", "start or resume lesson N, or open it at STEP", cmd_lesson},
      {":show", "", "", "show the lesson's current step again", cmd_show},
      {":run", "", "", "run the current step's code, as if typed", cmd_run},
      {":replay", "", "", "run the code of the steps before this one (after resuming)", cmd_replay},
      {":check", "", "", "check the current step: what is still missing", cmd_check},
      {":hint", "", "", "a hint for the current step", cmd_hint},
      {":next", "", "", "go to the lesson's next step", cmd_next},
      {":back", "", "", "go back one step", cmd_back},
      {":quit", ":q :exit", "", "leave (also Ctrl-D)", cmd_quit},
  };
  return table;
}

namespace {

bool names_command(const MetaCommand& c, const std::string& word) {
  if (word == c.name) return true;
  std::istringstream aliases(c.aliases);
  for (std::string a; aliases >> a;)
    if (a == word) return true;
  return false;
}

std::string trim(const std::string& s) {
  size_t a = s.find_first_not_of(" \t");
  if (a == std::string::npos) return "";
  size_t b = s.find_last_not_of(" \t");
  return s.substr(a, b - a + 1);
}

}  // namespace

bool run_meta_command(const std::string& line, MetaContext& ctx) {
  std::string text = trim(line);
  if (text.empty() || text[0] != ':') return false;
  size_t space = text.find_first_of(" \t");
  std::string word = text.substr(0, space);
  std::string arg = space == std::string::npos ? "" : trim(text.substr(space));
  for (const MetaCommand& c : meta_commands()) {
    if (names_command(c, word)) {
      c.handler(ctx, arg);
      return true;
    }
  }
  ctx.out << "unknown command " << word << " (type :help)\n";
  return true;
}

std::vector<std::string> complete_meta(const std::string& prefix) {
  std::vector<std::string> out;
  for (const MetaCommand& c : meta_commands())
    if (std::string(c.name).rfind(prefix, 0) == 0) out.push_back(c.name);
  return out;
}

std::string meta_help() {
  std::ostringstream os;
  os << "Meta commands:\n";
  for (const MetaCommand& c : meta_commands()) {
    std::string usage = std::string(c.name) + (*c.args ? std::string(" ") + c.args : "");
    char buf[32];
    std::snprintf(buf, sizeof buf, "  %-16s", usage.c_str());
    os << buf << c.help;
    if (*c.aliases) os << " (also " << c.aliases << ")";
    os << "\n";
  }
  os << "\n"
        "Anything else is Python, with torch ready to use. Quick names, predefined:\n"
        "  torch nn F optim ones zeros randn rand arange tensor cpu cuda device\n"
        "  e.g.  x = ones(2,3); y = x.to(cuda); x + y\n"
        "Help on torch: dir(torch) lists its functions, dir(x) a tensor's methods,\n"
        "  :help add says what torch.add / Tensor.add do; Tab completes names and\n"
        "  attributes (x.t<Tab> -> to, tolist, t).\n";
  return os.str();
}

std::string format_bytes(size_t bytes) {
  static const char* units[] = {"KiB", "MiB", "GiB", "TiB"};
  if (bytes < 1024) return std::to_string(bytes) + " B";
  double v = static_cast<double>(bytes);
  int u = -1;
  while (v >= 1024 && u < 3) {
    v /= 1024;
    ++u;
  }
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f %s", v, units[u]);
  return buf;
}

// ---- :mem -------------------------------------------------------------------------

namespace {

const Tensor* tensor_in(py::handle v) {
  return torchpy::is_tensor(v) ? &torchpy::tensor_of(v) : nullptr;
}

// The rows being collected, and which tensor (its TensorImpl) already has a row.
struct TensorRows {
  std::vector<MemRow> rows;
  std::map<const TensorImpl*, std::string> first_name;
};

void add_row(TensorRows& out, const std::string& name, const Tensor& t) {
  MemRow row{name, t.device().str(), shape_str(t.sizes()), dtype_name(t.dtype()), t.nbytes(), ""};
  auto [it, fresh] = out.first_name.emplace(t.impl(), name);
  if (!fresh) row.same_as = it->second;
  out.rows.push_back(row);
}

// torch.nn.Module, or null while the torch package has none.
py::object module_type() {
  py::object nn = py::getattr(py::module_::import("torch"), "nn", py::none());
  return nn.is_none() ? py::object() : py::getattr(nn, "Module", py::none());
}

// An object of a class of the learner's own (its attributes are looked into): not a module,
// class, function or method, which have a __dict__ too.
bool is_instance_with_attrs(py::handle v) {
  PyObject* o = v.ptr();
  if (PyModule_Check(o) || PyType_Check(o) || PyFunction_Check(o) || PyMethod_Check(o) || PyCFunction_Check(o)) {
    return false;
  }
  return py::hasattr(v, "__dict__") && PyDict_Check(py::getattr(v, "__dict__").ptr());
}

void add_named(TensorRows& rows, const std::string& prefix, py::handle pairs) {
  for (py::handle pair : pairs) {
    if (const Tensor* t = tensor_in(pair[py::int_(1)])) {
      if (t->defined()) add_row(rows, prefix + "." + py::str(pair[py::int_(0)]).cast<std::string>(), *t);
    }
  }
}

void collect_one(TensorRows& rows, const std::string& name, py::handle v, py::handle module) {
  if (const Tensor* t = tensor_in(v)) {
    add_row(rows, name, *t);
    return;
  }
  if (module && PyObject_IsInstance(v.ptr(), module.ptr()) == 1) {
    // A model: one row per parameter and buffer ("model.fc1.weight").
    add_named(rows, name, v.attr("named_parameters")());
    add_named(rows, name, v.attr("named_buffers")());
    return;
  }
  if (py::isinstance<py::list>(v) || py::isinstance<py::tuple>(v)) {
    size_t i = 0;
    for (py::handle item : v) {
      if (const Tensor* t = tensor_in(item)) add_row(rows, name + "[" + std::to_string(i) + "]", *t);
      ++i;
    }
  } else if (py::isinstance<py::dict>(v)) {
    for (auto [key, item] : py::reinterpret_borrow<py::dict>(v)) {
      if (const Tensor* t = tensor_in(item)) add_row(rows, name + "[" + py::repr(key).cast<std::string>() + "]", *t);
    }
  } else if (is_instance_with_attrs(v)) {
    for (auto [attr, item] : py::reinterpret_borrow<py::dict>(py::getattr(v, "__dict__"))) {
      if (const Tensor* t = tensor_in(item)) add_row(rows, name + "." + py::str(attr).cast<std::string>(), *t);
    }
  }
}

}  // namespace

std::vector<MemRow> collect_tensors(PythonSession& session) {
  TensorRows rows;
  py::object module = module_type();
  for (auto [key, v] : session.globals()) {
    std::string name = py::str(key);
    if (name.rfind("__", 0) == 0) continue;  // __builtins__, __name__: not the learner's
    try {
      collect_one(rows, name, v, module);
    } catch (const py::error_already_set&) {  // a broken object is skipped, never fatal
    }
  }
  return rows.rows;
}

std::string format_mem(const std::vector<MemRow>& rows) {
  if (rows.empty()) return "no tensors in scope\n";
  size_t wn = 4, wd = 6, ws = 5, wt = 5;
  for (const MemRow& r : rows) {
    wn = std::max(wn, r.name.size());
    wd = std::max(wd, r.device.size());
    ws = std::max(ws, r.shape.size());
    wt = std::max(wt, r.dtype.size());
  }
  auto pad = [](const std::string& s, size_t w) { return s + std::string(w - s.size() + 2, ' '); };
  std::ostringstream os;
  os << pad("name", wn) << pad("device", wd) << pad("shape", ws) << pad("dtype", wt) << "bytes\n";
  std::map<std::string, std::pair<size_t, int>> per_device;  // bytes, tensors
  std::vector<std::string> order;
  for (const MemRow& r : rows) {
    os << pad(r.name, wn) << pad(r.device, wd) << pad(r.shape, ws) << pad(r.dtype, wt);
    if (!r.same_as.empty()) {  // one tensor, counted once
      os << "same tensor as " << r.same_as << "\n";
      continue;
    }
    os << r.bytes << "\n";
    if (!per_device.count(r.device)) order.push_back(r.device);
    per_device[r.device].first += r.bytes;
    per_device[r.device].second += 1;
  }
  os << "total:";
  for (size_t i = 0; i < order.size(); ++i) {
    const auto& [bytes, count] = per_device[order[i]];
    os << (i ? "," : "") << " " << order[i] << " " << format_bytes(bytes) << " in " << count
       << (count == 1 ? " tensor" : " tensors");
  }
  os << "\n";
  return os.str();
}

// ---- :devices ---------------------------------------------------------------------

std::vector<DeviceRow> collect_devices() {
  std::vector<DeviceRow> rows;
  rows.push_back({"cpu", "real", "host memory", 0, 0});
  for (const DeviceEntry* e : accelerators()) {
    std::string name = e->name;
    if (e->simulated) name += ", profile " + e->profile.id;
    rows.push_back({e->device.str(), e->simulated ? "simulated" : "real", name,
                    runtime_for(e->device).memory_stats().allocated, e->capacity_bytes});
  }
  return rows;
}

std::string format_devices(const std::vector<DeviceRow>& rows) {
  size_t wd = 6, wk = 4, wn = 4;
  for (const DeviceRow& r : rows) {
    wd = std::max(wd, r.device.size());
    wk = std::max(wk, r.kind.size());
    wn = std::max(wn, r.name.size());
  }
  auto pad = [](const std::string& s, size_t w) { return s + std::string(w - s.size() + 2, ' '); };
  std::ostringstream os;
  os << pad("device", wd) << pad("kind", wk) << pad("name", wn) << "memory used / total\n";
  for (const DeviceRow& r : rows) {
    os << pad(r.device, wd) << pad(r.kind, wk) << pad(r.name, wn);
    if (r.total == 0) {
      os << "-";
    } else {
      os << format_bytes(r.used) << " / " << format_bytes(r.total);
    }
    os << "\n";
  }
  if (rows.size() == 1) os << "(no GPU: started with --no-sim on a machine without one)\n";
  return os.str();
}

// ---- handlers ---------------------------------------------------------------------

namespace {

void cmd_help(MetaContext& ctx, const std::string& arg) {
  if (arg.empty()) {
    ctx.out << meta_help();
    return;
  }
  bool found = false;
  // torch._C._op_help: (name, one line) for every op of the table.
  for (py::handle entry : py::module_::import("torch._C").attr("_op_help")) {
    std::string name = py::str(entry[py::int_(0)]);
    if (name == arg || name == "torch." + arg || name == "Tensor." + arg) {
      ctx.out << name << ": " << py::str(entry[py::int_(1)]).cast<std::string>() << "\n";
      found = true;
    }
  }
  if (!found) ctx.out << "no help for " << arg << " (dir(torch) lists what there is)\n";
}

void cmd_devices(MetaContext& ctx, const std::string&) { ctx.out << format_devices(collect_devices()); }

void cmd_mem(MetaContext& ctx, const std::string&) { ctx.out << format_mem(collect_tensors(ctx.session)); }

std::string millis(double ns) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3f ms", ns / 1e6);
  return buf;
}

void cmd_time(MetaContext& ctx, const std::string& arg) {
  if (arg.empty()) {
    ctx.out << "usage: :time STMT   e.g. :time y = x @ x\n";
    return;
  }
  // Modeled clocks of the simulated devices, read before and after.
  std::vector<std::pair<const DeviceEntry*, ClockPoint>> before;
  for (const DeviceEntry* e : accelerators()) {
    const DeviceRuntime& device = runtime_for(e->device);
    if (device.kind() == DeviceKind::Simulated) before.emplace_back(e, device.clock_point());
  }
  auto start = std::chrono::steady_clock::now();
  const double machine_start = machine_clock().now_ns();
  ctx.session.run_interactive(arg + "\n");
  const double machine_ns = machine_clock().now_ns() - machine_start;
  auto end = std::chrono::steady_clock::now();
  double wall_ns = std::chrono::duration<double, std::nano>(end - start).count();
  ctx.out << "host wall time: " << millis(wall_ns) << " (measured)\n";
  if (machine_clock_simulated()) {
    ctx.out << "machine time: " << millis(machine_ns)
            << " (simulated machine: host work measured, GPU modeled; what time.time() reads)\n";
  }
  for (const auto& [e, point] : before) {
    double ns = device_ns_between(point, runtime_for(e->device).clock_point());
    ctx.out << e->device.str() << " device time: " << millis(ns) << " (modeled, "
            << e->profile.name << " simulated)\n";
  }
  if (cuda_devices_are_real()) {
    for (const DeviceEntry& e : cuda_devices())
      ctx.out << e.device.str() << " device time: n/a (real GPU: measure it with "
              << "torch.cuda.Event)\n";
  }
}

void cmd_trace(MetaContext& ctx, const std::string& arg) {
  double ms = 0;
  if (!arg.empty()) {
    char* end = nullptr;
    ms = std::strtod(arg.c_str(), &end);
    if (end == arg.c_str() || *end != '\0' || !(ms > 0)) {
      ctx.out << "usage: :trace [MS]   the last MS milliseconds (default: all the GPUs' kept records)\n";
      return;
    }
  }
  if (accelerators().empty() || cuda_devices_are_real()) {
    ctx.out << "no simulated GPU: the timeline shows a simulated GPU's modeled work (torch.profiler measures a "
               "real one)\n";
    return;
  }
  ctx.out << format_timeline(build_timeline(session_device_records(), ms * 1e6));
}

void cmd_grid(MetaContext& ctx, const std::string& arg) {
  std::istringstream names(arg.empty() ? "A B" : arg);
  std::string a, b, extra;
  names >> a >> b;
  if (b.empty() || (names >> extra)) {
    ctx.out << "usage: :grid [A B]   two matrices of the session, A and B by default\n";
    return;
  }
  py::dict g = ctx.session.globals();
  auto tensor_named = [&](const std::string& name) -> const Tensor* {
    if (!g.contains(name)) return nullptr;
    py::object o = g[name.c_str()];
    return torchpy::is_tensor(o) ? &torchpy::tensor_of(o) : nullptr;
  };
  const Tensor* ta = tensor_named(a);
  const Tensor* tb = tensor_named(b);
  if (!ta || !tb) {
    ctx.out << a << " and " << b << " must be tensors (define them, or name two: :grid X W)\n";
    return;
  }
  try {
    ctx.out << grid_text(*ta, *tb, a, b);
  } catch (const TorchError& e) {
    ctx.out << a << " @ " << b << " raises " << error_kind_name(e.kind()) << ": " << e.what() << "\n";
  }
}

// The report of the learner's last @cuda.jit launch (python/numba/cuda/_report.py).
void cmd_kernel(MetaContext& ctx, const std::string& arg) {
  if (!arg.empty()) {
    ctx.out << "usage: :kernel   the last numba.cuda kernel this session launched\n";
    return;
  }
  py::object modules = py::module_::import("sys").attr("modules");
  py::object report = py::none();
  if (modules.contains("numba.cuda")) report = modules["numba.cuda"].attr("last_report")();
  if (report.is_none()) {
    ctx.out << "no numba.cuda kernel launched yet: write one with @cuda.jit (from numba import cuda) and launch it "
               "as kernel[blocks, threads](args)\n";
    return;
  }
  ctx.out << py::str(report).cast<std::string>() << "\n";
}

void cmd_reset(MetaContext& ctx, const std::string&) {
  if (ctx.reset) ctx.reset();
}

void cmd_quit(MetaContext& ctx, const std::string&) { ctx.quit = true; }

}  // namespace

}  // namespace tp::repl
