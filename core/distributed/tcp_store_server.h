// The key-value server behind TCPStore, hosted by rank 0 (PyTorch's TCPStore master):
// SET, GET that waits for its key up to a timeout, and ADD on counters; one thread per client.
#pragma once

#include <condition_variable>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace tp::dist {

// The store's commands and reply codes on the wire.
enum StoreCode : uint8_t { kSet = 1, kGet = 2, kAdd = 3, kOk = 0, kTimedOut = 1 };

class TcpStoreServer {
 public:
  // Listens on `port` of every local address; a DistError (Network) when it cannot.
  explicit TcpStoreServer(int port);
  ~TcpStoreServer();
  TcpStoreServer(const TcpStoreServer&) = delete;
  TcpStoreServer& operator=(const TcpStoreServer&) = delete;

 private:
  void accept_loop();
  void serve(int fd);

  int listen_fd_ = -1;
  std::thread acceptor_;
  std::mutex mu_;
  std::condition_variable changed_;  // a key was set: waiting GETs look again
  std::map<std::string, std::string> data_;
  std::vector<int> client_fds_;
  std::vector<std::thread> clients_;
  bool stopping_ = false;
};

}  // namespace tp::dist
