#!/usr/bin/env bash
# Runs each script here through real PyTorch and through tensorplay, both on the machine's
# real GPU, and compares what they print (stdout and stderr together; object addresses
# masked). Needs a CUDA GPU and a PyTorch with CUDA: exits 77 (skipped) without them.
# Usage: gpu_parity.sh TENSORPLAY [PYTHON_WITH_TORCH]
set -u
bin=$(realpath "$1")
py=${2:-python3}
cd "$(dirname "$0")/../gpu/parity" || exit 2
"$py" -c 'import torch, sys; sys.exit(0 if torch.cuda.is_available() else 1)' 2>/dev/null \
  || { echo "skipped: no PyTorch with a CUDA GPU ($py)"; exit 77; }
normalize() { sed -E 's/0x[0-9a-f]+/0x.../g; /^\s+[\^~]+\s*$/d'; }
pass=0; fail=0
for script in *.py; do
  want=$("$py" "$script" 2>&1 | normalize)
  got=$("$bin" run "$script" 2>&1 | normalize)
  if [ "$got" == "$want" ]; then
    pass=$((pass + 1)); echo "ok    $script"
  else
    fail=$((fail + 1)); echo "FAIL  $script"
    diff <(printf '%s\n' "$want") <(printf '%s\n' "$got") | sed 's/^/      /'
  fi
done
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
