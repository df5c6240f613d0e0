// The real CUDA backend against the CPU reference: every op family over every dtype,
// pageable and pinned copies, the caching allocator's stats and OOM text, CUDA error text,
// events, streams, and the teaching matmul kernels (plain and instrumented). Needs a GPU: exits 77
// (ctest: skipped) when the CUDA runtime reports none.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <set>

#include "core/backends/cpu/cpu_backend.h"
#include "core/backends/cpu/cpu_matmul.h"
#include "core/backends/cuda/cuda_allocator.h"
#include "core/backends/cuda/cuda_backend.h"
#include "core/backends/cuda/cuda_check.h"
#include "core/backends/cuda/cuda_runtime_info.h"
#include "core/backends/cuda/cuda_streams.h"
#include "core/backends/device_runtime.h"
#include "core/device_registry.h"
#include "core/error.h"
#include "core/teaching.h"
// test_util.h's load_fixture names this; the GPU tests use no fixtures.
#define TP_FIXTURES_DIR ""
#include "tests/test_util.h"

using namespace tp;
using tp::test::make_tensor;
using tp::test::values_of;

namespace {

// Runs before doctest's main: no GPU, nothing to test.
const bool kHaveGpu = [] {
  if (cuda_real_device_count() == 0) {
    std::printf("no CUDA GPU (%s): skipped\n", cuda_runtime_description().c_str());
    std::exit(77);
  }
  return true;
}();

const DType kAll[] = {DType::Bool,    DType::UInt8,    DType::Int32,   DType::Int64,
                      DType::Float16, DType::BFloat16, DType::Float32, DType::Float64};

void use_real_gpus() {
  configure_devices(DeviceConfig{});  // with a GPU present, cuda:0 is the real one
  REQUIRE(cuda_devices_are_real());
}

Tensor on_gpu(const Tensor& t) { return to(t, Device::cuda(0), std::nullopt, true); }

// Eight values that every dtype can hold (after its own conversion).
std::vector<double> sample(DType dt, int n) {
  static const double floats[] = {-2.5, -1.0, 0.0, 0.5, 1.25, 3.0, 7.75, -0.125, 2.0, -4.0};
  static const double ints[] = {-3, -1, 0, 1, 2, 5, 7, -8, 4, 6};
  static const double bytes[] = {0, 1, 2, 3, 5, 7, 200, 255, 9, 4};
  std::vector<double> v(n);
  for (int i = 0; i < n; ++i) {
    switch (dt) {
      case DType::Bool: v[i] = (i * 7 + 3) % 3 == 0; break;
      case DType::UInt8: v[i] = bytes[i % 10]; break;
      case DType::Int32:
      case DType::Int64: v[i] = ints[(i * 3) % 10]; break;
      default: v[i] = floats[(i * 3) % 10] + 0.01 * i; break;
    }
  }
  return v;
}

// The elements agree: exactly for integers and bool, to the dtype's precision for floats
// (the GPU's libm differs from glibc by an ulp or two); NaN matches NaN.
void check_same(const std::vector<double>& cpu, const std::vector<double>& gpu, DType dt) {
  REQUIRE(cpu.size() == gpu.size());
  const double tol = dt == DType::Float64 ? 1e-12 : dt == DType::Float32 ? 1e-5 : 1e-2;
  for (size_t i = 0; i < cpu.size(); ++i) {
    if (std::isnan(cpu[i])) {
      CHECK(std::isnan(gpu[i]));
    } else if (!is_floating(dt) || std::isinf(cpu[i])) {
      CHECK(cpu[i] == gpu[i]);
    } else {
      CHECK(std::abs(cpu[i] - gpu[i]) <= tol * std::max(1.0, std::abs(cpu[i])));
    }
  }
}

// A (2,4) view with transposed strides over a (4,2) tensor: exercises strided reads.
Tensor transposed_view(const Tensor& t42) { return t42.as_strided({2, 4}, {1, 2}, 0); }

}  // namespace

