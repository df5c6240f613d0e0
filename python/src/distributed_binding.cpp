// torch.distributed, C++ half (torch._C._distributed): the TCPStore ranks meet at, a Gloo
// process group running collectives in place on CPU tensors and on simulated GPUs' tensors
// (their memory is host memory; the link's time goes on the modeled clock, as NCCL's would),
// and PyTorch's DistError types. torch/distributed/ checks arguments and stages other tensors.
#include <gloo/rendezvous/hash_store.h>
#include <gloo/rendezvous/prefix_store.h>
#include <pybind11/stl.h>

#include <unistd.h>

#include <cstring>

#include "core/backends/device_runtime.h"
#include "core/distributed/dist_error.h"
#include "core/distributed/gloo_group.h"
#include "core/distributed/tcp_store.h"
#include "core/error.h"
#include "core/machine_clock.h"
#include "python/src/bindings.h"
#include "python/src/py_types.h"

namespace tp::torchpy {

namespace {

using dist::GlooGroup;
using dist::TcpStore;
using Ms = std::chrono::milliseconds;

PyObject* g_dist_error = nullptr;
PyObject* g_store_error = nullptr;
PyObject* g_network_error = nullptr;

bool on_simulated_gpu(const Tensor& t) {
  return t.device().type == DeviceType::CUDA && runtime_for(t.device()).kind() == DeviceKind::Simulated;
}

// A tensor a collective can work on in place: contiguous, in host-addressable memory.
const Tensor& host_tensor(py::handle h) {
  const Tensor& t = tensor_of(h);
  TP_ASSERT(t.is_contiguous() && (t.device().is_cpu() || on_simulated_gpu(t)));
  return t;
}

size_t nbytes(const Tensor& t) { return static_cast<size_t>(t.numel()) * itemsize(t.dtype()); }

// Runs one collective without the GIL. On a simulated GPU the host's real time in Gloo is
// simulation, and the link's modeled time for `link_bytes` goes on the GPU's stream.
template <typename F>
void run_collective(const Tensor& t, const char* name, double link_bytes, F&& collective) {
  if (!on_simulated_gpu(t)) {
    py::gil_scoped_release released;
    collective();
    return;
  }
  {
    py::gil_scoped_release released;
    SimulationScope simulating;
    collective();
  }
  runtime_for(t.device()).queue_link_collective(name, link_bytes);
}

// `prefix` (non-empty for a new_group) keeps a subgroup's rendezvous keys apart from the
// default group's in the one store.
std::shared_ptr<GlooGroup> make_group(py::handle store, int rank, int size, int64_t timeout_ms,
                                      const std::string& hostname, const std::string& iface,
                                      const std::string& prefix) {
  // One process needs no meeting point: an in-process store connects it to itself.
  std::shared_ptr<gloo::rendezvous::Store> s;
  if (store.is_none()) {
    s = std::make_shared<gloo::rendezvous::HashStore>();
  } else {
    s = store.cast<std::shared_ptr<TcpStore>>();
  }
  if (!prefix.empty()) {
    auto base = s;  // the prefixed view keeps the store it reads alive
    s = std::shared_ptr<gloo::rendezvous::Store>(new gloo::rendezvous::PrefixStore(prefix, *base),
                                                 [base](gloo::rendezvous::Store* p) { delete p; });
  }
  py::gil_scoped_release released;
  return std::make_shared<GlooGroup>(s, rank, size, Ms(timeout_ms), hostname, iface);
}

void bind_store(py::module_& m) {
  py::class_<TcpStore, std::shared_ptr<TcpStore>> store(m, "TCPStore");
  store.def(py::init([](const std::string& host, int port, int world_size, bool is_master, int64_t timeout_ms,
                        bool wait_for_workers) {
              py::gil_scoped_release released;
              return std::make_shared<TcpStore>(host, port, world_size, is_master, Ms(timeout_ms), wait_for_workers);
            }),
            py::arg("host"), py::arg("port"), py::arg("world_size"), py::arg("is_master"), py::arg("timeout_ms"),
            py::arg("wait_for_workers"));
  store.def("set", [](TcpStore& s, const std::string& key, const std::string& value) {
    py::gil_scoped_release released;
    s.set(key, std::vector<char>(value.begin(), value.end()));
  });
  store.def("get", [](TcpStore& s, const std::string& key) {
    std::vector<char> v;
    {
      py::gil_scoped_release released;
      v = s.get(key);
    }
    return py::bytes(v.data(), v.size());
  });
  store.def("add", [](TcpStore& s, const std::string& key, int64_t amount) {
    py::gil_scoped_release released;
    return s.add(key, amount);
  });
  store.def("wait", [](TcpStore& s, const std::vector<std::string>& keys, int64_t timeout_ms) {
    py::gil_scoped_release released;
    s.wait(keys, Ms(timeout_ms));
  });
  store.def_property("timeout_ms", [](const TcpStore& s) { return s.timeout().count(); },
                     [](TcpStore& s, int64_t ms) { s.set_timeout(Ms(ms)); });
  store.def_property_readonly("port", &TcpStore::port);
}

void bind_group(py::module_& m) {
  py::enum_<dist::Reduction>(m, "_Reduction")
      .value("SUM", dist::Reduction::Sum)
      .value("PRODUCT", dist::Reduction::Product)
      .value("MIN", dist::Reduction::Min)
      .value("MAX", dist::Reduction::Max)
      .value("BAND", dist::Reduction::BitwiseAnd)
      .value("BOR", dist::Reduction::BitwiseOr)
      .value("BXOR", dist::Reduction::BitwiseXor);
  // A started send or receive: wait() finishes it (torch.distributed's Work for isend/irecv).
  py::class_<gloo::transport::UnboundBuffer>(m, "_Transfer")
      .def("wait_send", [](gloo::transport::UnboundBuffer& b) {
        py::gil_scoped_release released;
        b.waitSend();
      })
      .def("wait_recv", [](gloo::transport::UnboundBuffer& b) {  // the sender's rank
        int source = -1;
        py::gil_scoped_release released;
        b.waitRecv(&source);
        return source;
      });
  py::class_<GlooGroup, std::shared_ptr<GlooGroup>> g(m, "_GlooGroup");
  g.def(py::init(&make_group), py::arg("store"), py::arg("rank"), py::arg("size"), py::arg("timeout_ms"),
        py::arg("hostname"), py::arg("iface"), py::arg("prefix") = "");
  g.def("rank", &GlooGroup::rank);
  g.def("size", &GlooGroup::size);
  // Ring algorithms' bytes on each GPU's link (NCCL's bus bandwidth factors).
  g.def("allreduce", [](GlooGroup& group, py::handle tensor, dist::Reduction op) {
    const Tensor& t = host_tensor(tensor);
    const int n = group.size();
    run_collective(t, "nccl AllReduce", 2.0 * (n - 1) / n * static_cast<double>(nbytes(t)),
                   [&] { group.allreduce(t.data_ptr(), static_cast<size_t>(t.numel()), t.dtype(), op); });
  });
  g.def("reduce", [](GlooGroup& group, py::handle tensor, dist::Reduction op, int root) {
    const Tensor& t = host_tensor(tensor);
    run_collective(t, "nccl Reduce", static_cast<double>(nbytes(t)),
                   [&] { group.reduce(t.data_ptr(), static_cast<size_t>(t.numel()), t.dtype(), op, root); });
  });
  // root's out holds size() chunks of in's size, in rank order (out is ignored elsewhere).
  g.def("gather", [](GlooGroup& group, py::handle out, py::handle in, int root) {
    const Tensor& i = host_tensor(in);
    void* o = group.rank() == root ? host_tensor(out).data_ptr() : nullptr;
    run_collective(i, "nccl Gather", static_cast<double>(nbytes(i)),
                   [&] { group.gather(i.data_ptr(), o, nbytes(i), root); });
  });
  // out = chunk rank() of root's `in` (size() chunks of out's size; in is ignored elsewhere).
  g.def("scatter", [](GlooGroup& group, py::handle out, py::handle in, int root) {
    const Tensor& o = host_tensor(out);
    std::vector<void*> chunks;
    if (group.rank() == root) {
      char* base = static_cast<char*>(host_tensor(in).data_ptr());
      for (int r = 0; r < group.size(); ++r) chunks.push_back(base + nbytes(o) * static_cast<size_t>(r));
    }
    run_collective(o, "nccl Scatter", static_cast<double>(nbytes(o)),
                   [&] { group.scatter(chunks, o.data_ptr(), nbytes(o), root); });
  });
  // Point to point: the transfer started, to be waited on (the tensor kept alive by the caller).
  g.def("start_send", [](GlooGroup& group, py::handle tensor, int dst, uint32_t tag) {
    const Tensor& t = host_tensor(tensor);
    py::gil_scoped_release released;
    return group.start_send(t.data_ptr(), nbytes(t), dst, tag);
  });
  g.def("start_recv", [](GlooGroup& group, py::handle tensor, const std::vector<int>& srcs, uint32_t tag) {
    const Tensor& t = host_tensor(tensor);
    py::gil_scoped_release released;
    return group.start_recv(t.data_ptr(), nbytes(t), srcs, tag);
  });
  g.def("broadcast", [](GlooGroup& group, py::handle tensor, int root) {
    const Tensor& t = host_tensor(tensor);
    run_collective(t, "nccl Broadcast", static_cast<double>(nbytes(t)),
                   [&] { group.broadcast(t.data_ptr(), nbytes(t), root); });
  });
  // out holds size() chunks of in's size, in rank order.
  g.def("allgather", [](GlooGroup& group, py::handle out, py::handle in) {
    const Tensor& o = host_tensor(out);
    const Tensor& i = host_tensor(in);
    run_collective(i, "nccl AllGather", static_cast<double>(group.size() - 1) * static_cast<double>(nbytes(i)),
                   [&] { group.allgather(i.data_ptr(), o.data_ptr(), nbytes(i)); });
  });
  // out = this rank's chunk of the reduction of in (size() chunks of out's size). Gloo's
  // allreduce of a scratch copy, then the chunk: PyTorch's Gloo group has no other way either.
  g.def("reduce_scatter", [](GlooGroup& group, py::handle out, py::handle in, dist::Reduction op) {
    const Tensor& o = host_tensor(out);
    const Tensor& i = host_tensor(in);
    const int n = group.size();
    run_collective(i, "nccl ReduceScatter", static_cast<double>(n - 1) * static_cast<double>(nbytes(o)), [&] {
      std::vector<char> scratch(static_cast<const char*>(i.data_ptr()),
                                static_cast<const char*>(i.data_ptr()) + nbytes(i));
      group.allreduce(scratch.data(), static_cast<size_t>(i.numel()), i.dtype(), op);
      std::memcpy(o.data_ptr(), scratch.data() + nbytes(o) * static_cast<size_t>(group.rank()), nbytes(o));
    });
  });
  g.def("barrier", [](GlooGroup& group) {
    py::gil_scoped_release released;
    group.barrier();
  });
}

}  // namespace

void bind_distributed(py::module_& m) {
  py::module_ d = m.def_submodule("_distributed", "torch.distributed's engine: TCPStore and the Gloo group");
  // PyTorch's hierarchy: DistError is a RuntimeError; the store's and the network's below it.
  g_dist_error = PyErr_NewException("torch.distributed.DistError", PyExc_RuntimeError, nullptr);
  g_store_error = PyErr_NewException("torch.distributed.DistStoreError", g_dist_error, nullptr);
  g_network_error = PyErr_NewException("torch.distributed.DistNetworkError", g_dist_error, nullptr);
  d.add_object("DistError", py::handle(g_dist_error));
  d.add_object("DistStoreError", py::handle(g_store_error));
  d.add_object("DistNetworkError", py::handle(g_network_error));
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const dist::DistError& e) {
      PyErr_SetString(e.kind == dist::DistErrorKind::Store ? g_store_error : g_network_error, e.what());
    }
  });
  // This program when it is tensorplay itself, else the tensorplay built beside it.
  d.def("_launcher_program", [] {
    char self[4096] = {};
    const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    const std::string path(self, n > 0 ? static_cast<size_t>(n) : 0);
    const bool is_tensorplay = path.size() >= 11 && path.compare(path.size() - 11, 11, "/tensorplay") == 0;
    return is_tensorplay ? path : std::string(TP_LAUNCHER_PROGRAM);
  });
  d.def("_on_simulated_gpu", [](py::handle t) { return on_simulated_gpu(tensor_of(t)); },
        "Whether a tensor lives on a simulated GPU (whose memory a collective can use in place).");
  bind_store(d);
  bind_group(d);
}

}  // namespace tp::torchpy
