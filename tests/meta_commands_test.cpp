// The meta command table (dispatch, aliases, :help, completion) and the :mem / :devices
// tables, from hand-built rows and from a session with a simulated cuda:0.
#include <doctest/doctest.h>

#include <set>
#include <sstream>

#include "core/device_registry.h"
#include "repl/meta_commands.h"

using namespace tp;
using namespace tp::repl;

namespace {

// Runs one meta command line in the session `I`; returns what it printed.
std::string run_meta(PythonSession& I, const std::string& line, bool* quit = nullptr,
                     int* resets = nullptr) {
  std::ostringstream out;
  MetaContext ctx{I, out, [resets] {
                    if (resets) ++*resets;
                  }};
  CHECK(run_meta_command(line, ctx));
  if (quit) *quit = ctx.quit;
  return out.str();
}

}  // namespace

TEST_CASE("the table: unique names, every command documented") {
  std::set<std::string> names;
  for (const MetaCommand& c : meta_commands()) {
    CHECK(std::string(c.name).rfind(":", 0) == 0);
    CHECK(names.insert(c.name).second);
    CHECK(std::string(c.help).size() > 0);
    CHECK((c.handler != nullptr));
  }
  for (const char* needed : {":help", ":devices", ":mem", ":time", ":reset", ":quit"})
    CHECK(names.count(needed) == 1);
}

TEST_CASE(":help lists every command from the table") {
  std::string help = meta_help();
  for (const MetaCommand& c : meta_commands()) CHECK(help.find(c.name) != std::string::npos);
  CHECK(help.find("  :time STMT      run STMT; host wall time, and device time (measured or "
                  "modeled)\n") != std::string::npos);
  CHECK(help.find("  :quit           leave (also Ctrl-D) (also :q :exit)\n") != std::string::npos);
  CHECK(help.find("dir(torch)") != std::string::npos);
}

TEST_CASE("completion of : words comes from the table") {
  CHECK(complete_meta(":he") == std::vector<std::string>{":help"});
  CHECK(complete_meta(":") .size() == meta_commands().size());
  CHECK(complete_meta(":zz").empty());
}

TEST_CASE("dispatch: aliases, arguments, unknown commands, plain code") {
  configure_devices(DeviceConfig{});
  PythonSession I;
  bool quit = false;
  for (const char* q : {":quit", ":q", ":exit", "  :q  "}) {
    run_meta(I, q, &quit);
    CHECK(quit);
  }
  CHECK(run_meta(I, ":frobnicate x") == "unknown command :frobnicate (type :help)\n");
  int resets = 0;
  run_meta(I, ":reset", nullptr, &resets);
  CHECK(resets == 1);
  std::ostringstream out;
  MetaContext ctx{I, out, nullptr};
  CHECK_FALSE(run_meta_command("print(1)", ctx));
  CHECK_FALSE(run_meta_command("", ctx));
  CHECK(run_meta(I, ":help") == meta_help());
  // :help NAME reads torch._C._op_help, the op table's (name, help) rows.
  CHECK(run_meta(I, ":help add").rfind("torch.add: ", 0) == 0);
  CHECK(run_meta(I, ":help nosuchthing") == "no help for nosuchthing (dir(torch) lists what there is)\n");
}

TEST_CASE("format_bytes") {
  CHECK(format_bytes(0) == "0 B");
  CHECK(format_bytes(1023) == "1023 B");
  CHECK(format_bytes(1536) == "1.5 KiB");
  CHECK(format_bytes(size_t{15} << 30) == "15.0 GiB");
}

TEST_CASE("format_mem: aligned columns and a total per device") {
  std::vector<MemRow> rows = {
      {"x", "cpu", "[2, 3]", "float32", 24},
      {"ys[0]", "cuda:0", "[1000]", "float64", 8000},
      {"m.w", "cpu", "[]", "int64", 8},
  };
  CHECK(format_mem(rows) ==
        "name   device  shape   dtype    bytes\n"
        "x      cpu     [2, 3]  float32  24\n"
        "ys[0]  cuda:0  [1000]  float64  8000\n"
        "m.w    cpu     []      int64    8\n"
        "total: cpu 32 B in 2 tensors, cuda:0 7.8 KiB in 1 tensor\n");
  CHECK(format_mem({}) == "no tensors in scope\n");
}

