# torch.testing.assert_close on complex tensors: complex64/complex128's default tolerances, the
# complex difference |a - b| in the mismatch report, and conjugate views compared by value.
import torch
a = torch.tensor([1 + 1j, 2 - 1j, 3j])
torch.testing.assert_close(a, a + 1e-6)
torch.testing.assert_close(a.to(torch.complex128), a.to(torch.complex128) + 1e-8)
for b in [a + 1e-3, a.conj(), torch.tensor([1 + 1j, 2 - 1j, 3j], dtype=torch.complex128)]:
    try:
        torch.testing.assert_close(a, b)
    except Exception as e:
        print(type(e).__name__, e)
print(torch.testing.assert_close(torch.fft.fft(torch.arange(4.)), torch.tensor([6, -2 + 2j, -2, -2 - 2j])))
