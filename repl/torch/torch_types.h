// The torch namespace's value types as the language sees them: Tensor (wrapping tp::Tensor),
// torch.device, torch.dtype, torch.Size, torch.return_types.* pairs and numpy's ndarray.
// Each is a NativeObject; the hooks are implemented in tensor_object.cpp and types.cpp.
#pragma once

#include <string>
#include <vector>

#include "core/device.h"
#include "core/dtype.h"
#include "core/tensor.h"
#include "repl/lang/interpreter.h"

namespace tp::torchlang {

using lang::Args;
using lang::Interpreter;
using lang::Value;

// The Python types; created once by init_types().
namespace pyty {
extern lang::TypeObject *tensor, *parameter, *device, *dtype, *size, *return_types, *ndarray, *event;
}
void init_types();

// A tensor value: operators, indexing, attributes and methods from the op table.
struct TensorObject : lang::NativeObject {
  explicit TensorObject(Tensor t);
  Tensor t;
  // Each access (`net[0].weight`) wraps the tensor anew; like PyTorch's one Python object
  // per tensor, all wrappers of one tensor are the same object for `is`, id() and hash().
  const void* identity() const override { return t.defined() ? static_cast<const void*>(t.impl()) : this; }
  Value get_attr(Interpreter& I, const std::string& name) override;
  bool set_attr(Interpreter& I, const std::string& name, const Value& v) override;
  std::string repr(Interpreter& I) override;
  Value binary_op(Interpreter& I, lang::BinOpKind op, const Value& other, bool reflected) override;
  Value inplace_op(Interpreter& I, lang::BinOpKind op, const Value& other) override;
  Value unary_op(Interpreter& I, lang::UnaryOpKind op) override;
  Value compare(Interpreter& I, lang::CmpOpKind op, const Value& other) override;
  Value get_item(Interpreter& I, const Value& key) override;
  bool set_item(Interpreter& I, const Value& key, const Value& v) override;
  int64_t len(Interpreter& I) override;
  Value iter(Interpreter& I) override;
  int truth(Interpreter& I) override;
  std::vector<std::string> dir(Interpreter& I) override;
};

// torch.device('cuda', 0).
struct DeviceObject : lang::NativeObject {
  explicit DeviceObject(Device d);
  Device d;
  Value get_attr(Interpreter& I, const std::string& name) override;
  std::string repr(Interpreter& I) override;
  std::string str(Interpreter& I) override;
  Value compare(Interpreter& I, lang::CmpOpKind op, const Value& other) override;
  std::vector<std::string> dir(Interpreter& I) override;
};

// torch.float32 and friends (one shared object per dtype).
struct DTypeObject : lang::NativeObject {
  explicit DTypeObject(DType d);
  DType d;
  Value get_attr(Interpreter& I, const std::string& name) override;
  std::string repr(Interpreter& I) override;
  Value compare(Interpreter& I, lang::CmpOpKind op, const Value& other) override;
  std::vector<std::string> dir(Interpreter& I) override;
};

// torch.Size: a tuple of ints.
struct SizeObject : lang::NativeObject {
  explicit SizeObject(Shape s);
  Shape s;
  Value get_attr(Interpreter& I, const std::string& name) override;
  std::string repr(Interpreter& I) override;
  Value compare(Interpreter& I, lang::CmpOpKind op, const Value& other) override;
  Value get_item(Interpreter& I, const Value& key) override;
  int64_t len(Interpreter& I) override;
  Value iter(Interpreter& I) override;
  Value binary_op(Interpreter& I, lang::BinOpKind op, const Value& other, bool reflected) override;
  std::vector<std::string> dir(Interpreter& I) override;
};

// torch.return_types.max(values=..., indices=...): a named pair of tensors.
struct ReturnTypesObject : lang::NativeObject {
  ReturnTypesObject(std::string name, Tensor values, Tensor indices);
  std::string name;
  Tensor values, indices;
  Value get_attr(Interpreter& I, const std::string& name) override;
  std::string repr(Interpreter& I) override;
  Value get_item(Interpreter& I, const Value& key) override;
  int64_t len(Interpreter& I) override;
  Value iter(Interpreter& I) override;
  std::vector<std::string> dir(Interpreter& I) override;
};

// numpy.ndarray returned by Tensor.numpy(): a CPU copy, printed as numpy prints it.
struct NdArrayObject : lang::NativeObject {
  explicit NdArrayObject(Tensor t);
  Tensor t;  // contiguous CPU copy
  Value get_attr(Interpreter& I, const std::string& name) override;
  std::string repr(Interpreter& I) override;
  std::string str(Interpreter& I) override;
  int64_t len(Interpreter& I) override;
  std::vector<std::string> dir(Interpreter& I) override;
};

// Wrapping and unwrapping.
Value wrap(Tensor t);
Value wrap_device(Device d);
Value wrap_dtype(DType d);
Value wrap_size(const Shape& s);
Value wrap_list(const std::vector<Tensor>& ts, bool as_tuple);
inline bool is_tensor(const Value& v) {
  return v.is_obj() && (v.obj()->type == pyty::tensor || v.obj()->type == pyty::parameter);
}
inline const Tensor& tensor_of(const Value& v) { return v.as<TensorObject>()->t; }
// The numpy-style repr of an ndarray (ndarray.cpp).
std::string ndarray_repr(const Tensor& t);
std::string ndarray_str(const Tensor& t);

}  // namespace tp::torchlang
