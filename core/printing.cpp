// A line-by-line port of torch/_tensor_str.py for strided real tensors. Python formats
// every element as the double it widens to, so this file works on doubles and snprintf;
// only nan and inf need Python's own spelling ("nan", never C's "-nan").
#include "core/printing.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <optional>

#include "core/float_chars.h"
#include "core/ops/copy.h"

namespace tp {

namespace {

PrintOptions g_options;

// printf-style formatting of one double into a std::string.
std::string c_format(const char* fmt, int width, int precision, double v) {
  int n = std::snprintf(nullptr, 0, fmt, width, precision, v);
  std::string s(static_cast<size_t>(n) + 1, '\0');
  std::snprintf(s.data(), s.size(), fmt, width, precision, v);
  s.resize(static_cast<size_t>(n));
  return s;
}

std::string pad_left(const std::string& s, int width) {
  int missing = width - static_cast<int>(s.size());
  return missing > 0 ? std::string(static_cast<size_t>(missing), ' ') + s : s;
}

// Python's spelling of a non-finite float, whatever its sign bit says about nan.
std::string non_finite_str(double v) {
  if (std::isnan(v)) return "nan";
  return v > 0 ? "inf" : "-inf";
}

// Python's f"{v:.{precision}f}".
std::string py_fixed(double v, int precision) {
  if (!std::isfinite(v)) return non_finite_str(v);
  return c_format("%*.*f", 0, precision, v);
}

// Python's f"{v:{width}.{precision}e}".
std::string py_sci(double v, int width, int precision) {
  if (!std::isfinite(v)) return pad_left(non_finite_str(v), width);
  return c_format("%*.*e", width, precision, v);
}

// Python's f"{v}" for the number tolist() gives back (a uint64 element is held as its int64
// bits).
std::string py_str(const Scalar& v, DType element) {
  if (v.is_bool()) return v.to_bool() ? "True" : "False";
  if (element == DType::UInt64) return std::to_string(static_cast<uint64_t>(v.to_int()));
  return std::to_string(v.to_int());
}

// Python's str(tuple(shape)): "()", "(3,)", "(2, 3)".
std::string tuple_str(const Shape& sizes) {
  std::string s = shape_str(sizes);  // "[2, 3]"
  s.front() = '(';
  s.back() = ')';
  if (sizes.size() == 1) {
    s.pop_back();
    s += ",)";
  }
  return s;
}

// _Formatter: decides int mode, scientific mode and the common width from the elements
// that will be shown, then formats each element to that width.
class Formatter {
 public:
  Formatter(DType dtype, const std::vector<Scalar>& shown, const PrintOptions& opts)
      : dtype_(dtype), floating_(is_floating(dtype)), precision_(opts.precision) {
    if (!floating_) {
      for (const Scalar& v : shown) max_width_ = std::max(max_width_, size_of(py_str(v, dtype_)));
      return;
    }
    std::vector<double> nonzero_finite;
    for (const Scalar& v : shown) {
      double x = v.to_double();
      if (std::isfinite(x) && x != 0) nonzero_finite.push_back(x);
    }
    if (nonzero_finite.empty()) return;  // no valid number: defaults stay

    double min_abs = std::numeric_limits<double>::infinity(), max_abs = 0;
    for (double x : nonzero_finite) {
      min_abs = std::min(min_abs, std::fabs(x));
      max_abs = std::max(max_abs, std::fabs(x));
      if (x != std::ceil(x)) int_mode_ = false;
    }
    sci_mode_ = opts.sci_mode ? *opts.sci_mode
                              : (max_abs / min_abs > 1000.0 || max_abs > 1.0e8 || min_abs < 1.0e-4);
    for (double x : nonzero_finite) {
      if (sci_mode_) {
        max_width_ = std::max(max_width_, size_of(py_sci(x, 0, precision_)));
      } else if (int_mode_) {
        // The "+ 1" leaves room for the '.' that marks a float tensor.
        max_width_ = std::max(max_width_, size_of(py_fixed(x, 0)) + 1);
      } else {
        max_width_ = std::max(max_width_, size_of(py_fixed(x, precision_)));
      }
    }
  }

  int width() const { return max_width_; }

