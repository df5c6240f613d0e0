#!/usr/bin/env bash
# Real-window tests of tensorplay-gui under Xvfb: a screenshot of each view checked for
# content and for the colours each view must show, lesson 1's grid step showing the
# learner's own 2x3 @ 3x2, and one xdotool test that clicks a grid cell and the Play button
# and checks the window changed as expected. Exit 77 (skipped) without xvfb-run or xdotool.
# usage: gui_window_test.sh TENSORPLAY_GUI PNG_CHECK ASSETS_DIR
set -u
GUI=$1 CHECK=$2 ASSETS=$3
. "$(dirname "$0")/window_test_lib.sh" gui-test xvfb-run xdotool

# Every run shares one X server (starting Xvfb costs more than a frame).
cat > "$OUT/run.sh" <<'INNER'
set -u
GUI=$1 OUT=$2 ASSETS=$3
shot() { local name=$1; shift; timeout 60 "$GUI" --no-config --screenshot "$OUT/$name.png" "$@" \
           > "$OUT/$name.log" 2>&1 || echo "exit $? from $name" >> "$OUT/errors"; }
shot grid --view grid --grid-n 16 --frames 5
shot grid_done --view grid --grid-n 16 --kernel tiled --play --frames 400
shot timings --view timings --bench-file "$ASSETS/benchmarks/cpu_sim_t4.json" --frames 5
shot memory --view memory --exec "x = ones(1000, 1000)" --exec "y = x.to('cuda')" --frames 5
shot mismatch --view memory --exec "x = ones(1000, 1000)" --exec "y = x.to('cuda')" --exec "x + y" --frames 5
shot console --view console --exec "x = ones(2, 2)" --exec "y = x.to('cuda')" --exec "x + y" --frames 5
shot devices --view devices --frames 5
shot timeline --view timeline --exec "x = ones(2048, 2048, device='cuda'); s = torch.cuda.Stream(); h = ones(2097152).pin_memory()" \
  --exec "y = x @ x; y = y @ x; w = (y * y).sum(); s.wait_stream(torch.cuda.current_stream())
with torch.cuda.stream(s): z = h.to('cuda', non_blocking=True)
print(w.item()); v = (x + 1).cpu()" --frames 5
shot lesson --view lesson --frames 5
# A lesson step that opens the timings view shows the recorded run, not an empty plot.
shot lesson_timings --exec ":lesson 7" --exec ":next" --frames 5
shot present --view grid --present --frames 5
# Lesson 1 to step 3, which opens the grid: it shows the learner's own 2x3 @ 3x2.
shot lesson1_grid --lesson 1 --exec ":run" --exec ":next" --exec ":run" --exec ":next" --exec ":run" \
     --dump-layout "$OUT/lesson1-layout" --frames 20

# The click test: select a cell, then press Play; SIGUSR1 takes a screenshot each time.
"$GUI" --no-config --view grid --grid-n 8 --dump-layout "$OUT/layout" \
       --signal-screenshots "$OUT/click" > "$OUT/click.log" 2>&1 &
pid=$!
calc() { awk "BEGIN { printf \"%d\", $1 }"; }
wait_for() { for _ in $(seq 100); do [ -s "$1" ] && return 0; sleep 0.1; done; return 1; }
shoot() { kill -USR1 $pid; wait_for "$OUT/click-$1.png"; sleep 0.2; }
if wait_for "$OUT/layout"; then
  sleep 0.3
  wid=$(xdotool search --sync --name '^tensorplay$' | head -1)
  read -r _ gx gy cell rows cols < <(grep '^grid' "$OUT/layout")
  read -r _ px py pw ph < <(grep '^play' "$OUT/layout")
  shoot 1
  # Cell C[2][5]: its centre.
  xdotool mousemove --window "$wid" "$(calc "$gx + 5.5 * $cell")" "$(calc "$gy + 2.5 * $cell")" click 1
  sleep 0.5; shoot 2
  xdotool mousemove --window "$wid" "$(calc "$px + $pw / 2")" "$(calc "$py + $ph / 2")" click 1
  sleep 2.5; shoot 3
  echo "$gx $gy $cell $rows $cols" > "$OUT/click-geometry"
else
  echo "no layout from the click run" >> "$OUT/errors"
fi
kill $pid 2>/dev/null; wait $pid 2>/dev/null
INNER

