# Tensor methods learners' code meets that tensorplay lacked: the in-place comparisons and logical
# ops (x.eq_(y) writes 1 / 0 in x's dtype), remainder_/floor_divide_/atan2_/arctan2_/addmm_/
# renorm_, fill_diagonal_ (wrap), the in-place view ops (t_, squeeze_, unsqueeze_, transpose_,
# swapaxes_, swapdims_, as_strided_), is_nonzero / is_same_size / is_inference / is_shared /
# share_memory_, layout, output_nr, name, adjoint, storage / storage_type, the deprecated
# resize_as, hardshrink / prelu methods, and the removed torch.qr/cholesky/lstsq/solve/eig/symeig/
# matrix_rank with PyTorch's texts.
import warnings

import torch

warnings.simplefilter("always")


def attempt(label, fn):
    try:
        print(label, "->", fn())
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)


a = torch.tensor([1, 2, 3])
print(a.eq_(torch.tensor([1, 0, 3])), a)
f = torch.tensor([1.0, 2, 3])
print(f.lt_(2), f.clone().fill_(2).ge_(torch.tensor([1.0, 3, 2])), f.logical_and_(torch.tensor([1.0, 0, 1])))
b = torch.tensor([True, False])
print(b.logical_xor_(torch.tensor([True, True])), b.logical_or_(torch.tensor([False, True])))
for name in ("ne_", "le_", "gt_", "less_", "less_equal_", "greater_", "greater_equal_", "not_equal_"):
    print(name, getattr(torch.tensor([1.0, 2.0, 3.0]), name)(2.0))
print(torch.tensor([1, 2]).eq_(torch.tensor([1.5, 2.0])))
attempt("lt_ broadcast", lambda: torch.ones(2, 2).lt_(torch.ones(3, 2, 2)))
attempt("eq_ leaf", lambda: torch.ones(2, requires_grad=True).eq_(1))

print(torch.tensor([5.0, 7, -3]).remainder_(3), torch.tensor([5, 7, -3]).floor_divide_(2))
print(torch.tensor([1.0, 2]).atan2_(torch.tensor([1.0, 1])), torch.tensor([1.0, -2]).arctan2_(torch.tensor([-1.0, 1])))
attempt("atan2_ int", lambda: torch.ones(2, dtype=torch.long).atan2_(torch.ones(2)))
print(torch.zeros(2, 2).addmm_(torch.ones(2, 3), torch.ones(3, 2), beta=2, alpha=3))
print(torch.tensor([[3.0, 4], [0.3, 0.4]]).renorm_(2, 0, 1.0))
print(torch.zeros(3, 3).fill_diagonal_(5), torch.zeros(5, 3).fill_diagonal_(5, wrap=True))
print(torch.zeros(2, 2, 2).fill_diagonal_(1).nonzero(), torch.zeros(2, 4, dtype=torch.long).fill_diagonal_(7))
attempt("fill_diagonal_ 3-D", lambda: torch.zeros(2, 3, 4).fill_diagonal_(5))

z = torch.arange(6.0).reshape(2, 3)
view = z[0]
print(z.t_(), z.shape, z.stride(), z.is_contiguous(), z.data_ptr() == view.data_ptr())
print(torch.ones(1, 3).squeeze_(), torch.ones(2, 1, 1).squeeze_((1, 2)).shape, torch.ones(3).unsqueeze_(0).shape)
print(torch.ones(2, 3).transpose_(0, 1).shape, torch.ones(2, 3).swapaxes_(0, 1).shape, torch.ones(2, 3).swapdims_(0, 1).shape)
print(torch.arange(6.0).as_strided_((2, 2), (1, 2), 1))
attempt("t_ 3-D", lambda: torch.ones(2, 3, 4).t_())
attempt("squeeze_ dim", lambda: torch.ones(2, 3, 4).squeeze_(5))
attempt("t_ leaf", lambda: torch.ones(2, 3, requires_grad=True).t_())

