#!/usr/bin/env bash
# Runs the torch API scripts of tests/scripts (torch_*.py, recorded from real PyTorch, and
# torchdev_*.py, simulated-GPU behaviour) through tensorplay and compares what each prints
# (stdout and stderr together) with its .expected file.
# As the recorder does, CPython's ^^^^ marker lines are dropped and object addresses masked;
# on the sanitizer build, AddressSanitizer's note for an allocation it refused is dropped too.
# The host's own time is frozen (TENSORPLAY_FREEZE_HOST_CLOCK=1): a script's timing of GPU
# work reads only modeled time, so it prints exact figures.
# Scripts named *_nogpu.py run without GPUs (--no-sim), as on a CPU-only machine.
# The same runner runs tests/numba (numba_*.py recorded from numba-cuda's simulator, numbadev_*.py).
# Usage: torch_scripts.sh PROGRAM [SCRIPT_DIR]   (default: tests/scripts)
set -u
bin=$(realpath "$1")
dir=${2:-$(dirname "$0")/../scripts}
cd "$dir" || exit 2
shopt -s nullglob
normalize() {
  grep -v -E '^\s+[\^~]+\s*$|^==[0-9]+==WARNING: AddressSanitizer failed to allocate' | sed -E 's/0x[0-9a-f]+/0x.../g'
}
pass=0; fail=0
for py in torch_*.py torchdev_*.py numba_*.py numbadev_*.py; do
  want=${py%.py}.expected
  gpus=--sim
  [[ $py == *_nogpu.py ]] && gpus=--no-sim
  got=$(TENSORPLAY_SIM_GPUS= TENSORPLAY_FREEZE_HOST_CLOCK=1 "$bin" $gpus run "$py" 2>&1 | normalize)
  if [ "$got" == "$(normalize < "$want")" ]; then
    pass=$((pass + 1)); echo "ok    $py"
  else
    fail=$((fail + 1)); echo "FAIL  $py"
    diff <(normalize < "$want") <(printf '%s\n' "$got") | head -20 | sed 's/^/      /'
  fi
done
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
