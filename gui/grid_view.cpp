// The thread grid view: C = A x B (random, or the session's own A and B) drawn cell by cell
// as a CPU sweeps it or as GPU threads in blocks and warps fill it, replayed from a schedule
// (grid_state.h); click a cell for its thread, SM, memory reads and dot product.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <thread>

#include "core/error.h"
#include "gui/background_work.h"
#include "gui/app.h"
#include "gui/canvas_texture.h"
#include "gui/grid_picture.h"
#include "python/src/py_types.h"

namespace tp::gui {

namespace {

// What taking the session's A and B came to.
enum class Taken { Yes, Missing, Refused };

// Makes the session's A and B the grid's matrices; `why` says why not (they are missing,
// cannot be multiplied, or are larger than the grid draws). Unchanged matrices leave the
// grid as it is, so a run that did not touch them does not restart the animation.
Taken take_session_matrices(App& app, std::string& why) {
  py::object a = app.session.python().get_global("A"), b = app.session.python().get_global("B");
  if (!a || !b || !torchpy::is_tensor(a) || !torchpy::is_tensor(b)) {
    why = "define tensors A and B in the console first (e.g. A = randn(2, 3); B = randn(3, 2))";
    return Taken::Missing;
  }
  GridProblem p;
  try {
    p = problem_from_tensors(torchpy::tensor_of(a), torchpy::tensor_of(b));
  } catch (const TorchError& e) {
    why = e.what();
    return Taken::Refused;
  }
  GridProblem& now = app.grid.problem;
  if (now.from_session && p.m == now.m && p.k == now.k && p.n == now.n && p.A == now.A && p.B == now.B) {
    return Taken::Yes;
  }
  now = std::move(p);
  app.grid.dirty = true;
  return Taken::Yes;
}

}  // namespace

void grid_follow_session(App& app) {
  GridViewState& g = app.grid;
  g.error.clear();
  const bool lesson_grid = app.lesson.lesson && app.lesson.current().view == lesson::View::Grid;
  if (!lesson_grid && !g.problem.from_session) return;
  std::string why;
  // A lesson step shown before any code defined A and B keeps the grid's matrices quietly.
  if (take_session_matrices(app, why) == Taken::Missing && !g.problem.from_session) return;
  g.error = why;
}

namespace {

// The learner's kernel: what the cells are, the corner marks, the report.
void draw_learner_controls(const GridSchedule& s) {
  if (!s.learner) return;
  ImGui::TextWrapped("%s", s.output_label.c_str());
  ImGui::TextColored(ImVec4(1.0f, 0.27f, 0.2f, 1), "red corner:");
  ImGui::SameLine();
  ImGui::TextWrapped("the warp's global accesses were scattered (more 32-byte sectors than its bytes need)");
  ImGui::TextColored(ImVec4(0.24f, 0.86f, 1.0f, 1), "cyan corner:");
  ImGui::SameLine();
  ImGui::TextWrapped("the warp hit shared-memory bank conflicts");
  if (!s.learner->report.empty() && ImGui::CollapsingHeader("the launch's report (:kernel)"))
    ImGui::TextWrapped("%s", s.learner->report.c_str());
}

void draw_controls(App& app) {
  GridViewState& g = app.grid;
  int mode = g.mode == GridMode::Cpu ? 0 : 1;
  ImGui::TextUnformatted(g.kernel == GridKernel::Learner && g.mode == GridMode::Gpu ? "Who computes each element?"
                                                                                     : "Who computes C = A x B?");
  if (ImGui::RadioButton("CPU", &mode, 0)) g.dirty = true;
  ImGui::SameLine();
  if (ImGui::RadioButton("GPU", &mode, 1)) g.dirty = true;
  g.mode = mode == 0 ? GridMode::Cpu : GridMode::Gpu;
  if (g.mode == GridMode::Cpu) {
    if (ImGui::Checkbox("all cores (else one)", &g.all_cores)) g.dirty = true;
  } else {
    int k = int(g.kernel);
    const char* names[] = {"naive", "coalesced", "shared-memory tiled", "your last numba.cuda kernel"};
    if (ImGui::Combo("kernel", &k, names, 4)) {
      g.kernel = GridKernel(k);
      g.dirty = true;
    }
  }
  const bool learner = g.mode == GridMode::Gpu && g.kernel == GridKernel::Learner;
  // The slider picks random N x N matrices; the session's own may have any small shape.
  int n = g.problem.from_session ? app.settings.grid_n : g.problem.n;
  if (learner) {
    draw_learner_controls(g.schedule);
  } else {
  if (ImGui::SliderInt("random N", &n, 2, kGridMaxEdge)) {
    g.problem = random_problem(n, 1);
    app.settings.grid_n = n;
    g.dirty = true;
  }
  // Short labels: the pair fits the column even beside a scrollbar (a long dot product).
  if (ImGui::Button("Random A, B")) {
    const GridProblem& p = g.problem;
    g.problem = random_problem(p.m, p.k, p.n, unsigned(ImGui::GetFrameCount()));
    g.dirty = true;
  }
  ImGui::SameLine();
  if (ImGui::Button("Use A, B from the session")) {
    g.error.clear();
    take_session_matrices(app, g.error);
  }
  }
  ImGui::Separator();

  // Play / pause / step / restart.
  const char* play = g.anim.playing ? "Pause" : "Play";
  ImVec2 p = ImGui::GetCursorScreenPos();
  if (ImGui::Button(play, ImVec2(ImGui::GetFontSize() * 5, 0))) {
    if (g.anim.finished(g.schedule)) g.anim.restart();
    g.anim.playing = !g.anim.playing;
  }
  ImVec2 sz = ImGui::GetItemRectSize();
  g.play_x = p.x;
  g.play_y = p.y;
  g.play_w = sz.x;
  g.play_h = sz.y;
  ImGui::SameLine();
  if (ImGui::ArrowButton("back", ImGuiDir_Left)) g.anim.step(g.schedule, -1);
  ImGui::SameLine();
  if (ImGui::ArrowButton("fwd", ImGuiDir_Right)) g.anim.step(g.schedule, +1);
  ImGui::SameLine();
  if (ImGui::Button("Restart")) {
    g.anim.restart();
    g.anim.playing = false;
  }
  float speed = float(g.anim.speed);
  if (ImGui::SliderFloat("speed", &speed, 0.05f, 20.0f, "%.2fx", ImGuiSliderFlags_Logarithmic)) {
    g.anim.speed = speed;
    app.settings.speed = speed;
  }

  const GridSchedule& s = g.schedule;
  ImGui::Separator();
  ImGui::TextWrapped("Timing: %s", s.timing_label.c_str());
  const double scale = s.duration_ns >= 1e6 ? 1e6 : s.duration_ns >= 1e3 ? 1e3 : 1;
  const char* unit = scale == 1e6 ? "ms" : scale == 1e3 ? "us" : "ns";
  ImGui::Text("t = %.2f of %.2f %s", g.anim.t_ns / scale, s.duration_ns / scale, unit);
  ImGui::Text("cells done: %d of %d", cells_done(s, g.anim.t_ns), s.m * s.n);
  if (s.mode == GridMode::Gpu) {
    ImGui::TextWrapped("%s", s.launch.c_str());
    ImGui::TextWrapped("warps of %d; %d SMs used; %d blocks/SM; %d wave(s)", s.warp_size,
                       s.workers, s.blocks_per_sm, s.waves);
  } else {
    ImGui::Text("%d core(s), one cell after another", s.workers);
  }
  ImGui::Text("global reads: %lld", static_cast<long long>(s.total_global_reads));
  if ((s.kernel == GridKernel::Tiled || s.kernel == GridKernel::Learner) && s.mode == GridMode::Gpu) {
    ImGui::Text("shared reads: %lld", static_cast<long long>(s.total_shared_reads));
  }
  if (!learner) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("%s A (%d, %d) x B (%d, %d)", g.problem.source.c_str(), g.problem.m, g.problem.k,
                       g.problem.k, g.problem.n);
    ImGui::PopStyleColor();
  }
  if (!g.error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1, 0.5f, 0.4f, 1));
    ImGui::TextWrapped("%s", g.error.c_str());
    ImGui::PopStyleColor();
  }
}

