// Errors: a learner's mistake raises TorchError carrying PyTorch's exact text and the
// Python exception type it maps to; a tensorplay bug trips TP_ASSERT (file and line).
#pragma once

#include <cstddef>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>

#include "core/device.h"

namespace tp {

// The Python exception classes that PyTorch raises for user mistakes.
enum class ErrorKind {
  RuntimeError,
  IndexError,
  TypeError,
  ValueError,
  NotImplementedError,
  AssertionError,
  OutOfMemoryError,  // a RuntimeError subclass, printed as torch.OutOfMemoryError
  AcceleratorError,  // a RuntimeError subclass for CUDA errors, torch.AcceleratorError
  LinAlgError,       // a RuntimeError subclass for failed factorisations, torch.linalg.LinAlgError
};

// Python's name for an error kind ("RuntimeError", "torch.OutOfMemoryError", ...).
const char* error_kind_name(ErrorKind kind);

// What a same-device error is about, for code that explains it (hints, the memory map):
// the text is for people, these fields are for code.
struct DeviceMismatch {
  std::string op;        // the kernel ("mm", "addmm"); "" for elementwise ops
  std::string argument;  // the argument on the odd device ("mat2"); "" for elementwise ops
  Device common;         // the device the op runs on
  Device other;          // the device that does not match it
};

// What the other device errors are about, for the same readers: a device name the string
// asked for that PyTorch lacks, a GPU ordinal the session lacks, an allocation that did not
// fit on a GPU, a tensor that .numpy() refused because it is not in host memory.
struct DeviceProblem {
  enum class Kind { UnknownName, MissingOrdinal, OutOfMemory, NotOnHost };
  Kind kind = Kind::UnknownName;
  std::string name;        // UnknownName: the device type as written ("gpu")
  Device device;           // MissingOrdinal: the GPU asked for; OutOfMemory: the GPU;
                           // NotOnHost: the tensor's device
  size_t requested = 0;    // OutOfMemory: bytes asked for,
  size_t capacity = 0;     // the GPU's total for this session,
  size_t free_bytes = 0;   // and what was free of it
};

// "unknown_name", "missing_ordinal", "out_of_memory", "not_on_host".
const char* device_problem_name(DeviceProblem::Kind kind);

// A learner-facing error: what() is the message without the type prefix.
class TorchError : public std::runtime_error {
 public:
  TorchError(ErrorKind kind, const std::string& message)
      : std::runtime_error(message), kind_(kind) {}
  TorchError(const std::string& message, DeviceMismatch mismatch)
      : std::runtime_error(message), kind_(ErrorKind::RuntimeError), mismatch_(std::move(mismatch)) {}
  TorchError(ErrorKind kind, const std::string& message, DeviceProblem problem)
      : std::runtime_error(message), kind_(kind), problem_(std::move(problem)) {}
  ErrorKind kind() const { return kind_; }
  // The fields of a same-device error; null for every other error.
  const DeviceMismatch* mismatch() const { return mismatch_ ? &*mismatch_ : nullptr; }
  // The fields of another device error; null for every other error.
  const DeviceProblem* problem() const { return problem_ ? &*problem_ : nullptr; }

 private:
  ErrorKind kind_;
  std::optional<DeviceMismatch> mismatch_;
  std::optional<DeviceProblem> problem_;
};

// A broken invariant inside tensorplay: never a learner's fault.
class InternalError : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

[[noreturn]] void throw_internal(const char* file, int line, const std::string& what);

namespace detail {
inline void append_all(std::ostringstream&) {}
template <typename T, typename... Rest>
void append_all(std::ostringstream& os, const T& first, const Rest&... rest) {
  os << first;
  append_all(os, rest...);
}
}  // namespace detail

// Builds a message from pieces, like PyTorch's c10::str.
template <typename... Args>
std::string str_cat(const Args&... args) {
  std::ostringstream os;
  detail::append_all(os, args...);
  return os.str();
}

// PyTorch's TORCH_WARN: a UserWarning the embedding shows (Python's warnings machinery in
// the REPL; ignored where no handler is set). The handler may throw to turn it into an error.
using WarningHandler = void (*)(const std::string& text);
void set_warning_handler(WarningHandler handler);
void warn(const std::string& text);

// Raises a learner-facing error of `kind` with the pieces joined.
template <typename... Args>
[[noreturn]] void fail(ErrorKind kind, const Args&... args) {
  throw TorchError(kind, str_cat(args...));
}

}  // namespace tp

// A learner-facing check: TP_CHECK(cond, ErrorKind::RuntimeError, "text ", value).
#define TP_CHECK(cond, kind, ...)                          \
  do {                                                     \
    if (!(cond)) ::tp::fail(::tp::ErrorKind::kind, __VA_ARGS__); \
  } while (0)

// An internal invariant: failing it is a tensorplay bug.
#define TP_ASSERT(cond)                                                      \
  do {                                                                       \
    if (!(cond)) ::tp::throw_internal(__FILE__, __LINE__, "assertion failed: " #cond); \
  } while (0)
