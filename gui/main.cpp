// tensorplay-gui: the GLFW window, the OpenGL context and ImGui's backends around one App
// (app.h) and the thread its Python runs on, plus the scripted runs for tests and
// instructors: --screenshot writes a PNG of the window after N frames (frames drawn while
// code runs do not count), --bench-frames prints the median frame time.
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>
#include <stb_image_write.h>

#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <thread>
#include <string>
#include <vector>

#include "core/device_registry.h"
#include "gui/app.h"
#include "gui/label_audit.h"
#include "gui/options.h"
#include "gui/session_thread.h"

namespace {

std::string g_glfw_error;
volatile sig_atomic_t g_shot_requested = 0;

void on_glfw_error(int, const char* description) { g_glfw_error = description ? description : "?"; }
void on_sigusr1(int) { g_shot_requested = 1; }

// Every key press reaches the app (App::keys_pressed), even one released in the same frame.
tp::gui::App* g_app = nullptr;
void on_key(GLFWwindow*, int key, int, int action, int) {
  if (action == GLFW_PRESS && g_app) g_app->keys_pressed.push_back(key);
}

float g_content_scale = 0;  // the window's latest content scale, from GLFW's callback
void on_content_scale(GLFWwindow*, float xscale, float) { g_content_scale = std::max(1.0f, xscale); }

// The window's pixels as a PNG (read from the back buffer just rendered).
bool write_screenshot(GLFWwindow* window, const std::string& path) {
  int w = 0, h = 0;
  glfwGetFramebufferSize(window, &w, &h);
  std::vector<unsigned char> pixels(size_t(w) * h * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_BACK);
  glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  for (size_t i = 3; i < pixels.size(); i += 4) pixels[i] = 255;  // opaque, whatever GL kept
  stbi_flip_vertically_on_write(1);  // GL's rows start at the bottom
  return stbi_write_png(path.c_str(), w, h, 4, pixels.data(), w * 4) != 0;
}

void toggle_fullscreen(GLFWwindow* window, int& saved_x, int& saved_y, int& saved_w, int& saved_h) {
  if (glfwGetWindowMonitor(window)) {
    glfwSetWindowMonitor(window, nullptr, saved_x, saved_y, saved_w, saved_h, 0);
    return;
  }
  GLFWmonitor* monitor = glfwGetPrimaryMonitor();
  if (!monitor) return;
  const GLFWvidmode* mode = glfwGetVideoMode(monitor);
  glfwGetWindowPos(window, &saved_x, &saved_y);
  glfwGetWindowSize(window, &saved_w, &saved_h);
  glfwSetWindowMonitor(window, monitor, 0, 0, mode->width, mode->height, mode->refreshRate);
}

// --dump-layout's file, replaced whole, so a test reading it never sees half of it.
void write_layout(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp";
  std::ofstream(tmp) << text;
  std::rename(tmp.c_str(), path.c_str());
}

// --record-bench: the timings view's benchmark without a window, saved as JSON.
int record_bench(const tp::gui::GuiOptions& o) {
  using namespace tp::gui;
  BenchRunner runner;
  runner.start(default_bench_plan(o.bench_large));
  std::string last;
  while (runner.running()) {
    std::string s = runner.status();
    if (s != last) std::fprintf(stderr, "%s\n", s.c_str());
    last = s;
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  std::ofstream out(o.record_bench);
  out << to_json(runner.results());
  if (!out) {
    std::fprintf(stderr, "tensorplay-gui: cannot write %s\n", o.record_bench.c_str());
    return 1;
  }
  std::fprintf(stderr, "%s: %s\n", o.record_bench.c_str(), runner.status().c_str());
  return 0;
}

}  // namespace

static int run_gui(int argc, char** argv) {
  using namespace tp::gui;
  std::string error;
  std::optional<GuiOptions> opts = parse_gui_options({argv + 1, argv + argc}, error);
  if (!opts) {
    std::fprintf(stderr, "tensorplay-gui: %s\n", error.c_str());
    return 2;
  }
  if (opts->help) {
    std::fputs(gui_usage().c_str(), stdout);
    return 0;
  }
  View check;
  if (!opts->view.empty() && !parse_view(opts->view, check)) {
    std::fprintf(stderr, "tensorplay-gui: unknown view '%s' (lesson grid timings memory timeline console devices)\n",
                 opts->view.c_str());
    return 2;
  }
  try {
    tp::configure_devices(opts->devices);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "tensorplay-gui: %s\n", e.what());
    return 2;
  }

