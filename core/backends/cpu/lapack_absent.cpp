// The LAPACK symbols that lapack.h declares, for a build without LAPACK (TP_BLAS=portable,
// the web build): each factorisation raises one clear error naming the native build.
#include "core/backends/cpu/lapack.h"
#include "core/error.h"

namespace {

[[noreturn]] void no_lapack() {
  throw tp::TorchError(tp::ErrorKind::RuntimeError,
                       "this factorisation (torch.linalg's inv, solve, det, lu, cholesky, qr, eigh, svd, ...) needs "
                       "LAPACK, which tensorplay's web build does not have: run it in the native build (make run)");
}

}  // namespace

extern "C" {
void sgetrf_(const int*, const int*, float*, const int*, int*, int*) { no_lapack(); }
void dgetrf_(const int*, const int*, double*, const int*, int*, int*) { no_lapack(); }
void sgetrs_(const char*, const int*, const int*, const float*, const int*, const int*, float*, const int*, int*) {
  no_lapack();
}
void dgetrs_(const char*, const int*, const int*, const double*, const int*, const int*, double*, const int*, int*) {
  no_lapack();
}
void spotrf_(const char*, const int*, float*, const int*, int*) { no_lapack(); }
void dpotrf_(const char*, const int*, double*, const int*, int*) { no_lapack(); }
void sgeqrf_(const int*, const int*, float*, const int*, float*, float*, const int*, int*) { no_lapack(); }
void dgeqrf_(const int*, const int*, double*, const int*, double*, double*, const int*, int*) { no_lapack(); }
void sorgqr_(const int*, const int*, const int*, float*, const int*, const float*, float*, const int*, int*) {
  no_lapack();
}
void dorgqr_(const int*, const int*, const int*, double*, const int*, const double*, double*, const int*, int*) {
  no_lapack();
}
void ssyevd_(const char*, const char*, const int*, float*, const int*, float*, float*, const int*, int*, const int*,
             int*) {
  no_lapack();
}
void dsyevd_(const char*, const char*, const int*, double*, const int*, double*, double*, const int*, int*,
             const int*, int*) {
  no_lapack();
}
void sgesdd_(const char*, const int*, const int*, float*, const int*, float*, float*, const int*, float*, const int*,
             float*, const int*, int*, int*) {
  no_lapack();
}
void dgesdd_(const char*, const int*, const int*, double*, const int*, double*, double*, const int*, double*,
             const int*, double*, const int*, int*, int*) {
  no_lapack();
}
}