TEST_CASE("CUDA error text is PyTorch 2.x's") {
  CHECK(cuda_error_text(cudaErrorInvalidDevice) ==
        "CUDA error: invalid device ordinal\nGPU device may be out of range, do you have enough "
        "GPUs?\nFor more detailed error information, run with CUDA_LOG_FILE=stderr\nCompile with "
        "`TORCH_USE_CUDA_DSA` to enable device-side assertions.\n");
  CHECK_THROWS_WITH(CUDA_CHECK(cudaSetDevice(4096)), cuda_error_text(cudaErrorInvalidDevice).c_str());
}

TEST_CASE("device properties come from the runtime") {
  CudaDeviceProperties p = cuda_device_properties(0);
  CHECK(!p.name.empty());
  CHECK(p.multi_processor_count > 0);
  CHECK(p.warp_size == 32);
  CHECK(p.total_memory > 0);
  GpuProfile g = cuda_device_profile(0);
  CHECK(g.name == p.name);
  CHECK(g.sm_count == p.multi_processor_count);
}

TEST_CASE("copy with cast, fill: every dtype pair") {
  use_real_gpus();
  for (DType from : kAll) {
    Tensor src = make_tensor(sample(from, 8), {4, 2}, from);
    Tensor src_gpu = on_gpu(src);
    for (DType to_dt : kAll) {
      CAPTURE(dtype_name(from));
      CAPTURE(dtype_name(to_dt));
      Tensor cpu_out = empty({2, 4}, TensorOptions(to_dt));
      Tensor gpu_out = empty({2, 4}, TensorOptions(to_dt, Device::cuda(0)));
      cpu_backend().copy(transposed_view(src), cpu_out);
      cuda_backend().copy(transposed_view(src_gpu), gpu_out);
      check_same(values_of(cpu_out), values_of(gpu_out), to_dt);
    }
    Tensor cpu_fill = empty({3, 5}, TensorOptions(from));
    Tensor gpu_fill = empty({3, 5}, TensorOptions(from, Device::cuda(0)));
    cpu_backend().fill(cpu_fill, Scalar(2.75));
    cuda_backend().fill(gpu_fill, Scalar(2.75));
    check_same(values_of(cpu_fill), values_of(gpu_fill), from);
  }
}

TEST_CASE("unary ops: every dtype") {
  use_real_gpus();
  for (DType dt : kAll) {
    // The op layer hands a backend only bounds the dtype can hold (clamp() in
    // elementwise_unary.cpp): -1 for the signed types, 1 for uint8.
    UnaryArgs clamp;
    clamp.has_min = clamp.has_max = true;
    clamp.min = dt == DType::UInt8 ? 1 : -1;
    clamp.max = 3;
    Tensor in = make_tensor(sample(dt, 8), {4, 2}, dt);
    Tensor in_gpu = on_gpu(in);
    for (int k = 0; k < kUnaryOpCount; ++k) {
      // Every row whose dtype rule lets dt reach the backend (unary_ops.def).
      const UnaryDtypes rule = kUnaryOps[k].dtypes;
      const bool takes_ints = rule != UnaryDtypes::Float && rule != UnaryDtypes::FloatOnly;
      if (is_floating(dt) ? rule == UnaryDtypes::IntOnly : !takes_ints) continue;
      const UnaryOp op = static_cast<UnaryOp>(k);
      CAPTURE(dtype_name(dt));
      CAPTURE(kUnaryOps[k].name);
      DType out_dt = rule == UnaryDtypes::BoolOut ? DType::Bool : dt;
      Tensor cpu_out = empty({2, 4}, TensorOptions(out_dt));
      Tensor gpu_out = empty({2, 4}, TensorOptions(out_dt, Device::cuda(0)));
      cpu_backend().unary(op, transposed_view(in), cpu_out, clamp);
      cuda_backend().unary(op, transposed_view(in_gpu), gpu_out, clamp);
      check_same(values_of(cpu_out), values_of(gpu_out), out_dt);
    }
  }
}

