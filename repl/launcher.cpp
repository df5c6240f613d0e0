// The multi-process launcher: forks one tensorplay per local rank into a process group of
// their own (so stopping the job is one killpg), each dying with the launcher
// (PR_SET_PDEATHSIG), and waits on their exits and the launcher's signals in one loop.
#include "repl/launcher.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <iostream>
#include <optional>
#include <sstream>

namespace tp::launcher {

namespace {

using Clock = std::chrono::steady_clock;

// A failing worker's peers get this long after SIGTERM before SIGKILL; after Ctrl-C, the
// workers get it after SIGINT (KeyboardInterrupt) before SIGTERM, then again before SIGKILL.
constexpr std::chrono::seconds kGrace{3};

struct Worker {
  int local_rank = 0;
  int rank = 0;
  pid_t pid = -1;
  bool running = true;
  int status = 0;             // waitpid's status once it ended
  std::string ended_at;       // wall-clock time it ended, torchrun's format
};

std::string now_text() {
  std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d_%H:%M:%S", std::localtime(&t));
  return buf;
}

std::string host_name() {
  char buf[256] = {};
  gethostname(buf, sizeof buf - 1);
  return buf;
}

bool failed(const Worker& w) { return !w.running && !(WIFEXITED(w.status) && WEXITSTATUS(w.status) == 0); }

// torchrun's exit code for a worker: its status, or minus the signal that ended it.
int exit_code(const Worker& w) { return WIFEXITED(w.status) ? WEXITSTATUS(w.status) : -WTERMSIG(w.status); }

// One entry of the failure summary, laid out as torchrun's ChildFailedError is.
void describe(std::ostream& out, int index, const Worker& w, const std::string& host) {
  out << "[" << index << "]:\n"
      << "  time      : " << w.ended_at << "\n"
      << "  host      : " << host << "\n"
      << "  rank      : " << w.rank << " (local_rank: " << w.local_rank << ")\n";
  if (WIFSIGNALED(w.status)) {
    const int sig = WTERMSIG(w.status);
    const char* name = sigabbrev_np(sig);
    out << "  exitcode  : " << exit_code(w) << " (pid: " << w.pid << ")  (SIG" << (name ? name : "?") << ")\n"
        << "  traceback : Signal " << sig << " (SIG" << (name ? name : "?") << ") received by PID " << w.pid << "\n";
  } else {
    out << "  exitcode  : " << exit_code(w) << " (pid: " << w.pid << ")\n"
        << "  traceback : the worker's own error output, above\n";
  }
}

void print_summary(const std::vector<Worker>& workers, const Worker& root, const std::string& script) {
  const std::string host = host_name();
  const std::string rule(60, '='), thin(60, '-');
  std::ostringstream out;
  out << rule << "\n" << script << " FAILED\n" << thin << "\nFailures:\n";
  int index = 1;
  for (const Worker& w : workers) {
    if (&w != &root && failed(w)) describe(out, index++, w, host);
  }
  if (index == 1) out << "  <NO_OTHER_FAILURES>\n";
  out << thin << "\nRoot Cause (first observed failure):\n";
  describe(out, 0, root, host);
  out << rule << "\n";
  std::cerr << out.str() << std::flush;
}

// In the child: joins the workers' process group, dies with the launcher, then execs.
[[noreturn]] void exec_worker(pid_t launcher, pid_t group, const std::string& program,
                              const std::vector<std::string>& argv,
                              const std::vector<std::pair<std::string, std::string>>& env) {
  setpgid(0, group);
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != launcher) _exit(1);  // the launcher died before prctl took effect
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, nullptr);
  for (const auto& [name, value] : env) setenv(name.c_str(), value.c_str(), 1);
  std::vector<char*> args;
  args.push_back(const_cast<char*>("tensorplay"));
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  execv(program.c_str(), args.data());
  std::cerr << "tensorplay: cannot start a worker (" << program << "): " << std::strerror(errno) << "\n";
  _exit(127);
}

// Whether the user chose how many GPUs to simulate (flag before `run`, or environment).
bool sim_gpus_chosen(const std::vector<std::string>& argv) {
  for (const std::string& a : argv) {
    if (a == "run") break;
    if (a == "--sim-gpus" || a.rfind("--sim-gpus=", 0) == 0) return true;
  }
  const char* env = std::getenv("TENSORPLAY_SIM_GPUS");
  return env && *env;
}

}  // namespace

std::vector<std::pair<std::string, std::string>> worker_environment(const cli::LaunchOptions& launch,
                                                                    int local_rank, int master_port) {
  const int n = launch.nproc_per_node;
  return {{"RANK", std::to_string(launch.node_rank * n + local_rank)},
          {"LOCAL_RANK", std::to_string(local_rank)},
          {"GROUP_RANK", std::to_string(launch.node_rank)},
          {"WORLD_SIZE", std::to_string(launch.nnodes * n)},
          {"LOCAL_WORLD_SIZE", std::to_string(n)},
          {"MASTER_ADDR", launch.master_addr},
          {"MASTER_PORT", std::to_string(master_port)},
          {"TORCHELASTIC_RUN_ID", "none"}};  // torchrun's default: dist.is_torchelastic_launched() reads it
}

