#!/usr/bin/env bash
# Code running in a real window under Xvfb: `while True: pass` typed in the console leaves the
# window drawing (the elapsed time in --dump-layout's busy line grows, two screenshots a second
# apart differ, the Stop button is on screen); a line typed meanwhile stays in the box; Esc,
# Ctrl-C, the Stop button and `kill -INT` each end the code with KeyboardInterrupt within
# 0.5 s; a SIGINT between runs leaves the window up; closing the window while code runs ends
# the process at once. Exit 77 (skipped) without xvfb-run or xdotool.
# usage: gui_busy_window_test.sh TENSORPLAY_GUI PNG_CHECK
set -u
GUI=$1 CHECK=$2
. "$(dirname "$0")/window_test_lib.sh" gui-busy-test xvfb-run xdotool python3

# The window manager's "close" (WM_DELETE_WINDOW), which Xvfb alone never sends.
cat > "$OUT/close_window.py" <<'PY'
import ctypes, sys
X = ctypes.cdll.LoadLibrary("libX11.so.6")
X.XOpenDisplay.restype = ctypes.c_void_p
X.XInternAtom.restype = ctypes.c_ulong
X.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
X.XSendEvent.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_long, ctypes.c_void_p]
X.XFlush.argtypes = X.XCloseDisplay.argtypes = [ctypes.c_void_p]
class ClientMessage(ctypes.Structure):
    _fields_ = [("type", ctypes.c_int), ("serial", ctypes.c_ulong), ("send_event", ctypes.c_int),
                ("display", ctypes.c_void_p), ("window", ctypes.c_ulong), ("message_type", ctypes.c_ulong),
                ("format", ctypes.c_int), ("data", ctypes.c_long * 5)]
class XEvent(ctypes.Union):
    _fields_ = [("xclient", ClientMessage), ("pad", ctypes.c_long * 24)]
d = X.XOpenDisplay(None)
e = XEvent()
e.xclient.type = 33  # ClientMessage
e.xclient.window = int(sys.argv[1])
e.xclient.message_type = X.XInternAtom(d, b"WM_PROTOCOLS", 0)
e.xclient.format = 32
e.xclient.data[0] = X.XInternAtom(d, b"WM_DELETE_WINDOW", 0)
X.XSendEvent(d, e.xclient.window, 0, 0, ctypes.byref(e))
X.XFlush(d)
X.XCloseDisplay(d)
PY

cat > "$OUT/run.sh" <<'INNER'
set -u
GUI=$1 OUT=$2
"$GUI" --no-config --view console --dump-layout "$OUT/layout" --signal-screenshots "$OUT/busy" \
       > "$OUT/gui.log" 2>&1 &
pid=$!
calc() { awk "BEGIN { printf \"%d\", $1 }"; }
line() { grep "^$1 " "$OUT/layout" 2>/dev/null; }  # line NAME: that line of the layout
wait_line() {  # wait_line REGEX: until a line of the layout matches (5 s at most)
  for _ in $(seq 250); do grep -Eq "$1" "$OUT/layout" 2>/dev/null && return 0; sleep 0.02; done; return 1; }
