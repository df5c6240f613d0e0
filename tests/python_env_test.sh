#!/usr/bin/env bash
# The embedded Python as a learner's machine meets it: tensorplay's torch is the one imported
# even with another `torch` on PYTHONPATH or in ~/.local, another python3 first on PATH does
# not matter, numpy is real, and matplotlib and tqdm work when installed.
# Usage: python_env_test.sh TENSORPLAY_PROGRAM
set -u
bin=$(realpath "$1")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
check() {  # check NAME EXPECTED ACTUAL
  if [ "$2" == "$3" ]; then echo "ok    $1"; else echo "FAIL  $1: expected [$2], got [$3]"; fail=1; fi
}

# A real-looking torch elsewhere: on PYTHONPATH and in the user's site-packages.
for d in "$tmp/pythonpath/torch" "$tmp/home/.local/lib/python3.11/site-packages/torch"; do
  mkdir -p "$d"
  echo 'raise ImportError("the wrong torch")' > "$d/__init__.py"
done
# Another python3 first on PATH.
mkdir -p "$tmp/bin"
printf '#!/bin/sh\necho "the wrong python" >&2; exit 3\n' > "$tmp/bin/python3"
chmod +x "$tmp/bin/python3"

out=$(PYTHONPATH="$tmp/pythonpath" HOME="$tmp/home" PATH="$tmp/bin:$PATH" \
      "$bin" -c 'import torch; print(torch.__file__.endswith("/python/torch/__init__.py"))' 2>&1)
check "tensorplay's torch first on sys.path" "True" "$out"

# As in python: a script imports modules beside it, -c code from the current folder.
mkdir -p "$tmp/project" "$tmp/elsewhere"
echo 'NAME = "the helper beside the script"' > "$tmp/project/helper.py"
echo 'from helper import NAME; print(NAME)' > "$tmp/project/main.py"
check "a script imports a module beside it" "the helper beside the script" \
  "$(cd "$tmp/elsewhere" && "$bin" run ../project/main.py 2>&1)"
check "-c imports from the current folder" "the helper beside the script" \
  "$(cd "$tmp/project" && "$bin" -c 'from helper import NAME; print(NAME)' 2>&1)"

out=$("$bin" -c 'import numpy as np; print(np.arange(3).sum())' 2>&1)
check "numpy imports" "3" "$out"

# Which clock the time module reads: the simulated machine's with simulated GPUs, else the
# host's (--wall-clock, TENSORPLAY_WALL_CLOCK=1, no GPUs).
which_clock='import time; print("machine" if "tensorplay" in (time.perf_counter.__doc__ or "") else "host")'
check "simulated GPUs: the machine's clock" "machine" "$("$bin" --sim -c "$which_clock" 2>&1)"
check "--wall-clock: the host's clock" "host" "$("$bin" --sim --wall-clock -c "$which_clock" 2>&1)"
check "TENSORPLAY_WALL_CLOCK=1: the host's clock" "host" \
  "$(TENSORPLAY_WALL_CLOCK=1 "$bin" --sim -c "$which_clock" 2>&1)"
check "--no-sim: the host's clock" "host" "$("$bin" --no-sim -c "$which_clock" 2>&1)"

if "$bin" -c 'import matplotlib' 2>/dev/null; then
  out=$(cd "$tmp" && MPLBACKEND= "$bin" -c '
import matplotlib.pyplot as plt
plt.plot([3, 2, 1]); plt.title("loss"); plt.savefig("loss.png")
import os; print(os.path.getsize("loss.png") > 1000)' 2>&1)
  check "matplotlib savefig" "True" "$out"
else
  echo "skip  matplotlib (python3-matplotlib not installed)"
fi

if "$bin" -c 'import tqdm' 2>/dev/null; then
  out=$("$bin" -c '
from tqdm import tqdm
total = 0
for i in tqdm(range(5), disable=False):
    total += i
print(total)' 2>/dev/null)
  check "tqdm loop" "10" "$out"
else
  echo "skip  tqdm (python3-tqdm not installed)"
fi
exit $fail
