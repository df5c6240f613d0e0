#!/usr/bin/env bash
# The page in headless Chromium, as a new user would try it: build-web/ served on a free local
# port, index.html opened with inputs typed into its console (?run=...): lesson 1 opened, its
# first step run and checked; lesson 4 opened and the mixed-device error with its hint; an
# endless loop, which the page stops as Stop does (?limit=1: runs longer than 1 s are stopped). Checks the console's text (the page's
# text after the runs) and the screenshot (not blank); both are kept in OUT_DIR to look at,
# with the page's measured timings (load to prompt, each run's round trip).
# Usage: page_test.sh [WEB_BUILD] [OUT_DIR]
set -u
build=$(realpath "${1:-build-web}")
out=$(realpath -m "${2:-$build/page_test}")
mkdir -p "$out"
browser=$(command -v chromium-headless-shell || command -v chromium) || { echo "no chromium"; exit 1; }
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$build" > "$out/server.log" 2>&1 &
server=$!
trap 'kill $server' EXIT
sleep 1
query=$(python3 - <<'PY'
import urllib.parse
runs = [":lesson 1", "import torch\nprint(torch.cuda.is_available())", ":check",
        ":lesson 4", "x = ones(2, 3); y = x.to(cuda); x + y",
        "while True: pass"]
print("limit=1&" + "&".join("run=" + urllib.parse.quote(r) for r in runs))
PY
)
url="http://127.0.0.1:$port/index.html?$query"
node --experimental-websocket "$(dirname "$0")/page_driver.js" "$browser" "$url" "$out" ${PAGE_TIMEOUT:-300} || exit 1
text=$(cat "$out/console.txt")
status=0
for want in "True" "Expected all tensors to be on the same device, but found at least two devices, cuda:0 and cpu!" \
            "hint: \`x\` is on cpu, \`y\` is on cuda:0" "KeyboardInterrupt"; do
  if grep -qF -- "$want" <<< "$text"; then echo "ok    console shows: $want"
  else echo "FAIL  console lacks: $want"; status=1; fi
done
python3 "$(dirname "$0")/png_stats.py" "$out/page.png" 0.02 || status=1
exit $status
