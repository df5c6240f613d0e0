// TCPStore: the key-value store the ranks of a job meet at (env:// and tcp:// init), as
// PyTorch's: rank 0 hosts the server and every rank is a client. It is a Gloo store, so
// Gloo's rendezvous exchanges the ranks' addresses through it.
#pragma once

#include <gloo/rendezvous/store.h>

#include <chrono>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "core/distributed/socket_io.h"
#include "core/distributed/tcp_store_server.h"

namespace tp::dist {

class TcpStore : public gloo::rendezvous::Store {
 public:
  // The master (is_master) starts the server on `port` first. Every store then connects,
  // retrying until `timeout`; with wait_for_workers the master also waits until world_size
  // stores have connected. Failures raise DistError with PyTorch's texts.
  TcpStore(const std::string& host, int port, int world_size, bool is_master,
           std::chrono::milliseconds timeout, bool wait_for_workers);
  ~TcpStore() override;

  void set(const std::string& key, const std::vector<char>& data) override;
  // Waits for the key up to the store's timeout.
  std::vector<char> get(const std::string& key) override;
  void wait(const std::vector<std::string>& keys) override;
  void wait(const std::vector<std::string>& keys, const std::chrono::milliseconds& timeout) override;
  // Adds `amount` to the counter `key` (0 when unset) and returns the new value.
  int64_t add(const std::string& key, int64_t amount);

  std::chrono::milliseconds timeout() const { return timeout_; }
  void set_timeout(std::chrono::milliseconds timeout) { timeout_ = timeout; }
  int port() const { return port_; }

 private:
  Message request(const Message& m);
  void wait_for_workers(int world_size);

  std::unique_ptr<TcpStoreServer> server_;  // rank 0 only
  std::string host_;
  int port_;
  int fd_ = -1;
  std::mutex mu_;  // one request at a time on the connection
  std::chrono::milliseconds timeout_;
};

}  // namespace tp::dist
