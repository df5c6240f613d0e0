// torch.profiler's recorder: while a profile is open it collects the host's events (aten ops,
// record_function ranges, CUDA runtime calls such as cudaLaunchKernel and
// cudaDeviceSynchronize, with their times on the simulated machine's clock) and the devices'
// work (each kernel and copy a simulated GPU's clock logs, linked to the runtime call that
// queued it by a correlation id). The torch.profiler package (python/torch/profiler) turns
// them into PyTorch's tables and Chrome trace. When no profile is open, every hook is one
// branch on a flag.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/backends/device_clock.h"

namespace tp::profiler {

enum class HostKind { Op, UserRange, Runtime };

// One span on the host thread.
struct HostEvent {
  std::string name;          // "aten::mm", a record_function label, "cudaLaunchKernel"
  HostKind kind = HostKind::Op;
  double start_ns = 0, end_ns = 0;  // machine clock
  int64_t id = 0;            // external id (ops, ranges) or correlation id (runtime calls)
  int64_t parent = 0;        // the enclosing op's or range's id; 0 at the top
  std::vector<std::vector<int64_t>> shapes;  // input shapes (record_shapes), [] for non-tensors
  std::vector<std::string> dtypes;           // the inputs' types as PyTorch's trace names them
  std::vector<std::string> stack;            // with_stack: "file.py(12): fn", innermost first
  int64_t self_cpu_mem = 0, self_device_mem = 0;  // profile_memory: bytes allocated less freed
};

// One piece of device work, as its clock logged it.
struct DeviceWork {
  int device = 0;            // cuda:N's N
  ClockRecord record;
  int64_t correlation = 0;   // the runtime call that queued it
};

struct Recording {
  std::vector<HostEvent> host;
  std::vector<DeviceWork> device;
};

// True while a profile is open (the hooks' one branch).
bool active();
// Opens a profile (dropping anything recorded before): record_shapes keeps input shapes,
// profile_memory the memory each span allocates and frees, with_stack the Python stack.
void start(bool record_shapes, bool profile_memory = false, bool with_stack = false);
// Closes it and hands over what was recorded.
Recording stop();
bool record_shapes();
bool with_stack();

// Opens a host span and returns its id (0 when no profile is open); close it with pop().
int64_t push(std::string name, HostKind kind, std::vector<std::vector<int64_t>> shapes = {},
             std::vector<std::string> dtypes = {}, std::vector<std::string> stack = {});
void pop(int64_t id);

// A runtime call that took the host from start_ns to end_ns; returns its correlation id
// (0 when no profile is open), for the device work it queued.
int64_t runtime_call(const char* name, double start_ns, double end_ns);
// Bytes the host (device=false) or a GPU allocated (> 0) or freed (< 0), counted for the
// innermost open span while profile_memory is on.
void memory_delta(bool device, int64_t bytes);

// Device work logged by `device`'s clock, queued by runtime call `correlation`.
void device_work(int device, const ClockRecord& record, int64_t correlation);

// What the learner's code is doing when the host waits for a GPU (".item()", "print"), for
// the timeline's labels; always kept, profile or not. nullptr when unknown. The outermost
// cause wins (print(x) waits "in print").
const char* wait_cause();
// The op the host is in, as a kernel or copy it queues is labelled on the timeline:
// "aten::mm [[64, 128], [128, 32]]" (its inputs' shapes, PyTorch's record_shapes notation),
// "" outside any op. The shapes are described only when asked, by the binding layer's
// describer (a launch on a simulated GPU asks; the many CPU ops never do).
std::string current_op();
using InputDescriber = std::string (*)(const void* inputs);
void set_input_describer(InputDescriber describe);
class WaitCause {
 public:
  // `inputs`: what the describer reads the op's inputs from (nullptr: none to show).
  explicit WaitCause(const char* cause, const void* inputs = nullptr);
  ~WaitCause();
  WaitCause(const WaitCause&) = delete;
  WaitCause& operator=(const WaitCause&) = delete;

 private:
  const char* previous_;
  const char* previous_op_;
  const void* previous_inputs_;
};

}  // namespace tp::profiler
