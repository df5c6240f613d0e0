#!/usr/bin/env bash
# Runs each tests/distributed/dist_NNN_topic.py as a job of N processes through tensorplay's
# launcher (tensorplay --nproc-per-node N --standalone run), for every N its `# nproc:` line
# lists, and compares what the job prints on stdout with dist_NNN_topic.npN.expected, recorded
# from real PyTorch's torchrun by gen_expected.py. A job must also exit 0.
# Usage: distributed_scripts.sh PROGRAM
set -u
bin=$(realpath "$1")
cd "$(dirname "$0")/../distributed" || exit 2
export TENSORPLAY_SIM_GPUS=
pass=0; fail=0
for py in dist_*.py; do
  for n in $(sed -n 's/^# nproc://p' "$py"); do
    want=${py%.py}.np$n.expected
    got=$(timeout 120 "$bin" --nproc-per-node "$n" --standalone run "$py" 2>/tmp/tp_dist_err.$$); rc=$?
    if [ $rc == 0 ] && [ "$got" == "$(cat "$want")" ]; then
      pass=$((pass + 1)); echo "ok    $py ($n processes)"
    else
      fail=$((fail + 1)); echo "FAIL  $py ($n processes, exit $rc)"
      diff "$want" <(printf '%s\n' "$got") | head -20 | sed 's/^/      /'
      head -20 /tmp/tp_dist_err.$$ | sed 's/^/      stderr: /'
    fi
  done
done
rm -f /tmp/tp_dist_err.$$
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
