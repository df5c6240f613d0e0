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
