// Names of the Python exception kinds and of the device problems, and the internal-error thrower.
#include "core/error.h"

namespace tp {

const char* error_kind_name(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::RuntimeError: return "RuntimeError";
    case ErrorKind::IndexError: return "IndexError";
    case ErrorKind::TypeError: return "TypeError";
    case ErrorKind::ValueError: return "ValueError";
    case ErrorKind::NotImplementedError: return "NotImplementedError";
    case ErrorKind::AssertionError: return "AssertionError";
    case ErrorKind::OutOfMemoryError: return "torch.OutOfMemoryError";
    case ErrorKind::AcceleratorError: return "torch.AcceleratorError";
    case ErrorKind::LinAlgError: return "torch.linalg.LinAlgError";
  }
  return "RuntimeError";
}

const char* device_problem_name(DeviceProblem::Kind kind) {
  switch (kind) {
    case DeviceProblem::Kind::UnknownName: return "unknown_name";
    case DeviceProblem::Kind::MissingOrdinal: return "missing_ordinal";
    case DeviceProblem::Kind::OutOfMemory: return "out_of_memory";
    case DeviceProblem::Kind::NotOnHost: return "not_on_host";
  }
  return "unknown_name";
}

void throw_internal(const char* file, int line, const std::string& what) {
  throw InternalError(str_cat("tensorplay internal error at ", file, ":", line, ": ", what,
                              " (this is a bug in tensorplay, not in your code)"));
}

namespace {
WarningHandler g_warning_handler = nullptr;
}  // namespace

void set_warning_handler(WarningHandler handler) { g_warning_handler = handler; }

void warn(const std::string& text) {
  if (g_warning_handler) g_warning_handler(text);
}

}  // namespace tp