  std::string format(const Scalar& v) const {
    std::string ret;
    if (!floating_) {
      ret = py_str(v, dtype_);
    } else {
      double x = v.to_double();
      if (sci_mode_) {
        ret = py_sci(x, max_width_, precision_);
      } else if (int_mode_) {
        ret = py_fixed(x, 0);
        if (std::isfinite(x)) ret += ".";
      } else {
        ret = py_fixed(x, precision_);
      }
    }
    return pad_left(ret, max_width_);
  }

 private:
  static int size_of(const std::string& s) { return static_cast<int>(s.size()); }

  DType dtype_;
  bool floating_;
  int precision_;
  bool int_mode_ = true;
  bool sci_mode_ = false;
  int max_width_ = 1;
};

// Walks a row-major copy of the tensor's elements the way _tensor_str does.
class ContentsPrinter {
 public:
  // A complex tensor's real and imaginary parts are measured by two formatters
  // (_tensor_str's real_formatter and imag_formatter).
  ContentsPrinter(const Tensor& t, const PrintOptions& opts)
      : opts_(opts), dtype_(real_dtype(t.dtype())), complex_(is_complex(t.dtype())), sizes_(t.sizes()) {
    Tensor host = contiguous(to(t, Device::cpu(), std::nullopt));
    values_.reserve(static_cast<size_t>(host.numel()));
    for (int64_t i = 0; i < host.numel(); ++i) {
      const Scalar v = element_at(host, i);
      values_.push_back(complex_ ? Scalar(v.to_double()) : v);
      if (complex_) imag_values_.push_back(Scalar(v.imag()));
    }
    strides_ = contiguous_strides(sizes_);
  }

  std::string str(int indent) {
    summarize_ = static_cast<double>(values_.size()) > opts_.threshold;
    std::vector<Scalar> shown, shown_imag;
    if (summarize_) collect_summarized(0, 0, values_, shown);
    Formatter formatter(dtype_, summarize_ ? shown : values_, opts_);
    formatter_ = &formatter;
    std::optional<Formatter> imag_formatter;
    if (complex_) {
      if (summarize_) collect_summarized(0, 0, imag_values_, shown_imag);
      imag_formatter.emplace(dtype_, summarize_ ? shown_imag : imag_values_, opts_);
      imag_formatter_ = &*imag_formatter;
    }
    std::string s = block(0, 0, indent);
    formatter_ = nullptr;
    imag_formatter_ = nullptr;
    return s;
  }


 private:
  int64_t edge() const { return opts_.edgeitems; }
  int64_t remaining(size_t d) const { return static_cast<int64_t>(sizes_.size() - d); }

  // get_summarized_data: the elements the formatter measures when summarising.
  void collect_summarized(size_t d, int64_t offset, const std::vector<Scalar>& values, std::vector<Scalar>& out) const {
    if (remaining(d) == 0) {
      out.push_back(values[offset]);
      return;
    }
    int64_t n = sizes_[d];
    if (remaining(d) == 1) {
      // With edgeitems 0, Python's self[-0:] is the whole row, so everything is kept.
      bool cut = n > 2 * edge() && edge() > 0;
      for (int64_t i = 0; i < n; ++i) {
        if (!cut || i < edge() || i >= n - edge()) out.push_back(values[offset + i * strides_[d]]);
      }
      return;
    }
    if (edge() == 0) return;  // new_empty([0] * dim)
    bool cut = n > 2 * edge();
    for (int64_t i = 0; i < n; ++i) {
      if (!cut || i < edge() || i >= n - edge()) collect_summarized(d + 1, offset + i * strides_[d], values, out);
    }
  }

  // _tensor_str_with_formatter for the sub-tensor at dim d starting at `offset`.
  std::string block(size_t d, int64_t offset, int indent) const {
    if (remaining(d) == 0) return element(offset);
    if (remaining(d) == 1) return vector(d, offset, indent);
    int64_t n = sizes_[d];
    std::vector<std::string> slices;
    if (summarize_ && n > 2 * edge()) {
      for (int64_t i = 0; i < edge(); ++i) slices.push_back(block(d + 1, offset + i * strides_[d], indent + 1));
      slices.push_back("...");
      for (int64_t i = n - edge(); i < n; ++i) slices.push_back(block(d + 1, offset + i * strides_[d], indent + 1));
    } else {
      for (int64_t i = 0; i < n; ++i) slices.push_back(block(d + 1, offset + i * strides_[d], indent + 1));
    }
    std::string sep = ",";
    sep.append(static_cast<size_t>(remaining(d) - 1), '\n');
    sep.append(static_cast<size_t>(indent + 1), ' ');
    std::string s = "[";
    for (size_t i = 0; i < slices.size(); ++i) {
      if (i > 0) s += sep;
      s += slices[i];
    }
    s += "]";
    return s;
  }

