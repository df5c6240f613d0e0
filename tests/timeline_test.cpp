// The timeline's rows (repl/timeline.h), which the GUI's Timeline view draws and :trace
// prints: host waits named by their cause, one row per stream and per copy engine, the
// window, and the text form.
#include <doctest/doctest.h>

#include "repl/timeline.h"

using namespace tp;
using namespace tp::repl;

namespace {

ClockRecord rec(const char* name, ClockLane lane, int stream, double issue, double start, double end,
                int64_t bytes = 0) {
  ClockRecord r;
  r.name = name;
  r.lane = lane;
  r.stream = stream;
  r.issue_ns = issue;
  r.start_ns = start;
  r.end_ns = end;
  r.bytes = bytes;
  r.is_copy = lane != ClockLane::Compute && lane != ClockLane::HostWait;
  return r;
}

ClockRecord from_op(ClockRecord r, const char* op) {
  r.op = op;
  return r;
}

std::vector<DeviceRecords> sample() {
  return {{"cuda:0",
           {from_op(rec("gemm (cuBLAS)", ClockLane::Compute, 0, 0, 0, 500e3), "aten::mm [[512, 512], [512, 512]]"),
            rec("memcpy HtoD (pinned)", ClockLane::CopyHtoD, 1, 5e3, 5e3, 400e3, 1 << 22),
            rec("mul_kernel", ClockLane::Compute, 1, 10e3, 400e3, 450e3),
            rec("item", ClockLane::HostWait, 0, 15e3, 15e3, 510e3),
            rec("memcpy DtoH (pageable)", ClockLane::CopyDtoH, 0, 15e3, 500e3, 510e3, 4)}}};
}

}  // namespace

TEST_CASE("rows: the host's waits, each stream, each copy engine") {
  Timeline t = build_timeline(sample(), 0);
  REQUIRE(t.rows.size() == 5);
  CHECK(t.rows[0].name == "host");
  CHECK(t.rows[1].name == "cuda:0 stream 0");
  CHECK(t.rows[2].name == "cuda:0 stream 1");
  CHECK(t.rows[3].name == "cuda:0 copy HtoD");
  CHECK(t.rows[4].name == "cuda:0 copy DtoH");
  REQUIRE(t.rows[0].spans.size() == 1);
  CHECK(t.rows[0].spans[0].label == ".item()");
  CHECK(t.rows[0].spans[0].wait);
  CHECK(t.rows[0].launches_ns.size() == 4);  // every kernel and copy, not the wait
  CHECK(t.rows[1].spans[0].label == "gemm (cuBLAS)");
  CHECK(t.rows[1].spans[0].op == "aten::mm [[512, 512], [512, 512]]");  // what the hover names
  CHECK(t.rows[3].spans[0].bytes == (1 << 22));
  CHECK(t.start_ns == 0);
  CHECK(t.end_ns == 510e3);
}

TEST_CASE("a window keeps the last part; waits are named by their cause") {
  Timeline t = build_timeline(sample(), 60e3);
  CHECK(t.start_ns == 450e3);
  CHECK(t.rows[0].spans.size() == 1);    // the wait ends inside the window
  CHECK(t.rows[2].spans.size() == 1);    // mul_kernel ends at its start
  CHECK(wait_label("cudaDeviceSynchronize") == "torch.cuda.synchronize()");
  CHECK(wait_label("cudaStreamSynchronize") == "stream.synchronize()");
  CHECK(wait_label("print") == "print");
  CHECK(wait_label("cpu") == ".cpu()");
  CHECK(wait_label("cudaMemcpyAsync") == "blocking copy");
}

TEST_CASE(":trace's text: a bar per row and each span listed") {
  const std::string text = format_timeline(build_timeline(sample(), 0), 51);
  CHECK(text.rfind("timeline (modeled, simulated machine time): 510.0 us from t=0.0 us;", 0) == 0);
  CHECK(text.find("\nhost             [|W") != std::string::npos);
  CHECK(text.find("\ncuda:0 stream 0  [#################################################") != std::string::npos);
  CHECK(text.find("  host: .item() 15.0 us +495.0 us  <- the host waits\n") != std::string::npos);
  CHECK(text.find("  cuda:0 copy HtoD: memcpy HtoD (pinned) 5.0 us +395.0 us (4194304 bytes)\n") != std::string::npos);
  CHECK(text.find("  cuda:0 stream 0: gemm (cuBLAS) 0.0 us +500.0 us from aten::mm [[512, 512], [512, 512]]\n") !=
        std::string::npos);
  CHECK(format_timeline(Timeline{}) == "nothing on the GPU timeline yet (run some GPU work first)\n");
}
