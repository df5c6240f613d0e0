// Benchmark series: lookup, JSON save/load (a small reader for the format we write),
// the crossover and speedups, and the log-log scaling of the plot.
#include "gui/timings_state.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <sstream>

namespace tp::gui {

std::optional<double> BenchSeries::at(int n) const {
  for (const BenchPoint& p : points) {
    if (p.n == n) return p.seconds;
  }
  return std::nullopt;
}

BenchSeries* BenchResults::find(const std::string& name) {
  for (BenchSeries& s : series) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

const BenchSeries* BenchResults::find(const std::string& name) const {
  return const_cast<BenchResults*>(this)->find(name);
}

const char* series_kind_name(SeriesKind k) {
  switch (k) {
    case SeriesKind::Cpu: return "cpu";
    case SeriesKind::Gpu: return "gpu";
    case SeriesKind::CopyToDevice: return "h2d";
    case SeriesKind::CopyToHost: return "d2h";
  }
  return "?";
}

// ---- JSON ----------------------------------------------------------------------------

static std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (c == '\n') {
      out += "\\n";
    } else {
      out += c;
    }
  }
  return out + "\"";
}

std::string to_json(const BenchResults& r) {
  std::ostringstream o;
  o << "{\n  \"format\": \"tensorplay-bench-1\",\n";
  o << "  \"source\": " << quoted(r.source) << ",\n";
  o << "  \"gpu_name\": " << quoted(r.gpu_name) << ",\n";
  o << "  \"series\": [";
  for (size_t i = 0; i < r.series.size(); ++i) {
    const BenchSeries& s = r.series[i];
    o << (i ? ",\n" : "\n") << "    {\"name\": " << quoted(s.name) << ", \"kind\": \""
      << series_kind_name(s.kind) << "\", \"measured\": " << (s.measured ? "true" : "false")
      << ", \"pinned\": " << (s.pinned ? "true" : "false") << ", \"points\": [";
    for (size_t j = 0; j < s.points.size(); ++j) {
      char buf[64];
      std::snprintf(buf, sizeof buf, "[%d, %.6e]", s.points[j].n, s.points[j].seconds);
      o << (j ? ", " : "") << buf;
    }
    o << "]}";
  }
  o << "\n  ]\n}\n";
  return o.str();
}

namespace {

// A JSON value: just what the bench format needs.
struct Json {
  enum Kind { Null, Bool, Number, String, Array, Object } kind = Null;
  bool b = false;
  double num = 0;
  std::string str;
  std::vector<Json> items;
  std::vector<std::pair<std::string, Json>> fields;
  const Json* get(const std::string& key) const {
    for (const auto& f : fields) {
      if (f.first == key) return &f.second;
    }
    return nullptr;
  }
};

// A recursive-descent reader; sets `error` on the first problem.
struct Reader {
  const std::string& s;
  size_t i = 0;
  std::string error;

  void ws() {
    while (i < s.size() && std::isspace(static_cast<unsigned char>(s[i]))) ++i;
  }
  bool fail(const std::string& what) {
    if (error.empty()) error = what + " at offset " + std::to_string(i);
    return false;
  }
  bool lit(const char* word) {
    size_t n = std::char_traits<char>::length(word);
    if (s.compare(i, n, word) != 0) return fail(std::string("expected ") + word);
    i += n;
    return true;
  }
  bool string(std::string& out) {
    if (i >= s.size() || s[i] != '"') return fail("expected a string");
    ++i;
    while (i < s.size() && s[i] != '"') {
      if (s[i] == '\\' && i + 1 < s.size()) {
        ++i;
        out += s[i] == 'n' ? '\n' : s[i];
      } else {
        out += s[i];
      }
      ++i;
    }
    if (i >= s.size()) return fail("unterminated string");
    ++i;
    return true;
  }
  bool value(Json& v) {
    ws();
    if (i >= s.size()) return fail("unexpected end");
    char c = s[i];
    if (c == '{') {
      v.kind = Json::Object;
      ++i;
      ws();
      if (i < s.size() && s[i] == '}') return ++i, true;
      while (true) {
        ws();
        std::string key;
        if (!string(key)) return false;
        ws();
        if (i >= s.size() || s[i] != ':') return fail("expected ':'");
        ++i;
        Json item;
        if (!value(item)) return false;
        v.fields.emplace_back(key, std::move(item));
        ws();
        if (i < s.size() && s[i] == ',') {
          ++i;
          continue;
        }
        if (i < s.size() && s[i] == '}') return ++i, true;
        return fail("expected ',' or '}'");
      }
    }
    if (c == '[') {
      v.kind = Json::Array;
      ++i;
      ws();
      if (i < s.size() && s[i] == ']') return ++i, true;
      while (true) {
        Json item;
        if (!value(item)) return false;
        v.items.push_back(std::move(item));
        ws();
        if (i < s.size() && s[i] == ',') {
          ++i;
          continue;
        }
        if (i < s.size() && s[i] == ']') return ++i, true;
        return fail("expected ',' or ']'");
      }
    }
    if (c == '"') {
      v.kind = Json::String;
      return string(v.str);
    }
    if (c == 't') return v.kind = Json::Bool, v.b = true, lit("true");
    if (c == 'f') return v.kind = Json::Bool, v.b = false, lit("false");
    if (c == 'n') return v.kind = Json::Null, lit("null");
    char* end = nullptr;
    v.num = std::strtod(s.c_str() + i, &end);
    if (end == s.c_str() + i) return fail("unexpected character");
    v.kind = Json::Number;
    i = size_t(end - s.c_str());
    return true;
  }
};

std::optional<SeriesKind> kind_from(const std::string& s) {
  for (SeriesKind k : {SeriesKind::Cpu, SeriesKind::Gpu, SeriesKind::CopyToDevice,
                       SeriesKind::CopyToHost}) {
    if (s == series_kind_name(k)) return k;
  }
  return std::nullopt;
}

}  // namespace

