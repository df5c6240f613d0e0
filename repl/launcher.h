// The multi-process launcher (`tensorplay --nproc-per-node N run train.py`), torchrun's job:
// starts the workers of one node with their RANK/WORLD_SIZE/MASTER_* environment, watches
// them, stops them all when one fails or on Ctrl-C, and reports which rank failed and why.
#pragma once

#include <string>
#include <vector>

#include "repl/cli.h"

namespace tp::launcher {

// The environment worker `local_rank` gets (name, value), given the master's port to use.
std::vector<std::pair<std::string, std::string>> worker_environment(const cli::LaunchOptions& launch,
                                                                    int local_rank, int master_port);

// A free TCP port on 127.0.0.1 (what --standalone rendezvous on); 0 if none could be found.
int free_port();

// Runs the job: `program` with `worker_argv` once per local rank. Returns the launcher's exit
// status: 0 when every worker succeeded, 1 when one failed (after a summary on stderr),
// 128 + the signal when the launcher was interrupted (Ctrl-C: 130).
int run(const cli::LaunchOptions& launch, const std::string& program,
        const std::vector<std::string>& worker_argv, const std::string& script);

}  // namespace tp::launcher
