// Shape and view ops against torch 2.x (fixtures/shape.txt from gen_shape.py): values,
// shapes, strides, offsets, contiguity, error texts, and writes through views.
#include <doctest/doctest.h>

#include "core/ops/copy.h"
#include "core/ops/shape.h"
#include "describe_util.h"

using namespace tp;
using tp::test::arange_as;
using tp::test::describe;
using tp::test::make_tensor;

namespace {

const std::map<std::string, std::string>& fx() {
  static const auto blocks = tp::test::load_fixture("shape.txt");
  return blocks;
}

// The result matches the fixture block `name`.
void expect(const std::string& name, const Tensor& t) {
  INFO(name);
  CHECK(describe(t) == fx().at(name));
}

void expect(const std::string& name, const std::vector<Tensor>& ts) {
  INFO(name);
  CHECK(describe(ts) == fx().at(name));
}

Tensor x() { return arange_as({2, 3}); }
Tensor y() { return arange_as({2, 3, 4}); }
Tensor z() { return arange_as({1, 2, 1, 3}); }
Tensor col() { return arange_as({3, 1}); }

}  // namespace

TEST_CASE("view and reshape") {
  expect("view_6_4", view(y(), {6, 4}));
  expect("view_infer", view(y(), {4, -1, 3}));
  expect("view_flat", view(y(), {-1}));
  expect("view_noncontig_ok", view(slice(y(), 2, 0, 2), {6, 2}));
  expect("view_permuted_split", view(permute(y(), {1, 0, 2}), {3, 2, 2, 2}));
  expect("view_scalar", view(make_tensor({5}, {}), {1, 1}));
  CHECK_RECORDED_ERROR(fx(), "view_err_stride", view(t(x()), {6}));
  CHECK_RECORDED_ERROR(fx(), "view_err_size", view(arange_as({6}), {5, 5}));
  CHECK_RECORDED_ERROR(fx(), "view_err_two_infer", view(x(), {-1, -1}));
  CHECK_RECORDED_ERROR(fx(), "view_err_negative", view(x(), {-2, 3}));
  CHECK_RECORDED_ERROR(fx(), "view_err_zero_infer", view(empty({0, 3}), {-1, 0}));

  expect("reshape_copy", reshape(t(x()), {6}));
  expect("reshape_view", reshape(y(), {4, 6}));
  expect("reshape_offset", reshape(select(y(), 0, 1), {3, 4}));
  CHECK_RECORDED_ERROR(fx(), "reshape_err", reshape(x(), {4}));

  Tensor base = y();
  CHECK(reshape(base, {4, 6}).storage() == base.storage());
  Tensor tr = t(x());
  CHECK(reshape(tr, {6}).storage() != tr.storage());  // a copy: no view can express it
}

TEST_CASE("flatten and unflatten") {
  expect("flatten_all", flatten(y()));
  expect("flatten_1", flatten(y(), 1));
  expect("flatten_01", flatten(y(), 0, 1));
  expect("flatten_transposed", flatten(transpose(y(), 0, 2)));
  expect("flatten_scalar", flatten(make_tensor({3}, {})));
  CHECK_RECORDED_ERROR(fx(), "flatten_err", flatten(x(), 1, 0));
  expect("unflatten", unflatten(y(), 2, {2, 2}));
  expect("unflatten_infer", unflatten(y(), -1, {2, -1}));
  CHECK_RECORDED_ERROR(fx(), "unflatten_err", unflatten(x(), 1, {2, 2}));
  CHECK_RECORDED_ERROR(fx(), "unflatten_err_empty", unflatten(x(), 1, {}));
}

