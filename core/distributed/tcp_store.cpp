// TCPStore's client side: connecting with retries (the master may start after the others),
// one request and its reply at a time, and the master's wait for every rank to connect.
#include "core/distributed/tcp_store.h"

#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <thread>

#include "core/distributed/dist_error.h"
#include "core/distributed/socket_io.h"

namespace tp::dist {

namespace {

using Clock = std::chrono::steady_clock;

// The counter each store adds itself to once connected.
const char* const kJoinedKey = "init/joined";

// One connection attempt to host:port; -1 when refused or unreachable.
int try_connect(const std::string& host, int port) {
  addrinfo hints{};
  hints.ai_family = AF_INET;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  if (getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found) != 0) return -1;
  int fd = -1;
  for (addrinfo* a = found; a && fd < 0; a = a->ai_next) {
    fd = ::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
    if (fd >= 0 && ::connect(fd, a->ai_addr, a->ai_addrlen) != 0) {
      ::close(fd);
      fd = -1;
    }
  }
  freeaddrinfo(found);
  if (fd >= 0) {
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  }
  return fd;
}

std::string keys_text(const std::vector<std::string>& keys) {
  std::string text;
  for (const std::string& k : keys) text += (text.empty() ? "/" : ", /") + k;  // PyTorch prefixes "/"
  return text;
}

}  // namespace

TcpStore::TcpStore(const std::string& host, int port, int world_size, bool is_master,
                   std::chrono::milliseconds timeout, bool wait_for_workers)
    : host_(host), port_(port), timeout_(timeout) {
  if (is_master) server_ = std::make_unique<TcpStoreServer>(port);
  const auto deadline = Clock::now() + timeout;
  while ((fd_ = try_connect(host, port)) < 0) {
    if (Clock::now() >= deadline) {
      throw DistError(DistErrorKind::Network, "The client socket has timed out after " +
                                                  std::to_string(timeout.count()) +
                                                  "ms while trying to connect to (" + host + ", " +
                                                  std::to_string(port) + ").");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
  add(kJoinedKey, 1);
  if (is_master && wait_for_workers) this->wait_for_workers(world_size);
}

TcpStore::~TcpStore() {
  if (fd_ >= 0) ::close(fd_);
}

// PyTorch's loop: elapsed whole seconds are compared with the timeout, so it reports the
// first whole second past it.
void TcpStore::wait_for_workers(int world_size) {
  const auto start = Clock::now();
  while (true) {
    const int64_t joined = add(kJoinedKey, 0);
    if (joined >= world_size) return;
    const auto elapsed = std::chrono::duration_cast<std::chrono::seconds>(Clock::now() - start);
    if (elapsed > timeout_) {
      throw DistError(DistErrorKind::Store, "Timed out after " + std::to_string(elapsed.count()) +
                                                " seconds waiting for clients. " + std::to_string(joined) +
                                                "/" + std::to_string(world_size) + " clients joined.");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

Message TcpStore::request(const Message& m) {
  std::lock_guard<std::mutex> lock(mu_);
  Message reply;
  if (!send_message(fd_, m) || !recv_message(fd_, reply)) {
    throw DistError(DistErrorKind::Network, "Connection to the TCPStore at (" + host_ + ", " + std::to_string(port_) +
                                                ") was lost: its server (rank 0) has stopped.");
  }
  return reply;
}

void TcpStore::set(const std::string& key, const std::vector<char>& data) {
  request({kSet, 0, key, std::string(data.begin(), data.end())});
}

std::vector<char> TcpStore::get(const std::string& key) {
  Message reply = request({kGet, static_cast<uint64_t>(timeout_.count()), key, ""});
  if (reply.code == kTimedOut) {
    throw DistError(DistErrorKind::Store,
                    "wait timeout after " + std::to_string(timeout_.count()) + "ms, keys: " + keys_text({key}));
  }
  return std::vector<char>(reply.value.begin(), reply.value.end());
}

void TcpStore::wait(const std::vector<std::string>& keys) { wait(keys, timeout_); }

void TcpStore::wait(const std::vector<std::string>& keys, const std::chrono::milliseconds& timeout) {
  const auto deadline = Clock::now() + timeout;
  for (const std::string& key : keys) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    Message reply = request({kGet, static_cast<uint64_t>(std::max<int64_t>(left.count(), 0)), key, ""});
    if (reply.code == kTimedOut) {
      throw DistError(DistErrorKind::Store,
                      "wait timeout after " + std::to_string(timeout.count()) + "ms, keys: " + keys_text(keys));
    }
  }
}

int64_t TcpStore::add(const std::string& key, int64_t amount) {
  return static_cast<int64_t>(request({kAdd, static_cast<uint64_t>(amount), key, ""}).number);
}

}  // namespace tp::dist
