// The GUI's view state without a window: memory-map boxes, transfers and flashes, plot
// scaling, crossovers, benchmark JSON, console input, settings and the command line; and one
// session that drives the memory map as the console would (the grid's in grid_state_test).
#include <doctest/doctest.h>

#include <fstream>
#include <sstream>

#include "core/device_registry.h"
#include "gui/bench_runner.h"
#include "gui/console_state.h"
#include "gui/memory_layout.h"
#include "gui/memory_state.h"
#include "gui/options.h"
#include "gui/session.h"
#include "gui/settings.h"
#include "gui/timings_state.h"

using namespace tp;
using namespace tp::gui;

namespace {

BenchSeries series(const std::string& name, SeriesKind kind, std::vector<BenchPoint> pts) {
  BenchSeries s;
  s.name = name;
  s.kind = kind;
  s.points = std::move(pts);
  return s;
}

}  // namespace

TEST_CASE("memory boxes: area follows bytes, no overlap, inside the region") {
  MemRegion r;
  r.boxes = {{"small", "[10]", "float32", 40}, {"big", "[1000]", "float32", 4000},
             {"mid", "[250]", "float32", 1000}, {"tiny", "[]", "bool", 1}};
  std::vector<BoxRect> rects = layout_boxes(r, 10, 20, 400, 300, 8000, 20, 10);
  REQUIRE(rects.size() == 4);
  CHECK(r.boxes[rects[0].box].name == "big");  // largest first
  auto area = [](const BoxRect& b) { return b.w * b.h; };
  CHECK(area(rects[0]) == doctest::Approx(400 * 300 * 0.5).epsilon(0.01));
  CHECK(area(rects[1]) == doctest::Approx(400 * 300 * 0.125).epsilon(0.01));
  CHECK(area(rects[2]) == doctest::Approx(400 * 300 * 0.005).epsilon(0.01));
  CHECK(area(rects[3]) == doctest::Approx(20 * 10));  // raised to the minimum size
  for (size_t i = 0; i < rects.size(); ++i) {
    const BoxRect& a = rects[i];
    CHECK(a.x >= 10);
    CHECK(a.y >= 20);
    CHECK(a.x + a.w <= 410.5f);
    CHECK(a.y + a.h <= 320.5f);
    for (size_t j = i + 1; j < rects.size(); ++j) {
      const BoxRect& b = rects[j];
      const bool apart = a.x + a.w <= b.x || b.x + b.w <= a.x || a.y + a.h <= b.y || b.y + b.h <= a.y;
      CHECK(apart);
    }
  }
  // No room: boxes that do not fit are left out rather than drawn outside.
  CHECK(layout_boxes(r, 0, 0, 30, 12, 8000, 20, 10).size() == 1);
}

TEST_CASE("memory map layout: side by side when wide, stacked when narrow, nothing overlapping") {
  // The view's space at the three window sizes, beside a lesson or not, in both fonts.
  const float widths[] = {360, 420, 600, 1000, 1260, 1900}, heights[] = {250, 380, 500, 700, 900};
  for (size_t regions : {1, 2, 3, 5}) {
    for (float w : widths) {
      for (float h : heights) {
        for (float font : {13.0f, 22.0f}) {
          for (size_t captions : {0, 3}) {
            MemoryLayoutText t;
            t.font = font;
            t.line = font * 1.3f;
            t.link_text_w = font * 14;
            t.link_lines = 5;
            t.captions = captions;
            const Rect area{10, 40, 10 + w, 40 + h};
            const MemoryLayout l = memory_layout(regions, area, t);
            CAPTURE(regions); CAPTURE(w); CAPTURE(h); CAPTURE(font); CAPTURE(captions);
            REQUIRE(l.regions.size() == regions);
            std::vector<Rect> parts = l.regions;
            if (regions > 1 || !l.stacked) parts.push_back(l.link_label);
            if (regions > 1 || !l.stacked) parts.push_back(l.link);
            if (captions > 0) parts.push_back(l.captions);
            for (size_t i = 0; i < parts.size(); ++i) {
              CHECK(area.contains(parts[i]));
              for (size_t j = i + 1; j < parts.size(); ++j) CHECK_FALSE(parts[i].overlaps(parts[j]));
            }
            // Side by side only when each memory is wide enough for a readable box.
            if (!l.stacked && regions > 1) CHECK(l.regions[0].w() >= font * 12);
            CHECK(l.link_label.h() >= t.line * float(l.link_one_line ? 2 : t.link_lines));
          }
        }
      }
    }
  }
}