TEST_CASE("transpose, t, T, mT, permute, movedim") {
  expect("transpose_02", transpose(y(), 0, 2));
  expect("swapaxes_01", swapaxes(y(), 0, 1));
  CHECK_RECORDED_ERROR(fx(), "transpose_err", transpose(x(), 0, 3));
  expect("t_2d", t(x()));
  expect("t_1d", t(arange_as({3})));
  CHECK_RECORDED_ERROR(fx(), "t_err", t(y()));
  expect("T_3d", tensor_T(y()));
  expect("T_2d", tensor_T(x()));
  expect("mT", tensor_mT(y()));
  CHECK_RECORDED_ERROR(fx(), "mT_err", tensor_mT(arange_as({3})));
  expect("permute", permute(y(), {2, 0, 1}));
  expect("permute_neg", permute(y(), {-1, 0, 1}));
  CHECK_RECORDED_ERROR(fx(), "permute_err_count", permute(x(), {0}));
  CHECK_RECORDED_ERROR(fx(), "permute_err_dup", permute(x(), {0, 0}));
  expect("movedim_one", movedim(y(), {0}, {2}));
  expect("movedim_two", movedim(y(), {0, 1}, {2, 0}));
  CHECK_RECORDED_ERROR(fx(), "movedim_err_count", movedim(y(), {0, 1}, {0}));
  CHECK_RECORDED_ERROR(fx(), "movedim_err_repeat", movedim(y(), {0, 0}, {0, 1}));
}

TEST_CASE("squeeze and unsqueeze") {
  expect("squeeze_all", squeeze(z()));
  expect("squeeze_0", squeeze(z(), 0));
  expect("squeeze_noop", squeeze(z(), 1));
  expect("squeeze_dims", squeeze_dims(z(), {0, 2}));
  expect("squeeze_neg", squeeze(z(), -2));
  CHECK_RECORDED_ERROR(fx(), "squeeze_err_dup", squeeze_dims(z(), {2, -2}));
  CHECK_RECORDED_ERROR(fx(), "squeeze_err_range", squeeze(x(), 5));
  expect("unsqueeze_0", unsqueeze(x(), 0));
  expect("unsqueeze_2", unsqueeze(x(), 2));
  expect("unsqueeze_neg", unsqueeze(x(), -2));
  expect("unsqueeze_transposed", unsqueeze(t(x()), 1));
  CHECK_RECORDED_ERROR(fx(), "unsqueeze_err", unsqueeze(x(), 5));
}

TEST_CASE("expand and expand_as") {
  expect("expand", expand(col(), {3, 4}));
  expect("expand_new_dim", expand(col(), {2, 3, 4}));
  expect("expand_minus1", expand(col(), {-1, 2}));
  expect("expand_as", expand_as(col(), arange_as({3, 5})));
  CHECK_RECORDED_ERROR(fx(), "expand_err", expand(col(), {4, 4}));
  CHECK_RECORDED_ERROR(fx(), "expand_err_fewer", expand(x(), {3}));
  CHECK_RECORDED_ERROR(fx(), "expand_err_leading", expand(x(), {-1, 2, 3}));
}

TEST_CASE("narrow, select and slice") {
  expect("narrow", narrow(y(), 1, 1, 2));
  expect("narrow_neg", narrow(y(), 2, -2, 2));
  CHECK_RECORDED_ERROR(fx(), "narrow_err_len", narrow(x(), 0, 1, 5));
  CHECK_RECORDED_ERROR(fx(), "narrow_err_start", narrow(x(), 0, 3, 0));
  CHECK_RECORDED_ERROR(fx(), "narrow_err_negative_len", narrow(x(), 0, 0, -1));
  expect("select", select(y(), 1, 2));
  expect("select_neg", select(y(), -1, -1));
  CHECK_RECORDED_ERROR(fx(), "select_err", select(x(), 0, 5));
  expect("slice_step", slice(y(), 2, 1, std::nullopt, 2));
  expect("slice_clamp", slice(x(), 1, -10, 10));
  expect("slice_past_end", slice(x(), 1, 5));
  expect("slice_reversed", slice(x(), 0, 1, 0));
  expect("slice_neg_bounds", slice(y(), 1, -2, -1));
}