std::optional<BenchResults> from_json(const std::string& text, std::string& error) {
  Reader rd{text, 0, {}};
  Json root;
  if (!rd.value(root)) {
    error = rd.error;
    return std::nullopt;
  }
  const Json* format = root.get("format");
  if (root.kind != Json::Object || !format || format->str != "tensorplay-bench-1") {
    error = "not a tensorplay benchmark file (format tensorplay-bench-1)";
    return std::nullopt;
  }
  BenchResults r;
  if (const Json* v = root.get("source")) r.source = v->str;
  if (const Json* v = root.get("gpu_name")) r.gpu_name = v->str;
  const Json* series = root.get("series");
  if (!series || series->kind != Json::Array) {
    error = "missing \"series\" list";
    return std::nullopt;
  }
  for (const Json& js : series->items) {
    BenchSeries s;
    const Json* name = js.get("name");
    const Json* kind = js.get("kind");
    const Json* points = js.get("points");
    std::optional<SeriesKind> k = kind ? kind_from(kind->str) : std::nullopt;
    if (!name || !k || !points || points->kind != Json::Array) {
      error = "a series needs a name, a kind (cpu, gpu, h2d, d2h) and points";
      return std::nullopt;
    }
    s.name = name->str;
    s.kind = *k;
    if (const Json* m = js.get("measured")) s.measured = m->b;
    if (const Json* p = js.get("pinned")) s.pinned = p->b;
    for (const Json& pt : points->items) {
      if (pt.items.size() != 2 || pt.items[0].kind != Json::Number ||
          pt.items[1].kind != Json::Number || pt.items[1].num <= 0) {
        error = "series '" + s.name + "': each point is [n, seconds] with seconds > 0";
        return std::nullopt;
      }
      s.points.push_back({int(pt.items[0].num), pt.items[1].num});
    }
    std::sort(s.points.begin(), s.points.end(),
              [](const BenchPoint& a, const BenchPoint& b) { return a.n < b.n; });
    r.series.push_back(std::move(s));
  }
  return r;
}

// ---- Comparisons -------------------------------------------------------------------------

// The pageable copy series of one direction (the default for a learner's tensors).
static const BenchSeries* copy_series(const BenchResults& r, SeriesKind kind) {
  for (const BenchSeries& s : r.series) {
    if (s.kind == kind && !s.pinned) return &s;
  }
  return nullptr;
}

std::optional<double> gpu_time(const BenchResults& r, const BenchSeries& gpu, int n,
                               bool include_transfers) {
  std::optional<double> t = gpu.at(n);
  if (!t || !include_transfers) return t;
  const BenchSeries* h2d = copy_series(r, SeriesKind::CopyToDevice);
  const BenchSeries* d2h = copy_series(r, SeriesKind::CopyToHost);
  std::optional<double> up = h2d ? h2d->at(n) : std::nullopt;
  std::optional<double> down = d2h ? d2h->at(n) : std::nullopt;
  if (!up || !down) return std::nullopt;
  return *t + 2 * *up + *down;  // A and B up, C down
}