TEST_CASE("memory map: regions, transfers from the clock's copies, flashes after a mix-up") {
  std::vector<repl::DeviceRow> devs = {{"cpu", "real", "host", 0, 0},
                                       {"cuda:0", "simulated", "Tesla T4 (simulated)", 0, 1000000}};
  MemoryMap before = build_memory_map({{"x", "cpu", "[2, 3]", "float32", 24}}, devs, {"PCIe"});
  MemoryMap after = build_memory_map({{"x", "cpu", "[2, 3]", "float32", 24},
                                      {"y", "cuda:0", "[2, 3]", "float32", 24}},
                                     devs, {"PCIe"});
  REQUIRE(after.regions.size() == 2);
  CHECK(after.region("cpu")->used == 24);
  CHECK(after.region("cuda:0")->title == "cuda:0  Tesla T4 (simulated)");
  using Copies = std::vector<ClockCopy>;
  std::vector<Transfer> t = detect_transfers(before, after, Copies{{24, 2e-5, true}}, 0.5);
  REQUIRE(t.size() == 1);
  CHECK(t[0].name == "y");
  CHECK(t[0].from == "cpu");
  CHECK(t[0].to == "cuda:0");
  CHECK(t[0].seconds == 2e-5);
  CHECK_FALSE(t[0].measured);
  // The clock saw no copy to the device: y was made there (torch.ones(..., device='cuda')).
  CHECK(detect_transfers(before, after, Copies{}, 0.5).empty());
  CHECK(detect_transfers(before, after, Copies{{24, 2e-5, false}}, 0.5).empty());
  // No clock (a real GPU): a guess, timed by the wall clock.
  std::vector<Transfer> wall = detect_transfers(before, after, std::nullopt, 0.5);
  REQUIRE(wall.size() == 1);
  CHECK(wall[0].measured);
  CHECK(wall[0].seconds == 0.5);
  CHECK(detect_transfers(after, after, std::nullopt, 0.5).empty());
  // x and y both made in one run (X = ones(2, 3); Y = X.to('cuda')): only y moved.
  MemoryMap empty_map = build_memory_map({}, devs, {"PCIe"});
  std::vector<Transfer> both = detect_transfers(empty_map, after, Copies{{24, 1e-5, true}}, 0.5);
  REQUIRE(both.size() == 1);
  CHECK(both[0].name == "y");
  CHECK(both[0].to == "cuda:0");

  // The fields of "... found at least two devices, cuda:0 and cpu!" (exc.device_mismatch).
  auto flash = mismatch_operands(after, "z = x + y", {"cuda:0", "cpu"});
  REQUIRE(flash.size() == 2);
  CHECK(flash[0] == std::make_pair(std::string("cpu"), std::string("x")));
  CHECK(flash[1] == std::make_pair(std::string("cuda:0"), std::string("y")));
  CHECK(mismatch_operands(after, "x + y", {}).empty());  // another error: no device fields
}

