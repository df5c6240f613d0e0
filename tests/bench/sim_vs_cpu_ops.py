# Benchmark (not a test): wall time of each kind of op of the every-op suite on 10^6-element
# float32 tensors, on the simulated GPU against tensorplay's CPU backend, and an MLP's
# training steps. Run it on the host's real clock:
#   tensorplay --wall-clock run tests/bench/sim_vs_cpu_ops.py [--steps N]
# Prints one line per op (median of 9 runs, milliseconds, and sim / cpu), then the median
# and worst ratio.
import statistics
import sys
import time

import torch
import torch.nn as nn
import torch.nn.functional as F

N = 1000  # 1000 x 1000 = 10^6 elements
STEPS = int(sys.argv[sys.argv.index("--steps") + 1]) if "--steps" in sys.argv else 100


def inputs(device):
    torch.manual_seed(0)
    a = torch.randn(N, N).to(device)
    b = torch.randn(N, N).to(device)
    idx = torch.randint(0, N, (N,)).to(device)
    return a, b, idx


def ops(a, b, idx):
    """name -> a function running one op (or the pair the suite runs as one case)."""
    rows = {}
    for name in ["neg", "abs", "exp", "log", "sqrt", "sin", "tanh", "sigmoid", "relu", "floor",
                 "sign", "square", "isnan"]:
        rows[name] = (lambda f: lambda: f(a))(getattr(torch, name))
    for name in ["add", "sub", "mul", "div", "maximum", "pow", "atan2", "eq", "lt"]:
        rows[name] = (lambda f: lambda: f(a, b))(getattr(torch, name))
    rows["add broadcast"] = lambda: a + b[0]
    rows["clamp"] = lambda: a.clamp(-1, 1)
    rows["where"] = lambda: torch.where(a > 0, a, b)
    rows["fill_"] = lambda: a.clone().fill_(1)
    rows["clone"] = lambda: a.clone()
    rows["cast float64"] = lambda: a.double()
    rows["transpose contiguous"] = lambda: a.t().contiguous()
    rows["sum"] = lambda: a.sum()
    rows["sum(0)"] = lambda: a.sum(0)
    rows["sum(1)"] = lambda: a.sum(1)
    rows["mean(1)"] = lambda: a.mean(1)
    rows["max(1)"] = lambda: a.max(1)
    rows["argmax(1)"] = lambda: a.argmax(1)
    rows["var(1)"] = lambda: a.var(1)
    rows["softmax(1)"] = lambda: a.softmax(1)
    rows["log_softmax(1)"] = lambda: F.log_softmax(a, 1)
    rows["index rows"] = lambda: a[idx]
    rows["index_put"] = index_put(a, b, idx)
    rows["mask select"] = lambda: a[a > 1]
    rows["matmul"] = lambda: a @ b
    return rows


def index_put(a, b, idx):
    def run():
        x = a.clone()
        x[idx] = b
    return run


def median_ms(fn, sync):
    times = []
    for _ in range(9):
        t0 = time.perf_counter()
        fn()
        sync()
        times.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(times)


def mlp_seconds(device):
    torch.manual_seed(0)
    model = nn.Sequential(nn.Linear(784, 256), nn.ReLU(), nn.Linear(256, 10)).to(device)
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    x = torch.randn(512, 784).to(device)
    y = torch.randint(0, 10, (512,)).to(device)
    t0 = time.perf_counter()
    for _ in range(STEPS):
        opt.zero_grad()
        loss = F.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
    loss.item()
    return time.perf_counter() - t0


def main():
    cpu_rows = ops(*inputs("cpu"))
    sim_rows = ops(*inputs("cuda"))
    ratios = []
    print(f"{'op (10^6 float32)':24} {'cpu ms':>9} {'sim ms':>9} {'sim/cpu':>8}")
    for name in cpu_rows:
        cpu = median_ms(cpu_rows[name], lambda: None)
        sim = median_ms(sim_rows[name], torch.cuda.synchronize)
        ratios.append(sim / cpu)
        print(f"{name:24} {cpu:9.3f} {sim:9.3f} {sim / cpu:8.2f}")
    print(f"median sim/cpu {statistics.median(ratios):.2f}, worst {max(ratios):.2f} "
          f"({len(ratios)} ops)")
    cpu_s, sim_s = mlp_seconds("cpu"), mlp_seconds("cuda")
    print(f"MLP 784-256-10, batch 512, {STEPS} SGD steps: cpu {cpu_s:.3f} s, "
          f"sim {sim_s:.3f} s, sim/cpu {sim_s / cpu_s:.2f}")


main()