TEST_CASE("binary ops and where: every dtype, broadcast operand") {
  use_real_gpus();
  for (DType dt : kAll) {
    const bool integral = !is_floating(dt);
    std::vector<BinaryOp> ops = {BinaryOp::Add, BinaryOp::Sub, BinaryOp::Mul, BinaryOp::Maximum,
                                 BinaryOp::Minimum, BinaryOp::Eq, BinaryOp::Ne, BinaryOp::Lt,
                                 BinaryOp::Le, BinaryOp::Gt, BinaryOp::Ge, BinaryOp::LogicalAnd,
                                 BinaryOp::LogicalOr, BinaryOp::LogicalXor, BinaryOp::Pow};
    if (integral) {
      for (BinaryOp op : {BinaryOp::BitwiseAnd, BinaryOp::BitwiseOr, BinaryOp::BitwiseXor}) ops.push_back(op);
    } else {
      for (BinaryOp op : {BinaryOp::Div, BinaryOp::FloorDiv, BinaryOp::Remainder, BinaryOp::Atan2})
        ops.push_back(op);
    }
    if (integral && dt != DType::Bool) {
      for (BinaryOp op : {BinaryOp::Div, BinaryOp::FloorDiv, BinaryOp::Remainder}) ops.push_back(op);
    }
    Tensor a = make_tensor(sample(dt, 8), {2, 4}, dt);
    // b is one row (4,) broadcast over 2 rows (stride 0); no zero divisors in it.
    std::vector<double> bv = dt == DType::Bool ? std::vector<double>{1, 0, 1, 1}
                                               : std::vector<double>{2, -3, 5, 1};
    if (dt == DType::UInt8) bv = {2, 3, 5, 1};
    Tensor b_row = make_tensor(bv, {4}, dt);
    Tensor a_gpu = on_gpu(a), b_row_gpu = on_gpu(b_row);
    Tensor b = b_row.as_strided({2, 4}, {0, 1}, 0), b_gpu = b_row_gpu.as_strided({2, 4}, {0, 1}, 0);
    for (BinaryOp op : ops) {
      CAPTURE(dtype_name(dt));
      CAPTURE(static_cast<int>(op));
      DType out_dt = binary_op_returns_bool(op) ? DType::Bool : dt;
      Tensor cpu_out = empty({2, 4}, TensorOptions(out_dt));
      Tensor gpu_out = empty({2, 4}, TensorOptions(out_dt, Device::cuda(0)));
      cpu_backend().binary(op, a, b, cpu_out);
      cuda_backend().binary(op, a_gpu, b_gpu, gpu_out);
      check_same(values_of(cpu_out), values_of(gpu_out), out_dt);
    }
    Tensor cond = make_tensor({1, 0, 0, 1, 1, 1, 0, 0}, {2, 4}, DType::Bool);
    Tensor cpu_w = empty({2, 4}, TensorOptions(dt));
    Tensor gpu_w = empty({2, 4}, TensorOptions(dt, Device::cuda(0)));
    cpu_backend().where(cond, a, b, cpu_w);
    cuda_backend().where(on_gpu(cond), a_gpu, b_gpu, gpu_w);
    check_same(values_of(cpu_w), values_of(gpu_w), dt);
  }
}

TEST_CASE("integer division by zero raises as on the CPU") {
  use_real_gpus();
  for (DType dt : {DType::UInt8, DType::Int32, DType::Int64}) {
    Tensor a = on_gpu(make_tensor({1, 2, 3}, {3}, dt));
    Tensor b = on_gpu(make_tensor({1, 0, 3}, {3}, dt));
    Tensor out = empty({3}, TensorOptions(dt, Device::cuda(0)));
    for (BinaryOp op : {BinaryOp::Div, BinaryOp::FloorDiv, BinaryOp::Remainder}) {
      CHECK_THROWS_WITH(cuda_backend().binary(op, a, b, out), "ZeroDivisionError");
    }
    // The flag is cleared: a later division goes through.
    cuda_backend().binary(BinaryOp::Div, a, a, out);
    CHECK(values_of(out) == std::vector<double>{1, 1, 1});
  }
}