std::optional<double> crossover(const BenchResults& r, const BenchSeries& cpu,
                                const BenchSeries& gpu, bool include_transfers) {
  // Sizes both series know, in order, with whether the GPU wins there.
  struct Row {
    int n;
    double cpu, gpu;
  };
  std::vector<Row> rows;
  for (const BenchPoint& p : cpu.points) {
    std::optional<double> g = gpu_time(r, gpu, p.n, include_transfers);
    if (g) rows.push_back({p.n, p.seconds, *g});
  }
  if (rows.empty() || rows.back().gpu >= rows.back().cpu) return std::nullopt;
  size_t first = rows.size() - 1;  // the first index of the final winning run
  while (first > 0 && rows[first - 1].gpu < rows[first - 1].cpu) --first;
  if (first == 0) return double(rows[0].n);
  // Interpolate log(cpu/gpu) = 0 between the losing size and the winning one.
  const Row& a = rows[first - 1];
  const Row& b = rows[first];
  const double ra = std::log(a.cpu / a.gpu), rb = std::log(b.cpu / b.gpu);
  const double f = ra == rb ? 1.0 : (0 - ra) / (rb - ra);
  return std::exp(std::log(double(a.n)) + f * (std::log(double(b.n)) - std::log(double(a.n))));
}

std::optional<double> speedup(const BenchResults& r, const BenchSeries& cpu, const BenchSeries& gpu,
                              int n, bool include_transfers) {
  std::optional<double> c = cpu.at(n);
  std::optional<double> g = gpu_time(r, gpu, n, include_transfers);
  if (!c || !g || *g <= 0) return std::nullopt;
  return *c / *g;
}

// ---- Plot scaling ----------------------------------------------------------------------

double LogAxis::fraction(double v) const {
  return (std::log10(v) - std::log10(lo)) / (std::log10(hi) - std::log10(lo));
}

std::vector<double> LogAxis::ticks() const {
  std::vector<double> out;
  for (double t = lo; t <= hi * 1.0001; t *= 10) out.push_back(t);
  return out;
}

LogAxis log_axis_for(double min_value, double max_value) {
  LogAxis a;
  a.lo = std::pow(10.0, std::floor(std::log10(min_value)));
  a.hi = std::pow(10.0, std::ceil(std::log10(max_value)));
  if (a.hi <= a.lo) a.hi = a.lo * 10;
  return a;
}

float PlotScale::px(double n) const { return left + float(x.fraction(n)) * width; }
float PlotScale::py(double seconds) const { return top + (1.0f - float(y.fraction(seconds))) * height; }

bool series_visible(const BenchResults& r, size_t i, bool include_transfers,
                    const std::vector<bool>& hidden) {
  if (i < hidden.size() && hidden[i]) return false;
  const SeriesKind k = r.series[i].kind;
  return !(include_transfers && (k == SeriesKind::CopyToDevice || k == SeriesKind::CopyToHost));
}

PlotScale plot_scale_for(const BenchResults& r, bool include_transfers,
                         const std::vector<bool>& hidden, float left, float top, float width,
                         float height) {
  double nmin = 1e300, nmax = 0, smin = 1e300, smax = 0;
  for (size_t i = 0; i < r.series.size(); ++i) {
    if (!series_visible(r, i, include_transfers, hidden)) continue;
    const BenchSeries& s = r.series[i];
    for (const BenchPoint& p : s.points) {
      std::optional<double> t = s.kind == SeriesKind::Gpu ? gpu_time(r, s, p.n, include_transfers)
                                                          : std::optional<double>(p.seconds);
      if (!t || *t <= 0) continue;
      nmin = std::min(nmin, double(p.n));
      nmax = std::max(nmax, double(p.n));
      smin = std::min(smin, *t);
      smax = std::max(smax, *t);
    }
  }
  if (nmax == 0) nmin = 10, nmax = 1000, smin = 1e-6, smax = 1;
  PlotScale p;
  // Sizes are powers of two: a base-10 axis from the decade below to the decade above.
  p.x = log_axis_for(nmin, nmax);
  p.y = log_axis_for(smin, smax);
  p.left = left;
  p.top = top;
  p.width = width;
  p.height = height;
  return p;
}

std::string format_seconds(double s) {
  char buf[32];
  if (s >= 1) {
    std::snprintf(buf, sizeof buf, "%.2f s", s);
  } else if (s >= 1e-3) {
    std::snprintf(buf, sizeof buf, "%.2f ms", s * 1e3);
  } else if (s >= 1e-6) {
    std::snprintf(buf, sizeof buf, "%.1f us", s * 1e6);
  } else {
    std::snprintf(buf, sizeof buf, "%.0f ns", s * 1e9);
  }
  return buf;
}

uint32_t series_colour(size_t i) {
  using timings_colours::rgba;
  static const uint32_t colours[] = {rgba(240, 90, 80),  rgba(250, 170, 60), rgba(120, 200, 255), rgba(90, 150, 255),
                                     rgba(160, 110, 255), rgba(80, 220, 120), rgba(200, 200, 200), rgba(150, 150, 150),
                                     rgba(230, 130, 230), rgba(180, 100, 180)};
  return colours[i % (sizeof colours / sizeof colours[0])];
}

}  // namespace tp::gui
