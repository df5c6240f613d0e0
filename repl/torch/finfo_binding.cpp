// torch.finfo(dtype) and torch.iinfo(dtype): the numeric limits of a dtype (bits, eps, max,
// min, tiny, ...), so a learner can see why float16 overflows at 65504. Values, reprs and
// error texts are PyTorch's (torch/csrc/TypeInfo.cpp).
#include <cstdio>
#include <limits>

#include "repl/lang/methods.h"
#include "repl/torch/args.h"
#include "repl/torch/submodules.h"
#include "repl/torch/torch_types.h"

namespace tp::torchlang {

using namespace tp::lang;

namespace {

TypeObject* info_type(const char* name) { return new_native_type(name, "torch"); }

// PyTorch prints the limits through a C++ stream: six significant digits, like %g.
std::string g6(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

struct FloatLimits {
  int bits;
  double eps, max, tiny, resolution;
};

FloatLimits float_limits(DType d) {
  switch (d) {
    case DType::Float64:
      return {64, std::numeric_limits<double>::epsilon(), std::numeric_limits<double>::max(),
              std::numeric_limits<double>::min(), 1e-15};
    case DType::Float16:
      return {16, 0.0009765625, 65504.0, 6.103515625e-05, 0.001};
    case DType::BFloat16:
      return {16, 0.0078125, 3.3895313892515355e+38, 1.1754943508222875e-38, 0.01};
    default:
      return {32, std::numeric_limits<float>::epsilon(), std::numeric_limits<float>::max(),
              std::numeric_limits<float>::min(), 1e-06};
  }
}

struct FInfoObject : NativeObject {
  explicit FInfoObject(DType d) : NativeObject(type_()), d(d), lim(float_limits(d)) {}
  static TypeObject* type_() {
    static TypeObject* t = info_type("finfo");
    return t;
  }
  DType d;
  FloatLimits lim;
  Value get_attr(Interpreter&, const std::string& n) override {
    if (n == "bits") return Value::integer(lim.bits);
    if (n == "eps") return Value::number(lim.eps);
    if (n == "max") return Value::number(lim.max);
    if (n == "min") return Value::number(-lim.max);
    if (n == "tiny" || n == "smallest_normal") return Value::number(lim.tiny);
    if (n == "resolution") return Value::number(lim.resolution);
    if (n == "dtype") return make_str(dtype_name(d));  // a str in PyTorch, not a torch.dtype
    return Value::unbound();
  }
  std::string repr(Interpreter&) override {
    return "finfo(resolution=" + g6(lim.resolution) + ", min=" + g6(-lim.max) + ", max=" + g6(lim.max) +
           ", eps=" + g6(lim.eps) + ", smallest_normal=" + g6(lim.tiny) + ", tiny=" + g6(lim.tiny) +
           ", dtype=" + dtype_name(d) + ")";
  }
  std::vector<std::string> dir(Interpreter&) override {
    return {"bits", "dtype", "eps", "max", "min", "resolution", "smallest_normal", "tiny"};
  }
};

struct IInfoObject : NativeObject {
  explicit IInfoObject(DType d) : NativeObject(type_()), d(d) {
    if (d == DType::Int64) {
      bits = 64, lo = std::numeric_limits<int64_t>::min(), hi = std::numeric_limits<int64_t>::max();
    } else if (d == DType::Int32) {
      bits = 32, lo = std::numeric_limits<int32_t>::min(), hi = std::numeric_limits<int32_t>::max();
    } else {
      bits = 8, lo = 0, hi = 255;  // uint8
    }
  }
  static TypeObject* type_() {
    static TypeObject* t = info_type("iinfo");
    return t;
  }
  DType d;
  int bits;
  int64_t lo, hi;
  Value get_attr(Interpreter&, const std::string& n) override {
    if (n == "bits") return Value::integer(bits);
    if (n == "max") return Value::integer(hi);
    if (n == "min") return Value::integer(lo);
    if (n == "dtype") return make_str(dtype_name(d));
    return Value::unbound();
  }
  std::string repr(Interpreter&) override {
    return "iinfo(min=" + g6(static_cast<double>(lo)) + ", max=" + g6(static_cast<double>(hi)) + ", dtype=" +
           dtype_name(d) + ")";
  }
  std::vector<std::string> dir(Interpreter&) override { return {"bits", "dtype", "max", "min"}; }
};

// The dtype argument, given as `type` by position or keyword, with PyTorch's parser messages.
std::optional<DType> info_dtype(Interpreter& I, const char* fname, Args a, bool required) {
  std::string f = fname;
  Value v = a.n ? a[0] : Value::unbound();
  for (size_t k = 0; k < a.nkw; ++k) {
    if (*a.kw[k].name != "type") I.raise(ty::TypeError, f + "() missing 1 required positional arguments: \"type\"");
    if (a.n) I.raise(ty::TypeError, f + "() got multiple values for argument 'type'");
    v = a.kw[k].value;
  }
  if (a.n > 1) {
    if (!required) {
      std::string got;
      for (size_t i = 0; i < a.n; ++i) got += (i ? ", " : "") + OpArgs::type_name(a[i]);
      I.raise(ty::TypeError, f + "() received an invalid combination of arguments - got (" + got +
                                 "), but expected one of:\n * (torch.dtype type)\n * ()\n");
    }
    I.raise(ty::TypeError, f + "() takes 1 positional argument but " + std::to_string(a.n) + " were given");
  }
  if (v.is_unbound()) {
    if (required) I.raise(ty::TypeError, f + "() missing 1 required positional arguments: \"type\"");
    return std::nullopt;
  }
  if (!v.is_obj() || v.obj()->type != pyty::dtype) {
    I.raise(ty::TypeError, f + "(): argument 'type' (position 1) must be torch.dtype, not " + v.type()->name);
  }
  return v.as<DTypeObject>()->d;
}

Value make_finfo(Interpreter& I, Args a) {
  DType d = info_dtype(I, "finfo", a, false).value_or(DType::Float32);  // finfo() is float32's
  if (!is_floating(d)) {
    I.raise(ty::TypeError, "torch.finfo() requires a floating point input type. Use torch.iinfo to handle 'torch.finfo'");
  }
  return Value::object(new FInfoObject(d));
}

Value make_iinfo(Interpreter& I, Args a) {
  DType d = *info_dtype(I, "iinfo", a, true);
  if (d == DType::Bool) I.raise(ty::TypeError, "torch.bool is not supported by torch.iinfo");
  if (is_floating(d)) {
    I.raise(ty::TypeError, "torch.iinfo() requires an integer input type. Use torch.finfo to handle 'torch.iinfo'");
  }
  return Value::object(new IInfoObject(d));
}

}  // namespace

void add_type_info(ModuleObject& torch) {
  FInfoObject::type_()->construct = make_finfo;
  IInfoObject::type_()->construct = make_iinfo;
  torch.attrs.set("finfo", Value::object(FInfoObject::type_()));
  torch.attrs.set("iinfo", Value::object(IInfoObject::type_()));
}

}  // namespace tp::torchlang
