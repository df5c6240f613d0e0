// A process group over Gloo: the ranks connected in a full mesh through a store, and the
// collectives and point-to-point transfers torch.distributed offers, on host buffers. Callers
// check arguments (PyTorch's errors live in the Python layer); this runs Gloo's algorithms
// with a fresh tag per call.
#pragma once

#include <gloo/rendezvous/context.h>
#include <gloo/rendezvous/store.h>

#include <gloo/transport/unbound_buffer.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "core/dtype.h"

namespace tp::dist {

// How all_reduce combines the ranks' elements (ReduceOp less AVG, which is SUM then a division).
enum class Reduction { Sum, Product, Min, Max, BitwiseAnd, BitwiseOr, BitwiseXor };

class GlooGroup {
 public:
  // Joins ranks 0..size-1 through `store` (kept alive with the group: rank 0's store hosts
  // the others'), listening on `hostname`'s address (or network interface `iface` when set).
  GlooGroup(std::shared_ptr<gloo::rendezvous::Store> store, int rank, int size,
            std::chrono::milliseconds timeout, const std::string& hostname, const std::string& iface);

  int rank() const { return rank_; }
  int size() const { return size_; }

  // data (count elements of dtype, the same count on every rank) = reduction over ranks.
  void allreduce(void* data, size_t count, DType dtype, Reduction op);
  // root's data = the reduction over ranks; the others' data is Gloo's scratch afterwards (as
  // with PyTorch's Gloo group, which runs the same algorithm in place).
  void reduce(void* data, size_t count, DType dtype, Reduction op, int root);
  // root's out (size * bytes) = every rank's `bytes` from in, in rank order.
  void gather(const void* in, void* out, size_t bytes, int root);
  // out (`bytes`) = chunk `rank` of root's `ins` (one pointer per rank, read on root only).
  void scatter(const std::vector<void*>& ins, void* out, size_t bytes, int root);
  // Point to point: a send or receive of `bytes` at data, started now and finished by the
  // returned buffer's waitSend / waitRecv (the memory must live until then). `tag` matches a
  // send with its receive.
  std::unique_ptr<gloo::transport::UnboundBuffer> start_send(void* data, size_t bytes, int dst, uint32_t tag);
  // The receive takes the first matching send of any rank in `srcs`.
  std::unique_ptr<gloo::transport::UnboundBuffer> start_recv(void* data, size_t bytes, const std::vector<int>& srcs,
                                                             uint32_t tag);
  // Every rank's `bytes` at data become root's.
  void broadcast(void* data, size_t bytes, int root);
  // out (size * bytes) = every rank's `bytes` from in, in rank order.
  void allgather(const void* in, void* out, size_t bytes);
  void barrier();

 private:
  uint32_t next_tag() { return tag_++; }

  std::shared_ptr<gloo::rendezvous::Store> store_;
  std::shared_ptr<gloo::rendezvous::Context> context_;
  int rank_, size_;
  uint32_t tag_ = 0;  // the same sequence on every rank, as every rank calls the same collectives
};

}  // namespace tp::dist
