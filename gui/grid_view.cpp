// The thread grid view: C = A x B drawn cell by cell as a CPU sweeps it or as GPU threads
// in blocks and warps fill it, replayed from a schedule (grid_state.h); click a cell for
// its thread, SM, memory reads and dot product.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <thread>

#include "core/ops/copy.h"
#include "gui/app.h"
#include "gui/canvas_texture.h"
#include "gui/grid_picture.h"
#include "repl/bindings/py_types.h"

namespace tp::gui {

namespace {

// The session's A and B as the grid's matrices, when they are square, equal-sized 2-D
// tensors of at most 64 x 64; else a message saying what is wrong.
std::string take_session_matrices(App& app) {
  py::object a = app.session.python().get_global("A"), b = app.session.python().get_global("B");
  if (!a || !b || !torchpy::is_tensor(a) || !torchpy::is_tensor(b)) {
    return "define tensors A and B in the console first (e.g. A = randn(8, 8))";
  }
  const Tensor& ta = torchpy::tensor_of(a);
  const Tensor& tb = torchpy::tensor_of(b);
  if (ta.dim() != 2 || tb.dim() != 2 || ta.size(0) != ta.size(1) || tb.sizes() != ta.sizes() ||
      ta.size(0) < 2 || ta.size(0) > 64) {
    return "A and B must both be n x n with 2 <= n <= 64";
  }
  const int n = int(ta.size(0));
  GridProblem p;
  p.n = n;
  p.source = "the session's A and B";
  for (const Tensor* t : {&ta, &tb}) {
    Tensor c = contiguous(to(*t, Device::cpu(), DType::Float32));
    const float* d = c.data<float>();
    (t == &ta ? p.A : p.B).assign(d, d + size_t(n) * n);
  }
  app.grid.problem = p;
  app.settings.grid_n = n;
  app.grid.dirty = true;
  return "";
}

void draw_controls(App& app) {
  GridViewState& g = app.grid;
  int mode = g.mode == GridMode::Cpu ? 0 : 1;
  ImGui::TextUnformatted("Who computes C = A x B?");
  if (ImGui::RadioButton("CPU", &mode, 0)) g.dirty = true;
  ImGui::SameLine();
  if (ImGui::RadioButton("GPU", &mode, 1)) g.dirty = true;
  g.mode = mode == 0 ? GridMode::Cpu : GridMode::Gpu;
  if (g.mode == GridMode::Cpu) {
    if (ImGui::Checkbox("all cores (else one)", &g.all_cores)) g.dirty = true;
  } else {
    int k = int(g.kernel);
    const char* names[] = {"naive", "coalesced", "shared-memory tiled"};
    if (ImGui::Combo("kernel", &k, names, 3)) {
      g.kernel = GridKernel(k);
      g.dirty = true;
    }
  }
  int n = g.problem.n;
  if (ImGui::SliderInt("N", &n, 2, 64)) {
    g.problem = random_problem(n, 1);
    app.settings.grid_n = n;
    g.dirty = true;
  }
  if (ImGui::Button("New random A, B")) {
    g.problem = random_problem(g.problem.n, unsigned(ImGui::GetFrameCount()));
    g.dirty = true;
  }
  ImGui::SameLine();
  if (ImGui::Button("Use A, B from the session")) g.error = take_session_matrices(app);
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
  ImGui::Text("cells done: %d of %d", cells_done(s, g.anim.t_ns), s.n * s.n);
  if (s.mode == GridMode::Gpu) {
    ImGui::Text("grid %d x %d blocks of %d x %d threads", s.grid_x, s.grid_y, s.tile, s.tile);
    ImGui::TextWrapped("warps of %d; %d SMs used; %d blocks/SM; %d wave(s)", s.warp_size,
                       s.workers, s.blocks_per_sm, s.waves);
  } else {
    ImGui::Text("%d core(s), one cell after another", s.workers);
  }
  ImGui::Text("global reads: %lld", static_cast<long long>(s.total_global_reads));
  if (s.kernel == GridKernel::Tiled && s.mode == GridMode::Gpu) {
    ImGui::Text("shared reads: %lld", static_cast<long long>(s.total_shared_reads));
  }
  ImGui::TextDisabled("A, B: %s", g.problem.source.c_str());
  if (!g.error.empty()) ImGui::TextColored(ImVec4(1, 0.5f, 0.4f, 1), "%s", g.error.c_str());
}

// Which cell of C the first running CPU core works on, and how many terms it has summed.
void cpu_progress(const GridSchedule& s, double t, int& cell, int& terms) {
  cell = -1;
  terms = 0;
  for (size_t i = 0; i < s.cells.size(); ++i) {
    const CellEvent& c = s.cells[i];
    if (cell_phase(c, t) == CellPhase::Running) {
      cell = int(i);
      terms = int((t - c.start_ns) / (c.end_ns - c.start_ns) * s.n);
      return;
    }
  }
}

void draw_selection(App& app) {
  GridViewState& g = app.grid;
  const GridSchedule& s = g.schedule;
  if (g.selected_row < 0 || g.selected_row >= s.n || g.selected_col >= s.n) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("Click a cell of C to see who computes it and its dot product.");
    ImGui::PopStyleColor();
    return;
  }
  const CellEvent& c = s.cell(g.selected_row, g.selected_col);
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
  DotProduct d = dot_product(g.problem.A, g.problem.B, s.n, g.selected_row, g.selected_col);
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
  const int n = s.n;
  if (n == 0) return;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 cursor = ImGui::GetCursorScreenPos();
  const ImVec2 origin(std::floor(cursor.x), std::floor(cursor.y));  // whole pixels: sharp cells
  const GridLayout L = grid_layout(n, avail.x, avail.y, ImGui::GetFontSize() + 6);
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
  if (ab >= ImGui::CalcTextSize("-00").x + 4) {
    for (int i = 0; i < n; ++i) {
      for (int k = 0; k < n; ++k) {
        std::snprintf(buf, sizeof buf, "%g", double(g.problem.A[size_t(i) * n + k]));
        dl->AddText(ImVec2(a0.x + k * ab + 3, a0.y + i * ab + 3), i == hi_row ? IM_COL32(0, 0, 0, 255) : text, buf);
        std::snprintf(buf, sizeof buf, "%g", double(g.problem.B[size_t(i) * n + k]));
        dl->AddText(ImVec2(b0.x + k * ab + 3, b0.y + i * ab + 3), k == hi_col ? IM_COL32(0, 0, 0, 255) : text, buf);
      }
    }
    for (int i = 0; i < n; ++i) {
      for (int j = 0; j < n; ++j) {
        if (cell_phase(s.cell(i, j), t) != CellPhase::Done) continue;
        DotProduct d = dot_product(g.problem.A, g.problem.B, n, i, j);
        std::snprintf(buf, sizeof buf, "%g", double(d.sum));
        dl->AddText(ImVec2(c0.x + j * cell + 3, c0.y + i * cell + 3), IM_COL32(0, 0, 0, 255), buf);
      }
    }
  }
  dl->AddText(ImVec2(a0.x, a0.y - ImGui::GetFontSize() - 2), text, "A");
  dl->AddText(ImVec2(b0.x - ImGui::GetFontSize(), b0.y), text, "B");

