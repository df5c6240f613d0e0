#!/usr/bin/env bash
# The thread grid shows the learner's last numba.cuda kernel in a real window under Xvfb: a
# kernel whose warps read global memory down a column (scattered) and shared memory with a
# stride (bank conflicts) fills its output's cells in block colours with the red and cyan
# corner marks; a coalesced, conflict-free one shows neither; a click on a cell shows its
# thread in the side panel. Exit 77 (skipped) without xvfb-run or xdotool.
# usage: gui_learner_grid_test.sh TENSORPLAY_GUI PNG_CHECK
set -u
GUI=$1 CHECK=$2
. "$(dirname "$0")/window_test_lib.sh" gui-learner-grid xvfb-run xdotool

cat > "$OUT/scattered.py" <<'PY'
import numpy as np
import numba
from numba import cuda

@cuda.jit
def strided(out, a):
    s = cuda.shared.array(1024, numba.float32)
    x, y = cuda.grid(2)            # x walks down a column: scattered
    t = cuda.threadIdx.x + 16 * cuda.threadIdx.y
    s[t * 32 % 1024] = a[x, y]     # 32 floats apart: one bank
    cuda.syncthreads()
    out[x, y] = s[t * 32 % 1024] * 2

a = np.arange(32 * 32, dtype=np.float32).reshape(32, 32)
out = np.zeros((32, 32), np.float32)
strided[(2, 2), (16, 16)](out, a)
PY
cat > "$OUT/coalesced.py" <<'PY'
import numpy as np
from numba import cuda

@cuda.jit
def along_rows(out, a):
    y, x = cuda.grid(2)            # x walks along a row: coalesced
    if x < out.shape[0] and y < out.shape[1]:
        out[x, y] = a[x, y] * 2

a = np.arange(32 * 32, dtype=np.float32).reshape(32, 32)
out = np.zeros((32, 32), np.float32)
along_rows[(2, 2), (16, 16)](out, a)
PY

cat > "$OUT/run.sh" <<'INNER'
set -u
GUI=$1 OUT=$2
run() { echo "p = '$OUT/$1.py'; exec(compile(open(p).read(), p, 'exec'))"; }
shot() { local name=$1; shift; timeout 60 "$GUI" --no-config --screenshot "$OUT/$name.png" "$@" \
           > "$OUT/$name.log" 2>&1 || echo "exit $? from $name" >> "$OUT/errors"; }
shot scattered --exec "$(run scattered)" --view grid --mode gpu --kernel numba --play --frames 700
shot coalesced --exec "$(run coalesced)" --view grid --mode gpu --kernel numba --play --frames 700

# A click on the first cell: the side panel names its thread.
"$GUI" --no-config --exec "$(run scattered)" --view grid --mode gpu --kernel numba \
       --dump-layout "$OUT/layout" --signal-screenshots "$OUT/click" > "$OUT/click.log" 2>&1 &
pid=$!
wait_for() { for _ in $(seq 100); do [ -s "$1" ] && return 0; sleep 0.1; done; return 1; }
if wait_for "$OUT/layout"; then
  for _ in $(seq 100); do grep -Eq '^grid [0-9.]+ [0-9.]+ [1-9]' "$OUT/layout" && break; sleep 0.1; done
  read -r _ gx gy cell _ < <(grep '^grid ' "$OUT/layout")
  wid=$(xdotool search --sync --name '^tensorplay$' | head -1)
  sleep 0.3
  kill -USR1 $pid; wait_for "$OUT/click-1.png"; sleep 0.2
  xdotool mousemove --window "$wid" "$(awk "BEGIN { printf \"%d\", $gx + $cell / 2 }")" \
                                    "$(awk "BEGIN { printf \"%d\", $gy + $cell / 2 }")" click 1
  sleep 0.5
  kill -USR1 $pid; wait_for "$OUT/click-2.png"; sleep 0.2
fi
kill $pid 2>/dev/null; wait $pid 2>/dev/null
INNER
xvfb-run -a -s "-screen 0 1280x800x24" bash "$OUT/run.sh" "$GUI" "$OUT"

[ -s "$OUT/errors" ] && cat "$OUT/errors"
# The canvas: right of the controls column, above the console.
check "scattered + conflicts: red corners" "$CHECK" colour "$OUT/scattered.png" 0.27 0.08 1 0.72 255 70 50 8 0.005
check "scattered + conflicts: cyan corners" "$CHECK" colour "$OUT/scattered.png" 0.27 0.08 1 0.72 60 220 255 8 0.005
check "coalesced: no red corner" bash -c "! '$CHECK' colour '$OUT/coalesced.png' 0.27 0.08 1 0.72 255 70 50 8 0.0005"
check "coalesced: no cyan corner" bash -c "! '$CHECK' colour '$OUT/coalesced.png' 0.27 0.08 1 0.72 60 220 255 8 0.0005"
check "a click on a cell changes the side panel" "$CHECK" differ "$OUT/click-1.png" "$OUT/click-2.png" 0 0.4 0.25 0.72 0.01
if [ -n "${TP_GUI_SHOTS:-}" ]; then mkdir -p "$TP_GUI_SHOTS" && cp "$OUT"/*.png "$TP_GUI_SHOTS"/; fi
echo "$fails failure(s)"
[ "$fails" -eq 0 ]
