#!/usr/bin/env bash
# The lesson panel in a real window under Xvfb: screenshots of lesson 4 beside its view (normal
# and presenter mode), the Lesson tab and the presenter's demo; an xdotool test that clicks
# the panel's Run and then Next and checks, from --dump-layout's state line and screenshots,
# that the check mark turned on and the next step is shown; and the demo's keys. Exit 77
# (skipped) without xvfb-run or xdotool.
# usage: gui_lesson_window_test.sh TENSORPLAY_GUI PNG_CHECK
set -u
GUI=$1 CHECK=$2
. "$(dirname "$0")/window_test_lib.sh" gui-lesson-test xvfb-run xdotool

cat > "$OUT/run.sh" <<'INNER'
set -u
GUI=$1 OUT=$2
shot() { local name=$1; shift; timeout 60 "$GUI" --no-config --screenshot "$OUT/$name.png" "$@" \
           > "$OUT/$name.log" 2>&1 || echo "exit $? from $name" >> "$OUT/errors"; }
shot lesson --lesson 4 --frames 5
shot lesson_present --lesson 4 --present --frames 5
shot lesson_tab --view lesson --frames 5
# The demo at 1/30 s a frame: step 1 shown, its code typed and run well before frame 180.
shot demo --demo 4 --frames 180
# ... and just after it ran, the memory map flashing the two tensors it mixed up.
shot demo_flash --demo 4 --frames 110

# The click test: Run, then Next; SIGUSR1 takes a screenshot each time.
"$GUI" --no-config --lesson 4 --dump-layout "$OUT/layout" --signal-screenshots "$OUT/click" \
       > "$OUT/click.log" 2>&1 &
pid=$!
calc() { awk "BEGIN { printf \"%d\", $1 }"; }
wait_for() { for _ in $(seq 100); do [ -s "$1" ] && return 0; sleep 0.1; done; return 1; }
wait_state() {  # wait_state REGEX: until the layout's lesson line matches
  for _ in $(seq 100); do grep -Eq "$1" "$OUT/layout" 2>/dev/null && return 0; sleep 0.1; done; return 1; }
shoot() { kill -USR1 $pid; wait_for "$OUT/click-$1.png"; sleep 0.2; }
line() {  # line NAME: that line of the layout (the window rewrites the file when it changes)
  local l
  for _ in $(seq 50); do l=$(grep "^$1 " "$OUT/layout" 2>/dev/null) && [ -n "$l" ] && break; sleep 0.05; done
  echo "$l"
}
click() {  # click NAME: the centre of a button from the layout
  local x y w h
  read -r _ x y w h < <(line "$1")
  xdotool mousemove --window "$wid" "$(calc "$x + $w / 2")" "$(calc "$y + $h / 2")" click 1
}
if wait_for "$OUT/layout" && wait_state '^run [0-9.]+ [0-9.]+ [1-9]'; then
  sleep 0.3
  wid=$(xdotool search --sync --name '^tensorplay$' | head -1)
  line lesson > "$OUT/state-1"
  shoot 1
  click run
  wait_state 'passed 1'
  line lesson > "$OUT/state-2"
  shoot 2
  click next
  wait_state 'step 2 of'
  sleep 0.3
  line lesson > "$OUT/state-3"
  shoot 3
else
  echo "no layout with a Run button from the click run" >> "$OUT/errors"
fi
kill $pid 2>/dev/null; wait $pid 2>/dev/null

# The demo's keys: Space to step 2 once step 1 ran, then Left back, then Esc ends it. Space
# and Left are quick taps, press and release sent at once as a presenter's clicker does (the
# app queues GLFW's key events so that a tap within one slow frame counts; frames here are
# fast, so this checks taps work, not that queueing); the others are held for a moment.
rm -f "$OUT/layout"
"$GUI" --no-config --demo 4 --dump-layout "$OUT/layout" > "$OUT/demo-keys.log" 2>&1 &
pid=$!
press() { xdotool keydown --window "$wid" "$1"; sleep 0.15; xdotool keyup --window "$wid" "$1"; }
tap() { xdotool keydown --window "$wid" "$1" keyup --window "$wid" "$1"; }
if wait_for "$OUT/layout" && wait_state '^lesson 4 step 1 of 6 passed 1'; then
  wid=$(xdotool search --sync --name '^tensorplay$' | head -1)
  tap space
  wait_state '^lesson 4 step 2 of 6 passed 1' && echo "space" >> "$OUT/demo-keys"
  tap Left
  wait_state '^lesson 4 step 1 of 6' && echo "left" >> "$OUT/demo-keys"
  # After typing in the console (it keeps the keyboard), Page Down still steps the demo.
  read -r _ cx cy cw ch < <(grep '^console' "$OUT/layout")
  xdotool mousemove --window "$wid" "$(awk "BEGIN { printf \"%d\", $cx + $cw / 2 }")" \
    "$(awk "BEGIN { printf \"%d\", $cy + $ch / 2 }")" click 1
  sleep 0.3
  xdotool type --window "$wid" "typed = 1"
  press Return
  sleep 0.3
  press Next
  wait_state '^lesson 4 step 2 of 6' && echo "pagedown after typing" >> "$OUT/demo-keys"
  press Prior
  wait_state '^lesson 4 step 1 of 6' && echo "pageup after typing" >> "$OUT/demo-keys"
  # Esc belongs to the text field while it has the keyboard: click the lesson column first.
  read -r _ bx by bw bh < <(grep '^back' "$OUT/layout")
  xdotool mousemove --window "$wid" "$(awk "BEGIN { printf \"%d\", $bx + $bw / 2 }")" "$(awk "BEGIN { printf \"%d\", $by - 20 }")" click 1
  sleep 0.3
  press Escape
  for _ in $(seq 50); do ! grep -q '^demo' "$OUT/layout" 2>/dev/null && break; sleep 0.1; done
  grep -q '^demo' "$OUT/layout" || echo "escape" >> "$OUT/demo-keys"