int free_port() {
  int fd = socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return 0;
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = 0;  // the kernel picks one
  socklen_t len = sizeof addr;
  int port = 0;
  if (bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0 &&
      getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) == 0) {
    port = ntohs(addr.sin_port);
  }
  close(fd);
  return port;
}

int run(const cli::LaunchOptions& launch, const std::string& program,
        const std::vector<std::string>& worker_argv, const std::string& script) {
  cli::LaunchOptions job = launch;
  int port = launch.master_port;
  if (launch.standalone) {
    job.master_addr = "127.0.0.1";
    port = free_port();
    if (port == 0) {
      std::cerr << "tensorplay: --standalone found no free port on 127.0.0.1\n";
      return 1;
    }
  }
  // Signals are taken synchronously below; blocked before forking so none is lost.
  sigset_t watched, previous;
  sigemptyset(&watched);
  for (int s : {SIGINT, SIGTERM, SIGHUP, SIGCHLD}) sigaddset(&watched, s);
  sigprocmask(SIG_BLOCK, &watched, &previous);

  // torchrun's default: N workers with a thread per core each would oversubscribe the CPU.
  if (!std::getenv("OMP_NUM_THREADS")) setenv("OMP_NUM_THREADS", "1", 1);
  const bool choose_gpus = !sim_gpus_chosen(worker_argv);

  std::vector<Worker> workers(static_cast<size_t>(job.nproc_per_node));
  const pid_t self = getpid();
  pid_t group = 0;
  for (int local = 0; local < job.nproc_per_node; ++local) {
    auto env = worker_environment(job, local, port);
    if (choose_gpus) env.emplace_back("TENSORPLAY_SIM_GPUS", std::to_string(job.nproc_per_node));
    pid_t pid = fork();
    if (pid == 0) exec_worker(self, group, program, worker_argv, env);
    if (pid < 0) {
      std::cerr << "tensorplay: cannot start worker " << local << ": " << std::strerror(errno) << "\n";
      if (group != 0) killpg(group, SIGKILL);
      for (int i = 0; i < local; ++i) waitpid(workers[static_cast<size_t>(i)].pid, nullptr, 0);
      sigprocmask(SIG_SETMASK, &previous, nullptr);
      return 1;
    }
    if (group == 0) group = pid;
    setpgid(pid, group);  // also here: the child may not have run yet
    Worker& w = workers[static_cast<size_t>(local)];
    w.local_rank = local;
    w.rank = job.node_rank * job.nproc_per_node + local;
    w.pid = pid;
  }

  const Worker* root = nullptr;  // the first worker that failed on its own
  int interrupted = 0;           // the signal that stopped the launcher
  int stop_signal = 0;           // the last signal sent to the workers
  Clock::time_point escalate_at{};
  size_t running = workers.size();
  auto stop = [&](int sig) {
    killpg(group, sig);
    stop_signal = sig;
    escalate_at = Clock::now() + kGrace;
  };
  while (running > 0) {
    timespec tick{0, 100'000'000};  // also wakes up to escalate a stop on time
    siginfo_t info;
    const int sig = sigtimedwait(&watched, &info, &tick);
    if (sig == SIGINT || sig == SIGTERM || sig == SIGHUP) {
      if (interrupted) {
        stop(SIGKILL);  // asked twice: no more waiting
      } else {
        interrupted = sig;
        std::cerr << "tensorplay: got SIG" << sigabbrev_np(sig) << ", stopping the workers\n" << std::flush;
        stop(sig == SIGINT ? SIGINT : SIGTERM);
      }
    }
    for (Worker& w : workers) {
      if (!w.running || waitpid(w.pid, &w.status, WNOHANG) != w.pid) continue;
      w.running = false;
      w.ended_at = now_text();
      --running;
      if (failed(w) && !root && !interrupted && stop_signal == 0) {
        root = &w;
        stop(SIGTERM);
      }
    }
    if (running > 0 && stop_signal != 0 && Clock::now() >= escalate_at) {
      stop(stop_signal == SIGINT ? SIGTERM : SIGKILL);
    }
  }
  sigprocmask(SIG_SETMASK, &previous, nullptr);
  if (interrupted) {
    std::cerr << "tensorplay: all " << workers.size() << " workers stopped\n";
    return 128 + interrupted;
  }
  if (root) {
    print_summary(workers, *root, script);
    return 1;
  }
  return 0;
}

}  // namespace tp::launcher