TEST_CASE("reductions: every op and dtype over long rows") {
  use_real_gpus();
  const int64_t outer = 3, inner = 300;  // rows longer than a block: partial sums combine
  for (DType dt : kAll) {
    std::vector<double> v = sample(dt, static_cast<int>(outer * inner));
    if (is_floating(dt)) {
      for (size_t i = 0; i < v.size(); ++i) v[i] = 1.0 + 0.001 * ((i * 37) % 11) - 0.005;
      v[17] = 9.0;  // a clear maximum, repeated to check the first index wins
      v[250] = 9.0;
    }
    Tensor in = make_tensor(v, {outer, inner}, dt);
    Tensor in_gpu = on_gpu(in);
    std::vector<ReduceOp> ops = {ReduceOp::Max, ReduceOp::Min, ReduceOp::ArgMax,
                                 ReduceOp::ArgMin, ReduceOp::Any, ReduceOp::All};
    if (dt != DType::Bool) {
      ops.push_back(ReduceOp::Sum);
      if (is_floating(dt)) {
        for (ReduceOp op : {ReduceOp::Prod, ReduceOp::Mean, ReduceOp::Var, ReduceOp::Std}) ops.push_back(op);
      } else {
        ops.push_back(ReduceOp::Prod);
      }
    }
    for (ReduceOp op : ops) {
      CAPTURE(dtype_name(dt));
      CAPTURE(static_cast<int>(op));
      DType out_dt = dt;
      if (op == ReduceOp::ArgMax || op == ReduceOp::ArgMin) out_dt = DType::Int64;
      if (op == ReduceOp::Any || op == ReduceOp::All) out_dt = dt == DType::UInt8 ? DType::UInt8 : DType::Bool;
      const bool with_indices = op == ReduceOp::Max || op == ReduceOp::Min;
      Tensor cpu_out = empty({outer}, TensorOptions(out_dt));
      Tensor gpu_out = empty({outer}, TensorOptions(out_dt, Device::cuda(0)));
      Tensor cpu_idx = with_indices ? empty({outer}, TensorOptions(DType::Int64)) : Tensor();
      Tensor gpu_idx = with_indices ? empty({outer}, TensorOptions(DType::Int64, Device::cuda(0))) : Tensor();
      cpu_backend().reduce(op, in, cpu_out, cpu_idx, 1, 0);
      cuda_backend().reduce(op, in_gpu, gpu_out, gpu_idx, 1, 0);
      check_same(values_of(cpu_out), values_of(gpu_out), out_dt);
      if (with_indices) CHECK(values_of(cpu_idx) == values_of(gpu_idx));
    }
  }
}

TEST_CASE("softmax and log_softmax: floating dtypes") {
  use_real_gpus();
  for (DType dt : {DType::Float16, DType::BFloat16, DType::Float32, DType::Float64}) {
    Tensor in = make_tensor(sample(dt, 600), {2, 300}, dt);
    for (bool log : {false, true}) {
      Tensor cpu_out = empty({2, 300}, TensorOptions(dt));
      Tensor gpu_out = empty({2, 300}, TensorOptions(dt, Device::cuda(0)));
      cpu_backend().softmax(in, cpu_out, log);
      cuda_backend().softmax(on_gpu(in), gpu_out, log);
      check_same(values_of(cpu_out), values_of(gpu_out), dt);
    }
  }
}

TEST_CASE("matmul: every dtype, transposed operand, broadcast batch") {
  use_real_gpus();
  const int64_t B = 2, M = 5, K = 7, N = 3;
  for (DType dt : kAll) {
    CAPTURE(dtype_name(dt));
    // a: (B,M,K) from a (M,K) tensor with batch stride 0; bm: (B,K,N) read transposed from
    // a (B,N,K) tensor.
    Tensor a2 = make_tensor(sample(dt, M * K), {M, K}, dt);
    Tensor bt = make_tensor(sample(dt, B * N * K), {B, N, K}, dt);
    Tensor a2g = on_gpu(a2), btg = on_gpu(bt);
    Tensor a = a2.as_strided({B, M, K}, {0, K, 1}, 0), ag = a2g.as_strided({B, M, K}, {0, K, 1}, 0);
    Tensor bm = bt.as_strided({B, K, N}, {N * K, 1, K}, 0);
    Tensor bmg = btg.as_strided({B, K, N}, {N * K, 1, K}, 0);
    Tensor cpu_out = empty({B, M, N}, TensorOptions(dt));
    Tensor gpu_out = empty({B, M, N}, TensorOptions(dt, Device::cuda(0)));
    cpu_backend().matmul(a, bm, cpu_out, false, ProductKind::Matrix);
    cuda_backend().matmul(ag, bmg, gpu_out, false, ProductKind::Matrix);
    check_same(values_of(cpu_out), values_of(gpu_out), dt);
  }
}

