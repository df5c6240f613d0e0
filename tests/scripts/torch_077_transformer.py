# nn.TransformerEncoderLayer / TransformerEncoder / TransformerDecoderLayer / TransformerDecoder /
# nn.Transformer: reprs, parameter names and seeded initial weights, outputs in training mode
# (dropout drawn as PyTorch draws it) and in eval mode, masks, norm_first, activations, batch_first,
# gradients, PyTorch's warnings and error texts. Self-attention runs PyTorch's flash kernel (and,
# in eval mode, its fused fast path), which agree with the composed path to float32 rounding, so
# values are printed to 4 decimals.
import warnings
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)

layer = nn.TransformerEncoderLayer(d_model=8, nhead=2, dim_feedforward=16)
print(layer)
print([(n, tuple(p.shape)) for n, p in layer.named_parameters()])
print(layer.linear1.weight[0], layer.self_attn.in_proj_weight[0])
print(layer.activation is F.relu, layer.activation_relu_or_gelu, layer.norm_first)

src = torch.randn(5, 3, 8)
out = layer(src)  # training mode: dropout 0.1 everywhere
print(out.shape, out.grad_fn.name())
print(out[:, 0])
layer.eval()
print(layer(src)[:, 1])
with torch.no_grad():
    print(layer(src)[0])

# Masks: causal (detected or hinted), key padding; norm_first and gelu, batch_first.
mask = nn.Transformer.generate_square_subsequent_mask(5)
print(layer(src, src_mask=mask)[4])
print(torch.allclose(layer(src, src_mask=mask), layer(src, src_mask=mask, is_causal=True), atol=1e-6))
pad = torch.tensor([[False] * 5, [False, False, False, True, True], [False] * 4 + [True]])
print(layer(src, src_key_padding_mask=pad)[:, 1])

torch.manual_seed(1)
pre = nn.TransformerEncoderLayer(8, 4, 12, dropout=0.0, activation="gelu", norm_first=True, batch_first=True)
print(pre.activation is F.gelu, pre.activation_relu_or_gelu)
print(pre(src.transpose(0, 1))[0])
custom = nn.TransformerEncoderLayer(8, 2, 12, dropout=0.0, activation=torch.tanh)
print(custom.activation is torch.tanh, custom.activation_relu_or_gelu)
print(custom(src)[0, 0])
print(nn.TransformerEncoderLayer(8, 2, 12, activation=nn.GELU()).activation_relu_or_gelu)

# The encoder stack clones the layer (same initial weights) and warns why it will not use nested tensors.
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    enc = nn.TransformerEncoder(layer, num_layers=2, norm=nn.LayerNorm(8))
    nn.TransformerEncoder(pre, 1)
    nn.TransformerEncoder(nn.TransformerEncoderLayer(8, 2, batch_first=True), 1)
    nn.TransformerEncoder(nn.TransformerEncoderLayer(8, 1, batch_first=True), 1)
    nn.TransformerEncoder(nn.TransformerEncoderLayer(8, 2, batch_first=True, bias=False), 1)
    nn.TransformerEncoder(layer, 1, enable_nested_tensor=False)
print([(w.category.__name__, str(w.message)) for w in caught])
print(enc)
print(enc.num_layers, enc.use_nested_tensor, torch.equal(enc.layers[0].linear1.weight, enc.layers[1].linear1.weight),
      enc.layers[0].linear1.weight is enc.layers[1].linear1.weight)
print(len(enc.state_dict()), list(enc.state_dict())[:3])
enc.train()
torch.manual_seed(2)
print(enc(src)[2])
enc.eval()
print(enc(src, mask=mask)[1])

# In inference with batch-first padded input PyTorch packs nested tensors: padded positions are zero
# before the final norm.
torch.manual_seed(3)
bf_enc = nn.TransformerEncoder(nn.TransformerEncoderLayer(8, 2, 16, batch_first=True), 2)
bf_enc.eval()
xb = torch.randn(2, 4, 8)
bpad = torch.tensor([[False, False, True, True], [False, False, False, False]])
with torch.no_grad(), warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(bf_enc(xb, src_key_padding_mask=bpad)[0])
print([(w.category.__name__, str(w.message)) for w in caught])
print(bf_enc(xb, src_key_padding_mask=bpad)[0, 2:])
# Not with the fast path switched off, nor with padding that is not at the end.
print(torch.backends.mha.get_fastpath_enabled())
torch.backends.mha.set_fastpath_enabled(False)
with torch.no_grad():
    print(bf_enc(xb, src_key_padding_mask=bpad)[0, 2:])
torch.backends.mha.set_fastpath_enabled(True)
with torch.no_grad():
    print(bf_enc(xb, src_key_padding_mask=torch.tensor([[False, True, False, True], [False] * 4]))[0])

