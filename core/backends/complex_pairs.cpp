// The complex adapter (complex_pairs.h).
#include "core/backends/complex_pairs.h"


#include "core/error.h"

namespace tp {

Tensor pair_view(const Tensor& t) {
  TP_ASSERT(is_complex(t.dtype()));
  Shape sizes = t.sizes(), strides = t.strides();
  for (int64_t& s : strides) s *= 2;
  sizes.push_back(2);
  strides.push_back(1);
  Tensor out = t.as_strided(std::move(sizes), std::move(strides), 2 * t.storage_offset());
  out.impl()->dtype = real_dtype(t.dtype());
  out.impl()->conj = false;
  return out;
}

Tensor pair_component(const Tensor& pairs, int64_t which) {
  Shape sizes = pairs.sizes(), strides = pairs.strides();
  sizes.pop_back();
  strides.pop_back();
  return pairs.as_strided(std::move(sizes), std::move(strides), pairs.storage_offset() + which);
}

namespace {

// t with a trailing dim of 2 that repeats each element (an index or a condition that
// applies to both halves of a pair).
Tensor repeat_for_pairs(const Tensor& t) {
  Shape sizes = t.sizes(), strides = t.strides();
  sizes.push_back(2);
  strides.push_back(0);
  return t.as_strided(std::move(sizes), std::move(strides), t.storage_offset());
}

class ComplexPairs final : public Backend {
 public:
  explicit ComplexPairs(Backend& inner) : inner_(inner) {}

  void copy(const Tensor& src, const Tensor& dst) override {
    const bool from_complex = is_complex(src.dtype()), to_complex = is_complex(dst.dtype());
    if (!from_complex && !to_complex) return inner_.copy(src, dst);
    if (from_complex && to_complex) {
      const Tensor d = pair_view(dst);
      inner_.copy(pair_view(src), d);
      // Stored imaginary parts are negated where exactly one side carries the conjugate bit.
      if (src.is_conj() != dst.is_conj()) negate(pair_component(d, 1));
      return;
    }
    if (from_complex) {
      warn("Casting complex values to real discards the imaginary part (Triggered internally at "
           "/__w/pytorch/pytorch/aten/src/ATen/native/Copy.cpp:308.)");
      return inner_.copy(pair_component(pair_view(src), 0), dst);
    }
    const Tensor d = pair_view(dst);
    inner_.copy(src, pair_component(d, 0));
    inner_.fill(pair_component(d, 1), Scalar(0.0));
  }

  void fill(const Tensor& dst, Scalar value) override {
    if (!is_complex(dst.dtype())) return inner_.fill(dst, value);
    const Tensor d = pair_view(dst);
    inner_.fill(pair_component(d, 0), Scalar(value.to_double()));
    inner_.fill(pair_component(d, 1), Scalar(dst.is_conj() ? -value.imag() : value.imag()));
  }

