# F.scaled_dot_product_attention: bool and float masks, is_causal, scale, enable_gqa, dropout,
# unbatched and empty inputs, gradients and PyTorch's error texts. PyTorch's CPU build runs its
# flash kernel, tensorplay ATen's math formula: values agree to float32 rounding, so they are
# printed to 4 decimals and compared with the formula written out by hand.
import math
import torch
import torch.nn.functional as F

torch.manual_seed(0)


def by_hand(q, k, v, mask=None, scale=None):
    scores = q @ k.transpose(-2, -1) * (1 / math.sqrt(q.size(-1)) if scale is None else scale)
    if mask is not None:
        scores = scores.masked_fill(~mask, float("-inf")) if mask.dtype == torch.bool else scores + mask
    return torch.softmax(scores, dim=-1) @ v


def close(a, b):
    return torch.allclose(a, b, atol=1e-6, rtol=1e-5)


q, k, v = torch.randn(2, 3, 4, 8), torch.randn(2, 3, 5, 8), torch.randn(2, 3, 5, 6)
out = F.scaled_dot_product_attention(q, k, v)
print(out.shape, out.dtype, close(out, by_hand(q, k, v)))
print(out[0, 0])

causal = F.scaled_dot_product_attention(q, k, v, is_causal=True)
print(causal[1, 2])
print(close(causal, by_hand(q, k, v, torch.ones(4, 5, dtype=torch.bool).tril())))

bool_mask = torch.tensor([[True, True, False, False, True]]).expand(4, 5)
print(close(F.scaled_dot_product_attention(q, k, v, attn_mask=bool_mask), by_hand(q, k, v, bool_mask)))
float_mask = torch.randn(2, 1, 4, 5)
masked = F.scaled_dot_product_attention(q, k, v, attn_mask=float_mask)
print(masked[1, 0, :2], close(masked, by_hand(q, k, v, float_mask)))

print(F.scaled_dot_product_attention(q, k, v, scale=0.5)[0, 1, 0], close(
    F.scaled_dot_product_attention(q, k, v, scale=0.5), by_hand(q, k, v, scale=0.5)))
print(F.scaled_dot_product_attention(q, k, v, scale=0.0)[0, 0, 0])
print(F.scaled_dot_product_attention(q, k, v, scale=-0.3)[0, 0, 0])

# A fully masked row gives zeros, not NaN.
print(F.scaled_dot_product_attention(q, k, v, attn_mask=torch.zeros(4, 5, dtype=torch.bool))[0, 0, 0])

# 3-D and 2-D inputs, and keys with fewer heads (grouped-query attention).
print(F.scaled_dot_product_attention(q[0], k[0], v[0]).shape, F.scaled_dot_product_attention(q[0, 0], k[0, 0], v[0, 0]).shape)
qg = torch.randn(1, 4, 3, 8)
kg, vg = torch.randn(1, 2, 5, 8), torch.randn(1, 2, 5, 8)
gqa = F.scaled_dot_product_attention(qg, kg, vg, enable_gqa=True)
print(gqa.shape, close(gqa, by_hand(qg, kg.repeat_interleave(2, 1), vg.repeat_interleave(2, 1))))
print(F.scaled_dot_product_attention(torch.randn(2, 0, 3), torch.randn(2, 4, 3), torch.randn(2, 4, 3)).shape)
print(F.scaled_dot_product_attention(torch.randn(1, 2, 3), torch.randn(1, 0, 3), torch.randn(1, 0, 3)))
print(F.scaled_dot_product_attention(q.double(), k.double(), v.double()).dtype)

# Dropout draws its mask as F.dropout does; with p=1 everything is dropped.
print(F.scaled_dot_product_attention(q, k, v, dropout_p=1.0).abs().sum())
torch.manual_seed(3)
dropped = F.scaled_dot_product_attention(q, k, v, dropout_p=0.5)
print(dropped.shape, bool(torch.isfinite(dropped).all()))

# Gradients flow to query, key, value and a float mask.
qq, kk, vv = (t.clone().requires_grad_() for t in (q[:1, :1], k[:1, :1], v[:1, :1]))
m = torch.zeros(4, 5, requires_grad=True)
F.scaled_dot_product_attention(qq, kk, vv, attn_mask=m).pow(2).sum().backward()
print(qq.grad[0, 0, 0], kk.grad.shape, vv.grad[0, 0, :, 0], m.grad.shape)
qh, kh, vh = (t.detach().clone().requires_grad_() for t in (qq, kk, vv))
by_hand(qh, kh, vh).pow(2).sum().backward()
print(close(qq.grad, qh.grad), close(kk.grad, kh.grad), close(vv.grad, vh.grad))


def attempt(f):
    try:
        r = f()
        print("ok", tuple(r.shape))
    except Exception as e:
        print(type(e).__name__, e)


attempt(lambda: F.scaled_dot_product_attention(q, k, v, attn_mask=torch.ones(4, 5, dtype=torch.int64)))
attempt(lambda: F.scaled_dot_product_attention(q, k, v, attn_mask=torch.ones(4, 5, dtype=torch.float64)))
attempt(lambda: F.scaled_dot_product_attention(q, k, v, attn_mask=torch.ones(4, 5, dtype=torch.bool), is_causal=True))
attempt(lambda: F.scaled_dot_product_attention(q, k.double(), v))
attempt(lambda: F.scaled_dot_product_attention(q[0, 0, 0], k[0, 0, 0], v[0, 0, 0]))
attempt(lambda: F.scaled_dot_product_attention(q, k, v, attn_mask=torch.ones(3, 5, dtype=torch.bool)))
attempt(lambda: F.scaled_dot_product_attention(q, k[:, :2], v[:, :2]))
attempt(lambda: F.scaled_dot_product_attention(q, k[:, :2], v[:, :2], enable_gqa=True))
attempt(lambda: F.scaled_dot_product_attention(q, k, v, dropout_p=1.5))
attempt(lambda: F.scaled_dot_product_attention(q.long(), k.long(), v.long()))
