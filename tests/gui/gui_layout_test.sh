#!/usr/bin/env bash
# The layout at 1024x768, 1280x800 and 1920x1080, in presenter mode and not: tensorplay-gui
# draws a few busy scenes (transfers in flight, a lesson beside the memory map, two GPUs
# with more tensors than fit) and dumps where it placed its texts; check_layout.py requires
# each inside its room and none over another. Exit 77 (skipped) without xvfb-run.
# usage: gui_layout_test.sh TENSORPLAY_GUI
set -u
GUI=$1
HERE=$(dirname "$0")
. "$HERE/window_test_lib.sh" gui-layout xvfb-run python3

cat > "$OUT/run.sh" <<'INNER'
set -u
GUI=$1 OUT=$2
scene() {  # scene NAME SIZE ARGS...: render, dump the layout at frame 20
  local name=$1 size=$2; shift 2
  timeout 60 "$GUI" --no-config --size "$size" --dump-layout "$OUT/$name.layout" \
    --screenshot "$OUT/$name.png" --frames 20 "$@" > "$OUT/$name.log" 2>&1 \
    || echo "exit $? from $name" >> "$OUT/errors"
}
for size in 1024x768 1280x800 1920x1080; do
  for present in "" --present; do
    tag=$size${present:+-present}
    scene "transfers-$tag" "$size" $present --view memory --exec "model = torch.nn.Linear(1000, 1000)" \
      --exec "x = torch.ones(1000, 1000)" --exec "y = x.to('cuda')" --exec "model_on_the_gpu = model.to('cuda')"
    scene "lesson-$tag" "$size" $present --lesson 4 --exec "X = torch.ones(2, 3)" --exec "Y = X.to('cuda')"
    scene "two-gpus-$tag" "$size" $present --sim-gpus 2 --view memory \
      --exec "ts = [torch.ones(64 * (k + 1), 64).to(f'cuda:{k % 2}') for k in range(12)]" \
      --exec "a_tensor_with_a_rather_long_name = torch.ones(3, 3)" --exec "b = ts[0].to('cuda:1')"
  done
done
INNER
xvfb-run -a -s "-screen 0 1920x1080x24" bash "$OUT/run.sh" "$GUI" "$OUT"
if [ -s "$OUT/errors" ]; then cat "$OUT/errors"; fails=$((fails + 1)); fi
for layout in "$OUT"/*.layout; do
  check "$(basename "$layout" .layout): texts inside their room, none overlapping" \
    python3 "$HERE/check_layout.py" "$layout" "$(basename "$layout" .layout)"
done
[ "$(ls "$OUT"/*.layout 2>/dev/null | wc -l)" = 18 ] || { echo "FAIL expected 18 layouts"; fails=$((fails + 1)); }
echo "$fails failed"
[ "$fails" = 0 ]