// Which cell of C the first running CPU core works on, and how many terms it has summed.
void cpu_progress(const GridSchedule& s, double t, int& cell, int& terms) {
  cell = -1;
  terms = 0;
  for (size_t i = 0; i < s.cells.size(); ++i) {
    const CellEvent& c = s.cells[i];
    if (cell_phase(c, t) == CellPhase::Running) {
      cell = int(i);
      terms = int((t - c.start_ns) / (c.end_ns - c.start_ns) * s.k);
      return;
    }
  }
}

// A cell of the learner's output: the thread that wrote it first, and its warp's traffic.
void draw_learner_selection(const GridViewState& g, const GridSchedule& s, const CellEvent& c) {
  const int64_t flat = int64_t(g.selected_row) * s.output_cols + g.selected_col;
  ImGui::Text("%s element %lld", s.learner->output_name.c_str(), static_cast<long long>(flat));
  if (!c.computed) {
    ImGui::TextWrapped("no thread stored to this element");
    return;
  }
  ImGui::TextWrapped("written by thread (%d, %d) of block (%d, %d); warp %d; SM %d", c.thread_x, c.thread_y,
                     c.block_x, c.block_y, c.warp, c.worker);
  ImGui::TextWrapped("this thread: global reads %lld, writes %lld; shared reads %lld; barriers %d",
                     static_cast<long long>(c.global_reads), static_cast<long long>(c.global_writes),
                     static_cast<long long>(c.shared_reads), c.barriers);
  if (const WarpMemory* w = s.warp_memory(c)) {
    if (w->global_requests > 0) {
      const double got = double(w->sectors) / w->global_requests, ideal = double(w->ideal_sectors) / w->global_requests;
      ImGui::TextWrapped("its warp: %lld global requests, %.1f sectors each where %.1f would hold the bytes: %s",
                         static_cast<long long>(w->global_requests), got, ideal,
                         got <= ideal * 1.01 ? "coalesced" : "scattered (neighbouring threads far apart in memory)");
    }
    if (w->shared_requests > 0) {
      const double passes = double(w->wavefronts) / w->shared_requests;
      ImGui::TextWrapped("its warp: %lld shared requests, %.1f passes each: %s",
                         static_cast<long long>(w->shared_requests), passes,
                         passes <= 1.01 ? "no bank conflicts" : "bank conflicts (threads hit one bank's different words)");
    }
  }
  if (c.barriers > 0) {
    int passed = 0;
    for (double m : barrier_moments(c)) passed += g.anim.t_ns >= m;
    ImGui::TextWrapped("syncthreads: %d of %d passed (times spread evenly over the thread's span)", passed, c.barriers);
  }
  ImGui::Text("runs %.1f .. %.1f ns (modeled)", c.start_ns, c.end_ns);
}

