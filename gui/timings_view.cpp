// The timings view: runs the benchmark in the background (progress bar, cancel), plots
// time against size on log-log axes with ImDrawList, marks the crossover where the GPU
// starts to win and labels speedups; results save to and load from JSON.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/device_registry.h"
#include "core/gpu_profile.h"
#include "gui/app.h"
#include "gui/label_audit.h"

namespace tp::gui {

namespace {

std::string tick_label_n(double v) {
  char b[16];
  std::snprintf(b, sizeof b, "%g", v);
  return b;
}

// ImGui::SameLine() when the next item, `width` pixels wide, still fits on this line: a row
// of controls wraps in a narrow view instead of running off its edge.
void same_line_if_fits(float width) {
  const float right = ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + width;
  if (right <= ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x) ImGui::SameLine();
}
float checkbox_width(const char* label) {
  return ImGui::GetFrameHeight() + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize(label).x;
}
float button_width(const char* label) {
  return ImGui::CalcTextSize(label).x + ImGui::GetStyle().FramePadding.x * 2;
}

void draw_plot(App& app, const BenchResults& r, ImVec2 size) {
  TimingsViewState& ts = app.timings;
  ts.hidden.resize(r.series.size(), false);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec2 o = ImGui::GetCursorScreenPos();
  const float fs = ImGui::GetFontSize();
  const float left = o.x + fs * 4.5f, top = o.y + fs * 0.5f;
  const float w = size.x - fs * 5.5f, h = size.y - fs * 3.0f;
  if (w < 50 || h < 50) return;
  dl->AddRectFilled(ImVec2(left, top), ImVec2(left + w, top + h), timings_colours::plot);
  dl->AddRect(ImVec2(left, top), ImVec2(left + w, top + h), timings_colours::frame);

  PlotScale sc = plot_scale_for(r, ts.include_transfers, ts.hidden, left, top, w, h);
  const ImU32 grid = timings_colours::grid, label = timings_colours::label;
  float last_label_end = -1e9f;  // a narrow plot skips labels that would touch the last one
  for (double t : sc.x.ticks()) {
    const float x = sc.px(t);
    dl->AddLine(ImVec2(x, top), ImVec2(x, top + h), grid);
    // Centred on its tick, kept inside the plot's width (the last one would be cut off).
    const std::string text = tick_label_n(t);
    const float tw = ImGui::CalcTextSize(text.c_str()).x;
    const float tx = std::min(x - tw * 0.5f, left + w - tw);
    if (tx < last_label_end + fs * 0.5f) continue;
    dl->AddText(ImVec2(tx, top + h + 2), label, text.c_str());
    last_label_end = tx + tw;
  }
  float last_label_y = -1e9f;  // a low plot has more decades than lines of text: skip some labels
  for (double t : sc.y.ticks()) {
    const float y = sc.py(t);
    dl->AddLine(ImVec2(left, y), ImVec2(left + w, y), grid);
    if (std::abs(y - last_label_y) < fs * 1.1f) continue;
    dl->AddText(ImVec2(o.x, y - fs * 0.5f), label, format_seconds(t).c_str());
    last_label_y = y;
  }
  dl->AddText(ImVec2(left + w * 0.5f - fs * 6, top + h + fs * 1.2f), label, "matrix size N (log)");

  // The lines: GPU series include the copies when asked.
  for (size_t i = 0; i < r.series.size(); ++i) {
    const BenchSeries& s = r.series[i];
    if (!series_visible(r, i, ts.include_transfers, ts.hidden)) continue;
    ImVec2 prev;
    bool have = false;
    for (const BenchPoint& p : s.points) {
      std::optional<double> t = s.kind == SeriesKind::Gpu ? gpu_time(r, s, p.n, ts.include_transfers)
                                                          : std::optional<double>(p.seconds);
      if (!t) continue;
      ImVec2 q(sc.px(p.n), sc.py(*t));
      if (have) dl->AddLine(prev, q, series_colour(i), s.measured ? 2.5f : 1.5f);
      dl->AddCircleFilled(q, s.measured ? 3.5f : 2.5f, series_colour(i));
      prev = q;
      have = true;
    }
  }

  // Crossover and speedup against the best CPU line, for cuBLAS (or the first GPU line).
  const BenchSeries* cpu = r.find("CPU BLAS");
  const BenchSeries* gpu = r.find("cuBLAS");
  if (cpu && gpu && !cpu->points.empty()) {
    std::optional<double> x = crossover(r, *cpu, *gpu, ts.include_transfers);
    if (x && *x >= sc.x.lo && *x <= sc.x.hi) {
      const float px = sc.px(*x);
      dl->AddLine(ImVec2(px, top), ImVec2(px, top + h), timings_colours::crossover, 2.0f);
      char b[64];
      std::snprintf(b, sizeof b, "GPU wins from N ~ %.0f", *x);
      dl->AddText(ImVec2(px + 4, top + 4), timings_colours::crossover_text, b);
    }
    const BenchPoint& last = cpu->points.back();
    if (std::optional<double> sp = speedup(r, *cpu, *gpu, last.n, ts.include_transfers)) {
      std::optional<double> g = gpu_time(r, *gpu, last.n, ts.include_transfers);
      char b[64];
      std::snprintf(b, sizeof b, "%.1fx", *sp);
      dl->AddText(ImVec2(sc.px(last.n) - fs * 3, sc.py(*g) + 4), timings_colours::crossover_text, b);
    }
  }
  ImGui::Dummy(size);
}

void draw_legend(App& app, const BenchResults& r) {
  TimingsViewState& ts = app.timings;
  ts.hidden.resize(r.series.size(), false);
  const BenchSeries* cpu = r.find("CPU BLAS");
  for (size_t i = 0; i < r.series.size(); ++i) {
    const BenchSeries& s = r.series[i];
    ImGui::PushID(int(i));
    // With "include transfers" a copy has no line of its own: it is inside each GPU line.
    const bool folded = ts.include_transfers && (s.kind == SeriesKind::CopyToDevice || s.kind == SeriesKind::CopyToHost);
    bool on = !ts.hidden[i] && !folded;
    ImGui::PushStyleColor(ImGuiCol_CheckMark, ImGui::ColorConvertU32ToFloat4(series_colour(i)));
    ImGui::BeginDisabled(folded);
    if (ImGui::Checkbox("##on", &on)) ts.hidden[i] = !on;
    ImGui::EndDisabled();
    ImGui::PopStyleColor();
    ImGui::SameLine();
    ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(series_colour(i)), "%s", s.name.c_str());
    ImGui::SameLine();
    ImGui::TextDisabled("%s", folded ? "added to the GPU lines" : s.measured ? "measured" : "modeled");
    if (!s.points.empty()) {  // the largest size's figures on a line of their own
      const BenchPoint& p = s.points.back();
      std::string figures = "N=" + std::to_string(p.n) + ": " + format_seconds(p.seconds);
      if (s.kind == SeriesKind::Gpu && cpu) {
        if (std::optional<double> sp = speedup(r, *cpu, s, p.n, ts.include_transfers)) {
          char b[64];
          std::snprintf(b, sizeof b, " (%.1fx vs CPU BLAS)", *sp);
          figures += b;
        }
      }
      ImGui::Indent(ImGui::GetFrameHeight() + ImGui::GetStyle().ItemSpacing.x);
      ImGui::TextWrapped("%s", figures.c_str());
      ImGui::Unindent(ImGui::GetFrameHeight() + ImGui::GetStyle().ItemSpacing.x);
    }
    ImGui::PopID();
  }
}

}  // namespace

