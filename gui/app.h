// The GUI's state over one session, and the functions that draw it. main.cpp (the GLFW and
// OpenGL glue) owns an App and calls draw_app() once per frame; each view is a function
// drawing from its plain state struct (grid_state.h, timings_state.h, memory_state.h,
// console_state.h, lesson_panel.h, demo_state.h), in its own file. Code runs through a
// SessionRunner (session_runner.h: Python's own thread natively, between frames in the
// page): while it runs, the views draw from what they read before and leave the session,
// the device registry and the simulator alone (controls that would use them are disabled).
#pragma once

#include <deque>
#include <string>
#include <vector>

#include "gui/bench_runner.h"
#include "gui/console_state.h"
#include "gui/demo_state.h"
#include "gui/grid_state.h"
#include "gui/lesson_panel.h"
#include "gui/memory_state.h"
#include "gui/options.h"
#include "gui/session.h"
#include "gui/session_runner.h"
#include "gui/settings.h"
#include "gui/timeline_layout.h"
#include "repl/meta_commands.h"
#include "repl/timeline.h"

struct ImFont;

namespace tp::gui {

// The views, in tab order.
enum class View { Lesson, Grid, Timings, Memory, Timeline, Console, Devices };
const char* view_id(View v);     // "grid" (flags and settings)
const char* view_title(View v);  // "Thread grid" (tabs)
// Parses a view id; false when unknown.
bool parse_view(const std::string& id, View& out);

struct GridViewState {
  GridProblem problem = random_problem(16, 1);
  GridMode mode = GridMode::Gpu;
  GridKernel kernel = GridKernel::Naive;
  bool all_cores = false;
  GridSchedule schedule;
  int schedule_version = 0;  // counts rebuilds, so the view knows when to repaint
  uint64_t learner_version = 0;  // the learner kernel the schedule shows (core/learner_kernel.h)
  GridAnimation anim;
  bool dirty = true;  // rebuild the schedule before drawing
  int selected_row = -1, selected_col = -1;
  std::string error;
  // Where the grid and the Play button were drawn last frame (window pixels), for tests.
  float grid_x = 0, grid_y = 0, cell = 0;
  float play_x = 0, play_y = 0, play_w = 0, play_h = 0;
};

struct TimingsViewState {
  BenchRunner runner;
  bool include_transfers = false;
  bool large = false;  // up to 4096
  std::string path = "tensorplay-bench.json";
  std::string message;
  std::vector<bool> hidden;  // per series: hidden from the plot
};

struct MemoryViewState {
  MemoryMap map;
  bool stale = true;
  std::vector<Transfer> transfers;
  std::vector<std::pair<std::string, std::string>> flash;  // (device, name)
  double flash_age = 1e9;
};

// The timeline view: the rows read after each run, and the time range shown (machine ns).
struct TimelineViewState {
  repl::Timeline timeline;
  LastGpuRun last_run;       // what "Last run" shows
  double view_start = 0, view_span = 0;
  bool fit_last_run = true;  // after a run: show what it did
};

// Where a button was drawn last frame (window pixels), for the xdotool tests.
struct ButtonRect {
  float x = 0, y = 0, w = 0, h = 0;
};

// The device registry as the views show it: read every frame while no code runs, kept while
// code runs (it allocates, and :reset rebuilds the registry).
struct DevicesSnapshot {
  std::vector<std::string> banner;    // device_banner()
  std::string clock_note;             // machine_clock_note()
  std::vector<repl::DeviceRow> rows;  // :devices
  std::vector<DeviceEntry> gpus;      // cuda_devices()
  bool gpus_real = false;
};
DevicesSnapshot read_devices();

struct App {
  explicit App(SessionRunner& r) : runner(r), session(r.session()), devices(read_devices()) {}
  SessionRunner& runner;  // runs the code, one input at a time
  Session& session;               // only while no code runs (!busy())
  Settings settings;
  std::string settings_path;
  View view = View::Grid;
  bool select_view = true;      // the tab bar selects `view` on the next frame
  bool show_console_strip = true;
  bool console_elsewhere = false;  // the page: its own console beside the canvas, no Console tab or strip
  ConsoleState console;
  std::string console_input;
  bool focus_console = false;
  GridViewState grid;
  TimingsViewState timings;
  MemoryViewState memory;
  TimelineViewState timeline;
  LessonPanel lesson;
  DemoState demo;
  ButtonRect lesson_run, lesson_next, lesson_back;  // the lesson column's buttons
  ButtonRect console_field;                         // the console's input line
  ButtonRect stop_button;                           // the console's Stop, while code runs
  DevicesSnapshot devices;
  std::vector<LessonRow> lesson_rows;             // the Lesson tab's list, read while no code runs
  std::vector<std::string> lesson_load_errors;    // lesson files that could not be read
  std::deque<std::string> exec_queue;             // --exec inputs, run in turn as the window draws
  bool enter_refused = false;  // Enter was pressed while code ran: the console says so until it ends
  bool quit = false;
  bool toggle_fullscreen = false;  // main.cpp acts on it
  ImFont* font_normal = nullptr;
  ImFont* font_large = nullptr;
  double frame_dt = 1.0 / 60;
  // GLFW keys pressed since the last frame, from main.cpp's key callback: ImGui 1.86 loses a
  // press whose release lands in the same frame (a presenter's clicker, a slow frame).
  std::vector<int> keys_pressed;

