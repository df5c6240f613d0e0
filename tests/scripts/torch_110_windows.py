# The spectral windows (issue 28): torch.hann_window/hamming/blackman/bartlett/kaiser_window (ATen's
# arange formulas) and torch.signal.windows (PyTorch's Python formulas): values, sums, errors.
import torch
print(torch.hann_window(5), torch.hamming_window(4, periodic=False), torch.blackman_window(5, dtype=torch.float64), torch.bartlett_window(6), torch.kaiser_window(5, True, 3.0), torch.hann_window(1), torch.hann_window(0))
for f in [lambda: torch.hann_window(-1), lambda: torch.hann_window(4, dtype=torch.int64), lambda: torch.kaiser_window(4, True, -1.), lambda: torch.hamming_window(4, True, 0.5)]:
    try: print(f())
    except Exception as e: print(type(e).__name__, str(e)[:300])
print(torch.hann_window(5, requires_grad=True))
w = torch.hann_window(400)
print(w.sum().item(), torch.hamming_window(64, dtype=torch.float64).sum().item(), torch.blackman_window(33).sum().item(), torch.kaiser_window(17).sum().item(), torch.bartlett_window(9, False))
print(torch.signal.windows.hann(7), torch.signal.windows.kaiser(6, beta=2.0, sym=False), torch.signal.windows.gaussian(5, std=0.7))
print(torch.signal.windows.exponential(5, tau=2.0), torch.signal.windows.nuttall(5, dtype=torch.float64), torch.signal.windows.cosine(4))
for f in [lambda: torch.signal.windows.hann(-2), lambda: torch.signal.windows.gaussian(3, std=0), lambda: torch.signal.windows.hann(3, dtype=torch.int64), lambda: torch.signal.windows.exponential(3, center=1.0)]:
    try: print(f())
    except Exception as e: print(type(e).__name__, str(e)[:300])
