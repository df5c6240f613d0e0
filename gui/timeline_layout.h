// What the timeline view and its notebook picture share: the colours of kernels, copies and
// the host's waits, which rows are copy engines, the time axis's round steps and labels, and
// which stretch of the log is "the last run" (the last input that gave a GPU work).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "repl/timeline.h"

namespace tp::gui {

namespace timeline_colours {
constexpr uint32_t rgba(int r, int g, int b, int a = 255) {
  return uint32_t(r) | uint32_t(g) << 8 | uint32_t(b) << 16 | uint32_t(a) << 24;
}
constexpr uint32_t kernel = rgba(66, 133, 244), copy = rgba(46, 160, 67), wait = rgba(214, 69, 65);
constexpr uint32_t wait_outline = rgba(255, 210, 0), span_text = rgba(255, 255, 255);
}  // namespace timeline_colours

// A copy engine's row ("cuda:0 copy HtoD", a peer link), drawn in the copies' colour.
bool timeline_copy_row(const std::string& row_name);
// A tick step of 1, 2 or 5 times a power of ten, giving about `n` ticks over `span`.
double timeline_tick_step(double span, int n);
// The stretch of time shown for [start, end]: a small margin on each side (at least 1 us).
struct TimelineWindow {
  double start = 0, span = 0;
};
TimelineWindow timeline_fit(double start_ns, double end_ns);
// Where the rows are drawn: the track [track_x, track_x + track_w] shows modeled time
// [view_start, view_start + view_span].
struct TimelineTrack {
  double view_start = 0, view_span = 1;
  float track_x = 0, track_w = 1;
  float x_of(double ns) const { return track_x + static_cast<float>((ns - view_start) / view_span) * track_w; }
};
// A span of a row drawn from y to y + row_h: clipped to the track, at least 2 pixels wide.
struct TimelineBox {
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  uint32_t fill = 0;
  bool sync_point = false;  // the host waits here for a GPU: outlined
  const repl::TimelineSpan* span = nullptr;
};
std::vector<TimelineBox> timeline_boxes(const repl::TimelineRow& row, const TimelineTrack& track, float y,
                                        float row_h);
// The x of each launch tick of a row inside the track (a tick runs from 0.55 to 0.95 of the row).
std::vector<float> timeline_launch_ticks(const repl::TimelineRow& row, const TimelineTrack& track);
constexpr float kLaunchTickTop = 0.55f, kLaunchTickBottom = 0.95f;

// "0.5 us", "12.0 us", "1.250 ms".
std::string timeline_duration(double ns);

// The last run that gave a GPU work: an input without any (print('hi'), :check) leaves the
// timeline on the one before.
struct LastGpuRun {
  double run_start_ns = 0;      // machine time when the last run started
  double gpu_run_start_ns = 0;  // ... the last run that gave a GPU work
  void started(double now_ns) { run_start_ns = now_ns; }
  void ended(const repl::Timeline& t) {
    if (t.end_ns > run_start_ns) gpu_run_start_ns = run_start_ns;
  }
};

}  // namespace tp::gui
