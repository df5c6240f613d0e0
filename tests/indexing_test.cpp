// Indexing x[...] and assignment x[...] = v against torch 2.x (fixtures/indexing.txt from
// gen_indexing.py): views vs copies, the placement rule, masks, dtypes, error texts.
#include <doctest/doctest.h>

#include "core/backends/cpu/cpu_backend.h"
#include "core/ops/copy.h"
#include "core/ops/indexing.h"
#include "core/ops/shape.h"
#include "describe_util.h"

using namespace tp;
using tp::test::arange_as;
using tp::test::describe;
using tp::test::make_tensor;
using I = tp::TensorIndex;

namespace {

const std::map<std::string, std::string>& fx() {
  static const auto blocks = tp::test::load_fixture("indexing.txt");
  return blocks;
}

void expect(const std::string& name, const Tensor& t) {
  INFO(name);
  CHECK(describe(t) == fx().at(name));
}

const Slice all{};
const I none = I::none();
const I dots = I::ellipsis();

// A Python list of ints, as the caller turns it into a tensor.
Tensor longs(const std::vector<double>& v, Shape shape = {}) {
  if (shape.empty()) shape = {static_cast<int64_t>(v.size())};
  return make_tensor(v, shape, DType::Int64);
}
Tensor bools(const std::vector<double>& v, Shape shape = {}) {
  if (shape.empty()) shape = {static_cast<int64_t>(v.size())};
  return make_tensor(v, shape, DType::Bool);
}

Tensor x() { return arange_as({3, 4}); }
Tensor y() { return arange_as({2, 3, 4}); }
// (x % 3) == 0 for x = arange(12).reshape(3, 4).
Tensor mask_x() { return bools({1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0}, {3, 4}); }
Tensor row_mask() { return bools({1, 0, 1}); }

// x[idx] = value on a fresh base; returns the base afterwards.
Tensor set(const std::vector<I>& idx, const Tensor& value, Tensor base = x()) {
  index_put_(base, idx, value);
  return base;
}
Tensor set(const std::vector<I>& idx, Scalar value, Tensor base = x()) {
  index_put_(base, idx, value);
  return base;
}

}  // namespace

TEST_CASE("basic indexing gives views") {
  expect("int", index(x(), {1}));
  expect("int_neg", index(x(), {-1}));
  expect("int_int", index(x(), {1, 2}));
  expect("col", index(x(), {all, 0}));
  expect("rows", index(x(), {Slice{1, 3}}));
  expect("step", index(x(), {Slice{.step = 2}}));
  expect("ellipsis_int", index(x(), {dots, 1}));
  expect("none", index(x(), {none}));
  expect("none_slice", index(x(), {all, none, Slice{.start = 1}}));
  expect("none_both", index(x(), {none, dots, none}));
  expect("ellipsis_only", index(x(), {dots}));
  expect("slice_clamped", index(x(), {Slice{1, 100}}));
  expect("slice_empty", index(x(), {Slice{-1, -10}}));
  expect("slice_neg", index(y(), {all, Slice{.start = -2}, Slice{1, -1}}));
  expect("y_mixed", index(y(), {1, dots, Slice{.step = 3}}));
  expect("zero_dim_tensor_int", index(x(), {make_tensor({1}, {}, DType::Int64)}));
  expect("chain", index(index(x(), {1}), {2}));

  Tensor base = x();
  Tensor v = index(base, {all, 1});
  fill_(v, -7);  // writes through to the base
  CHECK(tp::test::values_of(base) ==
        std::vector<double>{0, -7, 2, 3, 4, -7, 6, 7, 8, -7, 10, 11});
  CHECK(index(base, {dots}).storage() == base.storage());
  CHECK_FALSE(index(base, {dots}).is_same(base));  // x[...] is a new handle, as at::alias
}

