# torch.fft's values against real PyTorch's stored outputs (fft_reference.pt; cases in
# fft_accuracy_cases.py: sizes 1..1024 with radix-2/3/5 factors, primes 17/97/131, Bluestein sizes
# 131/262/323, padding, trimming, norms, 2-D and n-D), under assert_close's default tolerance
# (complex64/float32: rtol 1.3e-6, atol 1e-5; complex128/float64: rtol 1e-7, atol 1e-7), applied to
# the real and imaginary parts separately (stricter than to the complex difference).
import torch

from fft_accuracy_cases import cases, inputs


def close(got, want):
    try:
        torch.testing.assert_close(torch.view_as_real(got) if got.is_complex() else got,
                                   torch.view_as_real(want) if want.is_complex() else want)
        return True
    except AssertionError:
        return False


ref = torch.load("fft_reference.pt")
d = inputs()
failed = []
for case in cases():
    got = eval("torch.fft." + case, {"torch": torch}, d).resolve_conj()
    want = ref[case]
    if got.dtype != want.dtype or got.shape != want.shape or not close(got, want):
        failed.append(case)
print(len(cases()), "cases,", len(failed), "outside the tolerance:", failed)
