"""The terminal's stand-in for the GUI's thread grid (:grid): which GPU thread computes which
element of C = A @ B, with the dot product it works out."""
import torch

_SHOWN = 12  # elements listed in full; the rest are counted


def _num(x):
    return f"{x:g}"


def explain(a, b, a_name="A", b_name="B"):
    """Text for C = a @ b, or a line saying why it cannot be shown."""
    if not isinstance(a, torch.Tensor) or not isinstance(b, torch.Tensor):
        return f"{a_name} and {b_name} must be tensors (define them, or name two: :grid X W)\n"
    if a.dim() != 2 or b.dim() != 2 or a.shape[1] != b.shape[0]:
        return (f"{a_name} @ {b_name} needs matrices (m, k) and (k, n); they are "
                f"{tuple(a.shape)} and {tuple(b.shape)}\n")
    m, k = a.shape
    n = b.shape[1]
    ha, hb = a.detach().cpu().double(), b.detach().cpu().double()
    lines = [f"C = {a_name} @ {b_name} is {m} x {n}: on a GPU, one thread per element, {m * n} "
             f"threads in all. Thread (i, j) of the grid computes C[i, j] from row i of {a_name} "
             f"and column j of {b_name}, all at the same time:"]
    for index in range(min(m * n, _SHOWN)):
        i, j = divmod(index, n)
        terms = " + ".join(f"{_num(ha[i, t].item())}*{_num(hb[t, j].item())}" for t in range(min(k, 4)))
        if k > 4:
            terms += f" + ... ({k} products)"
        value = _num(sum(ha[i, t].item() * hb[t, j].item() for t in range(k)))
        lines.append(f"  thread ({i}, {j}) -> C[{i}, {j}] = {terms} = {value}")
    if m * n > _SHOWN:
        lines.append(f"  ... and {m * n - _SHOWN} more threads, one for each other element")
    lines.append("On a CPU, a few cores go through the same elements one after another.")
    return "\n".join(lines) + "\n"
