# Attention and transformers on the simulated GPU give the CPU's results: forward outputs bit for
# bit (scaled_dot_product_attention, MultiheadAttention with masks, a TransformerEncoder, eval mode);
# gradients and optimizer steps to float32 rounding (softmax, linear and layer_norm backward and
# mean over a middle dim sum in another order on the simulated GPU today). Expected output is
# tensorplay's own: every line compares the two devices.
import copy
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


def same(a, b):
    return torch.equal(a, b.cpu())


def close(a, b):
    return torch.allclose(a, b.cpu(), rtol=1e-4, atol=1e-5)


q, k, v = torch.randn(2, 3, 4, 8), torch.randn(2, 3, 5, 8), torch.randn(2, 3, 5, 8)
mask = torch.rand(4, 5) > 0.3
for kw in ({}, {"is_causal": True}, {"attn_mask": mask}, {"attn_mask": torch.randn(2, 1, 4, 5)}, {"scale": 0.3}):
    gpu_kw = {key: (val.cuda() if isinstance(val, torch.Tensor) else val) for key, val in kw.items()}
    out = F.scaled_dot_product_attention(q, k, v, **kw)
    out_gpu = F.scaled_dot_product_attention(q.cuda(), k.cuda(), v.cuda(), **gpu_kw)
    print("sdpa", sorted(kw), out_gpu.device, same(out, out_gpu))

mha = nn.MultiheadAttention(8, 2, batch_first=True)
mha_gpu = copy.deepcopy(mha).cuda()
x = torch.randn(3, 4, 8)
pad = torch.tensor([[False, False, True, True], [False] * 4, [False, False, False, True]])
causal = nn.Transformer.generate_square_subsequent_mask(4)
for kw in ({}, {"key_padding_mask": pad}, {"attn_mask": causal}, {"need_weights": False, "attn_mask": causal}):
    gpu_kw = {key: (val.cuda() if isinstance(val, torch.Tensor) else val) for key, val in kw.items()}
    o, w = mha(x, x, x, **kw)
    xg = x.cuda()  # one tensor for query, key and value, as on the CPU: self-attention's packed projection
    o_gpu, w_gpu = mha_gpu(xg, xg, xg, **gpu_kw)
    print("mha", sorted(kw), same(o, o_gpu), w is None and w_gpu is None or same(w, w_gpu))

torch.manual_seed(1)
enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0), 2, enable_nested_tensor=False)
enc_gpu = copy.deepcopy(enc).cuda()
src = torch.randn(5, 3, 8, requires_grad=True)
src_gpu = src.detach().cuda().requires_grad_()
out, out_gpu = enc(src, mask=causal.new_zeros(5, 5)), enc_gpu(src_gpu, mask=torch.zeros(5, 5, device="cuda"))
print("encoder", out_gpu.device, out_gpu.grad_fn.name(), same(out, out_gpu))
weights = torch.arange(8.0)
(out * weights).sum().backward()
(out_gpu * weights.cuda()).sum().backward()
print("encoder grads", close(src.grad, src_gpu.grad),
      all(close(p.grad, pg.grad) for p, pg in zip(enc.parameters(), enc_gpu.parameters())))
enc.eval()
enc_gpu.eval()
with torch.no_grad():
    print("encoder eval", same(enc(src), enc_gpu(src_gpu)))

torch.manual_seed(2)
model = nn.Transformer(8, 2, 1, 1, 16, dropout=0.0, batch_first=True)
model_gpu = copy.deepcopy(model).cuda()
# SGD, not Adam: Adam would scale the key bias's ~1e-10 gradient noise up to full steps.
opt = torch.optim.SGD(model.parameters(), lr=0.1)
opt_gpu = torch.optim.SGD(model_gpu.parameters(), lr=0.1)
s, t, target = torch.randn(2, 6, 8), torch.randn(2, 3, 8), torch.randn(2, 3, 8)
tmask = model.generate_square_subsequent_mask(3)
for step in range(2):
    for m, o, dev in ((model, opt, "cpu"), (model_gpu, opt_gpu, "cuda")):
        o.zero_grad()
        loss = F.mse_loss(m(s.to(dev), t.to(dev), tgt_mask=tmask.to(dev)), target.to(dev))
        loss.backward()
        o.step()
        if dev == "cpu":
            cpu_loss = loss
    print("transformer step", step, close(cpu_loss, loss),
          all(close(p, pg) for p, pg in zip(model.parameters(), model_gpu.parameters())))
