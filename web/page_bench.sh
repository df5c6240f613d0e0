#!/usr/bin/env bash
# The page's figures in headless Chromium (a benchmark: measured, nothing asserted): load to
# the first prompt, print(ones(2, 3))'s round trip, and Stop: an endless loop stopped by Esc, a
# training loop on the simulated GPU stopped by the Stop button, an endless loop stopped by
# Ctrl-C, each pressed after 2 s of running (stop_ms: from the press to the prompt; frames_drawn:
# what the page drew meanwhile; running-N.png: the page just before each press).
# Usage: page_bench.sh [WEB_BUILD] [OUT_DIR]
set -u
build=$(realpath "${1:-build-web}")
out=$(realpath -m "${2:-$build/page_bench}")
bash "$(dirname "$0")/page_open.sh" "$build" "$out" "" "Escape,stop,Control+c" "print(ones(2, 3))" \
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
echo "measured in headless Chromium: $(cat "$out/timings.json")"
echo "(runs_ms: each input's round trip, in order; stop_ms: Esc, Stop button, Ctrl-C)"