  if (!opts->record_bench.empty()) return record_bench(*opts);

  // Python's thread first: it blocks SIGINT on this thread, and the GL driver's threads
  // started below inherit that, so a SIGINT reaches the running code (session_thread.h).
  SessionThread session_thread(opts->devices);

  glfwSetErrorCallback(on_glfw_error);
  GLFWwindow* window = nullptr;
  if (glfwInit()) {
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
    window = glfwCreateWindow(opts->width, opts->height, "tensorplay", nullptr, nullptr);
  }
  if (!window) {
    std::fprintf(stderr, "tensorplay-gui: cannot open a window (%s); run it on a desktop, "
                         "or under xvfb-run without a display\n",
                 g_glfw_error.empty() ? "no display" : g_glfw_error.c_str());
    glfwTerminate();
    return 1;
  }
  glfwMakeContextCurrent(window);
  const bool scripted = !opts->screenshot.empty() || opts->bench_frames > 0;
  glfwSwapInterval(scripted ? 0 : 1);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  const std::string dir = opts->no_config ? "" : config_dir();
  const std::string ini_path = dir.empty() ? "" : dir + "/imgui.ini";
  io.IniFilename = ini_path.empty() ? nullptr : ini_path.c_str();
  // The monitor's content scale (X11: Xft.dpi / 96): fonts and sizes follow it, and again
  // when the window moves to a monitor with another scale.
  float xscale = 1, yscale = 1;
  glfwGetWindowContentScale(window, &xscale, &yscale);
  float dpi = std::max(1.0f, xscale);
  glfwSetWindowContentScaleCallback(window, on_content_scale);

  App app(session_thread);
  load_fonts(app, dpi);
  app.settings_path = dir.empty() ? "" : dir + "/gui.conf";
  if (!app.settings_path.empty()) app.settings = load_settings(app.settings_path);
  apply_gui_options(app, *opts);
  // Set before ImGui's backend, which keeps it and calls it from its own key callback.
  g_app = &app;
  glfwSetKeyCallback(window, on_key);
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 130");
  apply_style(app, dpi);

  for (const std::string& line : tp::device_banner()) app.console.add(LineKind::Info, display_text(line));
  if (const std::string note = tp::machine_clock_note(); !note.empty())
    app.console.add(LineKind::Info, display_text(note));
  app.console.add(LineKind::Info, "Type Python here (Tab completes, Up/Down history); :help lists the commands.");
  apply_lesson_options(app, *opts);  // before --exec, which may type lesson commands
  for (const std::string& code : opts->exec) app.exec_queue.push_back(code);
  if (!opts->bench_file.empty()) tp::gui::load_bench_file(app, opts->bench_file);
  app.timings.large = opts->bench_large;
  if (!opts->signal_shots.empty()) std::signal(SIGUSR1, on_sigusr1);