TEST_CASE("index, index_put, nonzero") {
  use_real_gpus();
  for (DType dt : kAll) {
    CAPTURE(dtype_name(dt));
    // src (3,4); x[idx] with idx = [2, 0, 2, -1] over dim 0: out (4,4).
    Tensor src = make_tensor(sample(dt, 12), {3, 4}, dt);
    Tensor srcg = on_gpu(src);
    Tensor idx = make_tensor({2, 0, 2, -1}, {4}, DType::Int64);
    Tensor idx_e = idx.as_strided({4, 4}, {1, 0}, 0);
    Tensor idxg = on_gpu(idx);
    Tensor idxg_e = idxg.as_strided({4, 4}, {1, 0}, 0);
    // Restrided src: the indexed dim gets stride 0 and the result's shape.
    Tensor cpu_out = empty({4, 4}, TensorOptions(dt));
    Tensor gpu_out = empty({4, 4}, TensorOptions(dt, Device::cuda(0)));
    cpu_backend().index(src.as_strided({4, 4}, {0, 1}, 0), cpu_out, {idx_e}, {3}, {4});
    cuda_backend().index(srcg.as_strided({4, 4}, {0, 1}, 0), gpu_out, {idxg_e}, {3}, {4});
    check_same(values_of(cpu_out), values_of(gpu_out), dt);

    // index_put with accumulate and a repeated index (2 appears twice).
    for (bool accumulate : {false, true}) {
      Tensor cpu_dst = make_tensor(sample(dt, 12), {3, 4}, dt);
      Tensor gpu_dst = on_gpu(cpu_dst);
      Tensor values = make_tensor(sample(dt, 16), {4, 4}, dt);
      if (!accumulate) {  // distinct rows only: repeated writes have no defined winner
        Tensor one = make_tensor({1}, {1}, DType::Int64);
        Tensor vals = make_tensor(sample(dt, 4), {1, 4}, dt);
        cpu_backend().index_put(cpu_dst.as_strided({1, 4}, {0, 1}, 0), vals,
                                {one.as_strided({1, 4}, {1, 0}, 0)}, {3}, {4}, false);
        Tensor oneg = on_gpu(one);
        cuda_backend().index_put(gpu_dst.as_strided({1, 4}, {0, 1}, 0), on_gpu(vals),
                                 {oneg.as_strided({1, 4}, {1, 0}, 0)}, {3}, {4}, false);
      } else {
        cpu_backend().index_put(cpu_dst.as_strided({4, 4}, {0, 1}, 0), values, {idx_e}, {3}, {4}, true);
        cuda_backend().index_put(gpu_dst.as_strided({4, 4}, {0, 1}, 0), on_gpu(values), {idxg_e},
                                 {3}, {4}, true);
      }
      check_same(values_of(cpu_dst), values_of(gpu_dst), dt);
    }

    Tensor nz = make_tensor(sample(dt, 24), {2, 3, 4}, dt);
    CHECK(values_of(cpu_backend().nonzero(nz)) == values_of(cuda_backend().nonzero(on_gpu(nz))));
  }
  // Out of bounds: the first bad element in row-major order is named, as on the CPU.
  Tensor srcg = on_gpu(make_tensor({1, 2, 3}, {3}, DType::Float32));
  Tensor bad = on_gpu(make_tensor({0, 5, -7}, {3}, DType::Int64));
  Tensor out = empty({3}, TensorOptions(DType::Float32, Device::cuda(0)));
  CHECK_THROWS_WITH(cuda_backend().index(srcg.as_strided({3}, {0}, 0), out, {bad}, {3}, {1}),
                    "index 5 is out of bounds for dimension 0 with size 3");
  CHECK_THROWS_WITH(cuda_backend().index_put(srcg.as_strided({3}, {0}, 0), out, {bad}, {3}, {1}, true),
                    "index 5 is out of bounds for dimension 0 with size 3");
  // A scalar and an empty tensor.
  CHECK(cuda_backend().nonzero(on_gpu(make_tensor({3}, {}, DType::Int64))).sizes() == Shape{1, 0});
  CHECK(cuda_backend().nonzero(on_gpu(make_tensor({}, {0, 2}, DType::Int64))).sizes() == Shape{0, 2});
}

