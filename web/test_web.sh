#!/usr/bin/env bash
# make test-web: the web build (the tensorplay.js/.wasm/.data the page loads) under node,
# against the native expected outputs: the seed acceptance sessions (tests/acceptance), the
# named torch scripts (tests/scripts) and a corpus subset (web/corpus_subset.txt). Scripts
# that need what a browser tab lacks (numpy, LAPACK, several processes) are listed with the
# reason in web/not_in_browser.txt and skipped here; they still run natively. Last, the page
# itself in headless Chromium (web/page_test.sh; the views in its canvas, page_views_test.sh;
# its files and bad input, page_files_test.sh).
# Usage: test_web.sh [WEB_BUILD]   (default: build-web)
set -u
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(realpath "${1:-build-web}")
program="$build/tensorplay-node"
skipped() { grep -v '^#' "$root/web/not_in_browser.txt" | awk '{print $1}'; }
status=0
# The node runs go to two workers (CI has two cores): the seed sessions, the corpus subset and
# the second half of the torch scripts on one, the first half on the other; each group's report
# is printed whole once both are done.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/sessions" "$work/scripts1" "$work/scripts2"
cp "$root/tests/acceptance/run.sh" "$work/sessions/"
for py in "$root"/tests/acceptance/*.py; do
  skipped | grep -qx "acceptance/$(basename "$py")" || cp "$py" "${py%.py}.expect" "$work/sessions/"
done
half=1
for py in "$root"/tests/scripts/torch_*.py "$root"/tests/scripts/torchdev_*.py; do
  name=$(basename "$py")
  skipped | grep -qx "$name" && continue
  # copies: node's file system does not follow links out of /tmp
  cp "$py" "${py%.py}.expected" "$work/scripts$half/"
  half=$((3 - half))
done
# the scripts' fixtures: everything else in tests/scripts (save_load/, fft_accuracy_cases.py, fft_reference.pt)
for f in "$root"/tests/scripts/*; do
  case $(basename "$f") in torch_*|torchdev_*) ;; *) cp -r "$f" "$work/scripts1/" && cp -r "$f" "$work/scripts2/" ;; esac
done
mapfile -t corpus < <(grep -v '^#' "$root/web/corpus_subset.txt" | awk 'NF {print "'"$root"'/tests/corpus/" $1}')
group() {  # NAME COMMAND...: runs it, its report in $work/NAME.log and its status in $work/NAME.status
  local name=$1; shift
  "$@" > "$work/$name.log" 2>&1
  echo $? > "$work/$name.status"
}
group scripts1 bash "$root/tests/run/torch_scripts.sh" "$program" "$work/scripts1" &
{ group sessions bash "$work/sessions/run.sh" "$program"
  group corpus bash "$root/tests/run/corpus.sh" "$program" "${corpus[@]}"
  group scripts2 bash "$root/tests/run/torch_scripts.sh" "$program" "$work/scripts2"; } &
wait
for name in sessions scripts1 scripts2 corpus; do
  case $name in
    sessions) echo "== seed acceptance sessions" ;;
    scripts1) echo "== torch scripts (first half)" ;;
    scripts2) echo "== torch scripts (second half)" ;;
    corpus) echo "== corpus subset" ;;
  esac
  cat "$work/$name.log"
  [ "$(cat "$work/$name.status")" = 0 ] || status=1
done

# The banner's device line: the profile's 16 GB and the tab's cap, each counted in 64 bits
# (a 32-bit size_t once printed the T4 as 2.8 GiB).
echo "== the banner under node"
want="cuda:0  Tesla T4 — simulated (profile t4: 40 SMs, 15 GiB, PCIe 3.0 x16; sim memory capped at 512 MiB)"
got=$(printf ':quit\n' | "$program" 2>&1 | grep '^cuda:0')
if [ "$got" == "$want" ]; then echo "ok    $got"; else echo "FAIL  banner: $got (want: $want)"; status=1; fi

echo "== the page in headless Chromium"
bash "$root/web/page_test.sh" "$build" || status=1
echo "== the views in the page's canvas"
bash "$root/web/page_views_test.sh" "$build" || status=1
echo "== the page's files and bad input"
bash "$root/web/page_files_test.sh" "$build" || status=1
exit $status
