// The GUI session: a Python session whose output is captured, with the REPL's hint engine
// and meta commands, and the modeled clock read around each run.
#include "gui/session.h"

#include <chrono>

#include "core/backends/device_runtime.h"
#include "repl/completion.h"
#include "repl/meta_commands.h"

namespace tp::gui {

Session::Session(DeviceConfig devices) : devices_(std::move(devices)) {
  lessons_.progress_path = lesson::default_progress_path();
  start();
}

void Session::start() {
  python_ = std::make_unique<PythonSession>();
  python_->set_output(&out_, &err_);
  hints_ = std::make_unique<repl::HintEngine>(*python_, /*color=*/false, /*script=*/false);
  python_->set_run_observer([this](const RunOutcome& o) {
    hints_->observe(o);
    exited_ = exited_ || o.exited;  // exit(), quit(), sys.exit() close the window
    lessons_.note_run(o);
    if (!o.ok && !o.exited) {
      last_error_ = lesson::error_text(o);
      // The memory map flashes the operands of a device mix-up.
      py::object fields = py::getattr(o.exception, "device_mismatch", py::none());
      if (!fields.is_none()) {
        for (py::handle d : fields["devices"]) last_mismatch_.push_back(py::str(d));
      }
    }
  });
}

Session::~Session() { stop(); }

void Session::stop() {
  hints_.reset();
  python_.reset();  // device tensors die with the old session
}

void Session::reset() {
  stop();
  configure_devices(devices_);
  start();
}

// Each accelerator's clock now, in the registry's order.
static std::vector<ClockPoint> clock_points() {
  std::vector<ClockPoint> points;
  for (const DeviceEntry* e : accelerators()) points.push_back(runtime_for(e->device).clock_point());
  return points;
}

// The copies each accelerator's clock logged since `points` were taken.
static std::vector<ClockCopy> copies_since(const std::vector<ClockPoint>& points) {
  std::vector<ClockCopy> out;
  const std::vector<const DeviceEntry*> devs = accelerators();
  for (size_t i = 0; i < devs.size() && i < points.size(); ++i) {
    for (const ClockRecord& r : runtime_for(devs[i]->device).clock_records_since(points[i])) {
      if (!r.is_copy) continue;
      const bool to_host = r.name.rfind("memcpy DtoH", 0) == 0;
      out.push_back({size_t(r.bytes), (r.end_ns - r.start_ns) * 1e-9, !to_host});
    }
  }
  return out;
}

// An error that escaped the session's own Python rather than the learner's code (a Ctrl-C
// landing in a meta command or the hint engine): one line, as the prompt prints it.
static std::string escaped_error(const std::exception& e) {
  const auto* pe = dynamic_cast<const py::error_already_set*>(&e);
  if (pe && pe->matches(PyExc_KeyboardInterrupt)) return "KeyboardInterrupt\n";
  return std::string("error: ") + e.what() + "\n";
}

RunReport Session::run(const std::string& input) {
  RunReport rep;
  rep.code = input;
  out_.str("");
  err_.str("");
  last_error_.clear();
  last_mismatch_.clear();
  const auto t0 = std::chrono::steady_clock::now();
  const std::vector<ClockPoint> points = clock_points();
  bool handled = false;
  if (!input.empty() && input[0] == ':') {
    repl::MetaContext ctx{*python_, out_, [this] { reset(); }};
    ctx.lessons = &lessons_;
    // `--exec ":lesson 4"` arrives with a newline, as code does.
    const std::string line = input.substr(0, input.find_last_not_of(" \t\r\n") + 1);
    try {
      handled = repl::run_meta_command(line, ctx);
    } catch (const std::exception& e) {
      err_ << escaped_error(e);
      handled = true;
    }
    rep.quit = ctx.quit;
  }
  if (!handled) {
    try {
      rep.ok = python_->run_interactive(input);
    } catch (const py::error_already_set& e) {
      err_ << escaped_error(e);
      rep.ok = false;
    }
  }
  rep.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  // A :reset replaced the devices: their clocks are new, nothing to compare. Real GPUs
  // keep no clock of their copies.
  if (!cuda_devices_are_real() && points.size() == accelerators().size())
    rep.copies = copies_since(points);
  rep.out = out_.str();
  rep.err = err_.str();
  rep.quit = rep.quit || exited_;
  rep.error = last_error_;
  rep.mismatch_devices = last_mismatch_;
  if (!rep.error.empty()) rep.ok = false;
  return rep;
}

std::vector<std::string> Session::complete(const std::string& line) {
  return repl::complete_line(*python_, line);
}

}  // namespace tp::gui