// True when ptr is page-locked host memory the CUDA runtime knows.
bool page_locked(const void* ptr) {
  cudaPointerAttributes attr{};
  if (cudaPointerGetAttributes(&attr, ptr) != cudaSuccess) {
    cudaGetLastError();
    return false;
  }
  return attr.type == cudaMemoryTypeHost;
}

TEST_CASE("host<->device copies: pageable, pinned, non_blocking") {
  use_real_gpus();
  const size_t n = 1 << 20, bytes = n * sizeof(float);
  std::vector<float> host(n), back(n, 0.0f);
  for (size_t i = 0; i < n; ++i) host[i] = static_cast<float>(i) * 0.5f;
  DeviceRuntime& cuda = runtime_for(Device::cuda(0));
  void* dev = cuda.allocate(bytes);
  cuda.copy_from_host(dev, host.data(), bytes, CopyOptions{});
  cuda.copy_to_host(back.data(), dev, bytes, CopyOptions{});
  CHECK(back == host);

  // pin_memory()'s memory is really page-locked (cudaHostAlloc); non_blocking copies from
  // and to it are queued on the default stream, ordered with the kernels.
  std::shared_ptr<void> pinned_block = cuda.allocate_pinned(bytes);
  auto* pinned = static_cast<float*>(pinned_block.get());
  CHECK(page_locked(pinned));
  CHECK_FALSE(page_locked(host.data()));
  for (size_t i = 0; i < n; ++i) pinned[i] = static_cast<float>(n - i);
  void* dev2 = cuda.allocate(bytes);
  const CopyOptions async{/*host_pinned=*/true, /*non_blocking=*/true};
  cuda.copy_from_host(dev2, pinned, bytes, async);
  cuda.synchronize();  // the async copy may still read `pinned` until here
  for (size_t i = 0; i < n; ++i) pinned[i] = 0;
  cuda.copy_to_host(pinned, dev2, bytes, async);
  cuda.synchronize();
  CHECK(pinned[0] == static_cast<float>(n));
  CHECK(pinned[n - 1] == 1.0f);
  pinned_block.reset();
  cuda.deallocate(dev, bytes);
  cuda.deallocate(dev2, bytes);
}

TEST_CASE("caching allocator on cudaMalloc: PyTorch's pools and stats") {
  // The policy's rules are tested over the simulator's arena (caching_allocator_test);
  // here the same policy over cudaMalloc segments.
  CachingAllocator alloc(0, std::make_unique<CudaSegments>(0));  // a fresh one: exact figures
  void* a = alloc.allocate(100);
  CHECK(alloc.memory_allocated() == 512);
  CHECK(alloc.memory_reserved() == 2097152);
  void* b = alloc.allocate(1000);  // split from the same small segment
  CHECK(alloc.memory_allocated() == 512 + 1024);
  CHECK(alloc.memory_reserved() == 2097152);
  alloc.free(a);
  alloc.free(b);
  CHECK(alloc.memory_allocated() == 0);
  CHECK(alloc.memory_reserved() == 2097152);  // cached, not returned
  CHECK(alloc.max_memory_allocated() == 1536);
  void* c = alloc.allocate(5 << 20);  // large: one 20 MiB segment
  CHECK(alloc.memory_reserved() == 2097152 + 20971520);
  alloc.free(c);
  alloc.empty_cache();
  CHECK(alloc.memory_reserved() == 0);
  alloc.reset_peak_memory_stats();
  CHECK(alloc.max_memory_allocated() == 0);
}

