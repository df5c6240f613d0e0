// copy_ handles every device pair: the same device, or two GPUs of a backend whose devices
// copy peer to peer, go straight to the backend; host<->device goes through a contiguous
// host buffer and the device's own copy, as a PCIe transfer does.
#include "core/ops/copy.h"

#include <limits>

#include "core/autograd/autograd.h"
#include "core/autograd/formulas.h"
#include "core/backends/backend.h"
#include "core/backends/device_runtime.h"
#include "core/device_registry.h"
#include "core/error.h"
#include "core/ops/broadcast.h"
#include "core/ops/complex.h"
#include "core/ops/device_ops.h"
#include "core/ops/type_promotion.h"

namespace tp {

namespace {

// A contiguous copy of t on the host, in t's dtype.
Tensor host_contiguous(const Tensor& t) {
  Tensor src = contiguous(resolve_conj(t));  // bytes travel as stored: conjugates written out
  if (src.device().is_cpu()) return src;
  Tensor host = empty(src.sizes(), TensorOptions(src.dtype(), Device::cpu()));
  // A staging buffer is pageable, so the copy blocks (as .cpu() and .item() do).
  runtime_for(src.device()).copy_to_host(host.data_ptr(), src.data_ptr(), src.nbytes(), CopyOptions{});
  return host;
}

// dst.copy_(src) without autograd.
const Tensor& copy_impl(const Tensor& dst, const Tensor& src, bool non_blocking) {
  dst.bump_version();
  Tensor from = expand_to(src, dst.sizes());
  Backend& dst_backend = backend_for(dst.device());
  if (from.device() == dst.device() ||
      (runtime_for(dst.device()).supports_peer_copy() && &backend_for(from.device()) == &dst_backend)) {
    if (!from.is_same(dst)) dst_backend.copy(from, dst);  // same device, or GPU to GPU
    return dst;
  }
  // Device to host: straight into dst when it can take the bytes as they are, so a pinned
  // dst is copied at the pinned rate, and with non_blocking the host goes on.
  if (dst.device().is_cpu() && dst.is_contiguous() && from.is_contiguous() && dst.dtype() == from.dtype() &&
      dst.is_conj() == from.is_conj()) {
    runtime_for(from.device()).copy_to_host(dst.data_ptr(), from.data_ptr(), dst.nbytes(),
                                            CopyOptions{dst.storage()->pinned(), non_blocking});
    return dst;
  }
  // Cross-device otherwise: stage on the host in src's dtype, then convert on arrival.
  Tensor host = host_contiguous(from);
  if (dst.device().is_cpu()) {
    backend_for(dst.device()).copy(host, dst);
    return dst;
  }
  Tensor staged = dst.is_contiguous() && dst.dtype() == host.dtype() && !dst.is_conj()
                      ? dst
                      : empty(dst.sizes(), TensorOptions(host.dtype(), dst.device()));
  runtime_for(dst.device()).copy_from_host(staged.data_ptr(), host.data_ptr(), host.nbytes(),
                                           CopyOptions{host.storage()->pinned(), non_blocking});
  if (!staged.is_same(dst)) backend_for(dst.device()).copy(staged, dst);
  return dst;
}

}  // namespace

bool write_out(const Tensor& result, const Tensor& out) {
  TP_CHECK(can_cast(result.dtype(), out.dtype()), RuntimeError, "result type ", dtype_legacy_name(result.dtype()),
           " can't be cast to the desired output type ", dtype_legacy_name(out.dtype()));
  TP_CHECK(result.device() == out.device(), RuntimeError, "Expected out tensor to have device ",
           result.device().str(), ", but got ", out.device().str(), " instead");
  if (out.sizes() == result.sizes()) {
    copy_(out, result);
    return false;
  }
  bool had_elements = out.numel() != 0;
  autograd::set_data(out, clone(cast(result, out.dtype())));
  return had_elements;
}

const Tensor& copy_(const Tensor& dst, const Tensor& src, bool non_blocking) {
  // An integer destination keeps no history (integers never require grad).
  if (!autograd::needs_grad({&dst, &src}) || !is_floating(dst.dtype()))
    return copy_impl(dst, src, non_blocking);
  autograd::check_inplace(dst, true);
  {
    autograd::NoGradGuard no_grad;
    copy_impl(dst, src, non_blocking);
  }
  autograd::rebase_history(dst, autograd::copy_node(src), {dst, src});
  return dst;
}

Tensor cast(const Tensor& t, DType dtype) {
  if (t.dtype() == dtype) return t;
  return autograd::record_op(
      {t},
      [&] {
        Tensor out = empty(t.sizes(), TensorOptions(dtype, t.device()));
        backend_for(t.device()).copy(t, out);
        out.impl()->wrapped_number = t.is_wrapped_number();
        return out;
      },
      [&](const Tensor& out) { return is_floating(out.dtype()) || is_complex(out.dtype()) ? autograd::to_copy_node(t) : nullptr; });
}

Tensor to(const Tensor& t, std::optional<Device> device, std::optional<DType> dtype, bool copy,
          bool non_blocking) {
  // 'cuda' resolves to the current device, so t.to('cuda') is t when t is on cuda:0.
  Device target_device = device ? resolve_device(*device) : t.device();
  DType target_dtype = dtype ? *dtype : t.dtype();
  if (!copy && target_device == t.device() && target_dtype == t.dtype()) return t;
  // A GPU's tensor copied to the host without blocking lands in pinned memory (_to_copy's
  // pin_out), which its copy engine writes while the host goes on.
  const bool pin_out = non_blocking && t.device().type == DeviceType::CUDA && target_device.is_cpu();
  return autograd::record_op(
      {t},
      [&] {
        Tensor out = pin_out ? empty_pinned(t.sizes(), target_dtype)
                             : empty(t.sizes(), TensorOptions(target_dtype, target_device));
        copy_(out, t, non_blocking);
        return out;
      },
      [&](const Tensor& out) { return is_floating(out.dtype()) || is_complex(out.dtype()) ? autograd::to_copy_node(t) : nullptr; });
}

Tensor contiguous(const Tensor& t) {
  if (t.is_contiguous()) return t;
  return clone(t);
}

Tensor clone(const Tensor& t) {
  return autograd::record_op(
      {t},
      [&] {
        Tensor out = empty(t.sizes(), TensorOptions(t.dtype(), t.device()));
        backend_for(t.device()).copy(t, out);
        return out;
      },
      [&](const Tensor&) { return autograd::identity_node("CloneBackward0"); });
}

void check_value_fits(Scalar value, DType dtype, const char* spelled) {
  if (dtype == DType::Bool || is_floating(dtype) || is_complex(dtype)) return;
  bool fits = true;
  visit_any_dtype(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    if constexpr (std::is_integral_v<T>) {
      using limit = std::numeric_limits<T>;
      if (value.is_float()) {
        const double f = value.to_double();  // NaN and infinity fail both tests
        fits = f >= static_cast<double>(limit::lowest()) && f <= static_cast<double>(limit::max());
      } else if (!value.is_bool()) {
        const int64_t i = value.to_int();
        const uint64_t magnitude = i < 0 ? 0 - static_cast<uint64_t>(i) : static_cast<uint64_t>(i);
        if constexpr (std::is_signed_v<T>) {
          fits = i >= static_cast<int64_t>(limit::lowest()) && (i < 0 || magnitude <= static_cast<uint64_t>(limit::max()));
        } else {
          fits = magnitude <= static_cast<uint64_t>(limit::max());
        }
      }
    }
  });
  TP_CHECK(fits, RuntimeError, "value cannot be converted to type ", spelled, " without overflow");
}

