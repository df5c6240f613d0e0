# Names that stopped tutorial code from other authors (issue 28): resize_, torch.range,
# randint's overloads, torch.backends.cuda, matrix_power, svd, the in-place functional forms
# and the legacy tensor types.
import os
import warnings
import torch


def attempt(label, fn):
    try:
        print(label, "->", fn())
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)


def warned(label, fn):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        attempt(label, fn)
    for x in w:
        print("  ", x.category.__name__, x.message, os.path.basename(x.filename))


print("== resize_")
x = torch.arange(6.)
print(x.resize_(2, 3), x.shape, x.stride())
print(x.resize_(4), x.shape)
x.resize_((2, 2))
print(x, x.is_contiguous())
y = torch.arange(4)
print(y.resize_(0), y.shape)
z = torch.arange(12.).view(3, 4)[:, 1]
print(z.resize_(2), z.stride(), z.storage_offset())
w = torch.arange(6.)
print(w.resize_as_(torch.zeros(2, 2)).shape)
big = torch.arange(3)
big.resize_(2, 3)
print(big.shape, big.view(-1)[:3])
attempt("requires_grad", lambda: torch.ones(2, requires_grad=True).resize_(3))
attempt("negative", lambda: torch.ones(2).resize_(-1, 2))
attempt("bad arg", lambda: torch.ones(2).resize_("a"))

print("== range")
warned("range(0, 3)", lambda: torch.range(0, 3))
warned("range(1, 4, 0.5)", lambda: torch.range(1, 4, 0.5))
print(torch.range(0, 1, 0.1))
print(torch.range(5, 1, -2), torch.range(0, 3, dtype=torch.int64), torch.range(0.5, 2.5, dtype=torch.float64))
print(torch.range(0, 0), torch.range(-1.5, 1.5).dtype)
attempt("wrong sign", lambda: torch.range(0, 3, -1))
attempt("zero step", lambda: torch.range(0, 3, 0))
print(torch.range(0, 2, requires_grad=True))

print("== randint")
torch.manual_seed(0)
print(torch.randint(5, size=(3,)))
print(torch.randint(5, (2, 2), dtype=torch.float32))
print(torch.randint(3, 10, (4,)))
print(torch.randint(3, 10, size=(4,)))
print(torch.randint(high=5, size=(3,)))
print(torch.randint(low=2, high=5, size=(3,)))
print(torch.randint(2, high=5, size=(3,)))
print(torch.randint(10, (2,), dtype=torch.float64, requires_grad=False))
attempt("no size", lambda: torch.randint(5))

print("== backends.cuda")
bc = torch.backends.cuda
print(bc.flash_sdp_enabled(), bc.mem_efficient_sdp_enabled(), bc.math_sdp_enabled(), bc.cudnn_sdp_enabled())
bc.enable_flash_sdp(False)
bc.enable_mem_efficient_sdp(False)
print(bc.flash_sdp_enabled(), bc.mem_efficient_sdp_enabled(), bc.math_sdp_enabled())
bc.enable_flash_sdp(True)
bc.enable_mem_efficient_sdp(True)
print(bc.fp16_bf16_reduction_math_sdp_allowed())
print(bc.matmul.allow_tf32, bc.matmul.allow_fp16_reduced_precision_reduction, bc.matmul.allow_bf16_reduced_precision_reduction)
bc.matmul.allow_tf32 = True
print(bc.matmul.allow_tf32)
bc.matmul.allow_tf32 = False
attempt("unknown", lambda: bc.matmul.allow_tf33)
print(bc.preferred_linalg_library())
attempt("linalg lib", lambda: bc.preferred_linalg_library("lapack"))
q = torch.randn(1, 2, 3, 4)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    with bc.sdp_kernel(enable_flash=False, enable_math=True, enable_mem_efficient=False):
        print(torch.nn.functional.scaled_dot_product_attention(q, q, q).shape)
print([(c.category.__name__, str(c.message)) for c in caught])

print("== matrix_power, svd")
a = torch.tensor([[2., 1.], [0., 3.]])
print(a.matrix_power(3), torch.matrix_power(a, 0), a.matrix_power(-1))
print(torch.arange(4).view(2, 2).matrix_power(2))
attempt("non-square", lambda: torch.ones(2, 3).matrix_power(2))
m = torch.tensor([[3., 0.], [4., 5.]])
u, s, v = torch.svd(m)
print(s, (u @ torch.diag(s) @ v.T - m).abs().max() < 1e-5)
r = torch.svd(torch.tensor([[1., 2.], [3., 4.], [5., 6.]]))
print(type(r).__name__, r.U.shape, r.S, r.V.shape)
print(torch.svd(torch.tensor([[1., 2.], [3., 4.], [5., 6.]]), some=False).U.shape)
r = torch.svd(m, compute_uv=False)
print(r.S, r.U, r.V)
print(m.svd().S)

print("== in-place functional forms")
t = torch.tensor([0.5, 1.0, 2.0])
print(torch.sin_(t), t)
print(torch.exp_(torch.tensor([0., 1.])), torch.sqrt_(torch.tensor([4., 9.])), torch.tan_(torch.tensor([0.])))
print(torch.rsqrt_(torch.tensor([4.])), torch.abs_(torch.tensor([-1, 2])), torch.neg_(torch.tensor([1, -2])))
print(torch.clamp_(torch.tensor([-2., 0., 2.]), -1, 1), torch.clip_(torch.tensor([5.]), max=1))
print(torch.zero_(torch.ones(2)), torch.fill_(torch.ones(2), 7))
print(torch.tensor([1., -1.]).sign_(), torch.tensor([True, False]).logical_not_(), torch.tensor([1, 2]).bitwise_not_())
print(torch.tensor([0.5]).arcsin_(), torch.tensor([2.]).negative_())
attempt("int sin_", lambda: torch.sin_(torch.tensor([1, 2])))
attempt("not a tensor", lambda: torch.sin_(1.0))
u = torch.tensor([1., 2.], requires_grad=True)
attempt("leaf", lambda: torch.sin_(u))
v = u * 1
torch.cos_(v)
print(v.grad_fn.name())
v.sum().backward()
print(u.grad)

print("== legacy tensor types")
f = torch.ones(2, 2)
print(f.type(), f.long().type(), f.bool().type(), f.half().type(), f.double().type())
print(f.type(torch.DoubleTensor), f.type(torch.LongTensor).dtype, f.type("torch.IntTensor").dtype)
print(f.type(torch.FloatTensor) is f, f.type(torch.float64).dtype)
print(isinstance(f, torch.FloatTensor), isinstance(f, torch.cuda.FloatTensor), isinstance(f, torch.DoubleTensor))
print(torch.cuda.FloatTensor, torch.cuda.LongTensor, type(torch.FloatTensor), torch.FloatTensor.dtype)
print(torch.cuda.FloatTensor.is_cuda, torch.FloatTensor.is_cuda, torch.cuda.DoubleTensor.dtype)
attempt("type('x')", lambda: f.type("torch.Foo"))
attempt("type(3)", lambda: f.type(3))
print(torch.FloatTensor([1, 2]), torch.LongTensor(2).shape)
