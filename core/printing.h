// Tensor printing identical to PyTorch's repr(t) / str(t): a port of torch/_tensor_str.py
// (_Formatter, summarisation, line wrapping, suffixes) and of torch.set_printoptions.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "core/tensor.h"

namespace tp {

// torch._tensor_str.PRINT_OPTS.
struct PrintOptions {
  int precision = 4;         // digits after the point
  double threshold = 1000;   // more elements than this are summarised with "..."
  int edgeitems = 3;         // items kept at each end of a summarised dim
  int linewidth = 80;        // characters per line before wrapping
  std::optional<bool> sci_mode;  // nullopt: chosen per tensor by the formatter
};

// The arguments of torch.set_printoptions; unset fields keep their value, except
// sci_mode, which PyTorch always overwrites (so leaving it out resets it to automatic).
struct PrintOptionsUpdate {
  std::optional<std::string> profile;  // "default", "short" or "full"; applied first
  std::optional<int> precision;
  std::optional<double> threshold;
  std::optional<int> edgeitems;
  std::optional<int> linewidth;
  std::optional<bool> sci_mode;
};

// The global options used by tensor_repr (torch.get_printoptions()).
const PrintOptions& get_printoptions();
// torch.set_printoptions(...).
void set_printoptions(const PrintOptionsUpdate& update);

// repr(t) and str(t): "tensor([1., 2.], dtype=torch.float64)".
std::string tensor_repr(const Tensor& t);

// The pieces tensor_repr is built from, public so that the suffix rules can be checked
// for tensors tensorplay cannot build yet (a device without a backend, autograd results).

// _tensor_str: the bracketed contents of a non-empty tensor, lines indented by `indent`.
std::string tensor_contents_str(const Tensor& t, int indent);

// What _str_intern's suffixes depend on.
struct ReprInfo {
  Device device;
  DType dtype = DType::Float32;
  Shape sizes;
  std::string grad_fn;  // e.g. "MulBackward0"; empty when none
  bool requires_grad = false;
};
ReprInfo repr_info(const Tensor& t);
// _str_intern's suffixes in order: device=, size=, dtype=, grad_fn= or requires_grad=.
std::vector<std::string> repr_suffixes(const ReprInfo& info);
// _add_suffixes: joins "tensor(<contents>" and the suffixes, wrapping past the line width.
std::string add_suffixes(const std::string& tensor_str, const std::vector<std::string>& suffixes,
                         int indent, bool force_newline = false);

// Python's repr(float): "0.5", "1e-05", "2.0", "nan" (error texts and module reprs quote it).
std::string python_float_repr(double v);

}  // namespace tp
