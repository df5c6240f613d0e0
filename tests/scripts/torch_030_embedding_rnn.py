# nn.Embedding and the recurrent layers (RNN, LSTM, GRU and their cells): seeded parameters,
# reprs, output shapes and values, grad_fn names, gradients, and the errors of bad inputs.
import warnings

import torch
import torch.nn as nn
import torch.nn.functional as F


def attempt(label, fn):
    try:
        result = fn()
        print(label, "->", result)
    except Exception as e:  # noqa: BLE001
        print(label, "->", type(e).__name__ + ":", e)


def shapes(t):
    if isinstance(t, tuple):
        return tuple(shapes(x) for x in t)
    return tuple(t.shape)


def fn_name(t):
    return type(t.grad_fn).__name__ if t.grad_fn is not None else None


# ---- Embedding ----
torch.manual_seed(0)
emb = nn.Embedding(10, 3)
print(emb, emb.weight.shape, emb.weight.requires_grad)
print(emb.weight)
idx = torch.tensor([[1, 2, 4, 5], [4, 3, 2, 9]])
out = emb(idx)
print(out.shape, fn_name(out))
print(out)
print(emb(torch.tensor(3)), emb(torch.tensor([7], dtype=torch.int32)))
print(emb(torch.tensor([], dtype=torch.long)).shape)
out.sum().backward()
print(emb.weight.grad)

torch.manual_seed(1)
emb = nn.Embedding(6, 2, padding_idx=-2)
print(emb, emb.padding_idx)
print(emb.weight)
y = emb(torch.tensor([4, 1, 4, 0]))
(y * torch.arange(1.0, 9.0).view(4, 2)).sum().backward()
print(emb.weight.grad)

emb = nn.Embedding(5, 2, scale_grad_by_freq=True)
emb(torch.tensor([[0, 2, 0], [2, 2, 1]])).sum().backward()
print(emb, emb.weight.grad)

w = torch.tensor([[1.0, 2.3, 3.0], [4.0, 5.1, 6.3]])
pre = nn.Embedding.from_pretrained(w)
print(pre, pre.weight.requires_grad, pre(torch.tensor([1])))
pre = nn.Embedding.from_pretrained(w, freeze=False, padding_idx=0)
print(pre, pre.weight.requires_grad)
print(F.embedding(torch.tensor([[0, 1], [1, 1]]), w))

torch.manual_seed(2)
emb = nn.Embedding(4, 3, max_norm=1.0)
print(emb)
print(emb(torch.tensor([1, 3, 1])))
print(emb.weight)

print(nn.Embedding(10, 3, norm_type=1.0, scale_grad_by_freq=True, sparse=True))
emb = nn.Embedding(10, 3)
attempt("index 10", lambda: emb(torch.tensor([10])))
attempt("index -1", lambda: emb(torch.tensor([2, -1])))
attempt("float indices", lambda: emb(torch.tensor([1.0])))
attempt("uint8 indices", lambda: emb(torch.tensor([1], dtype=torch.uint8)))
attempt("padding_idx 10", lambda: nn.Embedding(10, 3, padding_idx=10))
attempt("padding_idx -11", lambda: nn.Embedding(10, 3, padding_idx=-11))
attempt("from_pretrained 1-D", lambda: nn.Embedding.from_pretrained(torch.zeros(3)))
attempt("F.embedding 1-D weight", lambda: F.embedding(torch.tensor([1]), torch.zeros(3)))

# ---- RNN, LSTM, GRU: parameters ----
torch.manual_seed(0)
lstm = nn.LSTM(3, 4, num_layers=2, bidirectional=True)
print(lstm)
for name, p in lstm.named_parameters():
    print(name, tuple(p.shape))
print(lstm.weight_hh_l1_reverse)
print(lstm.bias_ih_l0)
print([len(ws) for ws in lstm.all_weights])
print(nn.GRU(5, 2, bias=False, batch_first=True), [n for n, _ in nn.GRU(5, 2, bias=False).named_parameters()])
print(nn.RNN(3, 4, 2, "relu", dropout=0.25), nn.RNN(3, 4, nonlinearity="relu").nonlinearity)
print(nn.LSTM(3, 4, proj_size=2), [(n, tuple(p.shape)) for n, p in nn.LSTM(3, 4, proj_size=2).named_parameters()])