else
  echo "the demo did not run step 1" >> "$OUT/errors"
fi
kill $pid 2>/dev/null; wait $pid 2>/dev/null
INNER

start=$(date +%s)
xvfb-run -a -s "-screen 0 1280x800x24" bash "$OUT/run.sh" "$GUI" "$OUT"
echo "window runs took $(( $(date +%s) - start )) s"
if [ -s "$OUT/errors" ]; then cat "$OUT/errors"; fails=$((fails + 1)); fi

for v in lesson lesson_present lesson_tab demo demo_flash; do
  check "$v: a screenshot with content" "$CHECK" notblank "$OUT/$v.png" 12
done
# The lesson column (left third) holds the step's code in its box colour; lesson 4 starts on
# the memory map, whose tab is selected beside it.
check "lesson: the step's code box in the column" "$CHECK" colour "$OUT/lesson.png" 0 0.05 0.36 0.75 24 36 60 0 0.02
check "lesson: code text (orange) in the column" "$CHECK" colour "$OUT/lesson.png" 0 0.05 0.36 0.75 255 204 128 40 0.002
check "presenter: black background beside the column" "$CHECK" colour "$OUT/lesson_present.png" 0.45 0.1 1 0.7 0 0 0 0 0.3
check "presenter: the code box in the column" "$CHECK" colour "$OUT/lesson_present.png" 0 0.05 0.45 0.75 24 36 60 0 0.02
check "lesson tab without a lesson: no column, no code box" bash -c "! '$CHECK' colour '$OUT/lesson_tab.png' 0 0 1 1 24 36 60 0 0.005"
# The demo: the status line's blue at the bottom, and step 1's error hit (green mark).
check "demo: status line" "$CHECK" colour "$OUT/demo.png" 0 0.9 1 1 26 56 128 2 0.3
check "demo: step 1 ran, check mark on" "$CHECK" colour "$OUT/demo.png" 0 0.05 0.45 0.85 77 204 102 3 0.0005
check "demo: the error and its hint in the console" "$CHECK" colour "$OUT/demo.png" 0 0.6 1 0.95 255 115 102 30 0.0005
check "demo: the memory map flashes the mixed-up tensors red" "$CHECK" colour "$OUT/demo_flash.png" 0.37 0.1 1 0.6 229 80 38 45 0.005

# The click test.
if [ -s "$OUT/state-3" ]; then
  echo "state: $(cat "$OUT/state-1") / $(cat "$OUT/state-2") / $(cat "$OUT/state-3")"
  check "before Run: step 1, no check mark" grep -q '^lesson 4 step 1 of 6 passed 0 view memory' "$OUT/state-1"
  check "Run: the expected error hit, check mark on" grep -q '^lesson 4 step 1 of 6 passed 1' "$OUT/state-2"
  check "Next: step 2 shown" grep -q '^lesson 4 step 2 of 6 passed 0' "$OUT/state-3"
  check "before Run: no green mark" bash -c "! '$CHECK' colour '$OUT/click-1.png' 0 0.05 0.36 0.75 77 204 102 3 0.0005"
  check "Run: a green mark in the column" "$CHECK" colour "$OUT/click-2.png" 0 0.05 0.36 0.75 77 204 102 3 0.0005
  check "Run: the error in the console strip" "$CHECK" colour "$OUT/click-2.png" 0 0.6 1 1 255 115 102 30 0.0005
  check "Next: the column shows another step" "$CHECK" differ "$OUT/click-2.png" "$OUT/click-3.png" 0 0.05 0.36 0.7 0.02
  check "Next: step 2's text (its mark off again)" bash -c "! '$CHECK' colour '$OUT/click-3.png' 0 0.05 0.36 0.75 77 204 102 3 0.0005"
else
  echo "FAIL click test did not run"; cat "$OUT/click.log"; fails=$((fails + 1))
fi
check "demo keys: Space ran step 2, Left went back, Page Down/Up after typing in the console, Esc ended the demo" \
  test "$(tr '\n' ' ' < "$OUT/demo-keys" 2>/dev/null)" = "space left pagedown after typing pageup after typing escape "
if [ -n "${TP_GUI_SHOTS:-}" ]; then mkdir -p "$TP_GUI_SHOTS" && cp "$OUT"/*.png "$TP_GUI_SHOTS"/; fi
echo "$fails failure(s)"
[ "$fails" -eq 0 ]
