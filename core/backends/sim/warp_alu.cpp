// The warp interpreter's straight-line instructions, each over the active lanes of a block
// (warp_block.h): loads and stores, arithmetic and conversions, atomics, warp primitives.
#include "core/backends/sim/warp_block.h"

namespace tp::warp {

void BlockRun::simple(size_t pc, const std::vector<uint8_t>& m) {
  const WInstr& in = p_.code[pc];
  switch (in.op) {
    case WOp::LOAD: case WOp::STORE: case WOp::ATOMIC: {
      const WArray& arr = p_.arrays[in.a];
      std::vector<uintptr_t> addr(lanes_);
      const bool shared = arr.space == WSpace::Shared;
      const bool global = arr.space == WSpace::Global || arr.space == WSpace::Const;
      for (int l = 0; l < lanes_; ++l) {
        if (!m[l]) continue;
        unsigned char* ptr = address(arr, in, l);
        addr[l] = reinterpret_cast<uintptr_t>(ptr);
        if (shared) {
          addr[l] -= reinterpret_cast<uintptr_t>(shared_.data());
          if (in.op != WOp::ATOMIC) check_shared(arr, addr[l], l, in.op == WOp::STORE, in.line);
        }
        ThreadTrace& t = threads_[l];
        if (in.op == WOp::LOAD) {
          int64_t iv;
          double dv = load_elem(ptr, arr.elem, type(in.dst), iv);
          Val& d = reg(in.dst)[l];
          if (is_float(in.dst))
            d.f = type(in.dst) == WType::F32 ? static_cast<float>(dv) : dv;
          else
            d.i = type(in.dst) == WType::Bool ? iv != 0 : iv;
          (global ? t.global_reads : t.shared_reads) += global || shared;
        } else if (in.op == WOp::STORE) {
          store_elem(ptr, arr.elem, type(in.e), reg(in.e)[l]);
          (global ? t.global_writes : t.shared_writes) += global || shared;
          if (global && in.a == out_.output_array && t.output < 0)
            t.output = static_cast<int64_t>((addr[l] - arr.data) / elem_bytes(arr.elem));
        } else {
          atomic(in, arr, ptr, l);
          (global ? t.global_writes : t.shared_writes) += global || shared;
        }
      }
      memory_stats(pc, arr, addr, m, in.op != WOp::STORE);
      return;
    }
    case WOp::SHFL: case WOp::BALLOT: case WOp::ACTIVEMASK: case WOp::SYNCWARP:
      warp_op(in, m);
      account(pc, m, 1, 0);
      return;
    default:
      break;
  }
  account(pc, m, is_sfu(in.op) ? kSfuCycles : 1, 0);
  Val* d = in.dst >= 0 ? reg(in.dst) : nullptr;
  const Val* a = in.a >= 0 ? reg(in.a) : nullptr;
  const Val* b = in.b >= 0 ? reg(in.b) : nullptr;
  const WType dt = in.dst >= 0 ? type(in.dst) : WType::I64;
  const bool df = dt == WType::F32 || dt == WType::F64;
  const bool r32 = dt == WType::F32;
  auto fin = [r32](double v) { return r32 ? static_cast<double>(static_cast<float>(v)) : v; };
#define LANES for (int l = 0; l < lanes_; ++l) if (m[l])
#define FLOAT_OR_INT(fexpr, iexpr) \
if (df) { LANES d[l].f = fin(fexpr); } else { LANES d[l].i = (iexpr); }
#define MATH1(fn) LANES d[l].f = fin(fn(a[l].f)); break;
  switch (in.op) {
    case WOp::CONST:
      FLOAT_OR_INT(in.x, in.k);
      break;
    case WOp::MOV:
      LANES d[l] = a[l];
      break;
    case WOp::CVT: {
      const bool af = is_float(in.a);
      if (dt == WType::Bool) {
        LANES d[l].i = af ? a[l].f != 0 : a[l].i != 0;
      } else if (df) {
        LANES d[l].f = fin(af ? a[l].f : static_cast<double>(a[l].i));
      } else {
        LANES d[l].i = af ? to_i64(a[l].f) : a[l].i;
      }
      break;
    }
    case WOp::ADD: FLOAT_OR_INT(a[l].f + b[l].f, static_cast<int64_t>(static_cast<uint64_t>(a[l].i) + static_cast<uint64_t>(b[l].i))); break;
    case WOp::SUB: FLOAT_OR_INT(a[l].f - b[l].f, static_cast<int64_t>(static_cast<uint64_t>(a[l].i) - static_cast<uint64_t>(b[l].i))); break;
    case WOp::MUL: FLOAT_OR_INT(a[l].f * b[l].f, wrap_mul(a[l].i, b[l].i)); break;
    case WOp::DIV: case WOp::FLOORDIV: case WOp::MOD: case WOp::FMOD: {
      if (df) {
        for (int l = 0; l < lanes_; ++l) {
          if (!m[l]) continue;
          const double x = a[l].f, y = b[l].f;
          d[l].f = fin(in.op == WOp::DIV ? x / y : in.op == WOp::FLOORDIV ? std::floor(x / y)
                       : in.op == WOp::MOD ? pymodf(x, y) : std::fmod(x, y));
        }
      } else {
        for (int l = 0; l < lanes_; ++l) {
          if (!m[l]) continue;
          if (b[l].i == 0) zero_division(l, in.op);
          d[l].i = in.op == WOp::FLOORDIV ? floordiv(a[l].i, b[l].i) : in.op == WOp::MOD ? pymod(a[l].i, b[l].i)
                   : b[l].i == -1 ? 0 : a[l].i % b[l].i;
        }
      }
      break;
    }
    case WOp::POW:
      if (df) {
        LANES d[l].f = fin(std::pow(a[l].f, b[l].f));
      } else {
        LANES {
          int64_t r = 1, x = a[l].i;
          for (int64_t e = b[l].i; e > 0; e >>= 1, x = wrap_mul(x, x))
            if (e & 1) r = wrap_mul(r, x);
          d[l].i = r;
        }
      }
      break;
    case WOp::MIN: FLOAT_OR_INT(std::min(a[l].f, b[l].f), std::min(a[l].i, b[l].i)); break;
    case WOp::MAX: FLOAT_OR_INT(std::max(a[l].f, b[l].f), std::max(a[l].i, b[l].i)); break;
    case WOp::BAND: LANES d[l].i = a[l].i & b[l].i; break;
    case WOp::BOR: LANES d[l].i = a[l].i | b[l].i; break;
    case WOp::BXOR: LANES d[l].i = a[l].i ^ b[l].i; break;
    case WOp::SHL: LANES d[l].i = static_cast<int64_t>(static_cast<uint64_t>(a[l].i) << (b[l].i & 63)); break;
    case WOp::SHR: LANES d[l].i = a[l].i >> (b[l].i & 63); break;
    case WOp::ATAN2: LANES d[l].f = fin(std::atan2(a[l].f, b[l].f)); break;
    case WOp::HYPOT: LANES d[l].f = fin(std::hypot(a[l].f, b[l].f)); break;
    case WOp::COPYSIGN: LANES d[l].f = fin(std::copysign(a[l].f, b[l].f)); break;
    case WOp::LT: case WOp::LE: case WOp::GT: case WOp::GE: case WOp::EQ: case WOp::NE: {
      const bool f = is_float(in.a);
      for (int l = 0; l < lanes_; ++l) {
        if (!m[l]) continue;
        int c = f ? (a[l].f < b[l].f ? -1 : a[l].f > b[l].f ? 1 : a[l].f == b[l].f ? 0 : 2)
                  : (a[l].i < b[l].i ? -1 : a[l].i > b[l].i ? 1 : 0);
        bool r = c == 2 ? in.op == WOp::NE  // NaN compares unequal to everything
                        : in.op == WOp::LT ? c < 0 : in.op == WOp::LE ? c <= 0 : in.op == WOp::GT ? c > 0
                        : in.op == WOp::GE ? c >= 0 : in.op == WOp::EQ ? c == 0 : c != 0;
        d[l].i = r;
      }
      break;
    }
    case WOp::NEG: FLOAT_OR_INT(-a[l].f, wrap_neg(a[l].i)); break;
    case WOp::NOT: LANES d[l].i = a[l].i == 0; break;
    case WOp::INV: LANES d[l].i = ~a[l].i; break;
    case WOp::ABS: FLOAT_OR_INT(std::fabs(a[l].f), a[l].i < 0 ? wrap_neg(a[l].i) : a[l].i); break;
    case WOp::SQRT: MATH1(std::sqrt)
    case WOp::EXP: MATH1(std::exp)
    case WOp::EXPM1: MATH1(std::expm1)
    case WOp::LOG: MATH1(std::log)
    case WOp::LOG2: MATH1(std::log2)
    case WOp::LOG10: MATH1(std::log10)
    case WOp::LOG1P: MATH1(std::log1p)
    case WOp::SIN: MATH1(std::sin)
    case WOp::COS: MATH1(std::cos)
    case WOp::TAN: MATH1(std::tan)
    case WOp::ASIN: MATH1(std::asin)
    case WOp::ACOS: MATH1(std::acos)
    case WOp::ATAN: MATH1(std::atan)
    case WOp::SINH: MATH1(std::sinh)
    case WOp::COSH: MATH1(std::cosh)
    case WOp::TANH: MATH1(std::tanh)
    case WOp::ERF: MATH1(std::erf)
    case WOp::ERFC: MATH1(std::erfc)
    case WOp::FLOOR: case WOp::CEIL: case WOp::TRUNC: {
      // math.floor/ceil/trunc of a float give an int in Python (and in numba).
      const bool af = is_float(in.a);
      LANES {
        double v = af ? a[l].f : static_cast<double>(a[l].i);
        v = in.op == WOp::FLOOR ? std::floor(v) : in.op == WOp::CEIL ? std::ceil(v) : std::trunc(v);
        if (df) d[l].f = fin(v); else d[l].i = to_i64(v);
      }
      break;
    }
    case WOp::ISNAN: LANES d[l].i = std::isnan(a[l].f); break;
    case WOp::ISINF: LANES d[l].i = std::isinf(a[l].f); break;
    case WOp::SELECT: {
      const Val* c = reg(in.c);
      LANES d[l] = a[l].i ? b[l] : c[l];
      break;
    }
    case WOp::SPECIAL: {
      const KDim3 dims[4] = {{}, block_, cfg_.block, cfg_.grid};
      const int which = static_cast<int>(in.k);
      if (which == 12) {  // laneid
        LANES d[l].i = l % warp_;
      } else if (which == 13) {  // warpsize
        LANES d[l].i = warp_;
      } else {
        LANES {
          const KDim3 v = which < 3 ? tid_[l] : dims[which / 3];
          const int axis = which % 3;
          d[l].i = axis == 0 ? v.x : axis == 1 ? v.y : v.z;
        }
      }
      break;
    }
    case WOp::DIM: LANES d[l].i = p_.arrays[in.a].shape[in.k]; break;
    case WOp::FENCE: break;
    case WOp::PRINT: {
      const int args[6] = {in.a, in.b, in.c, in.d, in.e, in.f};
      LANES {
        WPrint rec;
        rec.pc = static_cast<int32_t>(pc);
        rec.block = block_;
        rec.thread = tid_[l];
        for (int k = 0; k < 6; ++k)
          if (args[k] >= 0) std::memcpy(&rec.raw[k], &reg(args[k])[l], sizeof(int64_t));
        out_.prints.push_back(rec);
      }
      break;
    }
    default:
      throw_internal(__FILE__, __LINE__, str_cat("warp interpreter: unexpected op ", static_cast<int>(in.op)));
  }
#undef LANES
#undef FLOAT_OR_INT
#undef MATH1
}

// Integer division by zero: undefined on a GPU (no trap); here an error naming the thread.
void BlockRun::zero_division(int lane, WOp op) {
  fail(ErrorKind::RuntimeError, "Simulated GPU: kernel '", p_.name, "', thread ", dim3_paren(tid_[lane]), " in block ",
       dim3_paren(block_), ": integer ", op == WOp::FLOORDIV ? "division" : "modulo", " by zero");
}

void BlockRun::atomic(const WInstr& in, const WArray& arr, unsigned char* ptr, int l) {
  const WType vt = type(in.e);
  const bool fl = arr.elem == WElem::F32 || arr.elem == WElem::F64;
  int64_t oi;
  double of = load_elem(ptr, arr.elem, vt, oi);
  const Val v = reg(in.e)[l];
  const double vf = vt == WType::F32 || vt == WType::F64 ? v.f : static_cast<double>(v.i);
  const int64_t vi = vt == WType::F32 || vt == WType::F64 ? to_i64(v.f) : v.i;
  Val nv{};
  WType nt = fl ? WType::F64 : WType::I64;
  switch (static_cast<AtomicKind>(in.k)) {
    case AtomicKind::Add: if (fl) nv.f = of + vf; else nv.i = static_cast<int64_t>(uint64_t(oi) + uint64_t(vi)); break;
    case AtomicKind::Sub: if (fl) nv.f = of - vf; else nv.i = static_cast<int64_t>(uint64_t(oi) - uint64_t(vi)); break;
    case AtomicKind::Max: if (fl) nv.f = std::max(of, vf); else nv.i = std::max(oi, vi); break;
    case AtomicKind::Min: if (fl) nv.f = std::min(of, vf); else nv.i = std::min(oi, vi); break;
    case AtomicKind::Exch: if (fl) nv.f = vf; else nv.i = vi; break;
    case AtomicKind::And: nv.i = oi & vi; break;
    case AtomicKind::Or: nv.i = oi | vi; break;
    case AtomicKind::Xor: nv.i = oi ^ vi; break;
    case AtomicKind::Inc: nv.i = oi >= vi ? 0 : oi + 1; break;
    case AtomicKind::Dec: nv.i = (oi == 0 || oi > vi) ? vi : oi - 1; break;
    case AtomicKind::Cas: {
      const Val cmp = reg(in.f)[l];
      const WType ct = type(in.f);
      const bool eq = fl ? of == (ct == WType::F32 || ct == WType::F64 ? cmp.f : static_cast<double>(cmp.i))
                         : oi == (ct == WType::F32 || ct == WType::F64 ? to_i64(cmp.f) : cmp.i);
      if (fl) nv.f = eq ? vf : of; else nv.i = eq ? vi : oi;
      break;
    }
  }
  store_elem(ptr, arr.elem, nt, nv);
  if (in.dst >= 0) {
    Val& d = reg(in.dst)[l];
    if (is_float(in.dst)) d.f = type(in.dst) == WType::F32 ? static_cast<float>(of) : of;
    else d.i = oi;
  }
}

// The warp-level primitives: a warp's lanes exchange values in lockstep.
void BlockRun::warp_op(const WInstr& in, const std::vector<uint8_t>& m) {
  Val* d = in.dst >= 0 ? reg(in.dst) : nullptr;
  for (int w = 0; w < warps_; ++w) {
    const int lo = w * warp_, hi = std::min(lanes_, lo + warp_);
    uint32_t active = 0;
    for (int l = lo; l < hi; ++l)
      if (m[l]) active |= 1u << (l - lo);
    if (!active) continue;
    if (in.op == WOp::ACTIVEMASK) {
      for (int l = lo; l < hi; ++l)
        if (m[l]) d[l].i = active;
    } else if (in.op == WOp::BALLOT) {
      const Val* a = reg(in.a);
      uint32_t bits = 0;
      for (int l = lo; l < hi; ++l)
        if (m[l] && a[l].i) bits |= 1u << (l - lo);
      for (int l = lo; l < hi; ++l)
        if (m[l]) d[l].i = bits;
    } else if (in.op == WOp::SHFL) {
      const Val* a = reg(in.a);
      const Val* b = reg(in.b);
      std::vector<Val> src(a + lo, a + hi);
      for (int l = lo; l < hi; ++l) {
        if (!m[l]) continue;
        const int lane = l - lo;
        const int width = in.c >= 0 ? static_cast<int>(reg(in.c)[l].i) : warp_;
        const int base = lane / width * width;
        int from = lane;
        const int64_t x = b[l].i;
        switch (in.k) {
          case 0: from = base + static_cast<int>(pymod(x, width)); break;
          case 1: from = lane - x >= base ? static_cast<int>(lane - x) : lane; break;
          case 2: from = lane + x < base + width ? static_cast<int>(lane + x) : lane; break;
          case 3: from = static_cast<int>(lane ^ x); if (from >= base + width) from = lane; break;
        }
        if (from < 0 || from >= hi - lo || !(active >> from & 1)) from = lane;  // an inactive source: undefined; keep own
        d[l] = src[from];
      }
    }
  }
}

}  // namespace tp::warp
