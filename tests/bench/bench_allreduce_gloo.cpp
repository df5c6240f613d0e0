// Benchmark (not a test): all-reduce of a float32 tensor (4 MB by default) between 2 processes
// on loopback through Gloo's own API (FileStore rendezvous, TCP transport, gloo::allreduce),
// the baseline for allreduce_bench.py's figure through tensorplay's torch.distributed.
// Usage: bench_allreduce_gloo [MEGABYTES] [ITERATIONS per round, 5 rounds]
#include <gloo/allreduce.h>
#include <gloo/math.h>
#include <gloo/rendezvous/context.h>
#include <gloo/rendezvous/file_store.h>
#include <gloo/transport/tcp/device.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

// One rank: connect, warm up, then time rounds of `iterations` all-reduces; rank 0 prints.
void run_rank(int rank, const std::string& dir, size_t elements, int iterations) {
  gloo::rendezvous::FileStore store(dir);
  gloo::transport::tcp::attr attr;
  attr.hostname = "127.0.0.1";
  auto device = gloo::transport::tcp::CreateDevice(attr);
  auto context = std::make_shared<gloo::rendezvous::Context>(rank, 2);
  context->connectFullMesh(store, device);
  std::vector<float> data(elements, 1.0f);
  auto once = [&](uint32_t tag) {
    gloo::AllreduceOptions opts(context);
    opts.setOutput(data.data(), data.size());
    opts.setReduceFunction(static_cast<void (*)(void*, const void*, const void*, size_t)>(&gloo::sum<float>));
    opts.setTag(tag);
    gloo::allreduce(opts);
  };
  for (uint32_t i = 0; i < 5; ++i) once(i);
  // The fastest of 5 rounds: on a shared machine the slower ones measure the neighbours.
  double seconds = 1e30;
  uint32_t tag = 100;
  for (int round = 0; round < 5; ++round) {
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < iterations; ++i) once(tag++);
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    seconds = std::min(seconds, took.count() / iterations);
  }
  if (rank == 0) {
    const double bytes = static_cast<double>(elements * sizeof(float));
    std::printf("gloo directly: all_reduce of %.1f MB float32, 2 processes on loopback: %.3f ms, "
                "%.2f GB/s (size / time)\n", bytes / 1e6, seconds * 1e3, bytes / seconds / 1e9);
  }
}

}  // namespace

int main(int argc, char** argv) {
  const double megabytes = argc > 1 ? std::atof(argv[1]) : 4.0;
  const int iterations = argc > 2 ? std::atoi(argv[2]) : 10;
  const size_t elements = static_cast<size_t>(megabytes * 1e6 / sizeof(float));
  char dir[] = "/tmp/gloo_bench_XXXXXX";
  if (!mkdtemp(dir)) return 1;
  pid_t child = fork();
  if (child == 0) {
    run_rank(1, dir, elements, iterations);
    _exit(0);
  }
  run_rank(0, dir, elements, iterations);
  int status = 0;
  waitpid(child, &status, 0);
  std::system((std::string("rm -rf ") + dir).c_str());
  return WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : 1;
}
