// The timeline view: the host thread (its waits for a GPU in red, each launch a tick), each
// stream's kernels and each copy engine's transfers, over the simulated machine's modeled
// time (repl/timeline.h builds the rows; :trace prints the same). The mouse wheel zooms
// around the pointer, dragging pans, hovering names a span with its duration and bytes.
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "gui/app.h"

namespace tp::gui {

namespace {

void fit(TimelineViewState& s, double start, double end) {
  const TimelineWindow w = timeline_fit(start, end);
  s.view_start = w.start;
  s.view_span = w.span;
}

}  // namespace

void refresh_timeline(App& app) {
  TimelineViewState& s = app.timeline;
  s.timeline = repl::build_timeline(repl::session_device_records(), 0);
  s.last_run.ended(s.timeline);
  if (s.fit_last_run) fit(s, std::max(s.last_run.gpu_run_start_ns, s.timeline.start_ns), s.timeline.end_ns);
}

void draw_timeline_view(App& app) {
  TimelineViewState& s = app.timeline;
  const repl::Timeline& t = s.timeline;
  const float font = ImGui::GetFontSize();
  if (app.devices.gpus.empty() || app.devices.gpus_real) {
    ImGui::TextWrapped("The timeline shows a simulated GPU's modeled work; this session has %s.",
                       app.devices.gpus.empty() ? "no GPU" : "a real GPU (use torch.profiler to measure it)");
    return;
  }
  if (ImGui::Button("Last run")) {
    s.fit_last_run = true;
    fit(s, std::max(s.last_run.gpu_run_start_ns, t.start_ns), t.end_ns);
  }
  ImGui::SameLine();
  if (ImGui::Button("Everything kept")) {
    s.fit_last_run = false;
    fit(s, t.start_ns, t.end_ns);
  }
  ImGui::SameLine();
  ImGui::TextDisabled("modeled time (simulated GPU): wheel zooms, drag pans, hover for details");
  if (t.end_ns <= t.start_ns || s.view_span <= 0) {
    ImGui::TextWrapped("Nothing on the GPU yet: run some GPU work, e.g. x = torch.ones(1000, 1000, device='cuda'); "
                       "y = x @ x; print(y.sum())");
    return;
  }

  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  float label_w = font * 4;
  for (const repl::TimelineRow& r : t.rows) label_w = std::max(label_w, ImGui::CalcTextSize(r.name.c_str()).x);
  label_w += font;
  const float row_h = font * 1.8f;
  const float axis_h = font * 1.6f;
  const float track_x = origin.x + label_w;
  const float track_w = std::max(avail.x - label_w - font * 0.5f, font * 4);
  const float height = axis_h + row_h * static_cast<float>(t.rows.size());
  ImGui::InvisibleButton("timeline_canvas", ImVec2(label_w + track_w, std::max(height, font)));
  const bool hovered = ImGui::IsItemHovered();
  ImGuiIO& io = ImGui::GetIO();
  auto ns_of = [&](float x) { return s.view_start + (x - track_x) / track_w * s.view_span; };
  if (hovered && io.MouseWheel != 0) {  // zoom around the pointer
    const double at = ns_of(io.MousePos.x);
    const double factor = io.MouseWheel > 0 ? 0.8 : 1.25;
    s.view_span = std::clamp(s.view_span * factor, 100.0, 1e12);
    s.view_start = at - (io.MousePos.x - track_x) / track_w * s.view_span;
    s.fit_last_run = false;
  }
  if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left)) {
    s.view_start -= io.MouseDelta.x / track_w * s.view_span;
    s.fit_last_run = false;
  }

  const TimelineTrack track{s.view_start, s.view_span, track_x, track_w};  // after zoom and pan
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
  const ImU32 grid = ImGui::GetColorU32(ImGuiCol_Border);
  dl->PushClipRect(origin, ImVec2(origin.x + label_w + track_w, origin.y + height), true);
  // The time axis: round ticks counted from the last run's start (or the log's).
  const double zero = std::max(s.last_run.gpu_run_start_ns, t.start_ns);
  const double step = timeline_tick_step(s.view_span, std::max(2, static_cast<int>(track_w / (font * 7))));
  for (double tick = zero + std::ceil((s.view_start - zero) / step) * step; tick <= s.view_start + s.view_span;
       tick += step) {
    const float x = track.x_of(tick);
    dl->AddLine(ImVec2(x, origin.y + axis_h * 0.7f), ImVec2(x, origin.y + height), grid);
    const std::string label = timeline_duration(tick - zero);
    if (x + ImGui::CalcTextSize(label.c_str()).x + 2 <= track_x + track_w) {
      dl->AddText(ImVec2(x + 2, origin.y), text, label.c_str());
    }
  }
  const repl::TimelineSpan* tip = nullptr;
  const repl::TimelineRow* tip_row = nullptr;
  for (size_t i = 0; i < t.rows.size(); ++i) {
    const repl::TimelineRow& row = t.rows[i];
    const float y = origin.y + axis_h + row_h * static_cast<float>(i);
    dl->AddText(ImVec2(origin.x, y + (row_h - font) / 2), text, row.name.c_str());
    dl->AddLine(ImVec2(track_x, y + row_h), ImVec2(track_x + track_w, y + row_h), grid);
    for (float x : timeline_launch_ticks(row, track)) {
      dl->AddLine(ImVec2(x, y + row_h * kLaunchTickTop), ImVec2(x, y + row_h * kLaunchTickBottom),
                  ImGui::GetColorU32(ImGuiCol_TextDisabled));
    }
    for (const TimelineBox& b : timeline_boxes(row, track, y, row_h)) {
      const ImVec2 p0(b.x0, b.y0), p1(b.x1, b.y1);
      dl->AddRectFilled(p0, p1, b.fill, 2.0f);
      if (b.sync_point) dl->AddRect(p0, p1, timeline_colours::wait_outline, 2.0f, 0, 2.0f);
      if (b.x1 - b.x0 > ImGui::CalcTextSize(b.span->label.c_str()).x + 6) {
        dl->AddText(ImVec2(b.x0 + 3, y + (row_h - font) / 2), timeline_colours::span_text, b.span->label.c_str());
      }
      if (hovered && io.MousePos.x >= b.x0 && io.MousePos.x <= b.x1 && io.MousePos.y >= b.y0 && io.MousePos.y <= b.y1) {
        tip = b.span;
        tip_row = &row;
      }
    }
  }
  dl->PopClipRect();
  if (tip) {
    ImGui::BeginTooltip();
    ImGui::Text("%s", tip->label.c_str());
    if (!tip->op.empty()) ImGui::Text("from %s", tip->op.c_str());
    ImGui::TextDisabled("%s", tip_row->name.c_str());
    ImGui::Text("%s (modeled), from %s", timeline_duration(tip->end_ns - tip->start_ns).c_str(),
                timeline_duration(tip->start_ns - s.view_start).c_str());
    if (tip->bytes > 0) ImGui::Text("%s", repl::format_bytes(static_cast<size_t>(tip->bytes)).c_str());
    if (tip->wait) ImGui::Text("the host waits here for the GPU");
    ImGui::EndTooltip();
  }
}

}  // namespace tp::gui