  // Block outlines (the tiles of the tiled kernel), drawn from the cells each block owns.
  if (s.mode == GridMode::Gpu && s.tile > 0) {
    for (int by = 0; by < s.grid_y; ++by) {
      for (int bx = 0; bx < s.grid_x; ++bx) {
        // Naive: block x walks rows; coalesced and tiled: block x walks columns.
        const int r0 = (s.kernel == GridKernel::Naive ? bx : by) * s.tile;
        const int c0i = (s.kernel == GridKernel::Naive ? by : bx) * s.tile;
        if (r0 >= n || c0i >= n) continue;
        const int r1 = std::min(n, r0 + s.tile), c1 = std::min(n, c0i + s.tile);
        dl->AddRect(ImVec2(c0.x + c0i * cell, c0.y + r0 * cell),
                    ImVec2(c0.x + c1 * cell - 1, c0.y + r1 * cell - 1),
                    IM_COL32(255, 255, 255, 140), 0, 0, s.kernel == GridKernel::Tiled ? 2.0f : 1.0f);
      }
    }
  }
  // The tiled kernel: the tile of A and B the selected cell's block has in shared memory.
  if (s.mode == GridMode::Gpu && s.kernel == GridKernel::Tiled && g.selected_row >= 0) {
    const CellEvent& c = s.cell(g.selected_row, g.selected_col);
    int passed = 0;
    for (double m : barrier_moments(c)) passed += t >= m;
    const int phase = std::min(passed / 2, std::max(0, (n + s.tile - 1) / s.tile - 1));
    const int k0 = phase * s.tile, k1 = std::min(n, k0 + s.tile);
    const int r0 = (g.selected_row / s.tile) * s.tile, cc0 = (g.selected_col / s.tile) * s.tile;
    const ImU32 sh = IM_COL32(80, 200, 255, 255);
    dl->AddRect(ImVec2(a0.x + k0 * ab, a0.y + r0 * ab),
                ImVec2(a0.x + k1 * ab, a0.y + std::min(n, r0 + s.tile) * ab), sh, 0, 0, 2.5f);
    dl->AddRect(ImVec2(b0.x + cc0 * ab, b0.y + k0 * ab),
                ImVec2(b0.x + std::min(n, cc0 + s.tile) * ab, b0.y + k1 * ab), sh, 0, 0, 2.5f);
  }
  if (g.selected_row >= 0 && g.selected_row < n && g.selected_col < n) {
    ImVec2 p(c0.x + g.selected_col * cell, c0.y + g.selected_row * cell);
    dl->AddRect(ImVec2(p.x - 1, p.y - 1), ImVec2(p.x + cell, p.y + cell), IM_COL32(255, 60, 60, 255), 0, 0, 3.0f);
  }
  // The CPU's running sum.
  if (s.mode == GridMode::Cpu && terms >= 0 && hi_row >= 0) {
    float sum = 0;
    for (int k = 0; k < terms && k < n; ++k) sum += g.problem.A[size_t(hi_row) * n + k] * g.problem.B[size_t(k) * n + hi_col];
    std::snprintf(buf, sizeof buf, "C[%d][%d]: %d of %d terms, sum so far %g", hi_row, hi_col, terms, n, double(sum));
    dl->AddText(ImVec2(c0.x, c0.y + n * cell + 4), hi, buf);
  }