TEST_CASE("cat and stack") {
  expect("cat_0", cat({x(), x()}));
  expect("cat_1", cat({x(), arange_as({2, 2})}, 1));
  expect("cat_neg_dim", cat({x(), x()}, -1));
  expect("cat_promote_f64", cat({x(), arange_as({1, 3}, DType::Float64)}));
  expect("cat_promote_bool", cat({arange_as({2}, DType::Int64), make_tensor({1, 0}, {2}, DType::Bool)}));
  expect("cat_promote_empty", cat({arange_as({2}, DType::Int64), empty({0}, DType::Float64)}));
  expect("cat_skip_empty", cat({empty({0}), x(), empty({0})}, 1));
  expect("cat_noncontig", cat({t(x()), arange_as({3, 1})}, 1));
  expect("cat_int", cat({arange_as({2, 2}, DType::Int32), arange_as({1, 2}, DType::Int32)}));
  CHECK_RECORDED_ERROR(fx(), "cat_err_size1", cat({x(), arange_as({3, 3})}, 1));
  CHECK_RECORDED_ERROR(fx(), "cat_err_size0", cat({x(), arange_as({2, 2})}, 0));
  CHECK_RECORDED_ERROR(fx(), "cat_err_empty", cat({}));
  CHECK_RECORDED_ERROR(fx(), "cat_err_ndim", cat({x(), arange_as({2})}, 0));
  CHECK_RECORDED_ERROR(fx(), "cat_err_zero_dim", cat({make_tensor({1}, {}), make_tensor({2}, {})}));
  CHECK_RECORDED_ERROR(fx(), "cat_err_dim", cat({x(), x()}, 2));

  Tensor x10 = make_tensor({10, 11, 12, 13, 14, 15}, {2, 3});
  expect("stack_0", stack({x(), x10}));
  expect("stack_last", stack({x(), x10}, -1));
  expect("stack_2", stack({x(), x10}, 2));
  CHECK_RECORDED_ERROR(fx(), "stack_err_size", stack({x(), arange_as({3, 2})}));
  CHECK_RECORDED_ERROR(fx(), "stack_err_empty", stack({}));
  CHECK_RECORDED_ERROR(fx(), "stack_err_dim", stack({x(), x()}, 3));
}

TEST_CASE("chunk, split and unbind") {
  expect("chunk_5_3", chunk(arange_as({5}), 3));
  expect("chunk_dim1", chunk(x(), 2, 1));
  expect("chunk_more_than_size", chunk(x(), 4));
  expect("chunk_empty", chunk(arange_as({0}), 3));
  CHECK_RECORDED_ERROR(fx(), "chunk_err", chunk(x(), 0));
  expect("split_2", split(arange_as({5}), 2));
  expect("split_dim1", split(x(), 2, 1));
  expect("split_big", split(x(), 4));
  expect("split_sizes", split_with_sizes(x(), {1, 2}, 1));
  CHECK_RECORDED_ERROR(fx(), "split_err_sum", split_with_sizes(x(), {1, 2}, 0));
  CHECK_RECORDED_ERROR(fx(), "split_err_negative", split_with_sizes(x(), {4, -1}, 1));
  CHECK_RECORDED_ERROR(fx(), "split_err_zero", split(x(), 0));
  CHECK_RECORDED_ERROR(fx(), "split_err_neg_size", split(x(), -1));
  expect("unbind_0", unbind(x()));
  expect("unbind_1", unbind(x(), 1));
  CHECK_RECORDED_ERROR(fx(), "unbind_err", unbind(make_tensor({1}, {}), 0));
}

TEST_CASE("views share storage with their base") {
  Tensor b = x();
  fill_(select(b, 1, 1), 9);
  expect("write_select", b);

  b = x();
  fill_(select(view(t(b), {3, 2}), 0, 0), -1);
  expect("write_transpose_view", b);

  b = x();
  copy_(narrow(b, 1, 1, 2), make_tensor({7, 8}, {2}));
  expect("write_narrow_copy", b);

  b = x();
  fill_(split(b, 1, 1)[2], 5);
  expect("write_split", b);

  b = x();
  fill_(narrow(select(expand(unsqueeze(select(b, 0, 0), 0), {2, 3}), 0, 1), 0, 0, 1), 4);
  expect("write_expand_source", b);
}
