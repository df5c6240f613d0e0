// The `os` module: os.environ and os.getenv, so that tutorial code which sets RANK,
// WORLD_SIZE, MASTER_ADDR and MASTER_PORT before torch.distributed.init_process_group runs.
#pragma once

#include "repl/lang/interpreter.h"

namespace tp::lang {

// Fills `os`: environ (a dict copied from the process environment when the session first
// imports os; writes stay in the session, as tensorplay starts no child processes) and getenv.
void init_os_module(Interpreter& I, ModuleObject& m);

}  // namespace tp::lang
