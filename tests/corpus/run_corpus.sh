#!/usr/bin/env bash
# Runs the conformance corpus (tests/corpus/NNN_name.py: real learner code, adapted only to run
# offline and deterministically) through `tensorplay --no-sim run`, as CPU PyTorch would run
# it, and compares what each prints (stdout and stderr together) byte for byte with its
# .expected file, recorded from real PyTorch by gen_expected.py.
# Each script runs in a scratch working directory (some save files); as the recorder does, the
# script's path is written as its name, object addresses masked, CPython's ^^^^ marker lines
# dropped, and traceback frames inside the torch package (repl/python/torch/ here) dropped with
# their source line; a warning raised inside the torch package is written "<torch>: UserWarning:
# ..." without its source line (where inside the package is not the learner's business).
# Scripts under pending/ do not pass yet and are not run (README.md says why).
# Usage: run_corpus.sh PROGRAM [SCRIPT.py ...]   (default: every tests/corpus/NNN_*.py)
set -u
bin=$(realpath "$1"); shift
here=$(cd "$(dirname "$0")" && pwd)
shopt -s nullglob
if [ $# -gt 0 ]; then scripts=("$@"); else scripts=("$here"/[0-9][0-9][0-9]_*.py); fi
normalize() {
  awk '/^  File ".*\/torch\/.*", line [0-9]+, in / { skip = 1; next }
       skip && /^    / { skip = 0; next }
       /^[^ ]*\/torch\/[^ ]*\.py:[0-9]+: [A-Za-z]*Warning: / {
         sub(/^[^ ]*\/torch\/[^ ]*\.py:[0-9]+:/, "<torch>:"); print; wskip = 1; next }
       wskip && /^  / { wskip = 0; next }
       { skip = 0; wskip = 0; print }' | grep -v -E '^\s+[\^~]+\s*$' | sed -E 's/0x[0-9a-f]+/0x.../g'
}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
pass=0; fail=0
for py in "${scripts[@]}"; do
  py=$(realpath "$py"); name=$(basename "$py")
  want=${py%.py}.expected
  rm -rf "${scratch:?}"/*
  got=$(cd "$scratch" && TENSORPLAY_SIM_GPUS= "$bin" --no-sim run "$py" 2>&1 | sed "s|$py|$name|g" | normalize)
  if [ "$got" == "$(normalize < "$want")" ]; then
    pass=$((pass + 1)); echo "ok    $name"
  else
    fail=$((fail + 1)); echo "FAIL  $name"
    diff <(normalize < "$want") <(printf '%s\n' "$got") | head -20 | sed 's/^/      /'
  fi
done
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