  // Clicks on C select a cell.
  const float total = n * cell;
  ImGui::SetCursorScreenPos(c0);
  ImGui::InvisibleButton("grid_cells", ImVec2(total, total));
  if (ImGui::IsItemClicked()) {
    ImVec2 m = ImGui::GetIO().MousePos;
    g.selected_col = std::clamp(int((m.x - c0.x) / cell), 0, n - 1);
    g.selected_row = std::clamp(int((m.y - c0.y) / cell), 0, n - 1);
  }
}

}  // namespace

void draw_grid_view(App& app) {
  GridViewState& g = app.grid;
  if (g.dirty) {
    try {
      g.schedule = make_schedule(g.problem, g.mode, g.kernel,
                                 g.all_cores ? int(std::max(1u, std::thread::hardware_concurrency())) : 1);
      g.anim.restart();
      ++g.schedule_version;
    } catch (const std::exception& e) {
      g.error = e.what();
    }
    g.dirty = false;
    if (g.selected_row >= g.problem.n || g.selected_col >= g.problem.n) g.selected_row = g.selected_col = -1;
  }
  g.anim.advance(g.schedule, app.frame_dt);

  const float side = ImGui::GetFontSize() * 24;
  ImGui::BeginChild("grid_controls", ImVec2(side, 0), true);
  draw_controls(app);
  ImGui::Separator();
  draw_selection(app);
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginChild("grid_canvas", ImVec2(0, 0), false, ImGuiWindowFlags_NoScrollbar);
  ImVec2 avail = ImGui::GetContentRegionAvail();
  draw_canvas(app, avail);
  ImGui::EndChild();
}

}  // namespace tp::gui