void draw_timings_view(App& app) {
  TimingsViewState& ts = app.timings;
  BenchRunner& runner = ts.runner;
  if (runner.running()) {
    if (ImGui::Button("Cancel")) runner.cancel();
  } else if (ImGui::Button("Run benchmark")) {
    runner.start(default_bench_plan(ts.large));
    ts.hidden.clear();
  }
  same_line_if_fits(checkbox_width("up to 4096"));
  ImGui::Checkbox("up to 4096", &ts.large);
  same_line_if_fits(checkbox_width("include transfers"));
  ImGui::Checkbox("include transfers", &ts.include_transfers);
  same_line_if_fits(ImGui::GetFontSize() * 10);
  ImGui::ProgressBar(runner.progress(), ImVec2(ImGui::GetFontSize() * 10, 0));
  if (!runner.status().empty()) {
    same_line_if_fits(ImGui::GetFontSize() * 8);
    label_item(runner.status(), false);  // one line, cut to the view (whole on hover)
  }

  // Loading and saving results: under the buttons, or with the legend in a narrow view.
  auto file_row = [&] {
    ImGui::SetNextItemWidth(std::min(ImGui::GetFontSize() * 18, ImGui::GetContentRegionAvail().x));
    ImGui::InputText("##path", &ts.path);
    same_line_if_fits(button_width("Save JSON"));
    if (ImGui::Button("Save JSON")) {
      std::ofstream out(ts.path);
      out << to_json(runner.results());
      ts.message = out ? "saved " + ts.path : "could not write " + ts.path;
    }
    same_line_if_fits(button_width("Load JSON"));
    if (ImGui::Button("Load JSON")) {
      std::ifstream in(ts.path);
      std::ostringstream ss;
      ss << in.rdbuf();
      std::string error;
      if (!in) {
        ts.message = "could not read " + ts.path;
      } else if (std::optional<BenchResults> r = from_json(ss.str(), error)) {
        runner.set_results(*r);
        ts.hidden.clear();
        ts.message = "loaded " + ts.path;
      } else {
        ts.message = ts.path + ": " + error;
      }
    }
    if (!ts.message.empty()) {
      same_line_if_fits(ImGui::CalcTextSize(ts.message.c_str()).x);
      ImGui::TextWrapped("%s", ts.message.c_str());
    }
  };
  const BenchResults r = runner.results();
  auto notes = [&r] {
    if (!r.source.empty()) ImGui::TextWrapped("Source: %s  |  GPU: %s", r.source.c_str(), r.gpu_name.c_str());
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("CPU figures are measured here; GPU figures say measured (a real GPU) or modeled (the simulator's profile).");
    ImGui::PopStyleColor();
  };
  // The notes and legend beside the plot; in a narrow view (beside a lesson, presenter mode)
  // under it, so the plot keeps a readable size.
  const float legend_w = ImGui::GetFontSize() * 26;
  const bool narrow = ImGui::GetContentRegionAvail().x < legend_w * 2.2f;
  if (!narrow) {
    file_row();
    notes();
  }
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  ImGui::BeginChild("plot", narrow ? ImVec2(0, std::floor(avail.y * 0.62f)) : ImVec2(avail.x - legend_w, 0), false,
                    ImGuiWindowFlags_NoScrollbar);
  draw_plot(app, r, ImGui::GetContentRegionAvail());
  ImGui::EndChild();
  if (!narrow) ImGui::SameLine();
  ImGui::BeginChild("legend", ImVec2(0, 0), true);
  if (narrow) {
    notes();
    file_row();
  }
  if (r.series.empty()) {
    ImGui::TextWrapped("No results yet. Run benchmark times matmul from N = 16 up on this CPU "
                       "and on each GPU (in the background; the bar shows progress), or Load "
                       "JSON shows a recorded run, e.g. assets/benchmarks/cpu_sim_t4.json.");
  }
  draw_legend(app, r);
  ImGui::EndChild();
}

void load_bench_file(App& app, const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  std::string error;
  std::optional<BenchResults> r = from_json(ss.str(), error);
  if (!in || !r) {
    app.timings.message = path + ": " + (in ? error : "cannot read");
    return;
  }
  app.timings.runner.set_results(*r);
  app.timings.path = path;
  app.timings.message = "loaded " + path;
}

void load_recorded_bench_if_empty(App& app) {
  if (!app.timings.runner.results().series.empty() || app.timings.runner.running()) return;
  const std::vector<DeviceEntry>& gpus = cuda_devices();
  if (gpus.empty() || !gpus[0].simulated) return;  // a real GPU is measured with Run benchmark
  const std::string name = "cpu_sim_" + gpus[0].profile.id + ".json";
  const std::filesystem::path path = std::filesystem::path(gpu_profiles_dir()).parent_path() / "benchmarks" / name;
  if (!std::ifstream(path)) return;
  load_bench_file(app, path.lexically_normal().string());
  app.timings.message = "showing a recorded run (" + name + "); Run benchmark measures this machine";
}

}  // namespace tp::gui
