// numpy's ndarray as returned by Tensor.numpy(): .shape/.dtype/.ndim/.size/.tolist() and the
// repr numpy prints (array([[1., 1.]], dtype=float32)), following numpy's arrayprint:
// shortest round-trip digits, a common width per array, line wrapping at 75 columns.
#include <charconv>
#include <cmath>
#include <cstdio>

#include "core/ops/copy.h"
#include "core/error.h"
#include "repl/lang/methods.h"
#include "repl/torch/args.h"

namespace tp::torchlang {

using namespace tp::lang;

namespace {

const char* numpy_dtype_name(DType d) {
  switch (d) {
    case DType::Bool: return "bool";
    case DType::UInt8: return "uint8";
    case DType::Int32: return "int32";
    case DType::Int64: return "int64";
    case DType::Float16: return "float16";
    case DType::BFloat16: return "bfloat16";
    case DType::Float32: return "float32";
    case DType::Float64: return "float64";
  }
  return "float32";
}

// Shortest digits that round-trip in the array's precision ("0.1", "2.25", "1e-05").
std::string shortest(double v, DType d) {
  char buf[64];
  std::to_chars_result r = d == DType::Float64 ? std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed)
                                               : std::to_chars(buf, buf + sizeof buf, static_cast<float>(v),
                                                               std::chars_format::fixed);
  return std::string(buf, r.ptr);
}

// Positional digits split into integer part and fraction (numpy's trim='.': "1." for 1.0),
// at most 8 fractional digits as numpy's default precision.
void positional(double v, DType d, std::string& ip, std::string& fp) {
  std::string s = shortest(v, d);
  size_t dot = s.find('.');
  ip = dot == std::string::npos ? s : s.substr(0, dot);
  fp = dot == std::string::npos ? "" : s.substr(dot + 1);
  if (fp.size() > 8) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.8f", v);
    std::string r = buf;
    dot = r.find('.');
    ip = r.substr(0, dot);
    fp = r.substr(dot + 1);
    while (!fp.empty() && fp.back() == '0') fp.pop_back();
  }
}

// Scientific digits: mantissa int part, fraction, exponent ("1", "5", "-05").
void scientific(double v, DType d, std::string& ip, std::string& fp, std::string& ex) {
  char buf[64];
  std::to_chars_result r = d == DType::Float64
                               ? std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific)
                               : std::to_chars(buf, buf + sizeof buf, static_cast<float>(v), std::chars_format::scientific);
  std::string s(buf, r.ptr);
  size_t e = s.find('e');
  std::string mant = s.substr(0, e);
  ex = s.substr(e + 1);
  char sign = ex[0];
  std::string digits = ex.substr(1);
  while (digits.size() > 2 && digits[0] == '0') digits.erase(0, 1);
  ex = std::string(1, sign) + digits;
  size_t dot = mant.find('.');
  ip = dot == std::string::npos ? mant : mant.substr(0, dot);
  fp = dot == std::string::npos ? "" : mant.substr(dot + 1);
  if (fp.size() > 8) fp = fp.substr(0, 8);
}

// Formats every element with a common width, as numpy's FloatingFormat/IntegerFormat do.
std::vector<std::string> format_elements(const Tensor& t) {
  int64_t n = t.numel();
  std::vector<double> vals;
  std::vector<std::string> out;
  for (int64_t i = 0; i < n; ++i) vals.push_back(element_at(t, i).to_double());
  DType d = t.dtype();
  if (d == DType::Bool) {
    bool any_false = false;
    for (double v : vals) any_false = any_false || v == 0;
    for (double v : vals) {
      std::string s = v != 0 ? "True" : "False";
      if (any_false && s.size() < 5) s = " " + s;
      out.push_back(s);
    }
    return out;
  }
  if (!is_floating(d)) {
    size_t w = 0;
    for (double v : vals) w = std::max(w, std::to_string(static_cast<int64_t>(v)).size());
    for (double v : vals) {
      std::string s = std::to_string(static_cast<int64_t>(v));
      out.push_back(std::string(w - s.size(), ' ') + s);
    }
    return out;
  }
  double maxv = 0, minv = INFINITY;
  bool any_finite_nonzero = false;
  for (double v : vals) {
    if (!std::isfinite(v) || v == 0) continue;
    any_finite_nonzero = true;
    maxv = std::max(maxv, std::fabs(v));
    minv = std::min(minv, std::fabs(v));
  }
  bool sci = any_finite_nonzero && (maxv >= 1e8 || minv < 1e-4 || maxv / minv > 1e3);
  std::vector<std::string> ips(vals.size()), fps(vals.size()), exs(vals.size());
  size_t pad_left = 0, pad_right = 0, exp_size = 0;
  for (size_t i = 0; i < vals.size(); ++i) {
    if (!std::isfinite(vals[i])) continue;
    if (sci) scientific(vals[i], d, ips[i], fps[i], exs[i]);
    else positional(vals[i], d, ips[i], fps[i]);
    pad_left = std::max(pad_left, ips[i].size());
    pad_right = std::max(pad_right, fps[i].size());
    exp_size = std::max(exp_size, exs[i].size());
  }
  for (size_t i = 0; i < vals.size(); ++i) {
    if (!std::isfinite(vals[i])) {
      std::string s = std::isnan(vals[i]) ? "nan" : vals[i] > 0 ? "inf" : "-inf";
      size_t w = pad_left + pad_right + 1 + (sci ? exp_size + 1 : 0);
      out.push_back(std::string(w > s.size() ? w - s.size() : 0, ' ') + s);
      continue;
    }
    std::string s = std::string(pad_left - ips[i].size(), ' ') + ips[i] + "." + fps[i] +
                    std::string(pad_right - fps[i].size(), ' ');
    if (sci) {
      // The fraction's padding goes before the exponent: "1.5e+00", "1.  e-05".
      s = std::string(pad_left - ips[i].size(), ' ') + ips[i] + "." + fps[i] + std::string(pad_right - fps[i].size(), '0') +
          "e" + exs[i];
      if (pad_right > fps[i].size() && fps[i].empty()) {
        s = std::string(pad_left - ips[i].size(), ' ') + ips[i] + "." + std::string(pad_right, '0') + "e" + exs[i];
      }
    }
    out.push_back(s);
  }
  return out;
}

