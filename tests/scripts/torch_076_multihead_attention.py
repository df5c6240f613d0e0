# nn.MultiheadAttention / F.multi_head_attention_forward: repr, parameters and their seeded
# initial values, outputs and averaged or per-head attention weights (need_weights: baddbmm,
# softmax, bmm as PyTorch's Python path), masks, batch_first, kdim/vdim, bias_kv, zero_attn,
# gradients and error texts. Without weights PyTorch runs its flash kernel: 4 decimals shown.
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)

mha = nn.MultiheadAttention(8, 2)
print(mha)
print([(n, tuple(p.shape)) for n, p in mha.named_parameters()])
print(list(mha.state_dict().keys()))
print(mha.in_proj_weight[:2], mha.in_proj_bias.abs().sum(), mha.out_proj.bias.abs().sum())
print(mha.out_proj.weight[0])
print(mha.head_dim, mha.batch_first, mha._qkv_same_embed_dim, mha.bias_k, mha.dropout)

x = torch.randn(4, 3, 8)  # (seq, batch, embed)
out, w = mha(x, x, x)
print(out.shape, w.shape)
print(out[:, 0])
print(w[0])
print(out.grad_fn.name(), w.grad_fn.name())
out2, w2 = mha(x, x, x, average_attn_weights=False)
print(w2.shape, torch.equal(w2.mean(1), w))
out3, none = mha(x, x, x, need_weights=False)
print(none, torch.allclose(out3, out, atol=1e-6))

# Masks: a causal float mask, a bool mask, key padding, both together.
causal = nn.Transformer.generate_square_subsequent_mask(4)
print(causal)
_, wc = mha(x, x, x, attn_mask=causal)
print(wc[1])
_, wb = mha(x, x, x, attn_mask=torch.ones(4, 4, dtype=torch.bool).triu(1))
print(torch.equal(wb, wc))
pad = torch.tensor([[False, False, False, True], [False, False, True, True], [False, False, False, False]])
outp, wp = mha(x, x, x, key_padding_mask=pad)
print(wp[1])
_, wpc = mha(x, x, x, key_padding_mask=pad, attn_mask=torch.ones(4, 4, dtype=torch.bool).triu(1))
print(wpc[0])
outc, _ = mha(x, x, x, attn_mask=causal, is_causal=True, need_weights=False)
print(torch.allclose(outc, mha(x, x, x, attn_mask=causal)[0], atol=1e-6))
mask3 = torch.zeros(3 * 2, 4, 4)
mask3[:, :, 0] = float("-inf")
print(mha(x, x, x, attn_mask=mask3)[1][2])

# batch_first, cross-attention and an unbatched input.
torch.manual_seed(1)
bf = nn.MultiheadAttention(6, 3, batch_first=True)
q, kv = torch.randn(2, 3, 6), torch.randn(2, 5, 6)
o, w = bf(q, kv, kv)
print(o.shape, w.shape)
print(o[1])
o1, w1 = bf(q[0], kv[0], kv[0])
print(o1.shape, w1.shape, torch.allclose(o1, o[0], atol=1e-6))

# Different key/value sizes: separate projection weights.
torch.manual_seed(2)
sep = nn.MultiheadAttention(4, 2, kdim=3, vdim=5, bias=False)
print(sep, [(n, tuple(p.shape)) for n, p in sep.named_parameters()])
o, w = sep(torch.randn(2, 1, 4), torch.randn(3, 1, 3), torch.randn(3, 1, 5))
print(o, w)

# bias_k/bias_v and a zero attention column.
torch.manual_seed(3)
extra = nn.MultiheadAttention(4, 1, add_bias_kv=True, add_zero_attn=True)
print(extra.bias_k, extra.bias_v.shape)
y = torch.randn(2, 1, 4)
o, w = extra(y, y, y, key_padding_mask=torch.tensor([[False, True]]))
print(o, w)

# Functional form with the module's parameters gives the same result.
o_f, w_f = F.multi_head_attention_forward(x, x, x, 8, 2, mha.in_proj_weight, mha.in_proj_bias, None, None, False,
                                          0.0, mha.out_proj.weight, mha.out_proj.bias, training=False)
print(torch.equal(o_f, mha(x, x, x)[0]), torch.equal(w_f, mha(x, x, x)[1]))

# Dropout on the attention weights in training mode, none in eval mode.
torch.manual_seed(4)
drop = nn.MultiheadAttention(4, 2, dropout=0.5)
z = torch.randn(3, 2, 4)
torch.manual_seed(5)
print(drop(z, z, z)[1][0])
drop.eval()
print(drop(z, z, z)[1][0])

# Gradients of a small model.
torch.manual_seed(6)
m = nn.MultiheadAttention(4, 2)
inp = torch.randn(3, 2, 4, requires_grad=True)
o, w = m(inp, inp, inp)
(o.sum() + w.pow(2).sum()).backward()
print(inp.grad[0])
print(m.in_proj_weight.grad[:3])
print(m.in_proj_bias.grad[:4], m.in_proj_bias.grad[8:])  # the key bias has no effect: its grad is ~0
print(m.out_proj.weight.grad[0], m.out_proj.bias.grad)


def attempt(f):
    try:
        r = f()
        print("ok", r)
    except Exception as e:
        print(type(e).__name__, e)


attempt(lambda: nn.MultiheadAttention(10, 3))
attempt(lambda: nn.MultiheadAttention(0, 2))
attempt(lambda: nn.MultiheadAttention(8, -1))
attempt(lambda: mha(torch.randn(4, 3, 6), torch.randn(4, 3, 6), torch.randn(4, 3, 6)))
attempt(lambda: mha(x, x[:, :2], x))
attempt(lambda: mha(x, x, x, attn_mask=torch.zeros(4, 5)))
attempt(lambda: mha(x, x, x, attn_mask=torch.zeros(5, 4, 4)))
attempt(lambda: mha(x, x, x, attn_mask=torch.zeros(1, 1, 4, 4)))
attempt(lambda: mha(x, x, x, attn_mask=torch.zeros(4, 4, dtype=torch.int64)))
attempt(lambda: mha(x, x, x, key_padding_mask=torch.zeros(3, 4, dtype=torch.int32)))
attempt(lambda: mha(x, x, x, key_padding_mask=torch.zeros(2, 4, dtype=torch.bool)))
attempt(lambda: mha(x, x, x, key_padding_mask=torch.zeros(3, 5, dtype=torch.bool)))
attempt(lambda: mha(x, x, x, key_padding_mask=torch.zeros(3, dtype=torch.bool)))
attempt(lambda: mha(x, x, x, is_causal=True))
attempt(lambda: mha(x[0, 0], x[0, 0], x[0, 0]))
attempt(lambda: mha(x, x[0], x[0]))
attempt(lambda: mha(x[:, 0], x[:, 0], x[:, 0], attn_mask=torch.zeros(3, 4, 4)))

import warnings  # noqa: E402

with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    mha(x, x, x, key_padding_mask=torch.zeros(3, 4), attn_mask=torch.zeros(4, 4, dtype=torch.bool))
print([(w.category.__name__, str(w.message)) for w in caught])
