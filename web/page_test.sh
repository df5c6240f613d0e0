#!/usr/bin/env bash
# The page in headless Chromium, as a new user would try it (web/page_open.sh): lesson 1
# opened, its first step run and checked; lesson 4 opened and the mixed-device error with its
# hint; an endless loop, which the page stops as Stop does (?limit=1: runs longer than 1 s are
# stopped). Checks the console's text (the page's text after the runs) and the screenshot (not
# blank); both are kept in OUT_DIR to look at, with the page's measured timings.
# Usage: page_test.sh [WEB_BUILD] [OUT_DIR]
set -u
build=$(realpath "${1:-build-web}")
out=$(realpath -m "${2:-$build/page_test}")
here=$(dirname "$0")
bash "$here/page_open.sh" "$build" "$out" "limit=1" "" ":lesson 1" "import torch
print(torch.cuda.is_available())" ":check" ":lesson 4" "x = ones(2, 3); y = x.to(cuda); x + y" \
  "while True: pass" || exit 1
text=$(cat "$out/console.txt")
status=0
for want in "True" "Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!" \
            "hint: \`x\` is on cpu, \`y\` is on cuda:0" "KeyboardInterrupt"; do
  if grep -qF -- "$want" <<< "$text"; then echo "ok    console shows: $want"
  else echo "FAIL  console lacks: $want"; status=1; fi
done
python3 "$here/png_stats.py" "$out/page.png" 0.02 || status=1
exit $status