// numpy's _formatArray: nested brackets, ", " between items, wrapping at `width`.
std::string format_array(const Shape& shape, const std::vector<std::string>& elems, size_t dim, size_t& pos,
                         const std::string& hanging, int width, const std::string& sep) {
  std::string sep_trim = sep == ", " ? "," : "";
  std::string s;
  int64_t n = shape[dim];
  std::string next_hanging = hanging + " ";
  int next_width = width - 1;
  if (dim + 1 == shape.size()) {
    std::string line = hanging;
    int elem_width = width - static_cast<int>(sep_trim.size());
    auto extend = [&](const std::string& word, int w) {
      bool wrap = line.size() + word.size() > static_cast<size_t>(w) && line.size() > hanging.size();
      if (wrap) {
        while (!line.empty() && line.back() == ' ') line.pop_back();
        s += line + "\n";
        line = hanging;
      }
      line += word;
    };
    for (int64_t i = 0; i < n; ++i) {
      const std::string& word = elems[pos++];
      if (i + 1 < n) {
        extend(word, elem_width);
        line += sep;
      } else {
        extend(word, width);
      }
    }
    s += line;
  } else {
    std::string line_sep = sep_trim + std::string(shape.size() - dim - 1, '\n');
    for (int64_t i = 0; i < n; ++i) {
      s += hanging + format_array(shape, elems, dim + 1, pos, next_hanging, next_width, sep);
      if (i + 1 < n) s += line_sep;
    }
  }
  return "[" + s.substr(hanging.size()) + "]";
}

bool dtype_is_implied(DType d) { return d == DType::Float64 || d == DType::Int64 || d == DType::Bool; }

std::string format_body(const Tensor& t, const std::string& prefix, int width, const std::string& sep) {
  std::vector<std::string> elems = format_elements(t);
  if (t.dim() == 0) return elems[0];
  if (t.numel() == 0) return "[]";
  size_t pos = 0;
  return format_array(t.sizes(), elems, 0, pos, std::string(prefix.size() + 1, ' '), width, sep);
}

Value nd_tolist(Interpreter& I, Args a) {
  check_arity(I, "tolist", a, 1, 1);
  Value t = wrap(a[0].as<NdArrayObject>()->t);
  return I.call_method(t, "tolist", {});
}

}  // namespace

std::string ndarray_repr(const Tensor& t) {
  bool show_dtype = !dtype_is_implied(t.dtype()) || t.numel() == 0;
  std::string suffix = show_dtype ? "," : ")";
  std::string body = format_body(t, "array(", 75 - static_cast<int>(suffix.size()), ", ");
  if (!show_dtype) return "array(" + body + ")";
  return "array(" + body + ", dtype=" + numpy_dtype_name(t.dtype()) + ")";
}

std::string ndarray_str(const Tensor& t) { return format_body(t, "", 75, " "); }

NdArrayObject::NdArrayObject(Tensor tensor) : NativeObject(pyty::ndarray), t(std::move(tensor)) {}

Value NdArrayObject::get_attr(Interpreter&, const std::string& name) {
  if (name == "shape") {
    std::vector<Value> items;
    for (int64_t s : t.sizes()) items.push_back(Value::integer(s));
    return make_tuple(std::move(items));
  }
  if (name == "dtype") return make_str(numpy_dtype_name(t.dtype()));
  if (name == "ndim") return Value::integer(t.dim());
  if (name == "size") return Value::integer(t.numel());
  if (name == "itemsize") return Value::integer(static_cast<int64_t>(t.element_size()));
  if (name == "nbytes") return Value::integer(static_cast<int64_t>(t.nbytes()));
  if (name == "tolist") {
    return Value::object(new BoundMethod(Value::object(this), Value::object(new BuiltinFunction("tolist", nd_tolist))));
  }
  return Value::unbound();
}
std::string NdArrayObject::repr(Interpreter&) { return ndarray_repr(t); }
std::string NdArrayObject::str(Interpreter&) { return ndarray_str(t); }
int64_t NdArrayObject::len(Interpreter&) {
  if (t.dim() == 0) fail(ErrorKind::TypeError, "len() of unsized object");
  return t.size(0);
}
std::vector<std::string> NdArrayObject::dir(Interpreter&) {
  return {"dtype", "itemsize", "nbytes", "ndim", "shape", "size", "tolist"};
}

}  // namespace tp::torchlang