# batch_first hands dropout transposed views: PyTorch draws their noise in memory order.
y = torch.ones(3, 4)
torch.manual_seed(7)
a = F.dropout(y.t(), 0.5)
torch.manual_seed(7)
print(torch.equal(a, F.dropout(y, 0.5).t()), a)
torch.manual_seed(7)
a = F.dropout(torch.ones(2, 3, 4).permute(2, 0, 1), 0.5)
torch.manual_seed(7)
print(torch.equal(a, F.dropout(torch.ones(2, 3, 4), 0.5).permute(2, 0, 1)))
torch.manual_seed(7)
a = F.dropout(torch.ones(4, 6)[:, ::2], 0.5)
torch.manual_seed(7)
print(torch.equal(a, F.dropout(torch.ones(4, 3), 0.5)))
torch.manual_seed(8)
bf_train = nn.TransformerEncoder(nn.TransformerEncoderLayer(4, 2, 8, 0.2, batch_first=True, norm_first=True), 2,
                                 norm=nn.LayerNorm(4), enable_nested_tensor=False)
print(bf_train(torch.randn(2, 5, 4))[1])

# Decoder layer and stack.
torch.manual_seed(4)
dec_layer = nn.TransformerDecoderLayer(8, 2, 16, dropout=0.0)
print(dec_layer)
tgt, memory = torch.randn(4, 3, 8), torch.randn(5, 3, 8)
print(dec_layer(tgt, memory)[0])
tmask = nn.Transformer.generate_square_subsequent_mask(4)
print(dec_layer(tgt, memory, tgt_mask=tmask, memory_key_padding_mask=pad)[3])
dec = nn.TransformerDecoder(dec_layer, 2, norm=nn.LayerNorm(8))
print(dec(tgt, memory, tgt_mask=tmask)[1])
dec_pre = nn.TransformerDecoderLayer(8, 2, 16, dropout=0.0, norm_first=True, activation="gelu")
print(dec_pre(tgt, memory)[2])

# The whole model: xavier_uniform_ on every matrix, in parameter order.
torch.manual_seed(5)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    model = nn.Transformer(d_model=8, nhead=2, num_encoder_layers=2, num_decoder_layers=1, dim_feedforward=16,
                           dropout=0.0)
print([(w.category.__name__, str(w.message)) for w in caught])
print(model)
print(sum(p.numel() for p in model.parameters()), model.encoder.layers[1].linear2.weight[0])
print(model.decoder.layers[0].multihead_attn.in_proj_weight[-1])
s, t = torch.randn(6, 2, 8), torch.randn(3, 2, 8)
y = model(s, t, tgt_mask=model.generate_square_subsequent_mask(3))
print(y)
(y * torch.arange(8.0)).sum().backward()
print(model.encoder.layers[0].self_attn.out_proj.weight.grad[0])
print(model.decoder.layers[0].linear1.bias.grad[:4])
print(model.decoder.norm.weight.grad)
print(nn.Transformer.generate_square_subsequent_mask(3, dtype=torch.float64))

# Training a step: the loss goes down.
torch.manual_seed(6)
tiny = nn.TransformerEncoder(nn.TransformerEncoderLayer(4, 2, 8, dropout=0.0), 1, enable_nested_tensor=False)
opt = torch.optim.SGD(tiny.parameters(), lr=0.1)
xs, target = torch.randn(3, 2, 4), torch.randn(3, 2, 4)
losses = []
for _ in range(3):
    opt.zero_grad()
    loss = F.mse_loss(tiny(xs), target)
    loss.backward()
    opt.step()
    losses.append(round(loss.item(), 4))
print(losses)


def attempt(f):
    try:
        r = f()
        print("ok", tuple(r.shape))
    except Exception as e:
        print(type(e).__name__, e)


attempt(lambda: nn.TransformerEncoderLayer(10, 3))
attempt(lambda: nn.TransformerEncoderLayer(8, 2, activation="tanh"))
attempt(lambda: nn.TransformerDecoderLayer(8, 2, activation="swish"))
attempt(lambda: layer(torch.randn(5, 3, 6)))
attempt(lambda: layer(src, src_mask=torch.zeros(4, 4)))
attempt(lambda: layer(src, src_key_padding_mask=torch.zeros(3, 5, dtype=torch.int64)))
attempt(lambda: model(torch.randn(6, 2, 8), torch.randn(3, 3, 8)))
attempt(lambda: model(torch.randn(6, 2, 8), torch.randn(3, 2, 4)))
attempt(lambda: dec_layer(tgt, torch.randn(5, 2, 8)))
attempt(lambda: nn.Transformer(d_model=6, nhead=4))