TEST_CASE("format_devices: real/simulated, memory used/total") {
  std::vector<DeviceRow> rows = {
      {"cpu", "real", "host memory", 0, 0},
      {"cuda:0", "simulated", "Tesla T4 (simulated), profile t4", 512, size_t{2} << 30},
  };
  CHECK(format_devices(rows) ==
        "device  kind       name                              memory used / total\n"
        "cpu     real       host memory                       -\n"
        "cuda:0  simulated  Tesla T4 (simulated), profile t4  512 B / 2.0 GiB\n");
  CHECK(format_devices({rows[0]}) ==
        "device  kind  name         memory used / total\n"
        "cpu     real  host memory  -\n"
        "(no GPU: started with --no-sim on a machine without one)\n");
}

TEST_CASE(":mem finds tensors in globals, containers and instance attributes") {
  configure_devices(DeviceConfig{});
  PythonSession I;
  std::ostringstream out, err;
  I.set_output(&out, &err);
  REQUIRE(I.run_code("x = ones(2,3)\nxs = [ones(4), 7]\nd = {'w': zeros(2).to(cuda)}\n"
                     "class M:\n    pass\nm = M()\nm.b = arange(3)\nn = 5\n"));
  std::vector<MemRow> rows = collect_tensors(I);
  REQUIRE(rows.size() == 4);
  CHECK(rows[0].name == "x");
  CHECK(rows[0].shape == "[2, 3]");
  CHECK(rows[0].bytes == 24);
  CHECK(rows[1].name == "xs[0]");
  CHECK(rows[2].name == "d['w']");
  CHECK(rows[2].device == "cuda:0");
  CHECK(rows[3].name == "m.b");
  CHECK(rows[3].dtype == "int64");
  std::string table = run_meta(I, ":mem");
  CHECK(table.find("total: cpu 64 B in 3 tensors, cuda:0 8 B in 1 tensor\n") != std::string::npos);
}

TEST_CASE(":mem lists a tensor held under two names once, the second pointing at the first") {
  configure_devices(DeviceConfig{});
  PythonSession I;
  std::ostringstream out, err;
  I.set_output(&out, &err);
  REQUIRE(I.run_code("import torch\nnet = torch.nn.Linear(3, 1)\nw = net.weight\nv = w.detach()\n"));
  std::vector<MemRow> rows = collect_tensors(I);
  REQUIRE(rows.size() == 4);  // net.weight, net.bias, w, v (a new tensor sharing memory)
  CHECK(rows[0].name == "net.weight");
  CHECK(rows[0].same_as.empty());
  CHECK(rows[2].name == "w");
  CHECK(rows[2].same_as == "net.weight");
  CHECK(rows[3].name == "v");
  CHECK(rows[3].same_as.empty());
  std::string table = run_meta(I, ":mem");
  CHECK(table.find("w           cpu     [1, 3]  float32  same tensor as net.weight\n") != std::string::npos);
  CHECK(table.find("total: cpu 28 B in 3 tensors\n") != std::string::npos);
}

TEST_CASE(":devices lists the simulated GPU with its memory") {
  DeviceConfig config;
  config.sim_gpus = 2;
  configure_devices(config);
  std::vector<DeviceRow> rows = collect_devices();
  REQUIRE(rows.size() == 3);
  CHECK(rows[1].device == "cuda:0");
  CHECK(rows[1].kind == "simulated");
  CHECK(rows[2].device == "cuda:1");
  CHECK(rows[1].total == device_entry(Device::cuda(0)).capacity_bytes);
  CHECK(rows[1].used == 0);
  {
    PythonSession I;
    REQUIRE(I.run_code("y = zeros(1000).to(cuda)\n"));
    CHECK(collect_devices()[1].used >= 4000);
  }
}