TEST_CASE("memory map: a tensor under two names is one box with both, counted once") {
  std::vector<repl::DeviceRow> devs = {{"cpu", "real", "host", 0, 0},
                                       {"cuda:0", "simulated", "Tesla T4 (simulated)", 0, 1000000}};
  MemoryMap before = build_memory_map({{"net.w", "cpu", "[1, 3]", "float32", 12, ""},
                                       {"w", "cpu", "[1, 3]", "float32", 12, "net.w"}},
                                      devs, {"PCIe"});
  REQUIRE(before.region("cpu")->boxes.size() == 1);
  const MemBox& b = before.region("cpu")->boxes[0];
  CHECK(b.label() == "net.w = w");
  CHECK(b.has_name("w"));
  CHECK(before.region("cpu")->used == 12);
  CHECK(before.box("cpu", "w") == &b);
  // net.to('cuda') moves it: one transfer, found under either name.
  MemoryMap after = build_memory_map({{"net.w", "cuda:0", "[1, 3]", "float32", 12, ""},
                                      {"w", "cuda:0", "[1, 3]", "float32", 12, "net.w"}},
                                     devs, {"PCIe"});
  std::vector<Transfer> t = detect_transfers(before, after, std::vector<ClockCopy>{{12, 1e-5, true}}, 0.5);
  REQUIRE(t.size() == 1);
  CHECK(t[0].from == "cpu");
  CHECK(t[0].to == "cuda:0");
  // A mix-up named through the alias flashes the box.
  MemoryMap mixed = build_memory_map({{"net.w", "cuda:0", "[1, 3]", "float32", 12, ""},
                                      {"w", "cuda:0", "[1, 3]", "float32", 12, "net.w"},
                                      {"x", "cpu", "[1, 3]", "float32", 12, ""}},
                                     devs, {"PCIe"});
  auto flash = mismatch_operands(mixed, "x + w", {"cuda:0", "cpu"});
  REQUIRE(flash.size() == 2);
  CHECK(flash[1] == std::make_pair(std::string("cuda:0"), std::string("net.w")));
  // A model fed an input on the other device: its parameters flash with the input.
  // (exc.device_mismatch of "... but got mat1 is on cpu, different from other tensors on cuda:0")
  auto model_flash = mismatch_operands(mixed, "out = net(x)", {"cuda:0", "cpu"});
  REQUIRE(model_flash.size() == 2);
  CHECK(model_flash[0] == std::make_pair(std::string("cpu"), std::string("x")));
  CHECK(model_flash[1] == std::make_pair(std::string("cuda:0"), std::string("net.w")));
}

TEST_CASE("plot scaling: whole decades, log positions, y downward") {
  LogAxis a = log_axis_for(16, 2048);
  CHECK(a.lo == 10);
  CHECK(a.hi == 10000);
  CHECK(a.fraction(100) == doctest::Approx(1.0 / 3));
  CHECK(a.ticks() == std::vector<double>{10, 100, 1000, 10000});
  BenchResults r;
  r.series.push_back(series("CPU BLAS", SeriesKind::Cpu, {{16, 2e-6}, {1024, 3e-2}}));
  PlotScale s = plot_scale_for(r, false, {}, 100, 50, 300, 200);
  CHECK(s.y.lo == doctest::Approx(1e-6));
  CHECK(s.y.hi == doctest::Approx(1e-1));
  CHECK(s.px(10) == doctest::Approx(100));
  CHECK(s.px(10000) == doctest::Approx(400));
  CHECK(s.py(1e-1) == doctest::Approx(50));
  CHECK(s.py(1e-6) == doctest::Approx(250));
  CHECK_FALSE(series_visible(r, 0, false, {true}));
}

TEST_CASE("crossover: where the GPU starts to win, with and without copies") {
  BenchResults r;
  // CPU n^3 ns; GPU 10 us + n^3/100 ns: they cross near n = 21.6 (between 16 and 32).
  std::vector<BenchPoint> cpu, gpu, h2d, d2h;
  for (int n : {8, 16, 32, 64, 128}) {
    const double c = double(n) * n * n * 1e-9;
    cpu.push_back({n, c});
    gpu.push_back({n, 1e-5 + c / 100});
    h2d.push_back({n, 1e-3});
    d2h.push_back({n, 1e-3});
  }
  r.series = {series("CPU BLAS", SeriesKind::Cpu, cpu), series("cuBLAS", SeriesKind::Gpu, gpu),
              series("H2D pageable", SeriesKind::CopyToDevice, h2d),
              series("D2H pageable", SeriesKind::CopyToHost, d2h)};
  std::optional<double> x = crossover(r, r.series[0], r.series[1], false);
  REQUIRE(x);
  CHECK(*x > 16);
  CHECK(*x < 32);
  // With 3 ms of copies the GPU (3.02 ms at 128) never beats 2.1 ms of CPU.
  CHECK_FALSE(crossover(r, r.series[0], r.series[1], true));
  CHECK(*gpu_time(r, r.series[1], 64, true) == doctest::Approx(1e-5 + 64 * 64 * 64 * 1e-11 + 3e-3));
  CHECK(*speedup(r, r.series[0], r.series[1], 128, false) == doctest::Approx(2.097152e-3 / (1e-5 + 2.097152e-5)));
  // A GPU that always wins crosses at the smallest size.
  r.series[1].points = {{8, 1e-12}, {16, 1e-12}, {32, 1e-12}, {64, 1e-12}, {128, 1e-12}};
  CHECK(*crossover(r, r.series[0], r.series[1], false) == 8);
}