  // _vector_str: one row, wrapped so each line fits in linewidth.
  std::string vector(size_t d, int64_t offset, int indent) const {
    int element_length = formatter_->width() + 2;
    if (complex_) element_length += imag_formatter_->width() + 1;  // the imaginary part and its j
    int64_t per_line = std::max<int64_t>(
        1, static_cast<int64_t>(std::floor(static_cast<double>(opts_.linewidth - indent) / element_length)));
    int64_t n = sizes_[d];
    std::vector<std::string> data;
    auto at = [&](int64_t i) { return element(offset + i * strides_[d]); };
    if (summarize_ && edge() == 0) {
      data.push_back("...");
    } else if (summarize_ && n > 2 * edge()) {
      for (int64_t i = 0; i < edge(); ++i) data.push_back(at(i));
      data.push_back(" ...");
      for (int64_t i = n - edge(); i < n; ++i) data.push_back(at(i));
    } else {
      for (int64_t i = 0; i < n; ++i) data.push_back(at(i));
    }
    std::string line_sep = ",\n";
    line_sep.append(static_cast<size_t>(indent + 1), ' ');
    std::string s = "[";
    for (size_t i = 0; i < data.size(); ++i) {
      if (i > 0) s += static_cast<int64_t>(i) % per_line == 0 ? line_sep : ", ";
      s += data[i];
    }
    s += "]";
    return s;
  }

  // One element: a real number, or _vector_str's real part and signed imaginary part + "j".
  std::string element(int64_t i) const {
    std::string re = formatter_->format(values_[i]);
    if (!complex_) return re;
    std::string im = imag_formatter_->format(imag_values_[i]) + "j";
    im.erase(0, im.find_first_not_of(' '));
    return im[0] == '+' || im[0] == '-' ? re + im : re + "+" + im;
  }

