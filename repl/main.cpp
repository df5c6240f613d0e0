// The tensorplay program. The Python-subset language is not built yet: for now the
// program reports its version and what this build can use, and says so plainly.
#include <cstring>
#include <iostream>

#include "core/backends/cuda/cuda_runtime_info.h"

int main(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--version") == 0) {
      std::cout << "tensorplay " << TP_VERSION << "\n";
      return 0;
    }
  }
  std::cout << "tensorplay " << TP_VERSION << "\n"
            << "devices: cpu (CUDA backend: " << tp::cuda_runtime_description() << ")\n"
            << "The tensor core is built; the interactive language is not implemented yet.\n";
  return 0;
}