TEST_CASE("benchmark JSON: round trip, and errors for files that are not ours") {
  BenchResults r;
  r.source = "test \"machine\"";
  r.gpu_name = "Tesla T4 (simulated)";
  r.series.push_back(series("CPU BLAS", SeriesKind::Cpu, {{16, 1.5e-6}, {32, 4e-6}}));
  r.series.push_back(series("H2D pinned", SeriesKind::CopyToDevice, {{16, 2e-6}}));
  r.series[1].measured = false;
  r.series[1].pinned = true;
  std::string error;
  std::optional<BenchResults> back = from_json(to_json(r), error);
  REQUIRE(back);
  CHECK(back->source == r.source);
  CHECK(back->gpu_name == r.gpu_name);
  REQUIRE(back->series.size() == 2);
  CHECK(back->series[1].pinned);
  CHECK_FALSE(back->series[1].measured);
  CHECK(back->series[0].points[1].n == 32);
  CHECK(back->series[0].points[1].seconds == doctest::Approx(4e-6));
  CHECK_FALSE(from_json("{\"series\": []}", error));
  CHECK(error == "not a tensorplay benchmark file (format tensorplay-bench-1)");
  CHECK_FALSE(from_json("{\"format\": \"tensorplay-bench-1\", \"series\": [{\"name\": \"x\"}]}", error));
  CHECK(error == "a series needs a name, a kind (cpu, gpu, h2d, d2h) and points");
  CHECK_FALSE(from_json("{\"format\": ", error));
  CHECK(error == "unexpected end at offset 11");
}

TEST_CASE("the recorded benchmarks in assets/benchmarks load") {
  for (const char* name : {"cpu_sim_t4.json"}) {
    std::ifstream in(std::string(TP_ASSETS_DIR) + "/benchmarks/" + name);
    REQUIRE(in);
    std::stringstream ss;
    ss << in.rdbuf();
    std::string error;
    std::optional<BenchResults> r = from_json(ss.str(), error);
    REQUIRE_MESSAGE(r, error);
    CHECK(r->find("CPU BLAS"));
    CHECK(r->find("cuBLAS"));
    CHECK_FALSE(r->source.empty());
  }
}

TEST_CASE("modeled GPU figures grow with size; pinned copies beat pageable ones") {
  GpuProfile t4 = find_gpu_profile("t4");
  CHECK(modeled_cublas_seconds(t4, 2048) > modeled_cublas_seconds(t4, 256));
  CHECK(modeled_copy_seconds(t4, 1024, true, true) < modeled_copy_seconds(t4, 1024, true, false));
}

TEST_CASE("console: blocks wait for a blank line, history, completion helpers") {
  ConsoleState c;
  CHECK(c.submit("x = 1", false) == "x = 1\n");
  CHECK(std::string(c.prompt()) == ">>> ");
  CHECK(c.submit("for i in range(2):", true) == "");
  CHECK(std::string(c.prompt()) == "... ");
  CHECK(c.submit("    print(i)", true) == "");
  CHECK(c.submit("", false) == "for i in range(2):\n    print(i)\n\n");
  CHECK(c.submit(":mem", false) == ":mem");
  CHECK(c.history == std::vector<std::string>{"x = 1", "for i in range(2):\n    print(i)", ":mem"});
  CHECK(c.history_prev() == ":mem");
  CHECK(c.history_prev() == "for i in range(2):\n    print(i)");
  CHECK(c.history_next() == ":mem");
  CHECK(c.history_next() == "");
  c.lines.clear();
  c.add(LineKind::Error, "RuntimeError: boom\nhint: move y\nnote: x is on cpu");
  REQUIRE(c.lines.size() == 3);
  CHECK(c.lines[0].kind == LineKind::Error);
  CHECK(c.lines[1].kind == LineKind::Hint);
  CHECK(c.lines[2].kind == LineKind::Hint);
  CHECK(common_prefix({"torch.cuda", "torch.cat", "torch.cos"}) == "torch.c");
  CHECK(apply_completion("y = x.t", "x.to") == "y = x.to");
  CHECK(apply_completion(":he", ":help") == ":help");
}