TEST_CASE("out of memory raises PyTorch's text and leaks nothing") {
  CachingAllocator alloc(0, std::make_unique<CudaSegments>(0));
  const size_t huge = size_t{1} << 50;  // 1 PiB
  size_t free_bytes = 0, total = 0;
  cuda_mem_get_info(0, &free_bytes, &total);
  const std::string expected =
      "CUDA out of memory. Tried to allocate 1048576.00 GiB. GPU 0 has a total capacity of " +
      format_size(total) + " of which " + format_size(free_bytes) +
      " is free. Including non-PyTorch memory, this process has " +
      format_size(total - free_bytes) +
      " memory in use. Of the allocated memory 0 bytes is allocated by PyTorch, and 0 bytes is "
      "reserved by PyTorch but unallocated. If reserved but unallocated memory is large try "
      "setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See "
      "documentation for Memory Management  "
      "(https://docs.pytorch.org/docs/stable/notes/cuda.html"
      "#optimizing-memory-usage-with-pytorch-cuda-alloc-conf)";
  CHECK_THROWS_WITH(alloc.allocate(huge), expected.c_str());
  try {
    alloc.allocate(huge);
  } catch (const TorchError& e) {
    CHECK(e.kind() == ErrorKind::OutOfMemoryError);
  }
  CHECK(alloc.memory_allocated() == 0);
  CHECK(alloc.memory_reserved() == 0);
  void* p = alloc.allocate(1024);  // the session goes on
  CHECK(p != nullptr);
  alloc.free(p);
  alloc.empty_cache();
}

TEST_CASE("events time real work") {
  use_real_gpus();
  std::unique_ptr<DeviceEvent> start = runtime_for(Device::cuda(0)).create_event(true);
  std::unique_ptr<DeviceEvent> end = runtime_for(Device::cuda(0)).create_event(true);
  Tensor a = on_gpu(make_tensor(std::vector<double>(512 * 512, 0.5), {1, 512, 512}));
  Tensor out = empty({1, 512, 512}, TensorOptions(DType::Float32, Device::cuda(0)));
  start->record();
  cuda_backend().matmul(a, a, out, false, ProductKind::Matrix);
  end->record();
  end->synchronize();
  CHECK(end->query());
  CHECK_FALSE(end->modeled());
  CHECK(start->elapsed_ms(*end) > 0.0f);
}

TEST_CASE("streams: pooled with priorities, work on a side stream, waits, record_stream") {
  use_real_gpus();
  DeviceRuntime& cuda = runtime_for(Device::cuda(0));
  // c10's pools: 32 streams per priority, handed out round robin.
  const int low = cuda.create_stream(0), high = cuda.create_stream(-1);
  CHECK(low != 0);
  CHECK(high != low);
  CHECK(cuda.stream_priority(low) == 0);
  CHECK(cuda.stream_priority(high) == -1);
  CHECK(cuda.stream_priority(cuda.create_stream(-7)) == -3);  // clamped to the highest
  for (int i = 0; i < 31; ++i) cuda.create_stream(0);
  CHECK(cuda.create_stream(0) == low);  // the pool came round
  CHECK(cuda::stream_handle(0, low) != nullptr);

  // A product queued on the side stream, read on the default stream after waiting for it.
  const int n = 1024;
  std::vector<double> values(n * n);
  for (int i = 0; i < n * n; ++i) values[i] = (i % 17) * 0.25 - 2.0;
  Tensor a_cpu = make_tensor(values, {1, n, n});
  Tensor a = on_gpu(a_cpu);
  cuda.set_current_stream(low);
  CHECK(cuda.current_stream() == low);
  Tensor out = empty({1, n, n}, TensorOptions(DType::Float32, Device::cuda(0)));  // a block of `low`
  cuda_backend().matmul(a, a, out, false, ProductKind::Matrix);
  std::unique_ptr<DeviceEvent> done = cuda.create_event(false);
  done->record(low);
  cuda.set_current_stream(0);
  cuda.stream_wait_event(0, *done);
  Tensor expected = empty({1, n, n}, TensorOptions(DType::Float32, Device::cpu()));
  cpu_backend().matmul(a_cpu, a_cpu, expected, false, ProductKind::Matrix);
  Tensor back = to(out, Device::cpu(), std::nullopt, true);  // on the default stream
  CHECK(values_of(back) == values_of(expected));
  cuda.stream_synchronize(low);
  CHECK(cuda.stream_query(low));

  // record_stream: a block of the default stream that the side stream used is cached again
  // only once the side stream's work queued by the time it was freed is done.
  const size_t bytes = size_t{n} * n * sizeof(float);
  void* block = cuda.allocate(bytes);
  cuda.set_current_stream(low);
  for (int i = 0; i < 8; ++i) cuda_backend().matmul(a, a, out, false, ProductKind::Matrix);
  cuda.set_current_stream(0);
  cuda.record_stream(block, low);
  cuda.deallocate(block, bytes);
  const bool side_busy = !cuda.stream_query(low);
  void* next = cuda.allocate(bytes);
  if (side_busy) CHECK(next != block);
  cuda.deallocate(next, bytes);
  cuda.stream_synchronize(low);
  void* again = cuda.allocate(bytes);
  CHECK((again == block || again == next));  // cached again, handed out in turn
  cuda.deallocate(again, bytes);

  // The allocator's fence on a stream: passed once the work before it is done.
  StreamFence fence = cuda::fence_after_queued(0, low);
  cuda.stream_synchronize(low);
  CHECK(fence());
}

