// The profiler's recorder (profiler.h): one recording per process, filled by the op hooks in
// the bindings and the simulated devices' clocks.
#include "core/profiler.h"

#include <algorithm>

#include "core/machine_clock.h"

namespace tp::profiler {

namespace {

struct State {
  bool active = false;
  bool shapes = false;
  bool memory = false;
  bool stack = false;
  int64_t next_id = 1;
  std::vector<size_t> open;  // indexes in rec.host of the spans still open, innermost last
  Recording rec;
};

State& state() {
  static State s;
  return s;
}

}  // namespace

bool active() { return state().active; }

bool record_shapes() { return state().shapes; }

bool with_stack() { return state().stack; }

void start(bool shapes, bool memory, bool stack) {
  State& s = state();
  s = State{};
  s.active = true;
  s.shapes = shapes;
  s.memory = memory;
  s.stack = stack;
}

Recording stop() {
  State& s = state();
  // A span still open (a range the with-block has not left) ends now.
  const double now = machine_clock().now_ns();
  for (size_t i : s.open) s.rec.host[i].end_ns = now;
  Recording out = std::move(s.rec);
  s = State{};
  return out;
}

int64_t push(std::string name, HostKind kind, std::vector<std::vector<int64_t>> shapes,
             std::vector<std::string> dtypes, std::vector<std::string> stack) {
  State& s = state();
  if (!s.active) return 0;
  HostEvent e;
  e.name = std::move(name);
  e.kind = kind;
  e.start_ns = e.end_ns = machine_clock().now_ns();
  e.id = s.next_id++;
  e.parent = s.open.empty() ? 0 : s.rec.host[s.open.back()].id;
  if (s.shapes) {
    e.shapes = std::move(shapes);
    e.dtypes = std::move(dtypes);
  }
  e.stack = std::move(stack);
  s.open.push_back(s.rec.host.size());
  s.rec.host.push_back(std::move(e));
  return s.rec.host.back().id;
}

void pop(int64_t id) {
  State& s = state();
  if (!s.active || id == 0) return;
  // Close it and anything opened inside it that was left open (an exception unwound past).
  auto it = std::find_if(s.open.begin(), s.open.end(), [&](size_t i) { return s.rec.host[i].id == id; });
  if (it == s.open.end()) return;  // from an earlier profile
  const double now = machine_clock().now_ns();
  for (auto j = it; j != s.open.end(); ++j) s.rec.host[*j].end_ns = now;
  s.open.erase(it, s.open.end());
}

int64_t runtime_call(const char* name, double start_ns, double end_ns) {
  State& s = state();
  if (!s.active) return 0;
  HostEvent e;
  e.name = name;
  e.kind = HostKind::Runtime;
  e.start_ns = start_ns;
  e.end_ns = end_ns;
  e.id = s.next_id++;
  e.parent = s.open.empty() ? 0 : s.rec.host[s.open.back()].id;
  s.rec.host.push_back(std::move(e));
  return s.rec.host.back().id;
}

void memory_delta(bool device, int64_t bytes) {
  State& s = state();
  if (!s.active || !s.memory || s.open.empty()) return;
  HostEvent& e = s.rec.host[s.open.back()];
  (device ? e.self_device_mem : e.self_cpu_mem) += bytes;
}

void device_work(int device, const ClockRecord& record, int64_t correlation) {
  State& s = state();
  if (s.active) s.rec.device.push_back({device, record, correlation});
}

namespace {
const char* g_wait_cause = nullptr;
// The op this thread is in and its inputs: a kernel is labelled by the thread that queued it.
thread_local const char* t_op = nullptr;
thread_local const void* t_op_inputs = nullptr;
InputDescriber g_describe = nullptr;
}  // namespace

const char* wait_cause() { return g_wait_cause; }

std::string current_op() {
  if (t_op == nullptr || t_op_inputs == nullptr) return "";
  std::string op = std::string("aten::") + t_op;
  if (g_describe) op += " " + g_describe(t_op_inputs);
  return op;
}

void set_input_describer(InputDescriber describe) { g_describe = describe; }

WaitCause::WaitCause(const char* cause, const void* inputs)
    : previous_(g_wait_cause), previous_op_(t_op), previous_inputs_(t_op_inputs) {
  if (g_wait_cause == nullptr) g_wait_cause = cause;
  if (t_op == nullptr) {
    t_op = cause;
    t_op_inputs = inputs;
  }
}

WaitCause::~WaitCause() {
  g_wait_cause = previous_;
  t_op = previous_op_;
  t_op_inputs = previous_inputs_;
}

}  // namespace tp::profiler
