#!/usr/bin/env bash
# The corpus criterion (corpus.sh) can fail: a tiny corpus of its own (CORPUS_DIR) run through a
# stand-in program that runs each script with python3. A script passes byte for byte, or,
# listed in within_rounding.txt with a declared cause and RTOL <= 1e-3, with each number within
# |got - want| <= 1e-5 + RTOL * |want| and the text between the numbers equal; nothing else.
# Usage: corpus_criterion_test.sh   (no program: the stand-in is made here)
set -u
runner=$(cd "$(dirname "$0")" && pwd)/corpus.sh
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
printf '#!/bin/sh\nshift 2\nexec python3 "$@"\n' > "$dir/program"  # "--no-sim run SCRIPT.py"
chmod +x "$dir/program"
status=0
# check NAME PRINTED EXPECTED LISTING WANT: the script prints PRINTED, PyTorch printed EXPECTED,
# within_rounding.txt lists LISTING ("" for none); WANT is ok or FAIL.
check() {
  local corpus="$dir/corpus_$1"
  mkdir -p "$corpus"
  printf 'print(%s)\n' "$2" > "$corpus/900_$1.py"
  printf '%s' "$3" > "$corpus/900_$1.expected"
  printf 'cause mkl-vml: a declared cause\n%s\n' "${4:+900_$1.py $4}" > "$corpus/within_rounding.txt"
  : > "$corpus/gpu_branch_scripts.txt"
  : > "$corpus/prints_cuda_available.txt"
  local got
  got=$(CORPUS_DIR="$corpus" bash "$runner" "$dir/program" 2>&1 | grep -E '^(ok|FAIL) ' | head -1)
  if [ "${got%% *}" = "$5" ]; then echo "ok    $1: $got"; else echo "WRONG $1: want $5, got: $got"; status=1; fi
}
check exact "'loss 0.6931'" "loss 0.6931" "" ok
check unlisted_digit "'loss 0.6932'" "loss 0.6931" "" FAIL
check within "'loss 1.2345678'" "loss 1.2345677" "1e-6 mkl-vml" ok
check atol_only "'grad 3.5e-06'" "grad 3.1e-06" "1e-7 mkl-vml" ok
check over_rtol "'loss 1.2346'" "loss 1.2345" "1e-6 mkl-vml" FAIL
check text_differs "'loss: 1.2345678'" "loss 1.2345677" "1e-6 mkl-vml" FAIL
check count_differs "'loss 1.2345678 2'" "loss 1.2345677" "1e-6 mkl-vml" FAIL
check undeclared_cause "'loss 1.2345678'" "loss 1.2345677" "1e-6 my-guess" FAIL
check rtol_too_large "'loss 1.2345678'" "loss 1.2345677" "1e-2 mkl-vml" FAIL
grep -q "within float32 rounding, rtol 1e-6: mkl-vml" <(CORPUS_DIR="$dir/corpus_within" bash "$runner" "$dir/program") ||
  { echo "WRONG the runner does not name the cause"; status=1; }
exit $status