// :time's report in a fresh session on `config`'s devices, after x = ones(64, 64) on cuda:0.
std::string time_report(const DeviceConfig& config, const std::string& arg) {
  configure_devices(config);
  PythonSession I;
  std::ostringstream out, err;
  I.set_output(&out, &err);
  REQUIRE(I.run_code("x = ones(64, 64).to(cuda)\n"));
  std::string report = run_meta(I, ":time" + arg);
  if (!arg.empty()) CHECK(I.get_global("y"));  // the statement ran in the session
  return report;
}

TEST_CASE(":time runs the statement and labels measured and modeled times") {
  const std::string report = time_report(DeviceConfig{}, " y = x @ x");
  CHECK(report.rfind("host wall time: ", 0) == 0);
  // The machine's clock (frozen host in tests: only the modeled 5 us launch of a T4) comes
  // next, then the device's modeled time.
  CHECK(report.find(" ms (measured)\nmachine time: 0.005 ms (simulated machine: host work measured, "
                    "GPU modeled; what time.time() reads)\ncuda:0 device time: ") != std::string::npos);
  CHECK(report.find(" ms (modeled, ") != std::string::npos);
  CHECK(time_report(DeviceConfig{}, "") == "usage: :time STMT   e.g. :time y = x @ x\n");

  // With --wall-clock there is no machine time to show.
  DeviceConfig wall;
  wall.wall_clock = true;
  const std::string plain = time_report(wall, " y = x @ x");
  CHECK(plain.find(" ms (measured)\ncuda:0 device time: ") != std::string::npos);
  CHECK(plain.find("machine time") == std::string::npos);
  configure_devices(DeviceConfig{});
}