TEST_CASE("advanced indexing gathers copies") {
  expect("list", index(x(), {longs({0, 2})}));
  expect("list_neg", index(x(), {longs({-1, -3})}));
  expect("pair", index(x(), {longs({0, 1}), longs({1, 2})}));
  expect("mask", index(x(), {mask_x()}));
  expect("mask_rows", index(x(), {row_mask()}));
  Tensor sgn = make_tensor({-5, -4, -3, -2, -1, 0, 1, 2, 3, 4, 5, 6}, {3, 4});
  expect("mask_positive", index(sgn, {bools({0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1}, {3, 4})}));
  expect("idx_2d", index(x(), {longs({0, 1, 2, 0}, {2, 2})}));
  expect("idx_int32", index(x(), {make_tensor({2, 1}, {2}, DType::Int32)}));
  expect("cols", index(x(), {all, longs({2, 0})}));
  expect("separated", index(y(), {longs({0, 1}), all, longs({1, 0})}));
  expect("adjacent", index(y(), {all, longs({0, 2}), longs({1, 3})}));
  expect("int_then_list", index(y(), {0, all, longs({1, 2})}));
  expect("list_broadcast", index(y(), {longs({0, 1}, {2, 1}), all, longs({1, 2, 3})}));
  expect("ellipsis_list", index(y(), {dots, longs({0, 3})}));
  expect("y_mask01", index(y(), {bools({0, 0, 0, 1, 1, 1}, {2, 3})}));
  expect("y_mask_dim1", index(y(), {all, row_mask()}));
  expect("bool_true", index(x(), {I::boolean(true)}));
  expect("bool_false", index(x(), {I::boolean(false)}));
  expect("int_none_bool", index(x(), {1, none, I::boolean(true)}));
  expect("zero_dim_bool_tensor", index(x(), {make_tensor({1}, {}, DType::Bool)}));
  expect("empty_list", index(x(), {longs({})}));
  expect("mask_none_true", index(x(), {bools(std::vector<double>(12, 0), {3, 4})}));

  Tensor base = x();
  Tensor copy = index(base, {longs({0})});
  CHECK(copy.storage() != base.storage());
}

TEST_CASE("indexing on several dtypes") {
  expect("int64_list", index(arange_as({3, 4}, DType::Int64), {longs({2, 0}), Slice{.start = 1}}));
  expect("float64_mask", index(arange_as({3, 4}, DType::Float64), {mask_x()}));
  expect("bfloat16_pair", index(arange_as({3, 4}, DType::BFloat16), {longs({0, 2}), longs({3, 1})}));
  expect("float16_cols", index(arange_as({3, 4}, DType::Float16), {all, longs({1})}));
  expect("bool_list", index(mask_x(), {longs({1, 2})}));
  expect("uint8_row", index(arange_as({3, 4}, DType::UInt8), {2}));
}

TEST_CASE("indexing errors") {
  CHECK_RECORDED_ERROR(fx(), "err_out_of_bounds", index(arange_as({3}), {5}));
  CHECK_RECORDED_ERROR(fx(), "err_out_of_bounds_dim1", index(x(), {all, 5}));
  CHECK_RECORDED_ERROR(fx(), "err_too_many", index(x(), {1, 2, 3}));
  CHECK_RECORDED_ERROR(fx(), "err_too_many_mask", index(x(), {1, mask_x()}));
  CHECK_RECORDED_ERROR(fx(), "err_mask_shape", index(arange_as({4}), {bools({1, 0, 1})}));
  CHECK_RECORDED_ERROR(fx(), "err_mask_shape_2d", index(x(), {bools({1, 0})}));
  CHECK_RECORDED_ERROR(fx(), "err_zero_dim", index(make_tensor({1}, {}), {0}));
  CHECK_RECORDED_ERROR(fx(), "err_float_index", index(x(), {make_tensor({0}, {1})}));
  CHECK_RECORDED_ERROR(fx(), "err_kernel_bounds", index(arange_as({3}), {longs({0, 7})}));
  CHECK_RECORDED_ERROR(fx(), "err_kernel_bounds_cols", index(x(), {all, longs({1, -5})}));
  CHECK_RECORDED_ERROR(fx(), "err_broadcast", index(x(), {longs({0, 1}), longs({0, 1, 2})}));
  CHECK_RECORDED_ERROR(fx(), "err_step_negative", index(x(), {Slice{.step = -1}}));
  CHECK_RECORDED_ERROR(fx(), "err_step_zero", index(x(), {Slice{.step = 0}}));
  CHECK_RECORDED_ERROR(fx(), "err_empty_dim", index(empty({2, 0}), {all, longs({0})}));
}