start=$(date +%s)
xvfb-run -a -s "-screen 0 1280x800x24" bash "$OUT/run.sh" "$GUI" "$OUT" "$ASSETS"
echo "window runs took $(( $(date +%s) - start )) s"
if [ -s "$OUT/errors" ]; then cat "$OUT/errors"; fails=$((fails + 1)); fi

for v in grid grid_done timings memory mismatch console devices timeline lesson lesson_timings present lesson1_grid; do
  check "$v: a screenshot with content" "$CHECK" notblank "$OUT/$v.png" 12
done
# Thread grid (1280x800, the controls take the left quarter): the grey of A and B, no
# finished cell yet; after playing, finished cells in block colours fill the grid.
check "grid: A and B drawn in grey" "$CHECK" colour "$OUT/grid.png" 0.3 0.05 1 1 70 70 80 2 0.02
check "grid: played to the end, cells differ from the start" "$CHECK" differ "$OUT/grid.png" "$OUT/grid_done.png" 0.25 0.08 1 0.75 0.05
check "lesson 1 step 3: the grid's C is the session's 2 x 2" \
  test "$(awk '/^grid/ { print $5 " x " $6 }' "$OUT/lesson1-layout" 2>/dev/null)" = "2 x 2"
# Timings: the plot's background, the CPU BLAS line (orange), the crossover line (yellow).
check "timings: plot area" "$CHECK" colour "$OUT/timings.png" 0 0.2 0.7 0.9 20 22 28 3 0.3
check "timings: CPU BLAS line" "$CHECK" colour "$OUT/timings.png" 0 0.1 0.7 1 250 170 60 30 0.0005
check "timings: crossover marked" "$CHECK" colour "$OUT/timings.png" 0 0.1 0.7 1 255 255 0 40 0.0003
check "lesson's timings view: the recorded CPU BLAS line" "$CHECK" colour "$OUT/lesson_timings.png" 0.37 0.1 0.75 1 250 170 60 30 0.0005
# Timeline: kernels (blue) on the stream row, the upload (green) on the copy engine's row,
# the host's wait for .item() (red).
check "timeline: a kernel" "$CHECK" colour "$OUT/timeline.png" 0 0.1 1 0.5 66 133 244 6 0.001
check "timeline: a copy" "$CHECK" colour "$OUT/timeline.png" 0 0.1 1 0.5 46 160 67 6 0.001
check "timeline: the host waits" "$CHECK" colour "$OUT/timeline.png" 0 0.1 1 0.5 214 69 65 6 0.0005
# Memory map: a host box (blue) on the left, a device box (orange) on the right.
check "memory: x in host RAM" "$CHECK" colour "$OUT/memory.png" 0 0.1 0.4 0.75 70 120 200 6 0.01
check "memory: y in GPU memory" "$CHECK" colour "$OUT/memory.png" 0.55 0.1 1 0.75 220 130 50 6 0.01
check "memory: a mix-up flashes both operands red" "$CHECK" colour "$OUT/mismatch.png" 0 0.1 1 0.75 229 80 38 45 0.01
# Console: the traceback in red and the hint in yellow.
check "console: error text" "$CHECK" colour "$OUT/console.png" 0 0 1 1 255 115 102 30 0.0005
check "console: hint text" "$CHECK" colour "$OUT/console.png" 0 0 1 1 255 217 89 30 0.0005
# Presenter mode: black background, larger text than the normal grid view.
check "presenter: black background" "$CHECK" colour "$OUT/present.png" 0 0 1 1 0 0 0 0 0.2
# The click test: the cell's selection outline (red) appears; Play fills cells.
if [ -s "$OUT/click-geometry" ]; then
  check "click: a cell selected (red outline)" "$CHECK" colour "$OUT/click-2.png" 0 0 1 1 255 60 60 2 0.0003
  check "click: selecting changed the window" "$CHECK" differ "$OUT/click-1.png" "$OUT/click-2.png" 0 0 1 1 0.002
  check "click: Play filled cells" "$CHECK" differ "$OUT/click-2.png" "$OUT/click-3.png" 0.25 0.08 1 0.75 0.05
else
  echo "FAIL click test did not run"; fails=$((fails + 1))
fi
if [ -n "${TP_GUI_SHOTS:-}" ]; then mkdir -p "$TP_GUI_SHOTS" && cp "$OUT"/*.png "$TP_GUI_SHOTS"/; fi
echo "$fails failure(s)"
[ "$fails" -eq 0 ]
