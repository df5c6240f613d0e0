// torch.distributed's engine without Python: the TCP store (set, get, add, wait, and PyTorch's
// texts for timeouts and a busy port) and the Gloo group's collectives, with threads as ranks.
#include <doctest/doctest.h>

#include <functional>
#include <thread>
#include <vector>

#include "core/distributed/dist_error.h"
#include "core/distributed/gloo_group.h"
#include "core/distributed/tcp_store.h"
#include "core/half.h"
#include "repl/launcher.h"

using tp::dist::GlooGroup;
using tp::dist::Reduction;
using tp::dist::TcpStore;
using Ms = std::chrono::milliseconds;

namespace {

// Runs `body(group)` on `n` ranks, one thread each, meeting at a store on a free port.
void on_ranks(int n, const std::function<void(GlooGroup&)>& body) {
  const int port = tp::launcher::free_port();
  std::vector<std::thread> ranks;
  std::vector<std::string> errors(static_cast<size_t>(n));
  for (int r = 0; r < n; ++r) {
    ranks.emplace_back([&, r] {
      try {
        auto store = std::make_shared<TcpStore>("127.0.0.1", port, n, r == 0, Ms(5000), true);
        GlooGroup group(store, r, n, Ms(5000), "127.0.0.1", "");
        body(group);
        group.barrier();  // rank 0's store outlives everyone's last use of it
      } catch (const std::exception& e) {
        errors[static_cast<size_t>(r)] = e.what();
      }
    });
  }
  for (std::thread& t : ranks) t.join();
  for (const std::string& e : errors) CHECK(e == "");
}

}  // namespace

TEST_CASE("the store: set, get, add and wait; a key never set times out with PyTorch's text") {
  const int port = tp::launcher::free_port();
  TcpStore master("127.0.0.1", port, 2, true, Ms(300), false);
  TcpStore other("127.0.0.1", port, 2, false, Ms(300), false);
  master.set("k", {'v', '1'});
  CHECK(other.get("k") == std::vector<char>{'v', '1'});
  CHECK(other.add("n", 2) == 2);
  CHECK(master.add("n", 3) == 5);
  other.wait({"k", "n"});
  CHECK_THROWS_WITH(other.get("missing"), "wait timeout after 300ms, keys: /missing");
  CHECK_THROWS_WITH(other.wait({"k", "x", "y"}, Ms(100)), "wait timeout after 100ms, keys: /k, /x, /y");
  // A GET that waits sees a key set meanwhile by another rank.
  std::thread later([&] {
    std::this_thread::sleep_for(Ms(50));
    master.set("late", {'!'});
  });
  CHECK(other.get("late") == std::vector<char>{'!'});
  later.join();
}

TEST_CASE("the store: no master, a busy port, a rank that never joins") {
  const int port = tp::launcher::free_port();
  CHECK_THROWS_WITH(TcpStore("127.0.0.1", port, 2, false, Ms(200), true),
                    ("The client socket has timed out after 200ms while trying to connect to (127.0.0.1, " +
                     std::to_string(port) + ").").c_str());
  TcpStore first("127.0.0.1", port, 1, true, Ms(200), true);
  CHECK_THROWS_WITH(TcpStore("127.0.0.1", port, 1, true, Ms(200), true),
                    ("The server socket has failed to listen on any local network address. port: " +
                     std::to_string(port) + ", useIpv6: false, code: -98, name: EADDRINUSE, message: address "
                     "already in use").c_str());
  try {
    TcpStore("127.0.0.1", tp::launcher::free_port(), 3, true, Ms(0), true);
    FAIL("no timeout");
  } catch (const tp::dist::DistError& e) {
    CHECK(e.kind == tp::dist::DistErrorKind::Store);
    CHECK(std::string(e.what()) == "Timed out after 1 seconds waiting for clients. 1/3 clients joined.");
  }
}

