// tolist and item: Python numbers with PyTorch's kinds (bool/int/float) and nesting.
#include <doctest/doctest.h>

#include "core/ops/copy.h"
#include "core/ops/tolist.h"
#include "test_util.h"

using namespace tp;

TEST_CASE("tolist nests like the tensor's shape") {
  Tensor t = test::make_tensor({1, 2, 3, 4, 5, 6}, {2, 3}, DType::Int64);
  ListValue v = tolist(t);
  REQUIRE(v.is_list);
  REQUIRE(v.items.size() == 2);
  REQUIRE(v.items[1].items.size() == 3);
  CHECK(v.items[1].items[2].number.is_int());
  CHECK(v.items[1].items[2].number.to_int() == 6);
}

TEST_CASE("tolist of a 0-dim tensor is a bare number; float32 widens to double") {
  // torch.tensor(0.1).tolist() == 0.10000000149011612
  ListValue v = tolist(test::make_tensor({0.1}, {}, DType::Float32));
  CHECK_FALSE(v.is_list);
  CHECK(v.number.is_float());
  CHECK(v.number.to_double() == 0.10000000149011612);
  CHECK(tolist(test::make_tensor({1}, {}, DType::Bool)).number.is_bool());
}

TEST_CASE("tolist follows strides and handles empty dims") {
  Tensor t = test::make_tensor({1, 2, 3, 4}, {2, 2}, DType::Float32);
  Tensor tt = t.as_strided({2, 2}, {1, 2}, 0);  // the transpose
  ListValue v = tolist(tt);
  CHECK(v.items[0].items[1].number.to_double() == 3.0);
  ListValue e = tolist(empty({0, 3}));
  CHECK(e.is_list);
  CHECK(e.items.empty());
}

TEST_CASE("item returns the one element, else PyTorch's error") {
  CHECK(item(test::make_tensor({7}, {1, 1}, DType::Int32)).to_int() == 7);
  CHECK(item(test::make_tensor({2.5}, {}, DType::Float16)).to_double() == 2.5);
  CHECK_THROWS_WITH(item(test::make_tensor({1, 2}, {2})),
                    "a Tensor with 2 elements cannot be converted to Scalar");
}