  void unary(UnaryOp op, const Tensor& in, const Tensor& out, const UnaryArgs& args) override {
    refuse(in, unary_op_info(op).name);
    inner_.unary(op, in, out, args);
  }
  void binary(BinaryOp op, const Tensor& a, const Tensor& b, const Tensor& out) override {
    refuse(a, binary_op_info(op).name);
    inner_.binary(op, a, b, out);
  }
  void where(const Tensor& cond, const Tensor& a, const Tensor& b, const Tensor& out) override {
    if (!is_complex(out.dtype())) return inner_.where(cond, a, b, out);
    inner_.where(repeat_for_pairs(cond), pair_view(resolved(a)), pair_view(resolved(b)), pair_view(out));
  }
  void reduce(ReduceOp op, const Tensor& in, const Tensor& out, const Tensor& indices, int64_t correction,
              int64_t kept_columns) override {
    refuse(in, "reduce");
    inner_.reduce(op, in, out, indices, correction, kept_columns);
  }
  void scan(ScanOp op, const Tensor& in, const Tensor& out) override {
    refuse(in, "scan");
    inner_.scan(op, in, out);
  }
  void sort(const Tensor& in, const Tensor& values, const Tensor& indices, bool descending) override {
    refuse(in, "sort");
    inner_.sort(in, values, indices, descending);
  }
  void select(SelectOp op, const Tensor& in, int64_t k, const Tensor& values, const Tensor& indices) override {
    refuse(in, "select");
    inner_.select(op, in, k, values, indices);
  }
  void softmax(const Tensor& in, const Tensor& out, bool log) override {
    refuse(in, "softmax");
    inner_.softmax(in, out, log);
  }
  void layer_norm(const Tensor& x, const Tensor& weight, const Tensor& bias, double eps, const Tensor& y,
                  const Tensor& mean, const Tensor& rstd) override {
    refuse(x, "layer_norm");
    inner_.layer_norm(x, weight, bias, eps, y, mean, rstd);
  }
  void norm2_rows(const Tensor& x, const Tensor& out) override {
    refuse(x, "norm");
    inner_.norm2_rows(x, out);
  }
  void matmul(const Tensor& a, const Tensor& bm, const Tensor& out, bool accumulate, ProductKind kind) override {
    refuse(a, "addmm_impl_cpu_");
    inner_.matmul(a, bm, out, accumulate, kind);
  }
  void factorize(const MatrixJob& job) override {
    refuse(job.a, "linalg");
    inner_.factorize(job);
  }
  void index(const Tensor& src, const Tensor& out, const std::vector<Tensor>& indices, const Shape& indexed_sizes,
             const Shape& indexed_strides) override {
    if (!is_complex(out.dtype())) return inner_.index(src, out, indices, indexed_sizes, indexed_strides);
    inner_.index(pair_view(resolved_source(src, indexed_sizes, indexed_strides)), pair_view(out), pairs_of(indices),
                 indexed_sizes, doubled(indexed_strides));
  }
  void index_put(const Tensor& dst, const Tensor& values, const std::vector<Tensor>& indices,
                 const Shape& indexed_sizes, const Shape& indexed_strides, bool accumulate) override {
    if (!is_complex(dst.dtype())) {
      return inner_.index_put(dst, values, indices, indexed_sizes, indexed_strides, accumulate);
    }
    TP_CHECK(!dst.is_conj(), RuntimeError, "index_put_ into a conjugate view: call resolve_conj() first");
    inner_.index_put(pair_view(dst), pair_view(resolved(values)), pairs_of(indices), indexed_sizes,
                     doubled(indexed_strides), accumulate);
  }
  Tensor nonzero(const Tensor& in) override {
    refuse(in, "nonzero");
    return inner_.nonzero(in);
  }

 private:
  static void refuse(const Tensor& t, const char* kernel) {
    if (is_complex(t.dtype())) fail_not_implemented_for(kernel, t.dtype());
  }
  void negate(const Tensor& t) { inner_.unary(UnaryOp::Neg, t, t, UnaryArgs{}); }
  // t without a conjugate bit: its values written out.
  Tensor resolved(const Tensor& t) {
    if (!t.is_conj()) return t;
    Tensor out = empty(t.sizes(), TensorOptions(t.dtype(), t.device()));
    copy(t, out);
    return out;
  }
  // An index source without a conjugate bit. The kernel reaches the indexed elements through
  // indexed_strides (src itself has stride 0 there), so the whole span of storage it may read
  // (from src's offset on) is written out, laid out the same.
  Tensor resolved_source(const Tensor& src, const Shape& indexed_sizes, const Shape& indexed_strides) {
    if (!src.is_conj()) return src;
    int64_t extent = 1;
    auto reach = [&extent](const Shape& sizes, const Shape& strides) {
      for (size_t d = 0; d < sizes.size(); ++d) extent += sizes[d] > 0 ? (sizes[d] - 1) * strides[d] : 0;
    };
    reach(src.sizes(), src.strides());
    reach(indexed_sizes, indexed_strides);
    Tensor span = empty({extent}, TensorOptions(src.dtype(), src.device()));
    copy(src.as_strided({extent}, {1}, src.storage_offset()), span);
    return span.as_strided(src.sizes(), src.strides(), 0);
  }
  static std::vector<Tensor> pairs_of(const std::vector<Tensor>& indices) {
    std::vector<Tensor> out;
    for (const Tensor& i : indices) out.push_back(i.defined() ? repeat_for_pairs(i) : i);
    return out;
  }
  static Shape doubled(Shape strides) {
    for (int64_t& s : strides) s *= 2;
    return strides;
  }

  Backend& inner_;
};

}  // namespace

std::unique_ptr<Backend> complex_pairs(Backend& inner) { return std::make_unique<ComplexPairs>(inner); }

}  // namespace tp
