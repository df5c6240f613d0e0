// TCPStore's server: a listening socket on all addresses, an accept thread, and a thread per
// connected rank answering its requests in order; GET blocks on a condition variable until
// the key is set, the request's timeout passes, or the server stops.
#include "core/distributed/tcp_store_server.h"

#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstring>

#include "core/distributed/dist_error.h"
#include "core/distributed/socket_io.h"

namespace tp::dist {

namespace {

// PyTorch's text for a port it cannot listen on ("address already in use").
[[noreturn]] void listen_failed(int port, int err) {
  std::string message = std::strerror(err);
  if (!message.empty()) message[0] = static_cast<char>(std::tolower(message[0]));
  const char* name = strerrorname_np(err);
  throw DistError(DistErrorKind::Network,
                  "The server socket has failed to listen on any local network address. port: " +
                      std::to_string(port) + ", useIpv6: false, code: -" + std::to_string(err) +
                      ", name: " + (name ? name : "?") + ", message: " + message);
}

}  // namespace

TcpStoreServer::TcpStoreServer(int port) {
  listen_fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (listen_fd_ < 0) listen_failed(port, errno);
  int one = 1;
  setsockopt(listen_fd_, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_ANY);
  addr.sin_port = htons(static_cast<uint16_t>(port));
  if (::bind(listen_fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 || ::listen(listen_fd_, 128) != 0) {
    const int err = errno;
    ::close(listen_fd_);
    listen_failed(port, err);
  }
  acceptor_ = std::thread([this] { accept_loop(); });
}

TcpStoreServer::~TcpStoreServer() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stopping_ = true;
    for (int fd : client_fds_) ::shutdown(fd, SHUT_RDWR);  // wakes their recv()
  }
  changed_.notify_all();
  ::shutdown(listen_fd_, SHUT_RDWR);  // wakes accept()
  acceptor_.join();
  for (std::thread& t : clients_) t.join();
  for (int fd : client_fds_) ::close(fd);
  ::close(listen_fd_);
}

void TcpStoreServer::accept_loop() {
  while (true) {
    int fd = ::accept4(listen_fd_, nullptr, nullptr, SOCK_CLOEXEC);
    std::lock_guard<std::mutex> lock(mu_);
    if (stopping_) {
      if (fd >= 0) ::close(fd);
      return;
    }
    if (fd < 0) {
      if (errno == EINTR || errno == ECONNABORTED) continue;
      return;
    }
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    client_fds_.push_back(fd);
    clients_.emplace_back([this, fd] { serve(fd); });
  }
}

void TcpStoreServer::serve(int fd) {
  Message request;
  while (recv_message(fd, request)) {
    Message reply;
    reply.code = kOk;
    std::unique_lock<std::mutex> lock(mu_);
    switch (request.code) {
      case kSet:
        data_[request.key] = request.value;
        changed_.notify_all();
        break;
      case kGet: {  // number: the timeout in milliseconds
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(request.number);
        const bool found = changed_.wait_until(lock, deadline, [&] { return stopping_ || data_.count(request.key) > 0; });
        if (found && !stopping_) {
          reply.value = data_[request.key];
        } else {
          reply.code = kTimedOut;
        }
        break;
      }
      case kAdd: {  // number: the amount, two's complement; the counter is kept as text
        std::string& v = data_[request.key];
        const int64_t sum = (v.empty() ? 0 : std::stoll(v)) + static_cast<int64_t>(request.number);
        v = std::to_string(sum);
        reply.number = static_cast<uint64_t>(sum);
        changed_.notify_all();
        break;
      }
      default:
        return;  // not one of ours: drop the connection
    }
    if (stopping_) return;
    lock.unlock();
    if (!send_message(fd, reply)) return;
  }
}

}  // namespace tp::dist