TEST_CASE("teaching matmul kernels match the CPU reference; the trace is complete") {
  use_real_gpus();
  const int M = 37, N = 45, K = 29, tile = 16;
  std::vector<double> av(M * K), bv(K * N);
  for (int i = 0; i < M * K; ++i) av[i] = ((i * 13) % 17) * 0.25 - 2.0;
  for (int i = 0; i < K * N; ++i) bv[i] = ((i * 7) % 11) * 0.5 - 2.5;
  Tensor A = make_tensor(av, {M, K}), B = make_tensor(bv, {K, N});
  Tensor expected = empty({1, M, N});
  cpu::matmul_reference(A.as_strided({1, M, K}, {0, K, 1}, 0), B.as_strided({1, K, N}, {0, N, 1}, 0),
                        expected);
  Tensor Ag = on_gpu(A), Bg = on_gpu(B);
  const int sm_count = cuda_device_properties(0).multi_processor_count;
  for (TeachingKernel kind : {TeachingKernel::Naive, TeachingKernel::Coalesced, TeachingKernel::Tiled}) {
    CAPTURE(teaching_kernel_name(kind));
    for (bool traced : {false, true}) {
      Tensor C = empty({M, N}, TensorOptions(DType::Float32, Device::cuda(0)));
      KernelTrace trace;
      cuda_run_teaching_matmul(kind, Ag, Bg, C, tile, traced ? &trace : nullptr);
      check_same(values_of(expected), values_of(C), DType::Float32);
      if (!traced) continue;
      LaunchConfig cfg = teaching_launch_config(kind, M, N, tile);
      CHECK(trace.measured);
      CHECK(trace.config.name == cfg.name);
      const size_t threads = size_t(cfg.grid.x) * cfg.grid.y * cfg.block.x * cfg.block.y;
      REQUIRE(trace.threads.size() == threads);
      std::set<int64_t> outputs;
      for (const ThreadTrace& t : trace.threads) {
        CHECK(t.end_ns >= t.start_ns);
        CHECK(t.sm >= 0);
        CHECK(t.sm < sm_count);
        if (t.output >= 0) {
          CHECK(outputs.insert(t.output).second);  // each element computed once
          if (kind != TeachingKernel::Tiled) CHECK(t.global_reads == 2 * K);
          CHECK(t.global_writes == 1);
        }
        if (kind == TeachingKernel::Tiled) CHECK(t.barriers == 2 * ((K + tile - 1) / tile));
      }
      CHECK(outputs.size() == size_t(M) * N);
      CHECK(*outputs.begin() == 0);
      CHECK(*outputs.rbegin() == int64_t{M} * N - 1);
    }
  }
}
