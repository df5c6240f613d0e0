// Errors: a learner's mistake raises TorchError carrying PyTorch's exact text and the
// Python exception type it maps to; a tensorplay bug trips TP_ASSERT (file and line).
#pragma once

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

// A learner-facing error: what() is the message without the type prefix.
class TorchError : public std::runtime_error {
 public:
  TorchError(ErrorKind kind, const std::string& message)
      : std::runtime_error(message), kind_(kind) {}
  TorchError(const std::string& message, DeviceMismatch mismatch)
      : std::runtime_error(message), kind_(ErrorKind::RuntimeError), mismatch_(std::move(mismatch)),
        has_mismatch_(true) {}
  ErrorKind kind() const { return kind_; }
  // The fields of a same-device error; null for every other error.
  const DeviceMismatch* mismatch() const { return has_mismatch_ ? &mismatch_ : nullptr; }

 private:
  ErrorKind kind_;
  DeviceMismatch mismatch_;
  bool has_mismatch_ = false;
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
