// torch.distributed in one process, for what a script on the default device set-up cannot
// show: nccl on a machine without GPUs (PyTorch 2.15's text), os.environ belonging to its
// session, the process group ending with the session, and a rank that never joins.
#include <doctest/doctest.h>

#include <sstream>

#include "core/device_registry.h"
#include "repl/launcher.h"
#include "repl/python_session.h"

namespace {

// Runs `code` in `session` and returns what it printed (tracebacks included).
std::string run(tp::PythonSession& session, const std::string& code) {
  std::ostringstream out;
  session.set_output(&out, &out);
  session.run_interactive(code);
  return out.str();
}

const char* kInitNccl =
    "import os\nimport torch.distributed as dist\n"
    "os.environ['RANK'] = '0'\nos.environ['WORLD_SIZE'] = '1'\n"
    "os.environ['MASTER_ADDR'] = 'localhost'\nos.environ['MASTER_PORT'] = '29500'\n"
    "try:\n    dist.init_process_group(backend='nccl')\nexcept RuntimeError as e:\n    print(e)\n"
    "print(dist.is_initialized())\n";

}  // namespace

TEST_CASE("nccl needs a CUDA device, as PyTorch says on a machine without one") {
  tp::DeviceConfig config;
  config.no_sim = true;  // a GPU-less machine that behaves like CPU-only PyTorch
  tp::configure_devices(config);
  tp::PythonSession interp;
  CHECK(run(interp, kInitNccl) == "nccl2 requires at least one CUDA device\nFalse\n");
  // gloo works there.
  CHECK(run(interp, "dist.init_process_group('gloo')\nprint(dist.get_backend(), dist.get_world_size())\n") == "gloo 1\n");
}

TEST_CASE("a simulated GPU is a CUDA device for nccl, and each session has its own group and environment") {
  tp::DeviceConfig config;
  config.force_sim = true;
  tp::configure_devices(config);
  {
    tp::PythonSession interp;
    CHECK(run(interp, kInitNccl) == "True\n");
    CHECK(run(interp, "print(dist.get_backend(), dist.get_rank())\nos.environ['TP_SESSION_MARK'] = '1'\n") == "nccl 0\n");
  }
  // A new session starts uninitialized, with the process environment, not the last session's.
  tp::PythonSession fresh;
  CHECK(run(fresh, "import os\nimport torch.distributed as dist\nprint(dist.is_initialized(), 'TP_SESSION_MARK' in os.environ)\n") ==
        "False False\n");
}

TEST_CASE("a world of two started alone: rank 0 times out waiting for the other, with PyTorch's text") {
  tp::DeviceConfig config;
  config.force_sim = true;
  tp::configure_devices(config);
  tp::PythonSession interp;
  const std::string port = std::to_string(tp::launcher::free_port());
  CHECK(run(interp, "import datetime\nimport torch.distributed as dist\n"
                    "try:\n    dist.init_process_group('gloo', init_method='tcp://127.0.0.1:" + port +
                    "', rank=0, world_size=2, timeout=datetime.timedelta(seconds=1))\n"
                    "except dist.DistStoreError as e:\n    print(type(e).__module__, isinstance(e, RuntimeError), e)\n"
                    "print(dist.is_initialized())\n") ==
        "torch.distributed True Timed out after 2 seconds waiting for clients. 1/2 clients joined.\nFalse\n");
}