void draw_selection(App& app) {
  GridViewState& g = app.grid;
  const GridSchedule& s = g.schedule;
  if (g.selected_row < 0 || g.selected_row >= s.m || g.selected_col >= s.n) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped(s.learner ? "Click a cell to see the thread that wrote it and its warp's memory traffic."
                                 : "Click a cell of C to see who computes it and its dot product.");
    ImGui::PopStyleColor();
    return;
  }
  const CellEvent& c = s.cell(g.selected_row, g.selected_col);
  if (s.learner) {
    draw_learner_selection(g, s, c);
    return;
  }
  ImGui::Text("C[%d][%d]", g.selected_row, g.selected_col);
  if (s.mode == GridMode::Gpu) {
    ImGui::TextWrapped("block (%d, %d)  thread (%d, %d)  warp %d  SM %d", c.block_x, c.block_y,
                       c.thread_x, c.thread_y, c.warp, c.worker);
    ImGui::TextWrapped("global reads %lld, shared reads %lld, writes %lld",
                       static_cast<long long>(c.global_reads), static_cast<long long>(c.shared_reads),
                       static_cast<long long>(c.global_writes));
    if (c.barriers > 0) {
      std::vector<double> b = barrier_moments(c);
      int passed = 0;
      for (double m : b) passed += g.anim.t_ns >= m;
      ImGui::TextWrapped("barriers: %d of %d passed (times spread evenly over the thread's span)",
                         passed, c.barriers);
    }
  } else {
    ImGui::Text("core %d   reads %lld", c.worker, static_cast<long long>(c.global_reads));
  }
  ImGui::Text("runs %.1f .. %.1f ns", c.start_ns, c.end_ns);
  DotProduct d = dot_product(g.problem, g.selected_row, g.selected_col);
  ImGui::TextWrapped("%s", d.text.c_str());
}