# ---- forward: values, shapes, grad_fn names ----
torch.manual_seed(0)
x = torch.randn(5, 2, 3)
for cls in (nn.RNN, nn.LSTM, nn.GRU):
    for kw in ({}, {"batch_first": True}, {"num_layers": 2}, {"bidirectional": True},
               {"num_layers": 2, "bidirectional": True, "batch_first": True}):
        torch.manual_seed(1)
        m = cls(3, 4, **kw)
        out, h = m(x)
        hs = h if isinstance(h, tuple) else (h,)
        print(cls.__name__, kw, shapes(out), [shapes(t) for t in hs], fn_name(out), [fn_name(t) for t in hs])
        print(out[-1])
        print(hs[-1][0])
        out, h = m(x[:, 0])
        hs = h if isinstance(h, tuple) else (h,)
        print("  unbatched", shapes(out), [shapes(t) for t in hs], fn_name(out), [fn_name(t) for t in hs])

torch.manual_seed(3)
lstm = nn.LSTM(3, 3)
inputs = [torch.randn(1, 3) for _ in range(5)]
hidden = (torch.randn(1, 1, 3), torch.randn(1, 1, 3))
for i in inputs:
    out, hidden = lstm(i.view(1, 1, -1), hidden)
print(out, hidden)
out, hidden = lstm(torch.cat(inputs).view(len(inputs), 1, -1), hidden)
print(out)
print(hidden)

# given h0 (and c0), with gradients to them and to the weights
torch.manual_seed(4)
gru = nn.GRU(3, 2, num_layers=2)
h0 = torch.randn(2, 4, 2, requires_grad=True)
xs = torch.randn(6, 4, 3, requires_grad=True)
out, hn = gru(xs, h0)
(out.pow(2).sum() + hn.sum()).backward()
print(h0.grad)
print(xs.grad[0])
print(gru.weight_hh_l1.grad)
print(gru.bias_ih_l0.grad)

torch.manual_seed(5)
lstm = nn.LSTM(2, 3, batch_first=True, bidirectional=True)
h0, c0 = torch.zeros(2, 2, 3, requires_grad=True), torch.randn(2, 2, 3)
out, (hn, cn) = lstm(torch.randn(2, 4, 2), (h0, c0))
out[:, -1].sum().backward()
print(h0.grad)
print(lstm.weight_ih_l0_reverse.grad)

# dropout between layers draws as PyTorch's does; eval() turns it off
torch.manual_seed(6)
rnn = nn.RNN(2, 3, num_layers=3, dropout=0.5)
x = torch.randn(4, 1, 2)
print(rnn(x)[0][:, 0])
rnn.eval()
print(rnn(x)[0][:, 0])

# float64, and no_grad
torch.manual_seed(7)
lstm = nn.LSTM(2, 3).double()
out, (hn, cn) = lstm(torch.randn(3, 1, 2, dtype=torch.double))
print(out.dtype, fn_name(out), fn_name(hn), out[-1])
with torch.no_grad():
    out, (hn, cn) = nn.LSTM(2, 3)(torch.randn(3, 1, 2))
print(out.requires_grad, out.grad_fn, hn.grad_fn)

# projections (PyTorch warns once that oneDNN cannot run them)
torch.manual_seed(8)
lstm = nn.LSTM(3, 4, proj_size=2, num_layers=2)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    out, (hn, cn) = lstm(torch.randn(5, 2, 3))
    lstm(torch.randn(1, 1, 3))
print([str(w.message).split(" (Triggered")[0] for w in caught])
print(shapes(out), shapes(hn), shapes(cn), fn_name(out))
print(out[-1], hn[-1], cn[-1])

# ---- cells ----
torch.manual_seed(0)
for cell in (nn.LSTMCell(3, 4), nn.GRUCell(3, 4), nn.RNNCell(3, 4), nn.RNNCell(3, 4, nonlinearity="relu"),
             nn.RNNCell(3, 4, bias=False)):
    x = torch.randn(2, 3)
    r = cell(x)
    rs = r if isinstance(r, tuple) else (r,)
    print(cell, [n for n, _ in cell.named_parameters()], [fn_name(t) for t in rs])
    print(rs[0])
    r = cell(x[0])
    print("  unbatched", shapes(r))

