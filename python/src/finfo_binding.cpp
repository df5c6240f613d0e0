// torch.finfo(dtype) and torch.iinfo(dtype): the numeric limits of a dtype (bits, eps, max,
// min, tiny, ...), so a learner can see why float16 overflows at 65504. Values, reprs and
// error texts are PyTorch's (torch/csrc/TypeInfo.cpp).
#include <cstdio>
#include <limits>

#include "python/src/args.h"
#include "python/src/bindings.h"

namespace tp::torchpy {

namespace {

// PyTorch prints the limits through a C++ stream: six significant digits, like %g.
std::string g6(double v) {
  char buf[40];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

struct FInfo {
  DType d;
  int bits;
  double eps, max, tiny, resolution;
};

FInfo float_limits(DType d) {
  switch (d) {
    case DType::Float64:
      return {d, 64, std::numeric_limits<double>::epsilon(), std::numeric_limits<double>::max(),
              std::numeric_limits<double>::min(), 1e-15};
    case DType::Float16:
      return {d, 16, 0.0009765625, 65504.0, 6.103515625e-05, 0.001};
    case DType::BFloat16:
      return {d, 16, 0.0078125, 3.3895313892515355e+38, 1.1754943508222875e-38, 0.01};
    default:
      return {d, 32, std::numeric_limits<float>::epsilon(), std::numeric_limits<float>::max(),
              std::numeric_limits<float>::min(), 1e-06};
  }
}

struct IInfo {
  DType d;
  int bits;
  int64_t min;
  uint64_t max;  // uint64's does not fit an int64
};

IInfo int_limits(DType d) {
  return visit_any_dtype(d, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_integral_v<T>) {
      return IInfo{d, static_cast<int>(8 * sizeof(T)), static_cast<int64_t>(std::numeric_limits<T>::min()),
                   static_cast<uint64_t>(std::numeric_limits<T>::max())};
    } else {
      return IInfo{d, 0, 0, 0};  // make_iinfo refuses floating dtypes first
    }
  });
}

// The dtype argument, given as `type` by position or keyword, with PyTorch's parser messages.
std::optional<DType> info_dtype(const char* fname, const py::args& a, const py::kwargs& kw, bool required) {
  std::string f = fname;
  py::handle v = a.size() ? a[0] : py::handle();
  for (auto item : kw) {
    if (py::str(item.first).cast<std::string>() != "type")
      raise_type_error(f + "() missing 1 required positional arguments: \"type\"");
    if (a.size()) raise_type_error(f + "() got multiple values for argument 'type'");
    v = item.second;
  }
  if (a.size() > 1) {
    if (!required) {
      std::string got;
      for (size_t i = 0; i < a.size(); ++i) got += (i ? ", " : "") + type_name(a[i]);
      raise_type_error(f + "() received an invalid combination of arguments - got (" + got +
                       "), but expected one of:\n * (torch.dtype type)\n * ()\n");
    }
    raise_type_error(f + "() takes 1 positional argument but " + std::to_string(a.size()) + " were given");
  }
  if (!v) {
    if (required) raise_type_error(f + "() missing 1 required positional arguments: \"type\"");
    return std::nullopt;
  }
  if (!is_dtype(v)) raise_type_error(f + "(): argument 'type' (position 1) must be torch.dtype, not " + type_name(v));
  return dtype_from(v);
}

FInfo make_finfo(const py::args& a, const py::kwargs& kw) {
  // finfo() is float32's; a complex dtype's is that of its parts
  DType d = real_dtype(info_dtype("finfo", a, kw, false).value_or(DType::Float32));
  if (!is_floating(d))
    raise_type_error("torch.finfo() requires a floating point input type. Use torch.iinfo to handle 'torch.finfo'");
  return float_limits(d);
}

IInfo make_iinfo(const py::args& a, const py::kwargs& kw) {
  DType d = *info_dtype("iinfo", a, kw, true);
  if (d == DType::Bool) raise_type_error("torch.bool is not supported by torch.iinfo");
  if (is_floating(d))
    raise_type_error("torch.iinfo() requires an integer input type. Use torch.finfo to handle 'torch.iinfo'");
  return int_limits(d);
}

}  // namespace

void bind_finfo(py::module_& m) {
  py::class_<FInfo> finfo(m, "finfo");
  finfo.def(py::init(&make_finfo));
  finfo.def_readonly("bits", &FInfo::bits);
  finfo.def_readonly("eps", &FInfo::eps);
  finfo.def_readonly("max", &FInfo::max);
  finfo.def_property_readonly("min", [](const FInfo& f) { return -f.max; });
  finfo.def_readonly("tiny", &FInfo::tiny);
  finfo.def_readonly("smallest_normal", &FInfo::tiny);
  finfo.def_readonly("resolution", &FInfo::resolution);
  finfo.def_property_readonly("dtype", [](const FInfo& f) { return std::string(dtype_name(f.d)); });  // a str, as in PyTorch
  finfo.def("__repr__", [](const FInfo& f) {
    return "finfo(resolution=" + g6(f.resolution) + ", min=" + g6(-f.max) + ", max=" + g6(f.max) + ", eps=" + g6(f.eps) +
           ", smallest_normal=" + g6(f.tiny) + ", tiny=" + g6(f.tiny) + ", dtype=" + dtype_name(f.d) + ")";
  });
  finfo.attr("__module__") = "torch";

  py::class_<IInfo> iinfo(m, "iinfo");
  iinfo.def(py::init(&make_iinfo));
  iinfo.def_readonly("bits", &IInfo::bits);
  iinfo.def_readonly("max", &IInfo::max);
  iinfo.def_readonly("min", &IInfo::min);
  iinfo.def_property_readonly("dtype", [](const IInfo& i) { return std::string(dtype_name(i.d)); });
  iinfo.def("__repr__", [](const IInfo& i) {
    return "iinfo(min=" + g6(static_cast<double>(i.min)) + ", max=" + g6(static_cast<double>(i.max)) +
           ", dtype=" + dtype_name(i.d) + ")";
  });
  iinfo.attr("__module__") = "torch";

  // The C++ type name ATen's TensorOptions texts print for a dtype ("signed char").
  m.def("_dtype_cpp_name", [](py::handle d) { return std::string(dtype_cpp_name(dtype_from(d))); });
}

}  // namespace tp::torchpy
