// float32 products summed in the order PyTorch 2.x's CPU build sums them, so that a
// learner's losses agree with PyTorch's to the last printed digit. PyTorch's mm, addmm and
// dot are MKL's; each kernel below is a measured model of one of MKL's (2.15's MKL 2024.2
// on an x86-64 with AVX-512, compared element by element on random inputs):
//  - fused blocks (M >= 4 and N >= 12, any layout): each output is one chain of fused
//    multiply-adds over K, in K blocks of block_size(K); each block's chain starts from 0
//    and is added to the output (which holds the bias first for addmm). Every element equal.
//  - in order (everything narrower): each output adds its rounded products left to right,
//    no fused multiply-add. Every element equal where B is row-major with N in {1 (K <= 4),
//    2, 3, 4, 8} or M <= 3, and where B is transposed with K <= 3 (nn.Linear(3, 1)); other
//    narrow shapes follow MKL kernels not modelled here and agree to float32 rounding.
//  - dot (torch.dot, and mv of one row; mm of (1,K) @ (K,1) is sgemm, in order): 4
//    accumulators of 4 lanes, 16 products a step, then 4 at a time into the first;
//    the accumulators added lane by lane, the lanes as (0 + 2) + (1 + 3); the last K % 4
//    products added one by one. Every value equal when K % 4 == 0.
#pragma once

#include <cstdint>

namespace tp::cpu {

// A (rows, cols) float32 matrix read through any strides.
struct FloatMatrix {
  const float* data;
  int64_t row_stride;
  int64_t col_stride;
  float at(int64_t r, int64_t c) const { return data[r * row_stride + c * col_stride]; }
};

// MKL's K block for a fused chain: all of K up to 192, halves below 384, then 192.
int64_t fused_block_size(int64_t k);

// Whether an (M,K) @ (K,N) product takes the fused-block kernel.
bool takes_fused_blocks(int64_t m, int64_t n);

// c (M,N) contiguous = a (M,K) @ b (K,N), or c += a @ b when accumulate (addmm's beta = 1).
// The fused kernel splits a large product's rows across up to `threads` threads.
void gemm_fused_blocks(FloatMatrix a, FloatMatrix b, float* c, int64_t m, int64_t n, int64_t k,
                       bool accumulate, int threads);
void gemm_in_order(FloatMatrix a, FloatMatrix b, float* c, int64_t m, int64_t n, int64_t k,
                   bool accumulate);

// sum_k x[k * x_stride] * y[k * y_stride] in sdot's order.
float dot_in_lanes(const float* x, int64_t x_stride, const float* y, int64_t y_stride, int64_t k);

}  // namespace tp::cpu