TEST_CASE("assignment through indexing") {
  expect("set_int", set({0}, 5));
  expect("set_col_tensor", set({all, 1}, make_tensor({10, 11, 12}, {3})));
  expect("set_mask_zero", set({mask_x()}, 0));
  expect("set_list_broadcast", set({longs({0, 2})}, make_tensor({1, 2, 3, 4}, {4})));
  expect("set_list_rows",
         set({longs({0, 2})}, make_tensor({100, 101, 102, 103, 104, 105, 106, 107}, {2, 4})));
  expect("set_ellipsis", set({dots, 0}, -1));
  expect("set_slice_broadcast", set({Slice{.start = 1}, Slice{.start = 2}}, make_tensor({1, 2}, {2, 1})));
  expect("set_mask_values", set({mask_x()}, make_tensor({-1, -2, -3, -4}, {4})));
  expect("set_pair", set({longs({0, 1}), longs({1, 2})}, make_tensor({100, 200}, {2})));
  expect("set_separated", set({longs({0, 1}), all, longs({1, 0})}, make_tensor({7, 8, 9}, {3}), y()));
  expect("set_true", set({I::boolean(true)}, 3));
  expect("set_false", set({I::boolean(false)}, make_tensor({1, 1, 1, 1, 1}, {5})));
  expect("set_leading_ones", set({0}, make_tensor({1, 1, 1, 1}, {1, 1, 4})));
  expect("set_int_dtype_truncates", set({0}, 2.7, arange_as({3, 4}, DType::Int64)));
  expect("set_mask_other_dtype", set({mask_x()}, make_tensor({1}, {}, DType::Int64)));
  expect("set_basic_other_dtype", set({1}, longs({1, 2, 3, 4})));
  expect("set_bool_tensor", set({longs({0, 2})}, true, make_tensor({0, 0, 0, 0, 0, 0}, {3, 2}, DType::Bool)));
  expect("set_bfloat16", set({longs({2, 0}), longs({0, 3})}, make_tensor({-1.5, 2.5}, {2}, DType::BFloat16),
                             arange_as({3, 4}, DType::BFloat16)));
  expect("set_duplicate_idx_last", set({longs({1, 1})}, make_tensor({1, 2}, {2, 1})));

  CHECK_RECORDED_ERROR(fx(), "set_err_shape", set({longs({0, 1})}, make_tensor(std::vector<double>(9, 1), {3, 3})));
  CHECK_RECORDED_ERROR(fx(), "set_err_expand", set({0}, make_tensor(std::vector<double>(8, 1), {2, 4})));
  CHECK_RECORDED_ERROR(fx(), "set_err_dtype", set({longs({0})}, longs({1, 2, 3, 4})));
  CHECK_RECORDED_ERROR(fx(), "set_err_bounds", set({longs({3})}, 1.0));
  CHECK_RECORDED_ERROR(fx(), "set_err_mask_shape", set({bools({1, 0})}, 1.0));
}

TEST_CASE("advanced_index_put_ accumulates and the cpu kernels address correctly") {
  Tensor base = make_tensor({0, 0, 0}, {3});
  advanced_index_put_(base, {longs({0, 2, 0})}, make_tensor({1, 2, 3}, {3}), /*accumulate=*/true);
  CHECK(tp::test::values_of(base) == std::vector<double>{4, 0, 2});

  Tensor nz = cpu_backend().nonzero(make_tensor({0, 1, 1, 0, 0, 1}, {2, 3}));
  CHECK(nz.sizes() == Shape{3, 2});
  CHECK(tp::test::values_of(nz) == std::vector<double>{0, 1, 0, 2, 1, 2});
  // A transposed (non-contiguous) input is walked in its own row-major order.
  Tensor nz_t = cpu_backend().nonzero(transpose(make_tensor({0, 1, 1, 0, 0, 1}, {2, 3}), 0, 1));
  CHECK(tp::test::values_of(nz_t) == std::vector<double>{1, 0, 2, 0, 2, 1});
}