torch.manual_seed(9)
cell = nn.LSTMCell(2, 3)
h, c = torch.zeros(4, 3), torch.zeros(4, 3)
xs = torch.randn(5, 4, 2)
for t in range(5):
    h, c = cell(xs[t], (h, c))
h.sum().backward()
print(h, c)
print(cell.weight_ih.grad)
gcell = nn.GRUCell(2, 3)
h = torch.randn(4, 3)
for t in range(5):
    h = gcell(xs[t], h)
h.sum().backward()
print(h)
print(gcell.bias_hh.grad)

# ---- errors ----
lstm = nn.LSTM(28, 16, 2)
attempt("input size", lambda: lstm(torch.randn(5, 3, 10)))
attempt("4-D input", lambda: lstm(torch.randn(5, 3, 28, 1)))
attempt("1-D input", lambda: lstm(torch.randn(28)))
attempt("h0 layers", lambda: lstm(torch.randn(5, 3, 28), (torch.zeros(1, 3, 16), torch.zeros(2, 3, 16))))
attempt("c0 batch", lambda: lstm(torch.randn(5, 3, 28), (torch.zeros(2, 3, 16), torch.zeros(2, 4, 16))))
attempt("2-D h0", lambda: lstm(torch.randn(5, 3, 28), (torch.zeros(3, 16), torch.zeros(2, 3, 16))))
attempt("unbatched 3-D h0", lambda: lstm(torch.randn(5, 28), (torch.zeros(2, 1, 16), torch.zeros(2, 16))))
attempt("float64 input", lambda: lstm(torch.randn(5, 3, 28).double()))
attempt("empty sequence", lambda: lstm(torch.randn(0, 3, 28)))
gru = nn.GRU(28, 16)
attempt("GRU input size", lambda: gru(torch.randn(5, 3, 10)))
attempt("GRU h0 layers", lambda: gru(torch.randn(5, 3, 28), torch.zeros(2, 3, 16)))
attempt("GRU 2-D h0", lambda: gru(torch.randn(5, 3, 28), torch.zeros(3, 16)))
attempt("GRU unbatched 3-D h0", lambda: gru(torch.randn(5, 28), torch.zeros(1, 3, 16)))
attempt("RNN 4-D", lambda: nn.RNN(2, 2)(torch.randn(1, 1, 1, 2)))
attempt("sigmoid RNN", lambda: nn.RNN(3, 4, nonlinearity="sigmoid"))
attempt("GRU proj_size", lambda: nn.GRU(3, 4, proj_size=2))
attempt("proj_size too big", lambda: nn.LSTM(3, 4, proj_size=4))
attempt("dropout 1.5", lambda: nn.LSTM(3, 4, dropout=1.5))
attempt("hidden 0", lambda: nn.LSTM(3, 0))
attempt("float input_size", lambda: nn.LSTM(3.0, 4))
attempt("bias int", lambda: nn.GRU(3, 4, bias=1))
cell = nn.LSTMCell(28, 16)
attempt("cell input size", lambda: cell(torch.randn(3, 10)))
attempt("cell h size", lambda: cell(torch.randn(3, 28), (torch.zeros(3, 15), torch.zeros(3, 16))))
attempt("cell h batch", lambda: cell(torch.randn(3, 28), (torch.zeros(4, 16), torch.zeros(3, 16))))
attempt("cell c size", lambda: cell(torch.randn(3, 28), (torch.zeros(3, 16), torch.zeros(3, 15))))
attempt("cell 3-D", lambda: cell(torch.randn(2, 3, 28)))
attempt("cell 3-D hx", lambda: cell(torch.randn(3, 28), (torch.zeros(1, 3, 16), torch.zeros(3, 16))))
gcell = nn.GRUCell(28, 16)
attempt("GRUCell input size", lambda: gcell(torch.randn(3, 10)))
attempt("GRUCell h size", lambda: gcell(torch.randn(3, 28), torch.zeros(3, 15)))
attempt("GRUCell 3-D h", lambda: gcell(torch.randn(3, 28), torch.zeros(2, 3, 15)))
attempt("RNNCell input size", lambda: nn.RNNCell(28, 16, nonlinearity="relu")(torch.randn(3, 10)))
attempt("RNNCell foo", lambda: nn.RNNCell(2, 2, nonlinearity="foo")(torch.randn(1, 2)))
