// The vision layers' gradient cases (core/nn/conv_transpose, group_norm, upsample,
// pixel_shuffle, fold, max_unpool), shared by gradcheck_test.cpp (finite differences, double backward on every
// backend) and vision_layers_test.cpp (each layer's forward on a GPU equals the CPU's).
#pragma once

#include <vector>

#include "core/nn/conv_transpose.h"
#include "core/nn/fold.h"
#include "core/nn/group_norm.h"
#include "core/nn/max_unpool.h"
#include "core/nn/pixel_shuffle.h"
#include "core/nn/upsample.h"
#include "core/ops/copy.h"
#include "tests/gradcheck.h"
#include "tests/test_util.h"

namespace tp::test {

inline std::vector<GradCase> vision_cases() {
  using I = const Inputs&;
  namespace F = tp::nn::functional;
  using M = F::UpsampleMode;
  std::vector<GradCase> c;
  // Transposed convolutions: stride, padding, output padding (reached by the input through
  // the cropped padding), groups, dilation, with and without bias, unbatched.
  c.push_back({"conv_transpose2d", {{2, 4, 3, 3}, {4, 1, 3, 2}, {2}}, [](I x) {
                 return F::conv_transpose2d(x[0], x[1], x[2], {2, 1}, {1, 0}, {1, 0}, 2, {1, 2});
               }});
  c.push_back({"conv_transpose2d, no bias, unbatched", {{2, 3, 2}, {2, 3, 2, 2}}, [](I x) {
                 return F::conv_transpose2d(x[0], x[1], Tensor(), {1}, {0}, {0}, 1, {1});
               }});
  c.push_back({"conv_transpose3d", {{1, 4, 2, 3, 2}, {4, 1, 2, 1, 2}, {2}}, [](I x) {
                 return F::conv_transpose3d(x[0], x[1], x[2], {2, 1, 1}, {0, 0, 1}, {1, 0, 0}, 2, {1, 1, 2});
               }});
  c.push_back({"conv_transpose1d", {{2, 4, 5}, {4, 3, 3}, {6}}, [](I x) {
                 return F::conv_transpose1d(x[0], x[1], x[2], {3}, {1}, {2}, 2, {2});
               }});
  // Group norm: with the affine, without, one channel per group.
  c.push_back({"group_norm", {{2, 6, 3, 2}, {6}, {6}}, [](I x) {
                 return F::group_norm(x[0], 3, x[1], x[2], 1e-5);
               }});
  c.push_back({"group_norm, no affine, 3-d", {{3, 4, 5}}, [](I x) {
                 return F::group_norm(x[0], 4, Tensor(), Tensor(), 1e-5);
               }});
  // Upsampling: each mode, by size and by scale factor, up and down.
  c.push_back({"upsample nearest2d", {{2, 2, 3, 4}}, [](I x) {
                 return F::upsample(x[0], M::Nearest, 2, Shape{5, 7}, std::nullopt, false);
               }});
  c.push_back({"upsample nearest1d, scale", {{2, 3, 5}}, [](I x) {
                 return F::upsample(x[0], M::Nearest, 1, std::nullopt, std::vector<double>{0.7}, false);
               }});
  c.push_back({"upsample nearest-exact2d", {{1, 2, 4, 3}}, [](I x) {
                 return F::upsample(x[0], M::NearestExact, 2, std::nullopt, std::vector<double>{1.6, 2.0},
                                    false);
               }});
  c.push_back({"upsample linear1d", {{2, 2, 5}}, [](I x) {
                 return F::upsample(x[0], M::Linear, 1, Shape{9}, std::nullopt, false);
               }});
  c.push_back({"upsample bilinear2d", {{2, 2, 3, 4}}, [](I x) {
                 return F::upsample(x[0], M::Linear, 2, std::nullopt, std::vector<double>{1.5, 0.75},
                                    false);
               }});
  c.push_back({"upsample bilinear2d, align_corners", {{1, 2, 3, 3}}, [](I x) {
                 return F::upsample(x[0], M::Linear, 2, Shape{4, 5}, std::nullopt, true);
               }});
  c.push_back({"upsample bicubic2d", {{1, 2, 3, 4}}, [](I x) {
                 return F::upsample(x[0], M::Cubic, 2, Shape{5, 3}, std::nullopt, false);
               }});
  c.push_back({"upsample bicubic2d, align_corners, scale", {{1, 1, 3, 3}}, [](I x) {
                 return F::upsample(x[0], M::Cubic, 2, std::nullopt, std::vector<double>{1.5, 1.7}, true);
               }});
  c.push_back({"upsample trilinear3d", {{1, 2, 2, 3, 2}}, [](I x) {
                 return F::upsample(x[0], M::Linear, 3, Shape{3, 4, 3}, std::nullopt, false);
               }});
  c.push_back({"upsample nearest3d", {{1, 1, 2, 3, 2}}, [](I x) {
                 return F::upsample(x[0], M::Nearest, 3, Shape{3, 4, 3}, std::nullopt, false);
               }});
  c.push_back({"pixel_shuffle", {{2, 8, 2, 3}}, [](I x) { return F::pixel_shuffle(x[0], 2); }});
  c.push_back({"pixel_unshuffle, unbatched", {{2, 4, 6}}, [](I x) { return F::pixel_unshuffle(x[0], 2); }});
  // Unfold / fold: overlapping, dilated and strided windows with padding.
  c.push_back({"unfold", {{2, 2, 4, 5}}, [](I x) {
                 return F::unfold(x[0], F::FoldWindow{{2, 3}, {1, 2}, {1, 1}, {2, 1}});
               }});
  c.push_back({"fold, unbatched", {{8, 6}}, [](I x) {
                 return F::fold(x[0], {3, 4}, F::FoldWindow{{2, 2}, {1, 1}, {0, 0}, {1, 1}});
               }});
  // Max unpooling: each plane's values to distinct positions of a 3 x 4 plane.
  c.push_back({"max_unpool2d", {{2, 2, 2}}, [](I x) {
                 Tensor idx = to(make_tensor({0, 5, 7, 10, 11, 2, 4, 9}, {2, 2, 2}, DType::Int64),
                                 x[0].device(), std::nullopt);
                 return F::max_unpool2d(x[0], idx, {3, 4});
               }});
  c.push_back({"max_unpool3d", {{1, 2, 1, 2, 2}}, [](I x) {
                 Tensor idx = to(make_tensor({0, 5, 7, 11, 1, 2, 4, 9}, {1, 2, 1, 2, 2}, DType::Int64),
                                 x[0].device(), std::nullopt);
                 return F::max_unpool3d(x[0], idx, {2, 2, 3}, {1, 1, 1}, {0, 0, 0});
               }});
  return c;
}

}  // namespace tp::test
