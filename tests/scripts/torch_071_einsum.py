# torch.einsum: the common forms' values, grads and grad_fns, implicit output, ellipsis,
# repeated letters, and PyTorch's texts for bad equations.
import torch

torch.manual_seed(0)


def run(eq, *ops):
    ins = [t.detach().clone().requires_grad_(True) for t in ops]
    try:
        out = torch.einsum(eq, *ins)
    except Exception as e:
        print(repr(eq), type(e).__name__, e)
        return
    print(repr(eq), tuple(out.shape), type(out.grad_fn).__name__)
    print(out)
    w = torch.arange(out.numel(), dtype=out.dtype).reshape(out.shape) + 1
    (out * w).sum().backward()
    for t in ins:
        print("  grad", t.grad)


A = torch.randn(2, 3)
B = torch.randn(3, 4)
S = torch.randn(3, 3)
u = torch.randn(3)
v = torch.randn(3)
run("ij,jk->ik", A, B)
run("ij,jk", A, B)
run("bij,bjk->bik", torch.randn(2, 2, 3), torch.randn(2, 3, 2))
run("i,i->", u, v)
run("i,i", u, v)
run("ij->ji", A)
run("ii->i", S)
run("ii", S)
run("ij->", A)
run("ij->j", A)
run("ji", A)
run("bhqd,bhkd->bhqk", torch.randn(1, 2, 3, 4), torch.randn(1, 2, 2, 4))
run("i,j->ij", u, torch.randn(2))
run("i,j", u, torch.randn(2))
run("ij,ij->ij", A, A)
run("ij,ij->i", A, torch.randn(2, 3))
run("...ij->...ji", torch.randn(2, 2, 3))
run("...ij,...jk->...ik", torch.randn(2, 2, 3), B)
run("b...,b...->b", torch.randn(2, 3, 2), torch.randn(2, 3, 2))
run("ij,jk,kl->il", A, B, torch.randn(4, 2))
run("iij->j", torch.randn(2, 2, 3))
run("ij,kl->ijkl", torch.randn(2, 2), torch.randn(2, 1))
run("Ab,bc->Ac", A, B)
run("i j , j k -> i k", A, B)
print(torch.einsum("ij,jk->ik", [A, B]))
print(torch.functional.einsum("ij,jk->ik", A, B).shape)
big1 = torch.randn(8, 64)
big2 = torch.randn(64, 16)
print("exact mm", torch.equal(torch.einsum("ij,jk->ik", big1, big2), big1 @ big2))
print("sum values", torch.einsum("ij,jk->ik", big1, big2).sum().item())
print("int", torch.einsum("ij,jk->ik", torch.arange(6).reshape(2, 3), torch.arange(12).reshape(3, 4)))

for eq, ops in [
    ("ij,jk->ik", (A,)),
    ("ijk", (A,)),
    ("i1->i", (A,)),
    ("ij->ik", (A,)),
    ("ij->ii", (A,)),
    ("ij,jk->ik", (A, A)),
    ("ii", (A,)),
    ("ij->i->j", (A,)),
    ("i.j", (A,)),
    ("ij", (A, B)),
    ("...i...->i", (A,)),
    ("ij->..", (A,)),
    ("ijk...->i", (A,)),
]:
    run(eq, *ops)
for args in [(), ("ij",), (A,)]:
    try:
        torch.einsum(*args)
    except Exception as e:
        print(type(e).__name__, e)
