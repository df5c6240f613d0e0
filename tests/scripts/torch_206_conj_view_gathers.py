# Gathers that read a conjugate view (flip, advanced indexing, index_select, take): the values
# are the conjugates, whatever the view's strides and storage offset.
import torch

z = torch.tensor([[1 + 1j, 2 - 2j, 3 + 0.5j], [-1 + 4j, 0.5 - 1j, 2j]])
c = z.conj()
print(c.flip(1))
print(c.flip(0, 1))
print(c[:, [2, 0]])
print(c[[1, 0, 1]])
print(c[:, 1:].flip(1))
print(c.t()[[2, 1]])
print(c.index_select(1, torch.tensor([2, 0])))
print(c.take(torch.tensor([5, 0, 3])))
print(c[c.real > 0])
print(c.flip(1).is_conj(), c[:, [0]].is_conj())
big = torch.arange(40, dtype=torch.float32).reshape(20, 2)
z = torch.view_as_complex(big)  # 20 complex values
v = z[10:].reshape(5, 2).conj()  # a conjugate view at storage offset 10
print(v.flip(0), v[:, [1, 0]], v.t()[[1]], v[[4, 0]].flip(1))
