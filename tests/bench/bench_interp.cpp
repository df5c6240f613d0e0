// Times the interpreter on pure-Python loops (no tensors): the benchmark
// `for i in range(10**6): s += i` and a function-call-heavy loop. Compare with CPython:
//   python3 -c "import time;t=time.perf_counter();s=0
//   for i in range(10**6): s += i
//   print(time.perf_counter()-t)"
#include <chrono>
#include <cstdio>
#include <sstream>
#include <string>

#include "repl/lang/interpreter.h"

namespace {

// Best of `reps` runs of `source` in a fresh interpreter, in milliseconds.
double time_ms(const std::string& source, int reps) {
  double best = 1e30;
  for (int r = 0; r < reps; ++r) {
    tp::lang::Interpreter interp;
    std::ostringstream out;
    interp.set_output(&out, &out);
    auto t0 = std::chrono::steady_clock::now();
    bool ok = interp.run_file(source, "<bench>");
    auto t1 = std::chrono::steady_clock::now();
    if (!ok) {
      std::printf("benchmark failed:\n%s", out.str().c_str());
      return -1;
    }
    best = std::min(best, std::chrono::duration<double, std::milli>(t1 - t0).count());
  }
  return best;
}

}  // namespace

int main() {
  const char* loop = "s = 0\nfor i in range(10**6):\n    s += i\n";
  const char* calls =
      "def add(a, b):\n    return a + b\n"
      "def run():\n    t = 0\n    for i in range(10**6):\n        t = add(t, i)\n    return t\n"
      "run()\n";
  const char* methods =
      "class Acc:\n    def __init__(self):\n        self.total = 0.0\n"
      "    def add(self, x):\n        self.total += x\n"
      "a = Acc()\nfor i in range(10**6):\n    a.add(i * 0.5)\n";
  std::printf("module-level loop  (10**6 x s += i):        %8.1f ms\n", time_ms(loop, 5));
  std::printf("function calls     (10**6 x t = add(t, i)): %8.1f ms\n", time_ms(calls, 5));
  std::printf("method calls       (10**6 x a.add(x)):      %8.1f ms\n", time_ms(methods, 5));
  return 0;
}
