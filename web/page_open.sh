#!/usr/bin/env bash
# Opens the page as a user would, in headless Chromium: WEB_BUILD served on a free local port,
# index.html with the given inputs typed into its console (?run=..., in order), PRESSES (Esc,
# Ctrl-C, the Stop button: see page_driver.js) pressed in the runs that go on. Leaves in OUT_DIR
# the console's text, screenshots and the page's measured timings (timings.json).
# STEPS (env, a JSON file): what the user does after those inputs (page_steps.js);
# PAGE_QUOTA (env, bytes): the browser storage made that small (page_driver.js).
# Usage: page_open.sh WEB_BUILD OUT_DIR QUERY_EXTRA PRESSES INPUT...
set -u
build=$1 out=$2 extra=$3 presses=$4
shift 4
mkdir -p "$out"
browser=$(command -v chromium-headless-shell || command -v chromium) || { echo "no chromium"; exit 1; }
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -m http.server "$port" --bind 127.0.0.1 --directory "$build" > "$out/server.log" 2>&1 &
server=$!
trap 'kill $server' EXIT
sleep 1
query=$(python3 -c 'import sys, urllib.parse; print("&".join(["run=" + urllib.parse.quote(r) for r in sys.argv[1:]]))' "$@")
url="http://127.0.0.1:$port/index.html?$extra&$query"
node --experimental-websocket "$(dirname "$0")/page_driver.js" "$browser" "$url" "$out" ${PAGE_TIMEOUT:-300} "$presses" "${STEPS:-}"
