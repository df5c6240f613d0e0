#!/usr/bin/env bash
# make test-web: the web build (the tensorplay.js/.wasm/.data the page loads) under node,
# against the native expected outputs: the seed acceptance sessions (tests/acceptance), the
# named torch scripts (tests/scripts) and a corpus subset (web/corpus_subset.txt). Scripts
# that need what a browser tab lacks (numpy, LAPACK, several processes) are listed with the
# reason in web/not_in_browser.txt and skipped here; they still run natively. Last, the page
# itself in headless Chromium (web/page_test.sh; its files and bad input, page_files_test.sh).
# Usage: test_web.sh [WEB_BUILD]   (default: build-web)
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(realpath "${1:-build-web}")
program="$build/tensorplay-node"
skipped() { grep -v '^#' "$root/web/not_in_browser.txt" | awk '{print $1}'; }
status=0

echo "== seed acceptance sessions"
sessions=$(mktemp -d); scripts=$(mktemp -d)
trap 'rm -rf "$sessions" "$scripts"' EXIT
cp "$root/tests/acceptance/run.sh" "$sessions/"
for py in "$root"/tests/acceptance/*.py; do
  skipped | grep -qx "acceptance/$(basename "$py")" || cp "$py" "${py%.py}.expect" "$sessions/"
done
bash "$sessions/run.sh" "$program" || status=1

echo "== torch scripts"
cp -r "$root"/tests/scripts/*/ "$scripts/"  # the scripts' fixtures (save_load/)
for py in "$root"/tests/scripts/torch_*.py "$root"/tests/scripts/torchdev_*.py; do
  name=$(basename "$py")
  skipped | grep -qx "$name" && continue
  cp "$py" "${py%.py}.expected" "$scripts/"  # copies: node's file system does not follow links out of /tmp
done
bash "$root/tests/run/torch_scripts.sh" "$program" "$scripts" || status=1

echo "== corpus subset"
mapfile -t corpus < <(grep -v '^#' "$root/web/corpus_subset.txt" | awk 'NF {print "'"$root"'/tests/corpus/" $1}')
bash "$root/tests/run/corpus.sh" "$program" "${corpus[@]}" || status=1

echo "== the page in headless Chromium"
bash "$root/web/page_test.sh" "$build" || status=1
echo "== the page's files and bad input"
bash "$root/web/page_files_test.sh" "$build" || status=1
exit $status
