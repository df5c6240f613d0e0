# torch.fft's shifts and sample frequencies, nonzero_static, constant_pad_nd, empty_strided /
# empty_permuted, randint_like, linalg.cond / tensorinv / tensorsolve (issue 28, OpInfo).
import torch


def attempt(label, fn):
    try:
        print(label, "->", fn())
    except Exception as e:
        print(label, "->", type(e).__name__ + ":", e)


x = torch.arange(6.).view(2, 3)
print(torch.fft.fftshift(x), torch.fft.ifftshift(x, dim=1), torch.fft.fftshift(torch.arange(5)))
print(torch.fft.ifftshift(torch.fft.fftshift(torch.arange(7))), torch.fft.fftshift(x, dim=(0,)))
print(torch.fft.fftfreq(5), torch.fft.fftfreq(6, d=0.5), torch.fft.rfftfreq(7, 2.0), torch.fft.fftfreq(4, dtype=torch.float64))
print(torch.nonzero_static(torch.tensor([0, 1, 0, 2]), size=3), torch.nonzero_static(torch.tensor([[1, 0], [1, 1]]), size=2, fill_value=9))
print(torch.constant_pad_nd(x, (1, 1), 2.5), torch.constant_pad_nd(x, (0, 0, 1, 0)))
e = torch.empty_strided((2, 3), (1, 2))
print(e.shape, e.stride(), torch.empty_permuted((2, 3, 4), (2, 0, 1)).stride(), x.new_empty_strided((3,), (2,)).stride())
torch.manual_seed(3)
print(torch.randint_like(x, 10), torch.randint_like(x, 2, 5), torch.randint_like(torch.zeros(3, dtype=torch.int64), 100))
a = torch.tensor([[1., 2.], [3., 4.]])
print(torch.linalg.cond(a), torch.linalg.cond(a, "fro"), torch.linalg.cond(a, 1), torch.linalg.cond(a, -2), torch.linalg.cond(a, float("inf")))
t = torch.tensor([[2., 0., 1., 0.], [0., 3., 0., 1.], [1., 0., 4., 0.], [0., 1., 0., 5.]]).reshape(2, 2, 4)
print(torch.linalg.tensorinv(t, ind=2).shape, torch.linalg.tensorinv(t.reshape(4, 4), ind=1))
print(torch.linalg.tensorsolve(t, torch.ones(2, 2)), torch.linalg.tensorsolve(t.permute(2, 0, 1), torch.ones(2, 2), dims=(0,)))
attempt("tensorinv ind", lambda: torch.linalg.tensorinv(t, ind=0))
attempt("tensorinv shape", lambda: torch.linalg.tensorinv(torch.ones(2, 3, 4), ind=1))