print(torch.tensor([1.0]).is_nonzero(), torch.tensor([0]).is_nonzero(), torch.tensor(True).is_nonzero())
attempt("is_nonzero 2", lambda: torch.tensor([1, 2]).is_nonzero())
attempt("is_nonzero 0", lambda: torch.tensor([]).is_nonzero())
print(torch.ones(2).is_same_size(torch.ones(2)), torch.ones(2).is_same_size(torch.ones(2, 1)))
print(torch.ones(2).is_inference())
s = torch.ones(2)
print(s.is_shared(), s.share_memory_() is s, s.is_shared(), s[0:1].is_shared(), torch.ones(2).is_shared())
print(torch.ones(1).layout, torch.strided, type(torch.strided), torch.sparse_coo, torch.ones(1).name)
a, b, c = torch.ones(2, 3, requires_grad=True).unbind(1)
print(a.output_nr, b.output_nr, c.output_nr, torch.ones(2).output_nr, (torch.ones(2, requires_grad=True) * 2).output_nr)
print(torch.arange(6.0).reshape(2, 3).adjoint(), torch.ones(2, 3, 4).adjoint().shape)
attempt("adjoint 1-D", lambda: torch.ones(3).adjoint())
r = torch.arange(4.0).reshape(2, 2)[1]
st = r.storage()
print(st)
print(len(st), st.size(), st.dtype, st.device, st[3], st.tolist(), st.element_size(), st.nbytes(), type(st).__name__)
st[0] = 7
print(r, st.tolist(), r.storage_type(), torch.ones(1, dtype=torch.bool).storage_type())
print(torch.ones(2, 2).resize_as(torch.ones(4)))
attempt("resize_as numel", lambda: torch.ones(3).resize_as(torch.ones(4)))
print(torch.tensor([[0.2, -1.0], [0.7, 0.4]]).hardshrink(), torch.tensor([-1.0, 2]).prelu(torch.tensor([0.25])))
attempt("prelu float", lambda: torch.ones(2).prelu(0.1))

A = torch.eye(2)
for name in ("qr", "cholesky", "lstsq", "solve", "eig", "symeig"):
    attempt("torch." + name, lambda: getattr(torch, name)(A, A) if name in ("lstsq", "solve") else getattr(torch, name)(A))
    attempt("Tensor." + name, lambda: getattr(A, name)(A) if name in ("lstsq", "solve") else getattr(A, name)())
attempt("qr some=False", lambda: torch.qr(A, some=False))
attempt("matrix_rank", lambda: torch.matrix_rank(A))

x = torch.arange(6.0).reshape(2, 3)
print(x.is_sparse, x.is_sparse_csr, x.is_quantized, x.is_mkldnn, x.is_nested, x.is_xla, x.is_ipu, x.is_maia, x.is_mtia,
      x.is_vulkan, x.is_distributed(), x.const_data_ptr() == x.data_ptr())
print(x.dim_order(), x.t().dim_order(), torch.ones(2, 1, 3).dim_order(), torch.ones(2, 3, 4).permute(2, 0, 1).dim_order())
y = torch.zeros(1)
print(y.set_(x), y.shape, y.data_ptr() == x.data_ptr(), torch.zeros(2).set_())
print(x.resize(3, 2), x.unsafe_split_with_sizes([1, 1]), x.volatile)
attempt("reinforce", lambda: x.reinforce(1))
print(x.clone().map2_(torch.tensor([1.0, 2, 3]), x, lambda a, b, c: a + b * c))
attempt("map2_ dtype", lambda: x.map2_(x.double(), x, lambda a, b, c: a))
attempt("map2_ callable", lambda: x.map2_(x, x))
attempt("map2_ grad", lambda: torch.ones(2, requires_grad=True).map2_(torch.ones(2), torch.ones(2), lambda a, b, c: a))
