"""The transforms torch_205_fft_accuracy.py checks against stored PyTorch outputs
(fft_reference.pt, written by gen_fft_reference.py): seeded inputs and one expression per case."""
import torch

SIZES = [1, 2, 3, 5, 8, 12, 16, 17, 30, 64, 97, 128, 131, 210, 262, 323, 1024]
PER_SIZE = ["fft(z{n})", "ifft(z{n}, norm='ortho')", "fft(x{n})", "fft(zd{n})", "rfft(x{n})", "ihfft(x{n})",
            "irfft(z{n})", "hfft(z{n}, norm='forward')", "irfft(zd{n}, n={odd})"]
OTHER = ["fft(z12, n=20)", "fft(z12, n=5)", "rfft(x12, n=7)", "fft2(z2d)", "ifft2(z2d, s=(5, 14))", "fftn(x3d)",
         "ifftn(x3d, dim=(0, 2), norm='ortho')", "rfft2(x2d)", "rfftn(x3d, s=(3, 4, 10))", "irfft2(z2d)",
         "irfftn(z2d, s=(12, 9))", "hfft2(z2d)", "hfftn(z2d, dim=(0, 2))", "ihfft2(x2d)", "ihfftn(x3d)", "fft(xi)",
         "rfft2(xi)", "fft(x2d, dim=1)", "irfft(z2d, dim=1, n=11)", "hfft(z2d, dim=0)", "fftn(z2d, s=(-1, 3))"]


def inputs():
    torch.manual_seed(0)
    d = {}
    for n in SIZES:
        d[f"z{n}"] = torch.randn(2, n, dtype=torch.complex64)
        d[f"x{n}"] = torch.randn(2, n)
        d[f"zd{n}"] = torch.randn(2, n, dtype=torch.complex128)
    d["z2d"] = torch.randn(2, 12, 10, dtype=torch.complex64)
    d["x2d"] = torch.randn(2, 12, 10)
    d["x3d"] = torch.randn(4, 6, 9, dtype=torch.float64)
    d["xi"] = torch.arange(12).reshape(3, 4)
    return d


def cases():
    out = [c.format(n=n, odd=2 * n - 1) for n in SIZES for c in PER_SIZE if n > 1 or "irfft" not in c and "hfft(" not in c]
    return out + OTHER