  // Starts console input in the session (`step_code`: the lesson step's code sent by its Run
  // button); false, with nothing started, while code runs.
  bool run(const std::string& input, bool step_code = false);
  // Code is running.
  bool busy() const { return runner.busy(); }
  // Once a frame, first: a finished run updates the views that depend on it; the next --exec
  // input starts; a Ctrl-C (SIGINT) that came while nothing ran is shown.
  void poll_run();
  // Stop, Esc, Ctrl-C: KeyboardInterrupt in the running code.
  void interrupt() { runner.interrupt(); }

 private:
  void finish_run(const RunReport& rep);
  MemoryMap before_run_;   // the memory map when the run started, to see what moved
  bool run_step_code_ = false;
};

// `s` with characters outside ImGui's default font (em dashes, arrows) made plain ASCII.
std::string display_text(const std::string& s);

// ImGui's default font at the normal and the presenter size for a content scale.
void load_fonts(App& app, float scale);

// The start-up flags (options.h) applied to the views: start view, grid size, mode, kernel,
// play, presenter mode; --bench-frames keeps the 64x64 grid animating.
void apply_gui_options(App& app, const GuiOptions& o);

// Applies presenter mode (large font, high contrast) or the normal look.
void apply_style(App& app, float dpi_scale);

// One frame of the whole window.
void draw_app(App& app);

// Lessons (lesson_view.cpp): --lessons, --lesson N and --demo N (and --no-config keeping
// progress unsaved) applied at start.
void apply_lesson_options(App& app, const GuiOptions& o);
// Opens lesson N beside the views; false (with a console line) when there is none.
bool open_lesson(App& app, int number);
// Sends the step's code to the console, shown as typed input, and runs it.
void run_step_code(App& app);
// Plays lesson N as the presenter's demo (presenter mode, from step 1, progress untouched).
bool start_demo(App& app, int number);
// One frame of the demo: its clock, and the commands it gives.
void update_demo(App& app);
// The presenter's key for the demo.
void demo_key(App& app, DemoKey k);
// "lesson ...", "run ...", "next ...", "back ..." lines for --dump-layout.
std::string lesson_layout(const App& app);
// "console ...", "busy ...", "stop ...", "input ...", "last ..." lines for --dump-layout: the
// console's input field, the run in flight, what is typed and the last line of the scrollback.
std::string console_layout(const App& app);

// The views (one file each).
void draw_lesson_view(App& app);   // the Lesson tab: the list of lessons
void draw_lesson_panel(App& app);  // the open lesson's column beside the views
void draw_grid_view(App& app);
void draw_timeline_view(App& app);  // host, streams and copy engines over modeled time
// Reads the session's timeline after a run (while no code runs).
void refresh_timeline(App& app);
// The grid shows the session's own A @ B: called when a lesson step opens the grid and after
// each run; takes A and B when the shown step is about the grid or the grid already shows them.
void grid_follow_session(App& app);
void draw_timings_view(App& app);
// Loads recorded benchmark results (JSON) into the timings view; a bad file is a message there.
void load_bench_file(App& app, const std::string& path);
// When the timings view has no results: loads the recorded run for the session's simulated
// GPU (assets/benchmarks/cpu_sim_PROFILE.json), if there is one, so a lesson's view has content.
void load_recorded_bench_if_empty(App& app);
void draw_memory_view(App& app);
void draw_console_view(App& app, float height);
void draw_devices_view(App& app);

}  // namespace tp::gui
