// The tensorplay command line: modes, device flags (read by the registry's one parser),
// script arguments, and clear errors.
#include <doctest/doctest.h>

#include "repl/cli.h"

using tp::cli::Options;
using tp::cli::parse;

namespace {

Options ok(const std::vector<std::string>& argv, bool tty = true) {
  std::string error;
  auto o = parse(argv, tty, error);
  REQUIRE_MESSAGE(o.has_value(), error);
  return *o;
}

std::string error_of(const std::vector<std::string>& argv) {
  std::string error;
  auto o = parse(argv, true, error);
  CHECK_FALSE(o.has_value());
  return error;
}

}  // namespace

TEST_CASE("modes") {
  CHECK(ok({}).mode == Options::Mode::Interactive);
  CHECK(ok({}, false).mode == Options::Mode::RunStdin);
  CHECK(ok({"--help"}).mode == Options::Mode::Help);
  CHECK(ok({"--version"}).mode == Options::Mode::Version);
  Options run = ok({"--sim-gpus", "2", "run", "train.py", "--sim", "x"});
  CHECK(run.mode == Options::Mode::RunFile);
  CHECK(run.file == "train.py");
  CHECK(run.devices.sim_gpus == 2);
  CHECK_FALSE(run.devices.force_sim);  // flags after the file belong to the script
  CHECK(run.args == std::vector<std::string>{"--sim", "x"});
  Options code = ok({"-c", "print(1)"});
  CHECK(code.mode == Options::Mode::RunCode);
  CHECK(code.code == "print(1)");
}

TEST_CASE("device flags") {
  Options o = ok({"--no-sim", "--sim-mps", "--gpu-profile", "h100_sxm", "--sim-memory", "2GiB"});
  CHECK(o.devices.no_sim);
  CHECK(o.devices.sim_mps);
  CHECK(o.devices.gpu_profile == "h100_sxm");
  CHECK(o.devices.sim_memory_limit == size_t{2} << 30);
  CHECK(ok({"--sim"}).devices.force_sim);
}

TEST_CASE("bad command lines explain themselves") {
  CHECK(error_of({"--frobnicate"}) == "unknown option '--frobnicate' (see tensorplay --help)");
  CHECK(error_of({"run"}) == "run needs a FILE");
  CHECK(error_of({"-c"}) == "-c needs CODE");
  CHECK(error_of({"--sim-gpus"}) == "--sim-gpus needs a value");
  CHECK_FALSE(error_of({"--sim-gpus", "many"}).empty());
}

TEST_CASE("--lessons DIR adds a lesson folder, --lesson N opens one") {
  CHECK(ok({}).lessons_dir.empty());
  Options o = ok({"--lessons", "/tmp/my lessons", "--hints"});
  CHECK(o.lessons_dir == "/tmp/my lessons");
  CHECK(o.hints);
  CHECK(ok({"--lessons", "x", "run", "f.py", "--lessons"}).args == std::vector<std::string>{"--lessons"});
  CHECK(error_of({"--lessons"}) == "--lessons needs a DIR");
  CHECK(tp::cli::usage().find("--lessons DIR") != std::string::npos);
  CHECK(ok({"--lesson", "9", "--sim-gpus", "2"}).lesson == "9");
  CHECK(ok({}).lesson.empty());
  CHECK(error_of({"--lesson"}) == "--lesson needs a lesson number");
  CHECK(tp::cli::usage().find("--lesson N") != std::string::npos);
}

TEST_CASE("the launcher's flags: torchrun's spellings, taken out of what each worker runs") {
  Options o = ok({"--sim", "--nproc-per-node", "2", "--standalone", "run", "train.py", "--nproc-per-node", "9"});
  CHECK(o.launch.nproc_per_node == 2);
  CHECK(o.launch.standalone);
  CHECK(o.devices.force_sim);
  // The script's own arguments stay the script's, even when they look like launcher flags.
  CHECK(o.worker_argv == std::vector<std::string>{"--sim", "run", "train.py", "--nproc-per-node", "9"});
  Options multi = ok({"--nproc_per_node=4", "--nnodes", "2", "--node_rank=1", "--master-addr", "10.0.0.1",
                      "--master_port", "1234", "run", "t.py"});
  CHECK(multi.launch.nproc_per_node == 4);
  CHECK(multi.launch.nnodes == 2);
  CHECK(multi.launch.node_rank == 1);
  CHECK(multi.launch.master_addr == "10.0.0.1");
  CHECK(multi.launch.master_port == 1234);
  CHECK(multi.worker_argv == std::vector<std::string>{"run", "t.py"});
  CHECK(ok({"run", "t.py"}).launch.nproc_per_node == 0);  // no launcher: the script runs here
}

TEST_CASE("the launcher's flags: bad values and combinations") {
  CHECK(error_of({"--nproc-per-node", "0", "run", "t.py"}) == "invalid value for --nproc-per-node: '0'");
  CHECK(error_of({"--nproc-per-node", "two", "run", "t.py"}) == "invalid value for --nproc-per-node: 'two'");
  CHECK(error_of({"--nproc-per-node"}) == "--nproc-per-node needs a value");
  CHECK(error_of({"--nproc-per-node", "2", "-c", "1"}) ==
        "--nproc-per-node needs a script: tensorplay --nproc-per-node N run FILE");
  CHECK(error_of({"--standalone", "run", "t.py"}) ==
        "--nnodes, --node-rank, --master-addr, --master-port and --standalone need --nproc-per-node N");
  CHECK(error_of({"--nproc-per-node", "2", "--standalone", "--nnodes", "2", "run", "t.py"}) ==
        "--standalone runs on one machine: it cannot be used with --nnodes 2");
  CHECK(error_of({"--nproc-per-node", "2", "--nnodes", "2", "--node-rank", "2", "run", "t.py"}) ==
        "--node-rank must be below --nnodes (2), got 2");
}

TEST_CASE("Jupyter: --kernel FILE, --install-kernel [--user | --prefix DIR], --export-lessons DIR") {
  Options kernel = ok({"--sim-gpus", "2", "--kernel", "/run/kernel-1.json"}, false);
  CHECK(kernel.mode == Options::Mode::Kernel);
  CHECK(kernel.file == "/run/kernel-1.json");
  CHECK(kernel.devices.sim_gpus == 2);
  Options install = ok({"--install-kernel", "--user"});
  CHECK(install.mode == Options::Mode::InstallKernel);
  CHECK(install.install_user);
  CHECK(ok({"--prefix", "/opt/j", "--install-kernel"}).install_prefix == "/opt/j");
  Options lessons = ok({"--export-lessons", "out"});
  CHECK(lessons.mode == Options::Mode::ExportLessons);
  CHECK(lessons.file == "out");

  CHECK(error_of({"--kernel"}) == "--kernel needs a connection FILE");
  CHECK(error_of({"--export-lessons"}) == "--export-lessons needs a DIR");
  CHECK(error_of({"--user"}) == "--user goes with --install-kernel");
  CHECK(error_of({"--prefix", "x"}) == "--prefix goes with --install-kernel");
  CHECK(error_of({"--install-kernel", "--user", "--prefix", "x"}) == "--install-kernel takes --user or --prefix DIR, not both");
  CHECK(error_of({"--kernel", "f.json", "run", "x.py"}) == "--kernel cannot be combined with run FILE or -c CODE");
  CHECK(error_of({"--nproc-per-node", "2", "--kernel", "f.json"}) ==
        "--nproc-per-node needs a script: tensorplay --nproc-per-node N run FILE");
}