  int frame = 0, shots = 0;
  std::string dumped;  // the layout last written
  int saved_x = 0, saved_y = 0, saved_w = opts->width, saved_h = opts->height;
  bool presenter = app.settings.presenter;
  std::vector<double> frame_ms, build_ms;  // whole frame; building the ImGui frame
  auto last = std::chrono::steady_clock::now();
  int status = 0;
  while (!glfwWindowShouldClose(window) && !app.quit) {
    const auto t0 = std::chrono::steady_clock::now();
    // Scripted screenshots advance animations by a fixed 1/30 s per frame, and stand still
    // while code runs, so a given --frames count always shows the same moment.
    const bool waiting = app.busy() || !app.exec_queue.empty();
    if (opts->screenshot.empty()) {
      app.frame_dt = std::clamp(std::chrono::duration<double>(t0 - last).count(), 0.0, 0.1);
    } else {
      app.frame_dt = waiting ? 0.0 : 1.0 / 30;
    }
    last = t0;
    glfwPollEvents();
    if (g_content_scale > 0 && g_content_scale != dpi) {
      dpi = g_content_scale;
      load_fonts(app, dpi);
      ImGui_ImplOpenGL3_DestroyFontsTexture();
      ImGui_ImplOpenGL3_CreateFontsTexture();
      apply_style(app, dpi);
    }
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
    tp::gui::begin_label_audit();
    draw_app(app);
    if (app.settings.presenter != presenter) {  // the menu toggled it
      presenter = app.settings.presenter;
      apply_style(app, dpi);
    }
    ImGui::Render();
    const auto t_built = std::chrono::steady_clock::now();
    int w = 0, h = 0;
    glfwGetFramebufferSize(window, &w, &h);
    glViewport(0, 0, w, h);
    // The window background (the main ImGui window draws none, see draw_app).
    const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
    glClearColor(bg.x, bg.y, bg.z, 1.0f);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    if (!waiting) ++frame;
    if (!opts->dump_layout.empty()) {
      std::ostringstream out;
      out << "grid " << app.grid.grid_x << " " << app.grid.grid_y << " " << app.grid.cell << " "
          << app.grid.schedule.m << " " << app.grid.schedule.n << "\n"
          << "play " << app.grid.play_x << " " << app.grid.play_y << " " << app.grid.play_w << " "
          << app.grid.play_h << "\n"
          << "font " << ImGui::GetFontSize() << "\n"
          << lesson_layout(app) << console_layout(app) << tp::gui::audited_texts_dump();
      if (out.str() != dumped) write_layout(opts->dump_layout, dumped = out.str());
    }
    if (g_shot_requested) {
      g_shot_requested = 0;
      write_screenshot(window, opts->signal_shots + "-" + std::to_string(++shots) + ".png");
    }
    if (!opts->screenshot.empty() && frame >= opts->frames) {
      if (!write_screenshot(window, opts->screenshot)) {
        std::fprintf(stderr, "tensorplay-gui: cannot write %s\n", opts->screenshot.c_str());
        status = 1;
      }
      break;
    }
    glfwSwapBuffers(window);
    if (opts->bench_frames > 0) {
      glFinish();  // count the rendering, not just its queueing
      frame_ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
      build_ms.push_back(std::chrono::duration<double, std::milli>(t_built - t0).count());
      if (int(frame_ms.size()) >= opts->bench_frames + 10) break;
    }
    if (app.toggle_fullscreen) {
      app.toggle_fullscreen = false;
      toggle_fullscreen(window, saved_x, saved_y, saved_w, saved_h);
    }
  }
  if (opts->bench_frames > 0 && frame_ms.size() > 10) {
    std::vector<double> v(frame_ms.begin() + 10, frame_ms.end());  // after a warm-up
    std::vector<double> b(build_ms.begin() + 10, build_ms.end());
    std::sort(v.begin(), v.end());
    std::sort(b.begin(), b.end());
    std::printf("frame time, 64x64 grid animating: median %.2f ms, p90 %.2f ms over %zu frames "
                "(building the frame: median %.2f ms; the rest is GL rendering) on %s\n",
                v[v.size() / 2], v[v.size() * 9 / 10], v.size(), b[b.size() / 2],
                reinterpret_cast<const char*>(glGetString(GL_RENDERER)));
  }
  if (!app.settings_path.empty() && !scripted) save_settings(app.settings, app.settings_path);
  app.timings.runner.cancel();
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window);  // the window goes at once, even while running code stops
  glfwTerminate();
  session_thread.exit_process(status);
}

// The window's run ends in SessionThread::exit_process; the rest (bad flags, no window) here.
int main(int argc, char** argv) { tp::PythonSession::exit_process(run_gui(argc, argv)); }
