// :grid's text (grid_text.h): the launch, then the first elements of C with the block and
// thread that compute each and its dot product in numbers.
#include "repl/grid_text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "core/ops/copy.h"
#include "core/ops/linalg.h"
#include "core/teaching.h"

namespace tp::repl {

namespace {

constexpr int64_t kShown = 12;  // elements listed in full; the rest are counted
constexpr int64_t kTermsShown = 4;

// As Python's f"{x:g}" prints it (C's %g, but a NaN is "nan" whatever its sign); in a
// product a negative factor is parenthesised, "5*(-1)", as the GUI's dot product writes it.
std::string num(double x, bool factor = false) {
  if (std::isnan(x)) return "nan";
  char buf[32];
  std::snprintf(buf, sizeof buf, factor && x < 0 ? "(%g)" : "%g", x);
  return buf;
}

// "(1, 2)". Built up rather than "(" + ...: GCC 12 warns falsely (-Wrestrict) on that.
std::string pair(int64_t x, int64_t y) {
  std::string s = "(";
  s += std::to_string(x) + ", " + std::to_string(y) + ")";
  return s;
}

}  // namespace

std::string grid_text(const Tensor& a, const Tensor& b, const std::string& a_name, const std::string& b_name) {
  check_mm_shapes(a.sizes(), b.sizes());
  const int64_t m = a.size(0), k = a.size(1), n = b.size(1);
  std::string out = "C = " + a_name + " @ " + b_name + " is " + std::to_string(m) + " x " + std::to_string(n);
  if (m * n == 0) return out + ": no elements, so no threads.\n";
  const int tile = teaching_grid_tile(int(m), int(n));
  out += ": on a GPU, one thread per element, all at the same time.\nThe naive kernel (as in the GUI's "
         "thread grid) launches " + teaching_launch_text(TeachingKernel::Naive, int(m), int(n), tile) +
         ".\nThe thread for C[i, j] reads row i of " + a_name + " and column j of " + b_name + ":\n";
  // Double, as the products print: the sums show the arithmetic, not float rounding.
  const Tensor ha = contiguous(to(a, Device::cpu(), DType::Float64));
  const Tensor hb = contiguous(to(b, Device::cpu(), DType::Float64));
  const double* pa = ha.data<double>();
  const double* pb = hb.data<double>();
  for (int64_t index = 0; index < std::min(m * n, kShown); ++index) {
    const int64_t i = index / n, j = index % n;
    const TeachingThread th = teaching_thread_for(TeachingKernel::Naive, int(i), int(j), tile);
    std::string terms;
    double value = 0;
    for (int64_t t = 0; t < k; ++t) {
      const double x = pa[i * k + t], y = pb[t * n + j];
      value += x * y;
      if (t < kTermsShown) terms += (t ? " + " : "") + num(x, true) + "*" + num(y, true);
    }
    if (k > kTermsShown) terms += " + ... (" + std::to_string(k) + " products)";
    if (k == 0) terms = "(no products)";
    out += "  block " + pair(th.block.x, th.block.y) + " thread " + pair(th.thread.x, th.thread.y) + " -> C[" +
           std::to_string(i) + ", " + std::to_string(j) + "] = " + terms + " = " + num(value) + "\n";
  }
  if (m * n > kShown) {
    out += "  ... and " + std::to_string(m * n - kShown) + " more threads, one for each other element\n";
  }
  return out + "On a CPU, a few cores go through the same elements one after another.\n";
}

}  // namespace tp::repl