TEST_CASE("settings: parse what format writes; bad values keep defaults") {
  Settings s;
  s.presenter = true;
  s.view = "memory";
  s.grid_n = 32;
  s.speed = 2.5f;
  Settings back = parse_settings(format_settings(s));
  CHECK(back.presenter);
  CHECK(back.view == "memory");
  CHECK(back.grid_n == 32);
  CHECK(back.speed == 2.5f);
  Settings bad = parse_settings("grid_n = lots\nspeed=\nunknown = 1\ngrid_n_x = 3");
  CHECK(bad.grid_n == 16);
  CHECK(bad.speed == 1.0f);
  CHECK(parse_settings("grid_n = 500").grid_n == 64);
}

TEST_CASE("command line") {
  std::string error;
  auto o = parse_gui_options({"--present", "--screenshot", "a.png", "--view", "memory", "--exec",
                              "x = 1", "--sim-gpus", "2", "--size", "800x600"},
                             error);
  REQUIRE(o);
  CHECK(o->present);
  CHECK(o->frames == 3);
  CHECK(o->view == "memory");
  CHECK(o->exec == std::vector<std::string>{"x = 1"});
  CHECK(o->devices.sim_gpus == 2);
  CHECK(o->width == 800);
  CHECK(o->height == 600);
  CHECK_FALSE(parse_gui_options({"--frames"}, error));
  CHECK(error == "--frames expects a value");
  CHECK_FALSE(parse_gui_options({"--grid-n", "65"}, error));
  CHECK(error == "--grid-n expects a number from 2 to 64, got '65'");
  CHECK_FALSE(parse_gui_options({"--kernel", "fast"}, error));
  CHECK(error == "--kernel: unknown value 'fast'");
  CHECK_FALSE(parse_gui_options({"--bogus"}, error));
  CHECK(error == "unknown option '--bogus' (see --help)");
}

TEST_CASE("a session drives the memory map: a .to() transfer and a device mix-up") {
  configure_devices(DeviceConfig{});
  Session s(DeviceConfig{});
  RunReport r = s.run("x = ones(256, 256)\n");
  CHECK(r.ok);
  MemoryMap before = collect_memory_map(s.python());
  REQUIRE(before.box("cpu", "x"));
  CHECK(before.box("cpu", "x")->bytes == 256 * 256 * 4);
  r = s.run("y = x.to('cuda')\n");
  CHECK(r.ok);
  REQUIRE(r.copies);
  REQUIRE(r.copies->size() == 1);
  CHECK((*r.copies)[0].bytes == 256 * 256 * 4);
  CHECK((*r.copies)[0].to_device);
  MemoryMap after = collect_memory_map(s.python());
  std::vector<Transfer> t = detect_transfers(before, after, r.copies, r.wall_seconds);
  REQUIRE(t.size() == 1);
  CHECK(t[0].to == "cuda:0");
  CHECK_FALSE(t[0].measured);
  CHECK(t[0].seconds == doctest::Approx((*r.copies)[0].seconds));
  r = s.run("x + y\n");
  CHECK_FALSE(r.ok);
  CHECK(r.error.find("Expected all tensors to be on the same device") != std::string::npos);
  CHECK(r.err.find("Traceback") != std::string::npos);
  CHECK(r.err.find("hint:") != std::string::npos);
  CHECK(mismatch_operands(after, r.code, r.mismatch_devices).size() == 2);
  r = s.run("print(1 + 1)\n");
  CHECK(r.out == "2\n");
  r = s.run(":mem");
  CHECK(r.out.find("cuda:0") != std::string::npos);
  CHECK(s.complete("x.t").size() > 1);
  CHECK_FALSE(r.quit);
  CHECK(s.run("exit()\n").quit);  // exit() in the console closes the window
}
