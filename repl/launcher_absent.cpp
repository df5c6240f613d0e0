// The launcher where processes cannot be started (the web build: a browser tab, or node
// running the page's files): --nproc-per-node says so and names the native build.
#include <iostream>

#include "repl/launcher.h"

namespace tp::launcher {

int run(const cli::LaunchOptions&, const std::string&, const std::vector<std::string>&, const std::string&) {
  std::cerr << "tensorplay: --nproc-per-node starts worker processes, which tensorplay's web build cannot: "
               "run the job with the native build (make run)\n";
  return 1;
}

}  // namespace tp::launcher
