#!/usr/bin/env bash
# The launcher (tensorplay --nproc-per-node N run FILE): each worker's environment, a worker
# that raises, exits or is killed (the others stopped, the failure reported, exit status 1),
# Ctrl-C at the launcher (exit 130), and no worker left behind in any case.
# Usage: launcher_test.sh PROGRAM
set -u
bin=$(realpath "$1")
cd "$(dirname "$0")" || exit 2
export TENSORPLAY_SIM_GPUS=
fail=0
check() {  # check NAME CONDITION...
  if "${@:2}"; then echo "ok    $1"; else echo "FAIL  $1"; fail=1; fi
}

got=$("$bin" --nproc-per-node 3 --standalone run launcher_env.py a --b 2>&1 | sort)
want="RANK=0 LOCAL_RANK=0 WORLD_SIZE=3 LOCAL_WORLD_SIZE=3 MASTER_ADDR=127.0.0.1 port_set=True argv=['a', '--b'] cuda_devices=3
RANK=1 LOCAL_RANK=1 WORLD_SIZE=3 LOCAL_WORLD_SIZE=3 MASTER_ADDR=127.0.0.1 port_set=True argv=['a', '--b'] cuda_devices=3
RANK=2 LOCAL_RANK=2 WORLD_SIZE=3 LOCAL_WORLD_SIZE=3 MASTER_ADDR=127.0.0.1 port_set=True argv=['a', '--b'] cuda_devices=3"
check "each worker's environment" [ "$got" == "$want" ]
[ "$got" == "$want" ] || diff <(echo "$want") <(echo "$got")
got=$("$bin" --sim-gpus 1 --nproc-per-node 2 --nnodes 2 --node-rank 1 --master-port 29999 run launcher_env.py 2>&1 | sort)
want="RANK=2 LOCAL_RANK=0 WORLD_SIZE=4 LOCAL_WORLD_SIZE=2 MASTER_ADDR=127.0.0.1 port_set=True argv=[] cuda_devices=1
RANK=3 LOCAL_RANK=1 WORLD_SIZE=4 LOCAL_WORLD_SIZE=2 MASTER_ADDR=127.0.0.1 port_set=True argv=[] cuda_devices=1"
check "the second node's ranks; --sim-gpus kept" [ "$got" == "$want" ]

for how in raise exit kill; do
  out=$("$bin" --nproc-per-node 3 run launcher_fault.py 1 $how 2>&1); rc=$?
  check "a worker that does '$how': status 1" [ $rc == 1 ]
  check "a worker that does '$how': reported" grep -q "Root Cause (first observed failure):" <<<"$out"
  check "a worker that does '$how': its rank" grep -q "  rank      : 1 (local_rank: 1)" <<<"$out"
  check "a worker that does '$how': the others stopped" grep -q "exitcode  : -15 (pid: [0-9]*)  (SIGTERM)" <<<"$out"
  check "a worker that does '$how': no process left" bash -c '! pgrep -f launcher_faul[t].py'
done
check "a raised error's traceback is shown" grep -q "ValueError: rank 1 broke" <<<"$("$bin" --nproc-per-node 2 run launcher_fault.py 1 raise 2>&1)"
out=$("$bin" --nproc-per-node 2 run launcher_fault.py 1 exit 2>&1)
check "an exit status is shown" grep -q "exitcode  : 3 (pid" <<<"$out"
out=$("$bin" --nproc-per-node 2 run launcher_fault.py 1 kill 2>&1)
check "a signal is named" grep -q "exitcode  : -9 (pid: [0-9]*)  (SIGKILL)" <<<"$out"

# Ctrl-C: the terminal sends SIGINT to the launcher; the workers get KeyboardInterrupt.
"$bin" --nproc-per-node 2 run launcher_fault.py none wait >interrupt.log 2>&1 &
launcher=$!
for _ in $(seq 100); do [ "$(grep -c started interrupt.log)" == 2 ] && break; sleep 0.1; done
kill -INT $launcher
wait $launcher; rc=$?
check "Ctrl-C: status 130" [ $rc == 130 ]
check "Ctrl-C: the workers were interrupted" [ "$(grep -c KeyboardInterrupt interrupt.log)" == 2 ]
check "Ctrl-C: no process left" bash -c '! pgrep -f launcher_faul[t].py'
# The launcher killed outright: its workers die with it (PR_SET_PDEATHSIG).
"$bin" --nproc-per-node 2 run launcher_fault.py none wait >interrupt.log 2>&1 &
launcher=$!
for _ in $(seq 100); do [ "$(grep -c started interrupt.log)" == 2 ] && break; sleep 0.1; done
kill -KILL $launcher; wait $launcher 2>/dev/null
sleep 0.5
check "launcher killed: no process left" bash -c '! pgrep -f launcher_faul[t].py'
rm -f interrupt.log
exit $fail
