# Tensor.register_hook (order, replaced gradients, leaves and non-leaves, handles, errors) and
# packed sequences (pack_padded_sequence, pad_packed_sequence, pack_sequence) through RNN/LSTM/GRU.
import torch
import torch.nn as nn
from torch.nn.utils.rnn import (PackedSequence, pack_padded_sequence, pack_sequence, pad_packed_sequence,
                                pad_sequence, unpack_sequence, unpad_sequence)

print("== register_hook ==")
x = torch.tensor([1., 2., 3.], requires_grad=True)
h1 = x.register_hook(lambda g: print("leaf hook 1", g))
h2 = x.register_hook(lambda g: g * 2)
h3 = x.register_hook(lambda g: print("leaf hook 3", g))
y = x * 3
y.register_hook(lambda g: print("y hook", g) or g + 1)
y.retain_grad()
y.sum().backward()
print("x.grad", x.grad, "y.grad", y.grad)
print(type(h1).__name__)
h2.remove()
h2.remove()
x.grad = None
(x * 3).sum().backward()
print("after remove", x.grad)
h1.remove()
h3.remove()

# A hook on an intermediate that is gone by the time backward runs still fires.
a = torch.ones(2, requires_grad=True)
b = a * 2
b.register_hook(lambda g: print("b hook", g))
c = (b ** 2).sum()
del b
c.backward()
print("a.grad", a.grad)

# Hooks see the gradient torch.autograd.grad returns, and may replace it.
w = torch.tensor([1., 2.], requires_grad=True)
hw = w.register_hook(lambda g: g * 10)
print(torch.autograd.grad((w * w).sum(), w))
hw.remove()

# Saving intermediate gradients, the common tutorial pattern.
grads = {}
def save_grad(name):
    def hook(grad):
        grads[name] = grad
    return hook
torch.manual_seed(0)
lin = nn.Linear(3, 2)
inp = torch.randn(4, 3)
hidden = lin(inp)
hidden.register_hook(save_grad("hidden"))
hidden.relu().sum().backward()
print(grads["hidden"])
print(lin.weight.grad)

# Gradient clipping by hook on a parameter.
lin.zero_grad()
hp = lin.weight.register_hook(lambda g: g.clamp(-0.5, 0.5))
lin(inp).pow(2).sum().backward()
print(lin.weight.grad)
hp.remove()

for bad in (lambda g: 5, lambda g: g.double(), lambda g: g[:1]):
    t = torch.ones(2, requires_grad=True)
    t.register_hook(bad)
    try:
        (t * 1).sum().backward()
    except Exception as e:
        print(type(e).__name__, e)
def named_hook(g):
    return g.double()
t = torch.ones(2, requires_grad=True)
t.register_hook(named_hook)
try:
    (t * 1).sum().backward()
except Exception as e:
    print(type(e).__name__, e)
try:
    torch.ones(2).register_hook(print)
except Exception as e:
    print(type(e).__name__, e)

print("== packed sequences ==")
x = torch.arange(12.).reshape(3, 4, 1).requires_grad_()
p = pack_padded_sequence(x, [3, 2, 2, 1])
print(p)
print(isinstance(p, tuple), p._fields, type(p.batch_sizes), p.batch_sizes.dtype)
out, lengths = pad_packed_sequence(p)
print(out.squeeze(-1), out.grad_fn, lengths)
out, lengths = pad_packed_sequence(p, batch_first=True, padding_value=-1.0, total_length=5)
print(out.squeeze(-1), out.grad_fn, lengths)
out.sum().backward()
print(x.grad.squeeze(-1))
p = pack_padded_sequence(x, torch.tensor([1, 3, 2, 2]), enforce_sorted=False)
print(p)
out, lengths = pad_packed_sequence(p)
print(out.squeeze(-1), lengths)
seqs = [torch.tensor([1., 2., 3.]), torch.tensor([4., 5.]), torch.tensor([6.])]
ps = pack_sequence(seqs)
print(ps)
print(pack_sequence([seqs[2], seqs[0], seqs[1]], enforce_sorted=False))
print(unpack_sequence(ps))
padded = pad_sequence(seqs, batch_first=True)
print(unpad_sequence(padded, torch.tensor([3, 2, 1]), batch_first=True))
pb = pack_padded_sequence(padded, [3, 2, 1], batch_first=True)
print(pb.data, pb.batch_sizes)
for bad in ([1, 3, 2, 2], [3, 2], [3, 2, 2, 0]):
    try:
        pack_padded_sequence(x, bad)
    except Exception as e:
        print(type(e).__name__, e)
try:
    pad_packed_sequence(p, total_length=2)
except Exception as e:
    print(type(e).__name__, e)
try:
    PackedSequence(torch.ones(2), torch.ones(2, dtype=torch.long).to("meta"))
except Exception as e:
    print(type(e).__name__, e)

print("== recurrent layers on packed input ==")
torch.manual_seed(0)
batch = torch.randn(4, 3, 2)  # (T, B, features)
lengths = [4, 2, 3]
for cls, kwargs in ((nn.LSTM, {}), (nn.GRU, {}), (nn.RNN, {}), (nn.LSTM, {"num_layers": 2, "bidirectional": True}),
                    (nn.GRU, {"bidirectional": True}), (nn.LSTM, {"proj_size": 2, "hidden_size": 3})):
    torch.manual_seed(1)
    kw = {"hidden_size": 3, **kwargs}
    rnn = cls(2, **kw)
    packed = pack_padded_sequence(batch, lengths, enforce_sorted=False)
    out, state = rnn(packed)
    print(cls.__name__, kwargs, type(out).__name__, out.data.shape, out.data.grad_fn.name())
    print(out.data)
    padded_out, out_lengths = pad_packed_sequence(out)
    print(padded_out, out_lengths)
    if isinstance(state, tuple):
        print(state[0], state[1])
        loss = padded_out.sum() + state[0].sum() + state[1].sum()
    else:
        print(state)
        loss = padded_out.sum() + state.sum()
    loss.backward()
    # Rounded: the backward's float32 summation order may differ in the last digit.
    print(next(rnn.parameters()).grad.mul(1000).round().div(1000))

# batch_first with an initial state, sorted lengths.
torch.manual_seed(2)
gru = nn.GRU(2, 3, batch_first=True)
h0 = torch.randn(1, 3, 3)
packed = pack_padded_sequence(batch.transpose(0, 1), [4, 3, 2], batch_first=True)
out, h_n = gru(packed, h0)
print(out.batch_sizes, h_n)
print(pad_packed_sequence(out, batch_first=True)[0])
try:
    gru(packed, torch.zeros(1, 2, 3))
except Exception as e:
    print(type(e).__name__, e)
