// The timeline of what the host and the simulated GPUs did, as the GUI's timeline view draws
// it and :trace prints it: a row for the host thread (its waits for a GPU, named by their
// cause: .item(), print, torch.cuda.synchronize(), a blocking copy), a row for each stream's
// kernels and one for each copy engine's transfers. Every time is the simulated machine's
// (modeled), from the devices' clock logs.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/backends/device_clock.h"

namespace tp::repl {

struct TimelineSpan {
  std::string label;      // kernel, copy or wait
  double start_ns = 0, end_ns = 0;
  int64_t bytes = 0;
  bool wait = false;      // the host waiting for a GPU (a sync point)
  std::string op;         // kernels and copies: the op that queued them, with its inputs'
                          // shapes ("aten::mm [[64, 128], [128, 32]]"); "" when unknown
};

struct TimelineRow {
  std::string name;       // "host", "cuda:0 stream 0", "cuda:0 copy HtoD"
  std::vector<TimelineSpan> spans;
  std::vector<double> launches_ns;  // host row: when each kernel or copy was issued
};

struct Timeline {
  std::vector<TimelineRow> rows;
  double start_ns = 0, end_ns = 0;  // the window shown
};

// One device's clock records, as its timeline rows take them.
struct DeviceRecords {
  std::string device;     // "cuda:0"
  std::vector<ClockRecord> records;
};

// The timeline of `devices` over the last `window_ns` of their activity (0: all they kept).
Timeline build_timeline(const std::vector<DeviceRecords>& devices, double window_ns);
// The session's simulated GPUs' records (what build_timeline takes for the live view).
std::vector<DeviceRecords> session_device_records();
// What a wait is called on the timeline: ".item()" for an op, "torch.cuda.synchronize()"
// for cudaDeviceSynchronize.
std::string wait_label(const std::string& cause);

// :trace's text: one line per row, `width` columns of time, then each span listed.
std::string format_timeline(const Timeline& t, int width = 64);

}  // namespace tp::repl
