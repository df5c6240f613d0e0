// PyTorch 2.x's limited unsigned dtypes (uint16, uint32, uint64): which ops take them and how,
// in one place. PyTorch's CPU creates, copies, casts, prints, indexes and sorts them, and runs
// a few ops (mul, ==, !=, the bitwise and/or/xor, maximum/minimum, clamp, sum/prod/cumsum
// into int64, any/all, float functions through a cast); every other kernel refuses them with
// its own name ("add_stub" not implemented for 'UInt16'). No compute kernel is compiled for
// them (visit_dtype skips them): the ops they take run on the signed dtype of the same width,
// whose bits are the same, or, where order matters, on an order key.
#pragma once

#include "core/backends/op_kinds.h"
#include "core/tensor.h"

namespace tp::limited {

// int16 for uint16, int32 for uint32, int64 for uint64.
DType same_width_signed(DType t);
// t's elements read as `to`, a dtype of the same width, over the same memory.
Tensor bits_as(const Tensor& t, DType to);
// t (of a limited dtype) as the same-width signed dtype with the top bit flipped: signed
// order of the keys is unsigned order of the values. from_order_key undoes it.
Tensor order_key(const Tensor& t);
Tensor from_order_key(const Tensor& key, DType limited);

// PyTorch's NotImplementedError naming `kernel` when t is a limited dtype. Nothing is refused
// on the meta device, whose ops run no kernel.
void refuse(const char* kernel, DType t, Device device);
// Raise PyTorch's error for a binary or unary op its CPU kernels lack for limited dtype t.
void check_binary(BinaryOp op, DType t, Device device);
void check_unary(UnaryOp op, DType t, Device device);
// A binary op check_binary allows, on operands already expanded and in the limited dtype.
Tensor binary(BinaryOp op, const Tensor& x, const Tensor& y);

}  // namespace tp::limited
