#!/usr/bin/env bash
# Lessons 13 and 14 (numba.cuda kernels) played to the end in the GUI: presenter's demo mode,
# Space pressed for each next step; --dump-layout's lesson line must say each step passed.
# Exit 77 (skipped) without xvfb-run or xdotool.
# usage: gui_kernel_lessons_test.sh TENSORPLAY_GUI
set -u
GUI=$1
. "$(dirname "$0")/window_test_lib.sh" gui-kernel-lessons xvfb-run xdotool

cat > "$OUT/run.sh" <<'INNER'
set -u
GUI=$1 OUT=$2 N=$3 STEPS=$4
"$GUI" --no-config --demo "$N" --dump-layout "$OUT/layout-$N" > "$OUT/gui-$N.log" 2>&1 &
pid=$!
wait_state() { for _ in $(seq 300); do grep -Eq "$1" "$OUT/layout-$N" 2>/dev/null && return 0; sleep 0.1; done; return 1; }
if wait_state "^lesson $N step 1 of $STEPS passed 1"; then
  echo 1 >> "$OUT/passed-$N"
  wid=$(xdotool search --sync --name '^tensorplay$' | head -1)
  for s in $(seq 2 "$STEPS"); do
    xdotool keydown --window "$wid" space keyup --window "$wid" space
    wait_state "^lesson $N step $s of $STEPS passed 1" && echo "$s" >> "$OUT/passed-$N"
  done
fi
kill $pid 2>/dev/null; wait $pid 2>/dev/null
INNER

for lesson in "13 7" "14 5"; do
  set -- $lesson
  xvfb-run -a -s "-screen 0 1280x800x24" bash "$OUT/run.sh" "$GUI" "$OUT" "$1" "$2"
  check "lesson $1: all $2 steps passed in the GUI" test "$(wc -l < "$OUT/passed-$1" 2>/dev/null)" = "$2"
  [ "$(wc -l < "$OUT/passed-$1" 2>/dev/null)" = "$2" ] || tail -5 "$OUT/gui-$1.log"
done
echo "$fails failure(s)"
[ "$fails" -eq 0 ]
