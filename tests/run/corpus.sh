#!/usr/bin/env bash
# Runs the conformance corpus (tests/corpus/NNN_name.py: real learner code, adapted only to run
# offline and deterministically) through `tensorplay --no-sim run`, as CPU PyTorch would run
# it, and compares what each prints (stdout and stderr together) byte for byte with its
# .expected file, recorded from real PyTorch by gen_expected.py.
# Each script runs in a scratch working directory (some save files); as the recorder does, the
# script's path is written as its name, object addresses masked, CPython's ^^^^ marker lines
# dropped, and traceback frames inside the torch package (python/torch/ here) dropped with
# their source line; a warning raised inside the torch package is written "<torch>: UserWarning:
# ..." without its source line (where inside the package is not the learner's business).
# Scripts under pending/ do not pass yet and are not run (README.md says why).
# --sim: the same scripts with a simulated GPU present (scripts that pick "cuda" when it is
# available then train on it); the device is taken out of both sides before comparing (a
# repr's device='cuda:0', "cuda" written for "cpu", and the line breaks a longer repr moves),
# so what must match is every value PyTorch printed on the CPU.
# The criterion: a script passes when its output is byte-exact, or, for a script listed in
# within_rounding.txt, within float32 rounding with its cause named there: the text between the
# numbers equal and each number within torch.testing.assert_close's rule (|a - b| <= atol +
# rtol * |expected|, atol 1e-5 as its float32 default, rtol the one listed, at most 1e-3). The
# cause must be one the file declares (MKL's VML, MKL's narrow gemm kernels, oneDNN's
# convolution order...: computations no Debian package reproduces); the runner prints it.
# Usage: corpus.sh [--sim] PROGRAM [SCRIPT.py ...]   (default: every tests/corpus/NNN_*.py)
set -u
# PyTorch sizes some CPU reductions by its intra-op thread count (OMP_NUM_THREADS, else the
# machine's cores), and tensorplay follows it (batch norm's statistics: 058 prints 2.307504 with
# 1 thread, 2.307503 with 2 or more): both sides run with the 2 threads gen_expected.py records
# with, whatever the machine has.
export OMP_NUM_THREADS=2
sim=0
if [ "${1:-}" = --sim ]; then sim=1; shift; fi
bin=$(realpath "$1"); shift
here=${CORPUS_DIR:-$(cd "$(dirname "$0")/../corpus" && pwd)}  # CORPUS_DIR: corpus_criterion_test.sh's own
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
# With --sim: whitespace runs (line breaks included) as one space, the device as "cpu".
undevice() {
  if [ $sim = 0 ]; then cat; return; fi
  tr -s ' \n' '  ' | sed -E "s/,? *device='cuda:[0-9]+'//g; s/cuda:[0-9]+/cpu/g; s/\bcuda\b/cpu/g"
}
# --sim: a script listed in prints_cuda_available.txt prints `torch.cuda.is_available()` on a
# line of its own: PyTorch's CPU recording says False there, a simulated GPU True.
available_on_sim() {
  if [ $sim = 1 ] && grep -qx "$1" "$here/prints_cuda_available.txt"; then sed 's/^False$/True/'; else cat; fi
}
# --sim: a script whose `if torch.cuda.is_available():` block prints (gpu_branch_scripts.txt)
# prints more on a GPU; there what PyTorch printed must appear in order, with the block's
# lines in between.
in_order() {
  python3 -c 'import sys
want, got = sys.argv[1].split(), sys.argv[2].split()
it = iter(got)
sys.exit(0 if all(any(w == g for g in it) for w in want) else 1)' "$1" "$2"
}
# within_rounding.txt: "RTOL CAUSE" listed for a script ("NAME.py RTOL CAUSE[,CAUSE]"), or nothing. A
# listing whose cause is not declared ("cause KEY: what it is") or whose rtol is over 1e-3 is
# refused: beyond that it is no longer rounding.
tolerance() {
  awk -v n="$1" '$1 == "cause" { sub(":", "", $2); known[$2] = 1 }
    $1 == n { bad = $2 + 0 > 1e-3; k = split($3, c, ","); for (i = 1; i <= k; i++) if (!(c[i] in known)) bad = 1
              if (bad) { print "bad listing (an undeclared cause or RTOL over 1e-3): " $0 > "/dev/stderr"; exit 1 }
              print $2, $3 }' "$here/within_rounding.txt"
}
# The same text between the numbers (whitespace runs as one space) and the same count of
# numbers, each pair within assert_close's rule: |got - want| <= 1e-5 + rtol * |want|.
within_rounding() {
  python3 -c 'import re, sys
num = re.compile(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?")
def parts(text):
    text = " ".join(text.split())
    return num.split(text), [float(x) for x in num.findall(text)]
(want_text, want), (got_text, got), rtol = parts(sys.argv[1]), parts(sys.argv[2]), float(sys.argv[3])
sys.exit(0 if want_text == got_text and len(want) == len(got) and
         all(abs(g - w) <= 1e-5 + rtol * abs(w) for w, g in zip(want, got)) else 1)' "$1" "$2" "$3"
}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
pass=0; fail=0
for py in "${scripts[@]}"; do
  py=$(realpath "$py"); name=$(basename "$py")
  want=${py%.py}.expected
  rm -rf "${scratch:?}"/*
  if [ $sim = 1 ]; then
    got=$(cd "$scratch" && "$bin" run "$py" 2>&1 | sed "s|$py|$name|g" | normalize | undevice)
  else
    got=$(cd "$scratch" && TENSORPLAY_SIM_GPUS= "$bin" --no-sim run "$py" 2>&1 | sed "s|$py|$name|g" | normalize)
  fi
  expected=$(normalize < "$want" | available_on_sim "$name" | undevice)
  read -r rtol cause <<< "$(tolerance "$name")"
  if [ "$got" == "$expected" ] ||
     { [ $sim = 1 ] && grep -qx "$name" "$here/gpu_branch_scripts.txt" && in_order "$expected" "$got"; }; then
    pass=$((pass + 1)); echo "ok    $name"
  elif [ -n "$rtol" ] && within_rounding "$expected" "$got" "$rtol"; then
    pass=$((pass + 1)); echo "ok    $name (within float32 rounding, rtol $rtol: $cause)"
  else
    fail=$((fail + 1)); echo "FAIL  $name"
    diff <(normalize < "$want" | undevice | fold -w 100) <(printf '%s\n' "$got" | fold -w 100) | head -20 | sed 's/^/      /'
  fi
done
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