TEST_CASE(":grid prints which block and thread compute which element of A @ B, any small shape") {
  configure_devices(DeviceConfig{});
  PythonSession I;
  std::ostringstream out, err;
  I.set_output(&out, &err);
  CHECK(run_meta(I, ":grid") == "A and B must be tensors (define them, or name two: :grid X W)\n");
  // Lesson 1's 2x3 @ 3x2: one block of 4 x 4 threads, as the GUI's grid launches it.
  REQUIRE(I.run_code("A = torch.tensor([[1., 2., 3.], [4., 5., 6.]])\n"
                     "B = torch.tensor([[1., 0.], [0., 1.], [1., 1.]])\n"));
  CHECK(run_meta(I, ":grid") ==
        "C = A @ B is 2 x 2: on a GPU, one thread per element, all at the same time.\n"
        "The naive kernel (as in the GUI's thread grid) launches a grid of (1, 1) blocks of (4, 4) "
        "threads: 4 compute an element of C each, 12 fall outside C and return at once.\n"
        "The thread for C[i, j] reads row i of A and column j of B:\n"
        "  block (0, 0) thread (0, 0) -> C[0, 0] = 1*1 + 2*0 + 3*1 = 4\n"
        "  block (0, 0) thread (0, 1) -> C[0, 1] = 1*0 + 2*1 + 3*1 = 5\n"
        "  block (0, 0) thread (1, 0) -> C[1, 0] = 4*1 + 5*0 + 6*1 = 10\n"
        "  block (0, 0) thread (1, 1) -> C[1, 1] = 4*0 + 5*1 + 6*1 = 11\n"
        "On a CPU, a few cores go through the same elements one after another.\n");
  CHECK(run_meta(I, ":grid B A").rfind("C = B @ A is 3 x 3: ", 0) == 0);
  // 3x2 @ 2x4 on the GPU: the values come back from the device.
  REQUIRE(I.run_code("X = torch.tensor([[1., 2.], [3., 4.], [5., 6.]]).to('cuda')\n"
                     "W = torch.tensor([[1., 0., 2., -1.], [0., 1., 1., 1.]])\n"));
  const std::string xw = run_meta(I, ":grid X W");
  CHECK(xw.rfind("C = X @ W is 3 x 4: ", 0) == 0);
  CHECK(xw.find("12 compute an element of C each, 4 fall outside C") != std::string::npos);
  CHECK(xw.find("  block (0, 0) thread (2, 3) -> C[2, 3] = 5*(-1) + 6*1 = 1\n") != std::string::npos);
  CHECK(xw.find("more threads") == std::string::npos);  // all 12 listed
  // A row times a column: one thread, K products, the first four written out.
  REQUIRE(I.run_code("R = torch.ones(1, 6)\nK = torch.arange(6.).reshape(6, 1)\n"));
  CHECK(run_meta(I, ":grid R K") ==
        "C = R @ K is 1 x 1: on a GPU, one thread per element, all at the same time.\n"
        "The naive kernel (as in the GUI's thread grid) launches a grid of (1, 1) blocks of (4, 4) "
        "threads: 1 computes the one element of C, 15 fall outside C and return at once.\n"
        "The thread for C[i, j] reads row i of R and column j of K:\n"
        "  block (0, 0) thread (0, 0) -> C[0, 0] = 1*0 + 1*1 + 1*2 + 1*3 + ... (6 products) = 15\n"
        "On a CPU, a few cores go through the same elements one after another.\n");
  // Larger: 8 x 8 blocks; C[0, 11] is in the second block along y; the rest are counted.
  REQUIRE(I.run_code("P = torch.ones(20, 3)\nQ = torch.ones(3, 20)\n"));
  const std::string pq = run_meta(I, ":grid P Q");
  CHECK(pq.find("a grid of (3, 3) blocks of (8, 8) threads: 400 compute an element of C each, 176 fall "
                "outside C") != std::string::npos);
  CHECK(pq.find("  block (0, 1) thread (0, 3) -> C[0, 11] = 1*1 + 1*1 + 1*1 = 3\n") != std::string::npos);
  CHECK(pq.find("  ... and 388 more threads, one for each other element\n") != std::string::npos);
  // Shapes that do not multiply: mm's own error.
  CHECK(run_meta(I, ":grid A A") ==
        "A @ A raises RuntimeError: mm: mat1 and mat2 shapes cannot be multiplied (2x3 and 2x3)\n");
  REQUIRE(I.run_code("v = torch.ones(3)\n"));
  CHECK(run_meta(I, ":grid v B") == "v @ B raises RuntimeError: mm: self must be a matrix, got 1-D tensor\n");
  CHECK(run_meta(I, ":grid A") == "usage: :grid [A B]   two matrices of the session, A and B by default\n");
}

TEST_CASE(":kernel reports the learner's last numba.cuda kernel") {
  configure_devices(DeviceConfig{});
  PythonSession I;
  std::ostringstream out, err;
  I.set_output(&out, &err);
  CHECK(run_meta(I, ":kernel").rfind("no numba.cuda kernel launched yet", 0) == 0);
  // A kernel typed at the prompt: its source comes from the input, not a file.
  REQUIRE(I.run_interactive("from numba import cuda\nimport numpy as np\n@cuda.jit\ndef rows(a):\n"
                            "    i = cuda.grid(1)\n    if i < a.shape[0]:\n        a[i, 0] = i\n\n"
                            "a = np.zeros((64, 64), dtype=np.float32)\nrows[2, 32](a)\n", "<stdin>"));
  const std::string report = run_meta(I, ":kernel");
  CHECK(report.rfind("kernel 'rows' on ", 0) == 0);
  CHECK(report.find("grid (2x1x1) x block (32x1x1) = 64 threads") != std::string::npos);
  // A column of a row-major array: each thread's element is 256 bytes from its neighbour's.
  CHECK(report.find("  line 7:         a[i, 0] = i\n") == std::string::npos);
  CHECK(report.find("  line 7: a[i, 0] = i\n    global store of a: 32.0 sectors per warp request where 4.0 would do")
        != std::string::npos);
  CHECK(run_meta(I, ":kernel x") == "usage: :kernel   the last numba.cuda kernel this session launched\n");
}