// The canvas the cells are painted into, and its texture (one for the whole app).
PixelCanvas& grid_picture() {
  static PixelCanvas canvas;
  return canvas;
}
CanvasTexture& grid_texture() {
  static CanvasTexture texture;  // lives until exit, like the GL context
  return texture;
}

// What the picture shows: while it stays the same (a paused or finished grid) the canvas
// is neither repainted nor uploaded again.
struct PictureKey {
  int schedule_version = -1, width = 0, height = 0, cell = 0, hi_row = -1, hi_col = -1;
  double t_ns = -1;
  bool operator==(const PictureKey&) const = default;
};

void draw_canvas(App& app, ImVec2 avail) {
  GridViewState& g = app.grid;
  const GridSchedule& s = g.schedule;
  const int m = s.m, k = s.k, n = s.n;
  if (m == 0 || n == 0) return;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 cursor = ImGui::GetCursorScreenPos();
  const ImVec2 origin(std::floor(cursor.x), std::floor(cursor.y));  // whole pixels: sharp cells
  const GridLayout L = grid_layout(m, k, n, avail.x, avail.y, ImGui::GetFontSize() + 6);
  const float cell = float(L.cell), ab = float(L.ab);
  const ImVec2 a0(origin.x + L.a_x, origin.y + L.a_y);
  const ImVec2 b0(origin.x + L.b_x, origin.y + L.b_y);
  const ImVec2 c0(origin.x + L.c_x, origin.y + L.c_y);
  g.grid_x = c0.x;
  g.grid_y = c0.y;
  g.cell = cell;
  const double t = g.anim.t_ns;

  // Rows of A and columns of B in use: the selected cell's, and the running CPU cell's.
  int hi_row = g.selected_row, hi_col = g.selected_col, terms = -1;
  if (s.mode == GridMode::Cpu) {
    int running;
    cpu_progress(s, t, running, terms);
    if (running >= 0) {
      hi_row = running / n;
      hi_col = running % n;
    }
  }
  const ImU32 hi = grid_colours::highlight, text = IM_COL32(235, 235, 235, 255);

  // The cells: thousands of them, so painted on the CPU and drawn as one texture.
  PixelCanvas& pic = grid_picture();
  static PictureKey shown;
  static ImTextureID texture = nullptr;
  const PictureKey now{g.schedule_version, L.width, L.height, L.cell, hi_row, hi_col, t};
  if (now != shown || !texture) {
    paint_grid(pic, L, s, t, hi_row, hi_col);
    texture = grid_texture().upload(pic);
    shown = now;
  }
  dl->AddImage(texture, origin, ImVec2(origin.x + pic.width, origin.y + pic.height));

  // Numbers on the cells when three characters ("-12") fit at the current font size (small
  // grids only, so few text items).
  char buf[96];
  const ImU32 black = IM_COL32(0, 0, 0, 255);
  if (!s.learner && ab >= ImGui::CalcTextSize("-00").x + 4) {
    for (int i = 0; i < m; ++i) {
      for (int p = 0; p < k; ++p) {
        std::snprintf(buf, sizeof buf, "%g", double(g.problem.A[size_t(i) * k + p]));
        dl->AddText(ImVec2(a0.x + p * ab + 3, a0.y + i * ab + 3), i == hi_row ? black : text, buf);
      }
    }
    for (int p = 0; p < k; ++p) {
      for (int j = 0; j < n; ++j) {
        std::snprintf(buf, sizeof buf, "%g", double(g.problem.B[size_t(p) * n + j]));
        dl->AddText(ImVec2(b0.x + j * ab + 3, b0.y + p * ab + 3), j == hi_col ? black : text, buf);
      }
    }
    for (int i = 0; i < m; ++i) {
      for (int j = 0; j < n; ++j) {
        if (cell_phase(s.cell(i, j), t) != CellPhase::Done) continue;
        std::snprintf(buf, sizeof buf, "%g", double(dot_product(g.problem, i, j).sum));
        dl->AddText(ImVec2(c0.x + j * cell + 3, c0.y + i * cell + 3), black, buf);
      }
    }
  }
  if (!s.learner) {
    dl->AddText(ImVec2(a0.x, a0.y - ImGui::GetFontSize() - 2), text, "A");
    dl->AddText(ImVec2(b0.x - ImGui::GetFontSize(), b0.y), text, "B");
  }

  // Block outlines (the tiles of the tiled kernel): every kernel's block covers one aligned
  // tile x tile square of C (teaching_thread_for).
  if (s.mode == GridMode::Gpu && s.tile > 0) {
    for (int r0 = 0; r0 < m; r0 += s.tile) {
      for (int q0 = 0; q0 < n; q0 += s.tile) {
        const int r1 = std::min(m, r0 + s.tile), q1 = std::min(n, q0 + s.tile);
        dl->AddRect(ImVec2(c0.x + q0 * cell, c0.y + r0 * cell), ImVec2(c0.x + q1 * cell - 1, c0.y + r1 * cell - 1),
                    IM_COL32(255, 255, 255, 140), 0, 0, s.kernel == GridKernel::Tiled ? 2.0f : 1.0f);
      }
    }
  }
  // The tiled kernel: the tile of A and B the selected cell's block has in shared memory,
  // stepping along K one tile per two barriers.
  if (s.mode == GridMode::Gpu && s.kernel == GridKernel::Tiled && g.selected_row >= 0) {
    const CellEvent& c = s.cell(g.selected_row, g.selected_col);
    int passed = 0;
    for (double moment : barrier_moments(c)) passed += t >= moment;
    const int phase = std::min(passed / 2, std::max(0, (k + s.tile - 1) / s.tile - 1));
    const int k0 = phase * s.tile, k1 = std::min(k, k0 + s.tile);
    const int r0 = (g.selected_row / s.tile) * s.tile, q0 = (g.selected_col / s.tile) * s.tile;
    const ImU32 sh = IM_COL32(80, 200, 255, 255);
    dl->AddRect(ImVec2(a0.x + k0 * ab, a0.y + r0 * ab), ImVec2(a0.x + k1 * ab, a0.y + std::min(m, r0 + s.tile) * ab),
                sh, 0, 0, 2.5f);
    dl->AddRect(ImVec2(b0.x + q0 * ab, b0.y + k0 * ab), ImVec2(b0.x + std::min(n, q0 + s.tile) * ab, b0.y + k1 * ab),
                sh, 0, 0, 2.5f);
  }
  if (g.selected_row >= 0 && g.selected_row < m && g.selected_col < n) {
    ImVec2 p(c0.x + g.selected_col * cell, c0.y + g.selected_row * cell);
    dl->AddRect(ImVec2(p.x - 1, p.y - 1), ImVec2(p.x + cell, p.y + cell), IM_COL32(255, 60, 60, 255), 0, 0, 3.0f);
  }
  // The CPU's running sum.
  if (s.mode == GridMode::Cpu && terms >= 0 && hi_row >= 0) {
    float sum = 0;
    for (int p = 0; p < terms && p < k; ++p) sum += g.problem.A[size_t(hi_row) * k + p] * g.problem.B[size_t(p) * n + hi_col];
    std::snprintf(buf, sizeof buf, "C[%d][%d]: %d of %d terms, sum so far %g", hi_row, hi_col, terms, k, double(sum));
    // Under C, moved left as far as needed to end inside the canvas (a small C is narrow).
    const float right = origin.x + avail.x - ImGui::CalcTextSize(buf).x;
    dl->AddText(ImVec2(std::max(origin.x, std::min(c0.x, right)), c0.y + m * cell + 4), hi, buf);
  }

  // Clicks on C select a cell.
  ImGui::SetCursorScreenPos(c0);
  ImGui::InvisibleButton("grid_cells", ImVec2(n * cell, m * cell));
  if (ImGui::IsItemClicked()) {
    ImVec2 mouse = ImGui::GetIO().MousePos;
    g.selected_col = std::clamp(int((mouse.x - c0.x) / cell), 0, n - 1);
    g.selected_row = std::clamp(int((mouse.y - c0.y) / cell), 0, m - 1);
  }
}

}  // namespace