# Held for a moment: ImGui 1.86 misses a key pressed and released within one frame.
press() { xdotool keydown --window "$wid" "$1"; sleep 0.15; xdotool keyup --window "$wid" "$1"; }
shoot() { kill -USR1 $pid; for _ in $(seq 50); do [ -s "$OUT/busy-$1.png" ] && break; sleep 0.1; done; }
run_forever() {  # run_forever NAME: types the loop in the console, waits until it runs
  xdotool type --window "$wid" "while True: pass"
  press Return
  press Return  # the blank line that ends the block
  wait_line '^busy 1' || echo "$1: the code did not start" >> "$OUT/errors"
  sleep 0.3
}
stop_with() {  # stop_with NAME COMMAND...: runs the command; records how long until the code ended
  local name=$1 t0=$EPOCHREALTIME
  shift
  "$@"
  wait_line '^busy 0'
  local t1=$EPOCHREALTIME
  echo "$name $(awk "BEGIN { printf \"%.3f\", $t1 - $t0 }") $(line last)" >> "$OUT/stops"
}
if wait_line '^console [0-9.]+ [0-9.]+ [1-9]'; then
  wid=$(xdotool search --sync --name '^tensorplay$' | head -1)
  read -r _ cx cy cw ch < <(line console)
  xdotool mousemove --window "$wid" "$(calc "$cx + $cw / 2")" "$(calc "$cy + $ch / 2")" click 1
  sleep 0.3

  # The window keeps drawing: the elapsed time grows, a second apart.
  run_forever esc
  line busy > "$OUT/busy-a"
  shoot 1
  sleep 1
  line busy > "$OUT/busy-b"
  shoot 2
  # A line typed meanwhile: Enter is refused, the line stays.
  xdotool type --window "$wid" "print(42)"
  press Return
  sleep 0.3
  { line busy; line input; } > "$OUT/refused"
  shoot 3
  stop_with esc xdotool keydown --window "$wid" Escape
  xdotool keyup --window "$wid" Escape
  sleep 0.2
  line input > "$OUT/kept"
  press Return  # the kept line runs now
  wait_line '^last 42$' && echo ran >> "$OUT/kept"

  run_forever ctrl-c
  stop_with ctrl-c xdotool keydown --window "$wid" ctrl+c
  xdotool keyup --window "$wid" ctrl+c

  run_forever stop-button
  read -r _ sx sy sw sh < <(line stop)
  stop_with stop-button xdotool mousemove --window "$wid" "$(calc "$sx + $sw / 2")" "$(calc "$sy + $sh / 2")" click 1

  run_forever sigint
  stop_with sigint kill -INT $pid
  # Between runs a SIGINT is only shown: the window stays.
  kill -INT $pid
  sleep 0.5
  kill -0 $pid 2>/dev/null && echo "alive $(line last)" > "$OUT/idle-sigint"

  # Closing the window while code runs.
  run_forever close
  t0=$EPOCHREALTIME
  python3 "$OUT/close_window.py" "$wid"
  for _ in $(seq 100); do kill -0 $pid 2>/dev/null || break; sleep 0.05; done
  wait $pid
  echo "exit $? $(awk "BEGIN { printf \"%.3f\", $EPOCHREALTIME - $t0 }")" > "$OUT/closed"
else
  echo "no layout with the console's input field" >> "$OUT/errors"
fi
kill $pid 2>/dev/null; wait $pid 2>/dev/null
INNER

start=$(date +%s)
xvfb-run -a -s "-screen 0 1280x800x24" bash "$OUT/run.sh" "$GUI" "$OUT"
echo "window runs took $(( $(date +%s) - start )) s"
if [ -s "$OUT/errors" ]; then cat "$OUT/errors"; fails=$((fails + 1)); fi

# The busy line: "busy 1 ELAPSED refused 0|1".
elapsed() { awk '{ print $3 }' "$1" 2>/dev/null; }
echo "busy lines: $(cat "$OUT/busy-a" 2>/dev/null) / $(cat "$OUT/busy-b" 2>/dev/null)"
check "while code runs the window draws: the elapsed time grew in a second" \
  awk -v a="$(elapsed "$OUT/busy-a")" -v b="$(elapsed "$OUT/busy-b")" 'BEGIN { exit !(a > 0 && b >= a + 0.5) }'
check "two screenshots a second apart differ (the running time)" \
  "$CHECK" differ "$OUT/busy-1.png" "$OUT/busy-2.png" 0 0.9 0.2 1 0.0005
check "the Stop button is on screen" "$CHECK" colour "$OUT/busy-1.png" 0 0.9 0.4 1 166 38 38 8 0.0005
check "Enter while code runs: refused, said so, the line kept" \
  grep -Pzq '^busy 1 [0-9.]+ refused 1\ninput print\(42\)\n$' "$OUT/refused"
echo "stops (name, seconds, last console line):"; cat "$OUT/stops" 2>/dev/null
for how in esc ctrl-c stop-button sigint; do
  check "$how: KeyboardInterrupt within 0.5 s" \
    awk -v how=$how '$1 == how && $2 < 0.5 && $3 == "last" && $4 == "KeyboardInterrupt" { ok = 1 } END { exit !ok }' \
    "$OUT/stops"
done
check "after Esc the typed line is still there, and Enter runs it" test "$(tr '\n' ' ' < "$OUT/kept" 2>/dev/null)" = "input print(42) ran "
check "a SIGINT between runs: shown, the window stays" grep -q '^alive last KeyboardInterrupt$' "$OUT/idle-sigint"
echo "closed while running: $(cat "$OUT/closed" 2>/dev/null)"
check "closing the window while code runs: the process ends at once, status 0" \
  awk '$1 == "exit" && $2 == 0 && $3 < 1.5 { ok = 1 } END { exit !ok }' "$OUT/closed"
if [ -n "${TP_GUI_SHOTS:-}" ]; then mkdir -p "$TP_GUI_SHOTS" && cp "$OUT"/busy-*.png "$TP_GUI_SHOTS"/; fi
echo "$fails failure(s)"
[ "$fails" -eq 0 ]
