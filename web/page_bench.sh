#!/usr/bin/env bash
# The page's figures in headless Chromium (a benchmark: measured, nothing asserted):
#  1. load to the first prompt, print(ones(2, 3))'s round trip, and Stop: an endless loop
#     stopped by Esc, a training loop on the simulated GPU stopped by the Stop button, an
#     endless loop stopped by Ctrl-C, each pressed after 2 s of running (stop_ms: from the press
#     to the prompt; frames_drawn: what the page drew meanwhile; running-N.png: the page just
#     before each press);
#  2. the views' frame time with the 64x64 grid animating (tensorplay-gui --bench-frames' setup);
#  3. CPU matmul GFLOP/s (tests/bench/cpu_matmul_gflops.py) in the page and natively;
#  4. the op suite's sim/cpu ratio (tests/bench/sim_vs_cpu_ops.py) in the page.
# 3 and 4 run on the real clock (&wall_clock=1, as --wall-clock natively).
# Usage: page_bench.sh [WEB_BUILD] [OUT_DIR] [NATIVE_TENSORPLAY]
set -u
build=$(realpath "${1:-build-web}")
out=$(realpath -m "${2:-$build/page_bench}")
native=${3:-build/tensorplay}
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
mkdir -p "$out"

echo "== 1. load, round trip, Stop"
bash "$here/page_open.sh" "$build" "$out/stop" "" "Escape,stop,Control+c" "print(ones(2, 3))" \
  "while True: pass" \
  "import torch
model = torch.nn.Sequential(torch.nn.Linear(64, 256), torch.nn.ReLU(), torch.nn.Linear(256, 10)).to(cuda)
opt = torch.optim.SGD(model.parameters(), lr=0.01)
x = torch.randn(512, 64, device=cuda); y = torch.randint(0, 10, (512,), device=cuda)
step = 0
while True:
    opt.zero_grad(); loss = torch.nn.functional.cross_entropy(model(x), y); loss.backward(); opt.step(); step += 1" \
  "print(step, 'training steps before Stop')" \
  "while True: pass" || exit 1
python3 - "$out/stop/timings.json" <<'PY'
import json, sys
t = json.load(open(sys.argv[1]))
print(f"measured in headless Chromium: ready {t['ready_ms']:.0f} ms; runs_ms {t['runs_ms']}; "
      f"stop_ms (Esc, Stop button, Ctrl-C) {t['stop_ms']}; frames_drawn {t['frames_drawn']}")
PY

echo "== 2. frame time, 64x64 grid animating"
gui=$(python3 -c 'import urllib.parse; print(urllib.parse.quote("--bench-frames 300"))')
bash "$here/page_open.sh" "$build" "$out/frames" "gui=$gui&frames=310" "" || exit 1
python3 - "$out/frames/timings.json" <<'PY'
import json, statistics, sys
t = json.load(open(sys.argv[1]))
ms, gaps = sorted(t["frame_ms"][10:]), sorted(t["frame_gaps_ms"][10:])
print(f"frame time in the page, 64x64 grid animating: building and drawing a frame median {statistics.median(ms):.2f} ms, "
      f"p90 {ms[len(ms) * 9 // 10]:.2f} ms; between animation frames median {statistics.median(gaps):.1f} ms "
      f"over {len(ms)} frames (measured; WebGL on {t['renderer']})")
PY

echo "== 3. CPU matmul GFLOP/s"
echo "[{\"upload\": [\"$root/tests/bench/cpu_matmul_gflops.py\"]}, {\"input\": \"exec(open('cpu_matmul_gflops.py').read())\"}]" > "$out/matmul-steps.json"
STEPS="$out/matmul-steps.json" bash "$here/page_open.sh" "$build" "$out/matmul" "wall_clock=1" "" || exit 1
echo "in the page (portable gemm, one thread):"; grep "GFLOP/s" "$out/matmul/console.txt"
if [ -x "$native" ]; then
  echo "native ($native, BLAS):"; "$native" --wall-clock run "$root/tests/bench/cpu_matmul_gflops.py"
fi

echo "== 4. the op suite, simulated GPU against the CPU, in the page"
echo "[{\"upload\": [\"$root/tests/bench/sim_vs_cpu_ops.py\"]}, {\"input\": \"import sys; sys.argv = ['sim_vs_cpu_ops.py', '--steps', '10']; exec(open('sim_vs_cpu_ops.py').read())\"}]" > "$out/ops-steps.json"
PAGE_TIMEOUT=900 STEPS="$out/ops-steps.json" bash "$here/page_open.sh" "$build" "$out/ops" "wall_clock=1" "" || exit 1
grep -E "median sim/cpu|MLP" "$out/ops/console.txt"
