// Loading a CUDA library (cuBLAS, NVRTC) on first use with dlopen, so that a program that
// never needs it never pays for it and a machine without it still starts.
#pragma once

#include <dlfcn.h>

#include <string>

#include "core/error.h"

namespace tp {

// The library `soname` ("libcublas.so.13"), else its unversioned name; `what` names it in
// the error when neither loads.
inline void* open_cuda_library(const char* what, const std::string& soname, const char* unversioned) {
  void* lib = dlopen(soname.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!lib) lib = dlopen(unversioned, RTLD_NOW | RTLD_LOCAL);
  TP_CHECK(lib != nullptr, RuntimeError, "could not load ", what, " (", soname, "): ", dlerror());
  return lib;
}

// `out` = the library's function `name`.
template <typename Fn>
void load_symbol(void* lib, const char* what, const char* name, Fn& out) {
  void* sym = dlsym(lib, name);
  TP_CHECK(sym != nullptr, RuntimeError, what, " has no symbol ", name, ": ", dlerror());
  out = reinterpret_cast<Fn>(sym);
}

}  // namespace tp