namespace {

// The C type checked_convert names: int32's is spelled "int".
const char* checked_type_name(DType t) {
  switch (t) {
    case DType::UInt8: return "uint8_t";
    case DType::Int8: return "int8_t";
    case DType::Int16: return "int16_t";
    case DType::Int32: return "int";
    case DType::Int64: return "int64_t";
    case DType::UInt16: return "uint16_t";
    case DType::UInt32: return "uint32_t";
    case DType::UInt64: return "uint64_t";
    default: return dtype_cpp_name(t);
  }
}

}  // namespace

void check_fill_value(Scalar value, DType dtype) { check_value_fits(value, dtype, checked_type_name(dtype)); }

const Tensor& fill_(const Tensor& t, Scalar value) {
  check_fill_value(value, t.dtype());
  t.bump_version();
  backend_for(t.device()).fill(t, value);
  return t;
}

const Tensor& zero_(const Tensor& t) { return fill_(t, Scalar(int64_t{0})); }

Tensor scalar_to_tensor(Scalar value, Device device) {
  Tensor t = empty({}, TensorOptions(value.natural_dtype(), device));
  fill_(t, value);
  t.impl()->wrapped_number = true;
  return t;
}

Scalar element_at(const Tensor& t, int64_t i) {
  TP_ASSERT(t.device().is_cpu() && t.is_contiguous());
  if (t.dtype() == DType::ComplexFloat) {
    const float* p = static_cast<const float*>(t.data_ptr()) + 2 * i;
    return Scalar(std::complex<double>(p[0], t.is_conj() ? -p[1] : p[1]));
  }
  if (t.dtype() == DType::ComplexDouble) {
    const double* p = static_cast<const double*>(t.data_ptr()) + 2 * i;
    return Scalar(std::complex<double>(p[0], t.is_conj() ? -p[1] : p[1]));
  }
  return visit_any_dtype(t.dtype(), [&](auto tag) -> Scalar {
    using T = typename decltype(tag)::type;
    // A bool's byte may hold any value (torch.empty, a uint8 tensor viewed as bool): read it
    // as c10::load<bool> does, nonzero is True.
    if constexpr (std::is_same_v<T, bool>) return Scalar(static_cast<const uint8_t*>(t.data_ptr())[i] != 0);
    T v = t.data<T>()[i];
    if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>)
      return Scalar(static_cast<double>(static_cast<float>(v)));
    else if constexpr (std::is_floating_point_v<T>) return Scalar(static_cast<double>(v));
    else return Scalar(static_cast<int64_t>(v));
  });
}

Scalar item(const Tensor& t) {
  TP_CHECK(t.numel() == 1, RuntimeError, "a Tensor with ", t.numel(),
           " elements cannot be converted to Scalar");
  TP_CHECK(!t.device().is_meta(), RuntimeError, "Tensor.item() cannot be called on meta tensors");
  return element_at(host_contiguous(t), 0);
}

std::vector<int64_t> host_int64(const Tensor& t) {
  if (t.device().is_meta()) return {};
  Tensor host = contiguous(to(cast(t, DType::Int64), Device::cpu(), std::nullopt));
  const auto* p = static_cast<const int64_t*>(host.data_ptr());
  return std::vector<int64_t>(p, p + host.numel());
}

}  // namespace tp
