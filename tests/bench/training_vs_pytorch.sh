#!/usr/bin/env bash
# Benchmark (not a test): start-up, the per-op overhead of a small add, the seed 002 training
# script end to end, and SimpleNN's steady-state time per step, under tensorplay and under
# real PyTorch on this machine's CPU.
# Usage: training_vs_pytorch.sh TENSORPLAY_BINARY [PYTHON_WITH_TORCH]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
bin=$1
py=${2:-python3}
now() { date +%s.%N; }
run_timed() {  # prints the median wall time of 5 runs of "$@"
  local times=()
  for _ in 1 2 3 4 5; do
    local t0; t0=$(now); "$@" >/dev/null; local t1; t1=$(now)
    times+=("$(echo "$t1 - $t0" | bc -l)")
  done
  printf '%s\n' "${times[@]}" | sort -n | sed -n 3p
}
have_torch() { "$py" -c 'import torch' 2>/dev/null; }
echo "== start-up: print(ones(2, 3)) (median of 5 runs, seconds)"
echo "tensorplay: $(run_timed "$bin" -c 'print(ones(2, 3))')"
if have_torch; then
  echo "pytorch:    $(run_timed "$py" -c 'import torch; print(torch.ones(2, 3))')"
fi
echo "== per-op overhead: 100,000 c = a + b on 4-element CPU tensors"
echo "tensorplay: $("$bin" run "$here/add_overhead.py")"
if have_torch; then
  echo "pytorch:    $("$py" "$here/add_overhead.py")"
fi
echo "== seed 002 training loop, end to end (median of 5 runs, seconds)"
tp=$(run_timed "$bin" run "$here/seed002_training_loop.py")
echo "tensorplay: $tp"
if "$py" -c 'import torch' 2>/dev/null; then
  pt=$(run_timed "$py" "$here/seed002_training_loop.py")
  echo "pytorch ($("$py" -c 'import torch; print(torch.__version__)')): $pt"
  echo "speedup: $(echo "$pt / $tp" | bc -l | cut -c1-6)x"
else
  echo "pytorch: not installed for $py (pass a python with torch as the 2nd argument)"
fi
echo "== SimpleNN steady state, 10,000 steps on the CPU"
echo "tensorplay: $("$bin" run "$here/simple_nn_steps.py")"
if "$py" -c 'import torch' 2>/dev/null; then
  echo "pytorch:    $("$py" "$here/simple_nn_steps.py")"
fi
