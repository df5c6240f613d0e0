// The teaching matmul kernels, written once over a kernel context (kernel_ctx.h) so the
// same body runs in the simulator and on a real GPU. Numbered as in llm.c's dev/cuda:
// naive (one thread per C[i][j], threadIdx.x along rows) -> coalesced (threadIdx.x along
// columns) -> tiled (TILE x TILE tiles staged in shared memory between barriers).
//
// All three compute C (M,N) = A (M,K) @ B (K,N), row-major float32, summing k in order
// 0..K-1 in float, as tp::cpu::matmul_reference does.
#pragma once

#include <cstdint>

#include "core/kernels/kernel_ctx.h"

namespace tp {

// Kernel 1, naive: launch with grid (ceil(M/bx), ceil(N/by)). threadIdx.x picks the row, so
// the threads of a warp walk down a column of A (K floats apart: one memory segment per
// thread, uncoalesced) and write C N floats apart; all of them read the same B[k][col].
template <typename Ctx>
TP_KERNEL_FN void matmul_naive(Ctx& ctx, const float* A, const float* B, float* C, int M, int N,
                               int K) {
  const int row = ctx.block_idx().x * ctx.block_dim().x + ctx.thread_idx().x;
  const int col = ctx.block_idx().y * ctx.block_dim().y + ctx.thread_idx().y;
  if (row >= M || col >= N) return;
  ctx.output(int64_t{row} * N + col);
  float sum = 0.0f;
  for (int k = 0; k < K; ++k) sum += ctx.load(A + row * K + k) * ctx.load(B + k * N + col);
  ctx.store(C + row * N + col, sum);
}

// Kernel 2, coalesced: launch with grid (ceil(N/bx), ceil(M/by)). threadIdx.x picks the
// column, so a warp reads consecutive floats of a row of B (one segment) and one float of
// A that all its threads share, and writes consecutive floats of C.
template <typename Ctx>
TP_KERNEL_FN void matmul_coalesced(Ctx& ctx, const float* A, const float* B, float* C, int M,
                                   int N, int K) {
  const int col = ctx.block_idx().x * ctx.block_dim().x + ctx.thread_idx().x;
  const int row = ctx.block_idx().y * ctx.block_dim().y + ctx.thread_idx().y;
  if (row >= M || col >= N) return;
  ctx.output(int64_t{row} * N + col);
  float sum = 0.0f;
  for (int k = 0; k < K; ++k) sum += ctx.load(A + row * K + k) * ctx.load(B + k * N + col);
  ctx.store(C + row * N + col, sum);
}

// Kernel 3, shared-memory tiles: launch with block (TILE, TILE), grid (ceil(N/TILE),
// ceil(M/TILE)) and 2 * TILE * TILE floats of shared memory, with barriers. Each block
// walks the K dimension one tile at a time: its threads copy a TILE x TILE tile of A and
// of B into shared memory (one global read each per tile instead of TILE), wait, and
// multiply the tiles out of shared memory. Elements past the matrix edge load as 0, and
// every thread (even one outside C) takes part, because each must reach both barriers.
template <typename Ctx>
TP_KERNEL_FN void matmul_tiled(Ctx& ctx, const float* A, const float* B, float* C, int M, int N,
                               int K) {
  const int tile = ctx.block_dim().x;  // the block is tile x tile
  const int tx = ctx.thread_idx().x, ty = ctx.thread_idx().y;
  const int col = ctx.block_idx().x * tile + tx;
  const int row = ctx.block_idx().y * tile + ty;
  float* As = ctx.template shared<float>();  // As is (tile, tile)
  float* Bs = As + tile * tile;              // Bs is (tile, tile)
  if (row < M && col < N) ctx.output(int64_t{row} * N + col);

  float sum = 0.0f;
  for (int t0 = 0; t0 < K; t0 += tile) {
    // Stage A[row][t0 + tx] and B[t0 + ty][col]; zeros outside the matrices.
    const int a_col = t0 + tx, b_row = t0 + ty;
    ctx.store_shared(As + ty * tile + tx, row < M && a_col < K ? ctx.load(A + row * K + a_col) : 0.0f);
    ctx.store_shared(Bs + ty * tile + tx, b_row < K && col < N ? ctx.load(B + b_row * N + col) : 0.0f);
    ctx.sync();  // the tiles are complete
    for (int k = 0; k < tile; ++k)
      sum += ctx.load_shared(As + ty * tile + k) * ctx.load_shared(Bs + k * tile + tx);
    ctx.sync();  // everyone is done with the tiles before they are overwritten
  }
  if (row < M && col < N) ctx.store(C + row * N + col, sum);
}

}  // namespace tp
