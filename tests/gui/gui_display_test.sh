#!/usr/bin/env bash
# tensorplay-gui and the display: F11 enters and leaves full screen (the window grows to the
# screen and comes back), and a 2x DPI setting (X11's Xft.dpi 192) doubles the font. Runs
# under Xvfb; exit 77 (skipped) without xvfb-run, xdotool or xprop.
# usage: gui_display_test.sh TENSORPLAY_GUI
set -u
GUI=$1
. "$(dirname "$0")/window_test_lib.sh" gui-display xvfb-run xdotool xprop

cat > "$OUT/run.sh" <<'INNER'
set -u
GUI=$1 OUT=$2
wait_for() { for _ in $(seq 100); do [ -s "$1" ] && return 0; sleep 0.1; done; return 1; }

# Full screen: shots before F11, after it, and after a second F11.
"$GUI" --no-config --size 800x600 --signal-screenshots "$OUT/fs" --dump-layout "$OUT/layout1" \
       > "$OUT/fs.log" 2>&1 &
pid=$!
if wait_for "$OUT/layout1"; then
  wid=$(xdotool search --sync --name '^tensorplay$' | head -1)
  shoot() { kill -USR1 $pid; wait_for "$OUT/fs-$1.png"; sleep 0.2; }
  # Held for a moment: ImGui 1.86 misses a key pressed and released within one frame.
  press() { xdotool keydown --window "$wid" "$1"; sleep 0.15; xdotool keyup --window "$wid" "$1"; }
  shoot 1
  press F11; sleep 1.5; shoot 2
  press F11; sleep 1.5; shoot 3
fi
kill $pid 2>/dev/null; wait $pid 2>/dev/null

# A 2x screen: X11 programs read the scale from the Xft.dpi resource.
xprop -root -f RESOURCE_MANAGER 8s -set RESOURCE_MANAGER 'Xft.dpi: 192'
"$GUI" --no-config --dump-layout "$OUT/layout2" --screenshot "$OUT/dpi.png" --frames 12 \
       > "$OUT/dpi.log" 2>&1
INNER
xvfb-run -a -s "-screen 0 1280x800x24 -noreset" bash "$OUT/run.sh" "$GUI" "$OUT"

check_equal() {  # check_equal DESCRIPTION EXPECTED ACTUAL
  if [ "$2" = "$3" ]; then echo "ok   $1: $3"; else echo "FAIL $1: expected $2, got $3"; fails=$((fails + 1)); fi
}
png_size() {  # WIDTHxHEIGHT from a PNG's IHDR chunk
  [ -s "$1" ] || { echo missing; return; }
  local b; read -r -a b < <(od -An -tu1 -j16 -N8 "$1")
  echo "$(( (b[0] << 24) + (b[1] << 16) + (b[2] << 8) + b[3] ))x$(( (b[4] << 24) + (b[5] << 16) + (b[6] << 8) + b[7] ))"
}
check_equal "window before F11" 800x600 "$(png_size "$OUT/fs-1.png")"
check_equal "full screen after F11" 1280x800 "$(png_size "$OUT/fs-2.png")"
check_equal "window again after a second F11" 800x600 "$(png_size "$OUT/fs-3.png")"
check_equal "font at 1x" 13 "$(awk '/^font/ { print $2 }' "$OUT/layout1" 2>/dev/null)"
check_equal "font at 2x DPI" 26 "$(awk '/^font/ { print $2 }' "$OUT/layout2" 2>/dev/null)"
check_equal "2x DPI screenshot" 1280x800 "$(png_size "$OUT/dpi.png")"
[ $fails -eq 0 ] || { cat "$OUT"/*.log; exit 1; }
