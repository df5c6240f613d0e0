#include "gui/notebook_pictures.h"

#include <algorithm>
#include <cstdio>

#include "gui/grid_picture.h"
#include "gui/memory_colours.h"
#include "gui/memory_layout.h"
#include "gui/svg_writer.h"
#include "gui/timeline_layout.h"
#include "repl/meta_commands.h"

namespace tp::gui {

namespace {

constexpr float kFont = 13;
constexpr float kLine = 17;  // one text line, spacing included
constexpr uint32_t kBackground = memory_colours::rgba(15, 15, 18);
constexpr uint32_t kText = memory_colours::rgba(220, 220, 220);

std::string format(const char* fmt, double a, double b = 0) {
  char buf[160];
  std::snprintf(buf, sizeof buf, fmt, a, b);
  return buf;
}

}  // namespace

std::string grid_svg(const GridSchedule& s, const std::vector<double>& t_ns, float size, double seconds,
                     const std::function<std::string(const PixelCanvas&)>& encode) {
  const GridLayout l = grid_layout(s.m, s.k, s.n, size, size, 0);
  const float width = std::max(float(l.width), 560.0f);
  SvgWriter measure(width, 0, kFont, kBackground);
  const std::string what = "C = A @ B, " + std::to_string(s.m) + " x " + std::to_string(s.n) + ". " +
                           (s.mode == GridMode::Gpu
                                ? std::string("GPU, ") + grid_kernel_label(s.kernel) + " kernel: " + s.launch
                                : std::to_string(s.workers) + " CPU cores take the elements in turn.");
  const std::vector<std::string> lines = measure.wrap(what, width - 8);
  const float header = float(lines.size() + 2) * kLine + 6;
  SvgWriter svg(width, header + float(l.height), kFont, kBackground);
  for (size_t i = 0; i < lines.size(); ++i) svg.text(4, 2 + kLine * float(i), lines[i], kText, width - 8);
  const float moment_y = 2 + kLine * float(lines.size());
  PixelCanvas canvas;
  for (size_t f = 0; f < t_ns.size(); ++f) {
    const double t = t_ns[f];
    canvas.reset(l.width, l.height);
    paint_grid(canvas, l, s, t, -1, -1);
    svg.begin_frame(int(f), int(t_ns.size()), seconds);
    svg.text(4, moment_y,
             "t = " + format_seconds(t * 1e-9) + " of " + format_seconds(s.duration_ns * 1e-9) + ", " + s.timing_label,
             kText, width - 8);
    svg.text(4, moment_y + kLine,
             std::to_string(cells_done(s, t)) + " of " + std::to_string(s.m * s.n) + " elements of C done", kText,
             width - 8);
    svg.image(0, header, float(l.width), float(l.height), encode(canvas));
    svg.end_frame();
  }
  // The matrices' names in the empty corner left of B and above A.
  svg.text(float(l.b_x) - svg.text_width("B ") - 2, header + float(l.b_y + (l.c_y - l.b_y) / 2) - kFont / 2, "B",
           grid_colours::highlight);
  svg.text(float(l.a_x), header + float(l.c_y) - kLine - 2, "A", grid_colours::highlight);
  return svg.str();
}

std::string memory_map_svg(const MemoryMap& map, float width, float height) {
  SvgWriter svg(width, height, kFont, kBackground);
  const size_t nreg = map.regions.size();
  MemoryLayoutText text;
  text.font = kFont;
  text.line = kLine;
  text.link_text_w = svg.text_width("the link");
  for (const std::string& s : map.link) text.link_text_w = std::max(text.link_text_w, svg.text_width(s));
  text.link_lines = 1 + map.link.size();
  const MemoryLayout l = memory_layout(nreg, Rect{4, 4, width - 4, height - 4}, text);
  const size_t scale_bytes = box_scale_bytes(map);
  for (size_t i = 0; i < nreg; ++i) {
    const MemRegion& r = map.regions[i];
    const Rect& g = l.regions[i];
    const bool host = r.device == "cpu";
    svg.rect(g.x0, g.y0, g.x1, g.y1, host ? memory_colours::host_region : memory_colours::gpu_region, 6);
    svg.outline(g.x0, g.y0, g.x1, g.y1, memory_colours::region_border, 6);
    const auto [header, area] = region_parts(g, text);
    svg.text(header.x0, header.y0, r.title, memory_colours::title, header.w());
    svg.text(header.x0, header.y0 + kLine,
             repl::format_bytes(r.used) + " used of " + (r.capacity ? repl::format_bytes(r.capacity) : "?"),
             memory_colours::used_line, header.w());
    const std::vector<BoxRect> boxes =
        layout_boxes(r, area.x0, area.y0, area.w(), area.h(), scale_bytes, kFont * 4.5f, kLine * 2 + 4);
    for (const BoxRect& br : boxes) {
      const MemBox& bx = r.boxes[br.box];
      svg.rect(br.x, br.y, br.x + br.w, br.y + br.h, host ? memory_colours::host_box : memory_colours::gpu_box, 3);
      svg.outline(br.x, br.y, br.x + br.w, br.y + br.h, memory_colours::box_border, 3);
      svg.text(br.x + 3, br.y + 2, bx.label(), memory_colours::box_name, br.w - 5);
      svg.text(br.x + 3, br.y + 2 + kLine, bx.shape + " " + repl::format_bytes(bx.bytes), memory_colours::box_facts,
               br.w - 5);
    }
    if (boxes.size() < r.boxes.size()) {
      const float y = std::max(area.y1, header.y1);
      svg.text(area.x0, y + 2, "+ " + std::to_string(r.boxes.size() - boxes.size()) + " more (see %mem)",
               memory_colours::more, area.w());
    }
  }
  svg.rect(l.link.x0, l.link.y0, l.link.x1, l.link.y1, memory_colours::link, 4);
  for (const Rect& lane : link_lanes(l)) svg.line(lane.x0, lane.y0, lane.x1, lane.y1, memory_colours::link_lane);
  const Rect& room = l.link_label;
  svg.text(room.x0 + 2, room.y0 + 2, "the link", memory_colours::title, room.w());
  if (l.link_one_line) {
    std::string facts;
    for (const std::string& f : map.link) facts += (facts.empty() ? "" : ", ") + f;
    svg.text(room.x0 + 2, room.y0 + 2 + kLine, facts, memory_colours::link_facts, room.w());
  } else {
    for (size_t i = 0; i < map.link.size(); ++i)
      svg.text(room.x0 + 2, room.y0 + 2 + kLine * float(i + 1), map.link[i], memory_colours::link_facts, room.w());
  }
  return svg.str();
}

std::string timeline_svg(const repl::Timeline& t, double from_ns, float width) {
  float label_w = kFont * 4;
  SvgWriter measure(width, 0, kFont, kBackground);
  for (const repl::TimelineRow& r : t.rows) label_w = std::max(label_w, measure.text_width(r.name));
  label_w += kFont;
  const float row_h = kFont * 1.8f, axis_h = kFont * 1.6f, top = kLine + 4;
  const float track_x = label_w, track_w = std::max(width - label_w - kFont * 0.5f, kFont * 4);
  const float height = top + axis_h + row_h * float(t.rows.size()) + 4;
  SvgWriter svg(width, height, kFont, kBackground);
  const double start = std::max(from_ns, t.start_ns);
  if (t.end_ns <= start) {
    svg.text(4, 2, "Nothing on the GPU yet: run some GPU work, e.g. y = x @ x on a cuda tensor", kText, width - 8);
    return svg.str();
  }
  const TimelineWindow window = timeline_fit(start, t.end_ns);  // as the window's "Last run"
  const double span = window.span, view_start = window.start;
  svg.text(4, 2, "modeled time (simulated GPU), from the start of the last run with GPU work", kText, width - 8);
  const TimelineTrack track{view_start, span, track_x, track_w};
  const double step = timeline_tick_step(span, std::max(2, int(track_w / (kFont * 7))));
  for (double tick = start + std::ceil((view_start - start) / step) * step; tick <= view_start + span; tick += step) {
    const float x = track.x_of(tick);
    svg.line(x, top + axis_h * 0.7f, x, height - 4, timings_colours::grid);
    const std::string label = timeline_duration(tick - start);
    if (x + svg.text_width(label) + 2 <= track_x + track_w) svg.text(x + 2, top, label, kText);
  }
  for (size_t i = 0; i < t.rows.size(); ++i) {
    const repl::TimelineRow& row = t.rows[i];
    const float y = top + axis_h + row_h * float(i);
    svg.text(0, y + (row_h - kFont) / 2, row.name, kText, label_w);
    svg.line(track_x, y + row_h, track_x + track_w, y + row_h, timings_colours::grid);
    for (float x : timeline_launch_ticks(row, track))
      svg.line(x, y + row_h * kLaunchTickTop, x, y + row_h * kLaunchTickBottom, timings_colours::label);
    for (const TimelineBox& b : timeline_boxes(row, track, y, row_h)) {
      svg.rect(b.x0, b.y0, b.x1, b.y1, b.fill, 2);
      if (b.sync_point) svg.outline(b.x0, b.y0, b.x1, b.y1, timeline_colours::wait_outline, 2, 2);
      if (b.x1 - b.x0 > svg.text_width(b.span->label) + 6)
        svg.text(b.x0 + 3, y + (row_h - kFont) / 2, b.span->label, timeline_colours::span_text);
    }
  }
  return svg.str();
}

std::string timings_svg(const BenchResults& r, bool include_transfers, float width, float height) {
  SvgWriter svg(width, height, kFont, kBackground);
  const float legend = kLine * float(r.series.size() + 2);
  const float left = kFont * 5.5f, top = kFont * 0.5f + kLine;
  const float w = width - left - kFont, h = height - top - kFont * 3.0f - legend;
  svg.text(4, 2, r.source, kText, width - 8);
  if (w < 50 || h < 50) return svg.str();
  svg.rect(left, top, left + w, top + h, timings_colours::plot);
  svg.outline(left, top, left + w, top + h, timings_colours::frame);
  const std::vector<bool> shown_all(r.series.size(), false);
  const PlotScale sc = plot_scale_for(r, include_transfers, shown_all, left, top, w, h);
  for (double t : sc.x.ticks()) {
    const float x = sc.px(t);
    svg.line(x, top, x, top + h, timings_colours::grid);
    const std::string label = format("%g", t);
    svg.text(std::min(x - svg.text_width(label) / 2, left + w - svg.text_width(label)), top + h + 2, label,
             timings_colours::label);
  }
  float last_label_y = -1e9f;
  for (double t : sc.y.ticks()) {
    const float y = sc.py(t);
    svg.line(left, y, left + w, y, timings_colours::grid);
    if (y - last_label_y < kFont * 1.1f && last_label_y - y < kFont * 1.1f) continue;
    svg.text(2, y - kFont / 2, format_seconds(t), timings_colours::label);
    last_label_y = y;
  }
  svg.text(left + w / 2 - kFont * 6, top + h + kFont * 1.2f, "matrix size N (log)", timings_colours::label);
  for (size_t i = 0; i < r.series.size(); ++i) {
    const BenchSeries& s = r.series[i];
    if (!series_visible(r, i, include_transfers, shown_all)) continue;
    std::vector<std::pair<float, float>> points;
    for (const BenchPoint& p : s.points) {
      std::optional<double> t = s.kind == SeriesKind::Gpu ? gpu_time(r, s, p.n, include_transfers)
                                                          : std::optional<double>(p.seconds);
      if (t) points.emplace_back(sc.px(p.n), sc.py(*t));
    }
    svg.polyline(points, series_colour(i), s.measured ? 2.5f : 1.5f);
  }
  const BenchSeries* cpu = r.find("CPU BLAS");
  const BenchSeries* gpu = r.find("cuBLAS");
  if (cpu && gpu) {
    std::optional<double> x = crossover(r, *cpu, *gpu, include_transfers);
    if (x && *x >= sc.x.lo && *x <= sc.x.hi) {
      svg.line(sc.px(*x), top, sc.px(*x), top + h, timings_colours::crossover, 2);
      svg.text(sc.px(*x) + 4, top + 4, format("GPU wins from N ~ %.0f", *x), timings_colours::crossover_text);
    }
  }
  float y = top + h + kFont * 1.2f + kLine + 4;
  for (size_t i = 0; i < r.series.size(); ++i, y += kLine) {
    const BenchSeries& s = r.series[i];
    svg.rect(left, y + 4, left + 18, y + 8, series_colour(i));
    svg.text(left + 24, y, s.name + (s.measured ? "  (measured)" : "  (modeled)"), series_colour(i), w - 24);
  }
  return svg.str();
}

}  // namespace tp::gui
