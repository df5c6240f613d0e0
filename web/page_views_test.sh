#!/usr/bin/env bash
# The views in the page's canvas (the native window's code, web/page_session.cpp), in headless
# Chromium (web/page_open.sh): the thread grid playing a 16x16 product on the CPU (cells fill one by one), at three window
# sizes (a laptop, a projector, a narrow portrait window). At each: the canvas drawn (not
# blank), the grid animating (two screenshots 1.5 s apart differ in the canvas), and no errors
# in the page's console. Screenshots stay in OUT_DIR/SIZE/ to look at.
# Usage: page_views_test.sh [WEB_BUILD] [OUT_DIR]
set -u
build=$(realpath "${1:-build-web}")
out=$(realpath -m "${2:-$build/page_views_test}")
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
echo '[{"screenshot": "grid-1.png"}, {"wait": 1500}, {"screenshot": "grid-2.png"}]' > "$out/steps.json"
gui=$(python3 -c 'import urllib.parse; print(urllib.parse.quote("--view grid --grid-n 16 --mode cpu --play"))')
status=0
for size in 1200x900 1920x1080 700x1000; do
  dir="$out/$size"
  rm -rf "$dir"
  if ! PAGE_SIZE=$size STEPS="$out/steps.json" bash "$here/page_open.sh" "$build" "$dir" "gui=$gui&frames=10" ""; then
    echo "FAIL  $size: the page did not open"; status=1; continue
  fi
  box=$(python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); print(",".join(str(round(r[k])) for k in ("x", "y", "width", "height")))' "$dir/canvas.json")
  if python3 "$here/png_stats.py" "$dir/grid-2.png" 0.05 --region "$box" --differs "$dir/grid-1.png"; then
    echo "ok    $size: the views drawn in the canvas ($box), the grid animating"
  else
    echo "FAIL  $size: the canvas ($box) is blank or the grid stood still"; status=1
  fi
  if [ -s "$dir/console-errors.txt" ]; then
    echo "FAIL  $size: errors in the page's console:"; cat "$dir/console-errors.txt"; status=1
  else
    echo "ok    $size: no errors in the page's console"
  fi
done
exit $status
