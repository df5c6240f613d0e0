// The teaching kernels' launches and which thread computes each element of C (teaching.h);
// the runs themselves live with the simulator and the CUDA backend.
#include "core/teaching.h"

#include <algorithm>

namespace tp {

const char* teaching_kernel_name(TeachingKernel kind) {
  switch (kind) {
    case TeachingKernel::Naive: return "matmul_naive";
    case TeachingKernel::Coalesced: return "matmul_coalesced";
    case TeachingKernel::Tiled: return "matmul_tiled";
  }
  return "?";
}

static int ceil_div(int a, int b) { return (a + b - 1) / b; }

LaunchConfig teaching_launch_config(TeachingKernel kind, int M, int N, int tile) {
  LaunchConfig config;
  config.name = teaching_kernel_name(kind);
  config.block = {tile, tile, 1};
  if (kind == TeachingKernel::Naive) {
    config.grid = {ceil_div(M, tile), ceil_div(N, tile), 1};  // x walks rows
  } else {
    config.grid = {ceil_div(N, tile), ceil_div(M, tile), 1};  // x walks columns
  }
  if (kind == TeachingKernel::Tiled) {
    config.shared_bytes = 2 * sizeof(float) * static_cast<size_t>(tile) * tile;
    config.uses_barriers = true;
  }
  return config;
}

int teaching_grid_tile(int M, int N) { return std::max(M, N) <= 8 ? 4 : 8; }

TeachingThread teaching_thread_for(TeachingKernel kind, int row, int col, int tile) {
  // Naive: row = block.x * tile + thread.x, col = block.y * tile + thread.y; the others
  // swap the roles (threadIdx.x along a row of C, so a warp reads neighbouring floats).
  const int r = row / tile, c = col / tile, tr = row % tile, tc = col % tile;
  if (kind == TeachingKernel::Naive) return {{r, c, 1}, {tr, tc, 1}};
  return {{c, r, 1}, {tc, tr, 1}};
}

std::string teaching_launch_text(TeachingKernel kind, int M, int N, int tile) {
  const LaunchConfig config = teaching_launch_config(kind, M, N, tile);
  const int64_t threads = int64_t(config.grid.x) * config.grid.y * tile * tile;
  const int64_t outside = threads - int64_t(M) * N;
  std::string text = "a grid of (" + std::to_string(config.grid.x) + ", " + std::to_string(config.grid.y) +
                     ") blocks of (" + std::to_string(tile) + ", " + std::to_string(tile) + ") threads: ";
  if (outside == 0) return text + "each computes one element of C";
  const int64_t inside = int64_t(M) * N;
  text += inside == 1 ? "1 computes the one element of C, "
                      : std::to_string(inside) + " compute an element of C each, ";
  text += std::to_string(outside) + (outside == 1 ? " falls" : " fall") + " outside C and ";
  // The tiled kernel's edge threads still load their share of each tile for the others.
  return text + (kind == TeachingKernel::Tiled ? "only help load the tiles" : "return at once");
}

}  // namespace tp
