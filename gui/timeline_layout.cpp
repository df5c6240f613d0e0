#include "gui/timeline_layout.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tp::gui {

bool timeline_copy_row(const std::string& name) {
  return name.find(" copy ") != std::string::npos || name.find("peer") != std::string::npos;
}

double timeline_tick_step(double span, int n) {
  const double raw = span / std::max(n, 1);
  const double p = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * p >= raw) return m * p;
  return 10 * p;
}

TimelineWindow timeline_fit(double start_ns, double end_ns) {
  const double span = std::max(end_ns - start_ns, 1e3);
  return {start_ns - span * 0.02, span * 1.04};
}

std::vector<TimelineBox> timeline_boxes(const repl::TimelineRow& row, const TimelineTrack& track, float y,
                                        float row_h) {
  std::vector<TimelineBox> boxes;
  const float left = track.track_x, right = track.track_x + track.track_w;
  for (const repl::TimelineSpan& sp : row.spans) {
    const float a = std::max(track.x_of(sp.start_ns), left), b = std::min(track.x_of(sp.end_ns), right);
    if (b < left || a > right) continue;
    TimelineBox box;
    box.x0 = a;
    box.x1 = std::max(b, a + 2.0f);  // a very short kernel is still seen
    box.y0 = y + row_h * 0.15f;
    box.y1 = y + row_h * 0.85f;
    box.fill = sp.wait ? timeline_colours::wait : timeline_copy_row(row.name) ? timeline_colours::copy : timeline_colours::kernel;
    box.sync_point = sp.wait;
    box.span = &sp;
    boxes.push_back(box);
  }
  return boxes;
}

std::vector<float> timeline_launch_ticks(const repl::TimelineRow& row, const TimelineTrack& track) {
  std::vector<float> xs;
  for (double l : row.launches_ns) {
    const float x = track.x_of(l);
    if (x >= track.track_x && x <= track.track_x + track.track_w) xs.push_back(x);
  }
  return xs;
}

std::string timeline_duration(double ns) {
  char buf[32];
  if (std::abs(ns) < 0.5) ns = 0;  // no "-0.0 us"
  if (std::abs(ns) >= 1e6) {
    std::snprintf(buf, sizeof buf, "%.3f ms", ns / 1e6);
  } else {
    std::snprintf(buf, sizeof buf, "%.1f us", ns / 1e3);
  }
  return buf;
}

}  // namespace tp::gui