void draw_grid_view(App& app) {
  GridViewState& g = app.grid;
  // The learner's kernel view follows each new launch.
  if (g.mode == GridMode::Gpu && g.kernel == GridKernel::Learner) {
    const uint64_t v = last_learner_kernel()->version;
    if (v != g.learner_version) {
      g.learner_version = v;
      g.dirty = true;
    }
  }
  if (g.dirty && !work_suspended()) {  // the page: after the run or benchmark in flight
    try {
      g.schedule = make_schedule(g.problem, g.mode, g.kernel,
                                 g.all_cores ? int(std::max(1u, std::thread::hardware_concurrency())) : 1);
    } catch (const std::exception& e) {
      g.error = e.what();
      g.schedule = GridSchedule{};  // nothing drawn rather than an old schedule over new matrices
    }
    g.anim.restart();
    ++g.schedule_version;
    g.dirty = false;
    if (g.selected_row >= g.schedule.m || g.selected_col >= g.schedule.n) g.selected_row = g.selected_col = -1;
  }
  g.anim.advance(g.schedule, app.frame_dt);

  // The controls beside the picture; in a narrow view (beside a lesson, presenter mode) the
  // picture on top and the controls under it, so the picture always has room.
  const float side = ImGui::GetFontSize() * 24;
  const ImVec2 view = ImGui::GetContentRegionAvail();
  const bool narrow = view.x < side * 2.2f;
  auto controls = [&](ImVec2 size) {
    ImGui::BeginChild("grid_controls", size, true);
    draw_controls(app);
    ImGui::Separator();
    draw_selection(app);
    ImGui::EndChild();
  };
  if (!narrow) {
    controls(ImVec2(side, 0));
    ImGui::SameLine();
  }
  ImGui::BeginChild("grid_canvas", ImVec2(0, narrow ? std::floor(view.y * 0.58f) : 0), false,
                    ImGuiWindowFlags_NoScrollbar);
  draw_canvas(app, ImGui::GetContentRegionAvail());
  ImGui::EndChild();
  if (narrow) controls(ImVec2(0, 0));
}

}  // namespace tp::gui
