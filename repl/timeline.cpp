// The timeline (timeline.h): rows from the clock records, and :trace's text.
#include "repl/timeline.h"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <map>
#include <sstream>

#include "core/backends/device_runtime.h"
#include "core/device_registry.h"

namespace tp::repl {

std::string wait_label(const std::string& cause) {
  if (cause == "cudaDeviceSynchronize") return "torch.cuda.synchronize()";
  if (cause == "cudaStreamSynchronize") return "stream.synchronize()";
  if (cause == "cudaEventSynchronize") return "event.synchronize()";
  if (cause == "cudaMemcpyAsync") return "blocking copy";
  if (cause == "print") return "print";
  const bool identifier = !cause.empty() && std::all_of(cause.begin(), cause.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
  return identifier ? "." + cause + "()" : cause;
}

Timeline build_timeline(const std::vector<DeviceRecords>& devices, double window_ns) {
  Timeline t;
  double end = 0;
  for (const DeviceRecords& d : devices)
    for (const ClockRecord& r : d.records) end = std::max(end, r.end_ns);
  const double start = window_ns > 0 ? end - window_ns : 0;
  TimelineRow host{"host", {}, {}};
  std::map<std::string, TimelineRow> rows;  // by name: streams first, then copy engines
  std::vector<std::string> order;
  auto row = [&](const std::string& name) -> TimelineRow& {
    auto it = rows.find(name);
    if (it == rows.end()) {
      order.push_back(name);
      it = rows.emplace(name, TimelineRow{name, {}, {}}).first;
    }
    return it->second;
  };
  double first = end;
  for (const DeviceRecords& d : devices) {
    for (const ClockRecord& r : d.records) {
      if (r.end_ns < start) continue;
      first = std::min(first, std::max(start, r.start_ns));
      if (r.lane == ClockLane::HostWait) {
        host.spans.push_back({wait_label(r.name), r.start_ns, r.end_ns, 0, true, ""});
        continue;
      }
      if (r.issue_ns >= start) host.launches_ns.push_back(r.issue_ns);
      std::string name = d.device + " stream " + std::to_string(r.stream);
      if (r.lane == ClockLane::CopyHtoD) name = d.device + " copy HtoD";
      if (r.lane == ClockLane::CopyDtoH) name = d.device + " copy DtoH";
      if (r.lane == ClockLane::Peer) name = d.device + " peer link";
      row(name).spans.push_back({r.name, r.start_ns, r.end_ns, r.bytes, false, r.op});
    }
  }
  t.start_ns = window_ns > 0 ? start : (first < end ? first : 0);
  t.end_ns = end;
  t.rows.push_back(std::move(host));
  // Streams, then the copy engines and links, each in the order they first appear per device.
  std::stable_sort(order.begin(), order.end(), [](const std::string& a, const std::string& b) {
    return (a.find(" stream ") == std::string::npos) < (b.find(" stream ") == std::string::npos);
  });
  for (const std::string& n : order) t.rows.push_back(std::move(rows[n]));
  return t;
}

std::vector<DeviceRecords> session_device_records() {
  std::vector<DeviceRecords> out;
  for (const DeviceEntry* e : accelerators()) {
    const DeviceRuntime& device = runtime_for(e->device);
    if (device.kind() != DeviceKind::Simulated) continue;
    out.push_back({e->device.str(), device.clock_records_since(ClockPoint{})});
  }
  return out;
}

namespace {

std::string micros(double ns) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f us", ns / 1e3);
  return buf;
}

}  // namespace

std::string format_timeline(const Timeline& t, int width) {
  std::ostringstream out;
  const double span = t.end_ns - t.start_ns;
  if (span <= 0) return "nothing on the GPU timeline yet (run some GPU work first)\n";
  size_t name_width = 0;
  for (const TimelineRow& r : t.rows) name_width = std::max(name_width, r.name.size());
  out << "timeline (modeled, simulated machine time): " << micros(span) << " from t=" << micros(t.start_ns)
      << "; '#' kernel or copy, 'W' host waiting for the GPU, '|' a launch\n";
  auto col = [&](double ns) {
    return std::clamp(static_cast<int>((ns - t.start_ns) / span * width), 0, width - 1);
  };
  for (const TimelineRow& r : t.rows) {
    std::string cells(static_cast<size_t>(width), ' ');
    for (double l : r.launches_ns) cells[static_cast<size_t>(col(l))] = '|';
    for (const TimelineSpan& s : r.spans) {
      const int a = col(std::max(s.start_ns, t.start_ns)), b = col(s.end_ns);
      for (int i = a; i <= b; ++i) cells[static_cast<size_t>(i)] = s.wait ? 'W' : '#';
    }
    out << r.name << std::string(name_width - r.name.size(), ' ') << " [" << cells << "]\n";
  }
  for (const TimelineRow& r : t.rows) {
    for (const TimelineSpan& s : r.spans) {
      out << "  " << r.name << ": " << s.label << " " << micros(s.start_ns - t.start_ns) << " +"
          << micros(s.end_ns - s.start_ns);
      if (s.bytes > 0) out << " (" << s.bytes << " bytes)";
      if (!s.op.empty()) out << " from " << s.op;
      if (s.wait) out << "  <- the host waits";
      out << "\n";
    }
  }
  return out.str();
}

}  // namespace tp::repl