TEST_CASE("all-reduce: every reduction, over three ranks, in several dtypes") {
  on_ranks(3, [](GlooGroup& g) {
    const int r = g.rank();
    std::vector<float> f{1.0f + r, -2.0f * r};
    g.allreduce(f.data(), f.size(), tp::DType::Float32, Reduction::Sum);
    CHECK(f == std::vector<float>{6, -6});
    std::vector<int64_t> i{r + 1, 6 >> r};
    g.allreduce(i.data(), i.size(), tp::DType::Int64, Reduction::Product);
    CHECK(i == std::vector<int64_t>{6, 6 * 3 * 1});
    std::vector<double> lo{static_cast<double>(r)}, hi{static_cast<double>(r)};
    g.allreduce(lo.data(), 1, tp::DType::Float64, Reduction::Min);
    g.allreduce(hi.data(), 1, tp::DType::Float64, Reduction::Max);
    CHECK(lo[0] == 0);
    CHECK(hi[0] == 2);
    std::vector<int32_t> bits{1 << r, 7};
    std::vector<int32_t> ors = bits, xors = bits;
    g.allreduce(bits.data(), 2, tp::DType::Int32, Reduction::BitwiseAnd);
    g.allreduce(ors.data(), 2, tp::DType::Int32, Reduction::BitwiseOr);
    g.allreduce(xors.data(), 2, tp::DType::Int32, Reduction::BitwiseXor);
    CHECK(bits == std::vector<int32_t>{0, 7});
    CHECK(ors == std::vector<int32_t>{7, 7});
    CHECK(xors == std::vector<int32_t>{7, 7});
    std::vector<tp::Half> h{tp::Half(0.5f * r)};  // half adds in float
    g.allreduce(h.data(), 1, tp::DType::Float16, Reduction::Sum);
    CHECK(static_cast<float>(h[0]) == 1.5f);
    bool any = r == 1, all = r == 1;  // bool: SUM is or, PRODUCT is and
    g.allreduce(&any, 1, tp::DType::Bool, Reduction::Sum);
    g.allreduce(&all, 1, tp::DType::Bool, Reduction::Product);
    CHECK(any);
    CHECK_FALSE(all);
  });
}

TEST_CASE("broadcast from every root, all-gather in rank order, barrier") {
  on_ranks(2, [](GlooGroup& g) {
    for (int root = 0; root < 2; ++root) {
      std::vector<int64_t> v{10 * g.rank(), 1};
      g.broadcast(v.data(), v.size() * sizeof(int64_t), root);
      CHECK(v == std::vector<int64_t>{10 * root, 1});
    }
    std::vector<float> mine{static_cast<float>(g.rank()), 5.0f}, all(4);
    g.allgather(mine.data(), all.data(), mine.size() * sizeof(float));
    CHECK(all == std::vector<float>{0, 5, 1, 5});
    g.barrier();
  });
}

TEST_CASE("reduce to a root, gather and scatter in rank order, send/recv and a receive from any rank") {
  on_ranks(3, [](GlooGroup& g) {
    const int r = g.rank();
    std::vector<double> v{r + 1.0, -1.0 * r};
    g.reduce(v.data(), v.size(), tp::DType::Float64, Reduction::Sum, 2);
    if (r == 2) CHECK(v == std::vector<double>{6.0, -3.0});
    std::vector<int32_t> mine{r, 7}, all(6);
    g.gather(mine.data(), all.data(), mine.size() * sizeof(int32_t), 1);
    if (r == 1) CHECK(all == std::vector<int32_t>{0, 7, 1, 7, 2, 7});
    std::vector<int32_t> chunks{10, 11, 20, 21, 30, 31}, got(2);
    std::vector<void*> ins;
    for (int i = 0; i < 3; ++i) ins.push_back(chunks.data() + 2 * i);
    g.scatter(ins, got.data(), got.size() * sizeof(int32_t), 0);
    CHECK(got == std::vector<int32_t>{10 * (r + 1), 10 * (r + 1) + 1});
    // Ranks 1 and 2 send to rank 0, which takes them in any order, naming each sender.
    int64_t x = 100 + r;
    if (r == 0) {
      std::vector<int> seen;
      for (int i = 0; i < 2; ++i) {
        int64_t in = 0;
        auto buf = g.start_recv(&in, sizeof in, {1, 2}, 5);
        int source = -1;
        buf->waitRecv(&source);
        CHECK(in == 100 + source);
        seen.push_back(source);
      }
      CHECK(((seen == std::vector<int>{1, 2}) || (seen == std::vector<int>{2, 1})));
    } else {
      g.start_send(&x, sizeof x, 0, 5)->waitSend();
    }
  });
}