  const PrintOptions& opts_;
  DType dtype_;  // the real dtype of the values (a complex tensor's parts)
  bool complex_;
  Shape sizes_;
  Shape strides_;
  std::vector<Scalar> values_, imag_values_;
  bool summarize_ = false;
  const Formatter* formatter_ = nullptr;
  const Formatter* imag_formatter_ = nullptr;
};

}  // namespace

const PrintOptions& get_printoptions() { return g_options; }

void set_printoptions(const PrintOptionsUpdate& update) {
  if (update.profile) {
    const std::string& p = *update.profile;
    // Like PyTorch, an unknown profile name changes nothing.
    if (p == "default") {
      g_options.precision = 4, g_options.threshold = 1000, g_options.edgeitems = 3;
      g_options.linewidth = 80;
    } else if (p == "short") {
      g_options.precision = 2, g_options.threshold = 1000, g_options.edgeitems = 2;
      g_options.linewidth = 80;
    } else if (p == "full") {
      g_options.precision = 4, g_options.threshold = std::numeric_limits<double>::infinity();
      g_options.edgeitems = 3, g_options.linewidth = 80;
    }
  }
  if (update.precision) g_options.precision = *update.precision;
  if (update.threshold) g_options.threshold = *update.threshold;
  if (update.edgeitems) g_options.edgeitems = *update.edgeitems;
  if (update.linewidth) g_options.linewidth = *update.linewidth;
  g_options.sci_mode = update.sci_mode;
}

std::string tensor_contents_str(const Tensor& t, int indent) {
  if (t.numel() == 0) return "[]";
  return ContentsPrinter(t, g_options).str(indent);
}

ReprInfo repr_info(const Tensor& t) {
  return ReprInfo{t.device(), t.dtype(), t.sizes(), t.grad_fn_name(), t.requires_grad()};
}

std::vector<std::string> repr_suffixes(const ReprInfo& info) {
  std::vector<std::string> suffixes;
  // PyTorch prints the device whenever it is not the default (CPU) device.
  if (!info.device.is_cpu()) suffixes.push_back("device='" + info.device.str() + "'");
  bool has_default_dtype = info.dtype == default_float_dtype() || info.dtype == default_complex_dtype() ||
                           info.dtype == DType::Int64 || info.dtype == DType::Bool;
  if (info.device.is_meta()) {
    // No values to show: the size always, the dtype unless it is the default float.
    suffixes.push_back("size=" + tuple_str(info.sizes));
    if (info.dtype != default_float_dtype()) suffixes.push_back("dtype=" + dtype_repr(info.dtype));
  } else if (shape_numel(info.sizes) == 0) {
    // No elements to infer the shape or dtype from, so both are spelled out.
    if (info.sizes.size() != 1) suffixes.push_back("size=" + tuple_str(info.sizes));
    if (info.dtype != default_float_dtype()) suffixes.push_back("dtype=" + dtype_repr(info.dtype));
  } else {
    if (g_options.edgeitems == 0) suffixes.push_back("size=" + tuple_str(info.sizes));
    if (!has_default_dtype) suffixes.push_back("dtype=" + dtype_repr(info.dtype));
  }
  if (!info.grad_fn.empty()) {
    suffixes.push_back("grad_fn=<" + info.grad_fn + ">");
  } else if (info.requires_grad) {
    suffixes.push_back("requires_grad=True");
  }
  return suffixes;
}

std::string add_suffixes(const std::string& tensor_str, const std::vector<std::string>& suffixes,
                         int indent, bool force_newline) {
  std::string out = tensor_str;
  // Python: len(s) - s.rfind("\n") + 1, where rfind gives -1 when there is no newline.
  size_t nl = tensor_str.rfind('\n');
  int64_t last_newline = nl == std::string::npos ? -1 : static_cast<int64_t>(nl);
  int64_t last_line_len = static_cast<int64_t>(tensor_str.size()) - last_newline + 1;
  for (const std::string& suffix : suffixes) {
    int64_t suffix_len = static_cast<int64_t>(suffix.size());
    if (force_newline || last_line_len + suffix_len + 2 > g_options.linewidth) {
      out += ",\n";
      out.append(static_cast<size_t>(indent), ' ');
      out += suffix;
      last_line_len = indent + suffix_len;
      force_newline = false;
    } else {
      out += ", " + suffix;
      last_line_len += suffix_len + 2;
    }
  }
  return out + ")";
}

std::string tensor_repr(const Tensor& t) {
  const std::string prefix = "tensor(";
  const int indent = static_cast<int>(prefix.size());
  const std::string contents = t.device().is_meta() ? "..." : tensor_contents_str(t, indent);
  return add_suffixes(prefix + contents, repr_suffixes(repr_info(t)), indent);
}

// Python's repr of a float: the shortest digits that read back, '1e-05', '2.0', 'inf'.
std::string python_float_repr(double v) {
  if (std::isnan(v)) return "nan";
  if (std::isinf(v)) return v > 0 ? "inf" : "-inf";
  const std::string sci = shortest_scientific(v);
  // sci is "-d.ddde±XX": split into sign, digits and exponent.
  size_t e_pos = sci.find('e');
  int exponent = std::stoi(sci.substr(e_pos + 1));
  std::string mantissa = sci.substr(0, e_pos);
  std::string sign;
  if (mantissa[0] == '-') {
    sign = "-";
    mantissa = mantissa.substr(1);
  }
  std::string digits;
  for (char c : mantissa)
    if (c != '.') digits += c;
  // Python's repr switches to exponent form outside 1e-4 <= |v| < 1e16.
  if (exponent < -4 || exponent >= 16) {
    char exp_buf[16];
    std::snprintf(exp_buf, sizeof(exp_buf), "e%c%02d", exponent < 0 ? '-' : '+', exponent < 0 ? -exponent : exponent);
    return sign + mantissa + exp_buf;
  }
  const int point = exponent + 1;  // digits before the decimal point
  std::string out;
  if (point <= 0) {
    out = "0." + std::string(static_cast<size_t>(-point), '0') + digits;
  } else if (static_cast<size_t>(point) >= digits.size()) {
    out = digits + std::string(static_cast<size_t>(point) - digits.size(), '0') + ".0";
  } else {
    out = digits.substr(0, static_cast<size_t>(point)) + "." + digits.substr(static_cast<size_t>(point));
  }
  return sign + out;
}

}  // namespace tp
