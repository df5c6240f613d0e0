#include "repl/notebook/frontend_module.h"

#include <pybind11/stl.h>

#include <chrono>
#include <sstream>
#include <thread>

#include "core/device_registry.h"
#include "core/machine_clock.h"
#include "gui/bench_runner.h"
#include "gui/grid_state.h"
#include "gui/memory_state.h"
#include "gui/notebook_pictures.h"
#include "gui/timeline_layout.h"
#include "python/src/py_types.h"
#include "repl/lesson/lesson_commands.h"
#include "repl/meta_commands.h"
#include "repl/timeline.h"

namespace tp::notebook {

namespace py = pybind11;

namespace {

repl::ProgramSession* g_session = nullptr;
gui::LastGpuRun g_last_run;  // which stretch of the timeline is the last cell's GPU work

// What a meta command works on in a notebook: the session, its lessons, output to `out`
// (no :reset: a kernel restart is the notebook's fresh session).
repl::MetaContext meta_context(std::ostream& out) {
  repl::MetaContext ctx{*g_session->python, out, nullptr};
  ctx.lessons = &g_session->lessons;
  return ctx;
}

// Runs a meta command line (":mem") and returns what it printed.
std::string meta(const std::string& line) {
  std::ostringstream out;
  repl::MetaContext ctx = meta_context(out);
  return repl::run_meta_command(line, ctx) ? out.str() : "";
}

// A notebook's %check: :check, going on to the next step when it passes.
std::string check() {
  std::ostringstream out;
  repl::MetaContext ctx = meta_context(out);
  repl::check_step(ctx, true);
  return out.str();
}

// A notebook's %lesson: :lesson; opened at a STEP (as a lesson's notebook does), the step
// itself is left to the notebook's cells.
std::string lesson(const std::string& arg) {
  std::ostringstream out;
  repl::MetaContext ctx = meta_context(out);
  std::istringstream words(arg);
  std::string number, step;
  words >> number >> step;
  repl::open_lesson_command(ctx, arg, step.empty());
  return out.str();
}

// A notebook cell ended: `exception` is what escaped it (None when it ran cleanly).
void after_cell(const std::string& source, const std::string& filename, py::object exception) {
  RunOutcome o;
  o.source = source;
  o.filename = filename;
  if (!exception.is_none()) {
    o.ok = false;
    o.exception = exception;
    py::tuple parts = py::module_::import("tensorplay.console").attr("describe")(exception);
    o.exc_type = parts[0].cast<std::string>();
    o.message = parts[1].cast<std::string>();
    o.traceback = parts[2].cast<std::string>();
  }
  g_session->observe(o);
}

py::list lessons() {
  std::ostringstream problems;
  lesson::load_lessons_once(g_session->lessons, problems);
  if (!problems.str().empty()) py::print(problems.str(), py::arg("end") = "", py::arg("file") = py::module_::import("sys").attr("stderr"));
  py::list out;
  for (const lesson::Lesson& l : g_session->lessons.lessons) {
    py::list steps;
    for (const lesson::Step& s : l.steps) {
      py::list checks;
      for (const lesson::Check& c : s.checks) checks.append(c.expr);
      steps.append(py::dict(py::arg("name") = s.name, py::arg("prose") = s.prose, py::arg("code") = s.code,
                            py::arg("checks") = checks, py::arg("expect_error") = s.expect_error,
                            py::arg("hint") = s.hint, py::arg("view") = lesson::view_name(s.view)));
    }
    out.append(py::dict(py::arg("number") = l.number, py::arg("title") = l.title, py::arg("minutes") = l.minutes,
                        py::arg("gpus") = l.gpus, py::arg("steps") = steps));
  }
  return out;
}

std::string banner() {
  std::string text;
  for (const std::string& line : device_banner()) text += line + "\n";
  if (const std::string note = machine_clock_note(); !note.empty()) text += note + "\n";
  return text;
}

// The thread grid of a @ b at each of `moments` (fractions of its run), a loop of `seconds`.
std::string grid_picture(py::handle a, py::handle b, const std::string& mode, const std::string& kernel,
                         const std::vector<double>& moments, float size, double seconds, py::function encode_png) {
  if (!torchpy::is_tensor(a) || !torchpy::is_tensor(b)) throw py::type_error("A and B must be tensors");
  const gui::GridProblem problem = gui::problem_from_tensors(torchpy::tensor_of(a), torchpy::tensor_of(b));
  const gui::GridKernel k = kernel == "tiled" ? gui::GridKernel::Tiled
                            : kernel == "coalesced" ? gui::GridKernel::Coalesced
                                                    : gui::GridKernel::Naive;
  const gui::GridSchedule s =
      gui::make_schedule(problem, mode == "cpu" ? gui::GridMode::Cpu : gui::GridMode::Gpu, k, 4);
  std::vector<double> t_ns;
  for (double f : moments) t_ns.push_back(s.duration_ns * f);
  return gui::grid_svg(s, t_ns, size, seconds, [&](const gui::PixelCanvas& c) {
    py::bytes rgba(reinterpret_cast<const char*>(c.pixels.data()), c.pixels.size() * sizeof(uint32_t));
    return encode_png(c.width, c.height, rgba).cast<std::string>();
  });
}

std::string timeline_picture(float width) {
  if (cuda_devices_are_real()) {
    throw std::runtime_error("the timeline shows a simulated GPU's modeled work; this session has a real GPU "
                             "(use torch.profiler to measure it)");
  }
  return gui::timeline_svg(repl::build_timeline(repl::session_device_records(), 0), g_last_run.gpu_run_start_ns,
                           width);
}

std::string memory_picture(float width, float height) {
  return gui::memory_map_svg(gui::collect_memory_map(*g_session->python), width, height);
}

std::string timings_picture(const std::vector<int>& sizes, bool include_transfers, float width, float height) {
  gui::BenchPlan plan = gui::default_bench_plan(false);
  plan.sizes = sizes;
  gui::BenchRunner runner;
  {
    py::gil_scoped_release free_python;  // the benchmark runs on its own thread
    runner.start(plan);
    while (runner.running()) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return gui::timings_svg(runner.results(), include_transfers, width, height);
}

}  // namespace

void install_frontend_module(repl::ProgramSession& session) {
  g_session = &session;
  py::module_ m = py::reinterpret_borrow<py::module_>(
      py::module_::import("types").attr("ModuleType")("_tensorplay_frontend", "The tensorplay program's front-end hooks."));
  m.attr("version") = TP_VERSION;
  m.def("meta", &meta, "Runs a meta command line (':mem') and returns what it printed ('' when it is none).");
  m.def("meta_commands", [] {
    std::vector<std::tuple<std::string, std::string, std::string>> out;
    for (const repl::MetaCommand& c : repl::meta_commands()) out.emplace_back(c.name + 1, c.args, c.help);
    return out;
  }, "(name, arguments, help) of each meta command, without the ':'.");
  m.def("check", &check, "The notebook's %check: :check, and on to the next step when it passes.");
  m.def("cell_started", [] { g_last_run.started(machine_clock().now_ns()); },
        "A notebook cell starts (the timeline shows the last cell that gave a GPU work).");
  m.def("cell_ended", [] { g_last_run.ended(repl::build_timeline(repl::session_device_records(), 0)); },
        "A notebook cell ended, magics alone too.");
  m.def("lesson", &lesson, "The notebook's %lesson N [STEP]: :lesson, the step left to the cells when STEP is given.");
  m.def("after_cell", &after_cell, "A notebook cell ended: hints for its error, lesson bookkeeping.");
  m.def("lessons", &lessons, "The lessons as dicts (number, title, minutes, gpus, steps).");
  m.def("banner", &banner, "The devices, as the prompt's banner lists them.");
  m.def("grid_svg", &grid_picture);
  m.def("memory_svg", &memory_picture);
  m.def("timings_svg", &timings_picture);
  m.def("timeline_svg", &timeline_picture);
  py::module_::import("sys").attr("modules")["_tensorplay_frontend"] = m;
}

int run_python_entry(const char* module, const char* function, const py::tuple& args) {
  try {
    py::object result = py::module_::import(module).attr(function)(*args);
    return result.is_none() ? 0 : result.cast<int>();
  } catch (py::error_already_set& e) {
    if (e.matches(PyExc_SystemExit)) {
      return py::module_::import("tensorplay.console").attr("exit_code")(e.value()).cast<int>();
    }
    e.restore();
    PyErr_Print();
    return 1;
  }
}

}  // namespace tp::notebook
