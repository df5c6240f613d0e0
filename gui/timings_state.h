// The timings view's state: benchmark series (matmul time per size on each CPU and GPU
// implementation, copy times), saving and loading them as JSON, the log-log plot's scaling,
// and the crossover size where the GPU starts to win. Plain data, no window needed.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tp::gui {

// One measured or modeled time at one size.
struct BenchPoint {
  int n = 0;           // matrix edge: C (n,n) = A (n,n) @ B (n,n); copies move one n x n float32 matrix
  double seconds = 0;
};

// What a series times.
enum class SeriesKind { Cpu, Gpu, CopyToDevice, CopyToHost };

// One line of the plot.
struct BenchSeries {
  std::string name;      // "CPU naive", "CPU BLAS", "GPU matmul_tiled", "cuBLAS", "H2D pageable"
  SeriesKind kind = SeriesKind::Cpu;
  bool measured = true;  // false: modeled from a GPU profile
  bool pinned = false;   // copies: pinned host memory
  std::vector<BenchPoint> points;  // sorted by n

  std::optional<double> at(int n) const;  // the time at size n, if recorded
};

// A whole run, as saved and loaded.
struct BenchResults {
  std::string source;    // where it ran: "this machine: CPU measured (BLAS on 1 of 2 cores); GPU modeled from the t4 profile"
  std::string gpu_name;  // "Tesla T4 (simulated)" or a real GPU's name
  std::vector<BenchSeries> series;

  BenchSeries* find(const std::string& name);
  const BenchSeries* find(const std::string& name) const;
};

const char* series_kind_name(SeriesKind k);  // "cpu", "gpu", "h2d", "d2h"
std::string to_json(const BenchResults& r);
// Parses what to_json writes; nullopt with `error` set for anything malformed.
std::optional<BenchResults> from_json(const std::string& text, std::string& error);

// A GPU series' time at n with the copies a one-off GPU matmul needs added: A and B to the
// device, C back (pageable, PyTorch's default), when `include_transfers` and both copy
// series have the size. nullopt when a needed figure is missing.
std::optional<double> gpu_time(const BenchResults& r, const BenchSeries& gpu, int n,
                               bool include_transfers);

// The size where `gpu` starts to beat `cpu` for good: the first n from which every later
// common size is faster on the GPU, interpolated (in log-log) between the last losing and
// first winning size. nullopt when the GPU never wins; the smallest size when it always does.
std::optional<double> crossover(const BenchResults& r, const BenchSeries& cpu,
                                const BenchSeries& gpu, bool include_transfers);

// cpu time / gpu time at n ("12.5x"), when both are known.
std::optional<double> speedup(const BenchResults& r, const BenchSeries& cpu, const BenchSeries& gpu,
                              int n, bool include_transfers);

// A log10 axis covering whole decades around [lo, hi] (both > 0).
struct LogAxis {
  double lo = 1, hi = 10;
  // 0 at lo, 1 at hi.
  double fraction(double v) const;
  // Decade ticks lo, 10 lo, ..., hi.
  std::vector<double> ticks() const;
};
LogAxis log_axis_for(double min_value, double max_value);

// Maps (n, seconds) into a plot rectangle (y grows downward, as on screen).
struct PlotScale {
  LogAxis x, y;
  float left = 0, top = 0, width = 1, height = 1;
  float px(double n) const;
  float py(double seconds) const;
};
// Whether series i is drawn: not hidden by the user, and not a copy series when the copies
// are already added to the GPU lines.
bool series_visible(const BenchResults& r, size_t i, bool include_transfers,
                    const std::vector<bool>& hidden);
// The scale that fits every point of the visible series.
PlotScale plot_scale_for(const BenchResults& r, bool include_transfers,
                         const std::vector<bool>& hidden, float left, float top, float width,
                         float height);

// Series i's colour in the plot and its legend (IM_COL32's layout: R in the low byte).
uint32_t series_colour(size_t i);
// The colours of the plot around the series.
namespace timings_colours {
constexpr uint32_t rgba(int r, int g, int b, int a = 255) {
  return uint32_t(r) | uint32_t(g) << 8 | uint32_t(b) << 16 | uint32_t(a) << 24;
}
constexpr uint32_t plot = rgba(20, 22, 28), frame = rgba(140, 140, 150), grid = rgba(60, 60, 70);
constexpr uint32_t label = rgba(200, 200, 200), crossover = rgba(255, 255, 0, 200), crossover_text = rgba(255, 255, 0);
}  // namespace timings_colours

// "1.2 ms", "35 us", "2.0 s".
std::string format_seconds(double s);

}  // namespace tp::gui
