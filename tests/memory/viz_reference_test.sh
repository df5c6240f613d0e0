#!/bin/bash
# A memory snapshot written by tensorplay on a simulated GPU, opened by real PyTorch's own
# tools (reference only, never a dependency): python -m torch.cuda._memory_viz trace_plot,
# stats (its accounting checks) and trace must succeed on it, and PyTorch's memory_summary,
# fed tensorplay's memory_stats(), must print tensorplay's table. Skips (77) without PyTorch.
# Usage: viz_reference_test.sh TENSORPLAY [REFERENCE_PYTHON]
set -u
bin=$1
ref=${2:-/opt/torchref/bin/python}
if ! [ -x "$ref" ] || ! "$ref" -c "import torch.cuda._memory_viz" 2>/dev/null; then
  echo "skipped: no reference PyTorch at $ref (this check needs one; tests/scripts/torchdev_011_memory.py runs without)"
  exit 77
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
here=$(cd "$(dirname "$0")" && pwd)
"$bin" --sim run "$here/make_snapshot.py" "$dir" || { echo "FAIL: tensorplay could not write the snapshot"; exit 1; }
fail=0
for cmd in "trace_plot $dir/snap.pickle -o $dir/trace.html" "segment_plot $dir/snap.pickle -o $dir/segments.html" \
           "stats $dir/snap.pickle" "trace $dir/snap.pickle"; do
  if ! "$ref" -m torch.cuda._memory_viz $cmd > "$dir/out.txt" 2>&1; then
    echo "FAIL: torch.cuda._memory_viz $cmd"; cat "$dir/out.txt"; fail=1
  else
    echo "ok    torch.cuda._memory_viz ${cmd%% *}"
  fi
done
"$ref" - "$dir" <<'PY' || fail=1
import json, sys
import torch
d = sys.argv[1]
stats = json.load(open(d + "/stats.json"))
torch.cuda.memory.memory_stats = lambda device=None: stats
for abbreviated in (False, True):
    want = open(d + f"/summary_{int(abbreviated)}.txt").read()
    got = torch.cuda.memory.memory_summary(0, abbreviated=abbreviated)
    if got != want:
        print("FAIL: memory_summary differs from PyTorch's for the same statistics")
        print(got); print(want); sys.exit(1)
print("ok    memory_summary as PyTorch prints the same statistics")
PY
exit $fail
