#!/usr/bin/env bash
# The launcher (tensorplay --nproc-per-node N run FILE): each worker's environment, a worker
# that raises, exits, is killed or hangs (the others stopped, the failure reported, exit
# status 1), a rank that never joins and a busy port (PyTorch's messages), the modeled link
# time of nccl on simulated GPUs, Ctrl-C at the launcher (exit 130), and no worker left
# behind in any case.
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
want="RANK=0 LOCAL_RANK=0 WORLD_SIZE=3 LOCAL_WORLD_SIZE=3 MASTER_ADDR=127.0.0.1 port_set=True argv=['a', '--b'] cuda_devices=3 launched=True
RANK=1 LOCAL_RANK=1 WORLD_SIZE=3 LOCAL_WORLD_SIZE=3 MASTER_ADDR=127.0.0.1 port_set=True argv=['a', '--b'] cuda_devices=3 launched=True
RANK=2 LOCAL_RANK=2 WORLD_SIZE=3 LOCAL_WORLD_SIZE=3 MASTER_ADDR=127.0.0.1 port_set=True argv=['a', '--b'] cuda_devices=3 launched=True"
check "each worker's environment" [ "$got" == "$want" ]
[ "$got" == "$want" ] || diff <(echo "$want") <(echo "$got")
got=$("$bin" --sim-gpus 1 --nproc-per-node 2 --nnodes 2 --node-rank 1 --master-port 29999 run launcher_env.py 2>&1 | sort)
want="RANK=2 LOCAL_RANK=0 WORLD_SIZE=4 LOCAL_WORLD_SIZE=2 MASTER_ADDR=127.0.0.1 port_set=True argv=[] cuda_devices=1 launched=True
RANK=3 LOCAL_RANK=1 WORLD_SIZE=4 LOCAL_WORLD_SIZE=2 MASTER_ADDR=127.0.0.1 port_set=True argv=[] cuda_devices=1 launched=True"
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

# A rank that hangs: the others' collective times out with Gloo's text, and the launcher then
# stops the hanging one.
start=$SECONDS
out=$("$bin" --nproc-per-node 2 --standalone run launcher_collective_fault.py hang 2>&1); rc=$?
check "a hanging rank: status 1" [ $rc == 1 ]
check "a hanging rank: the collective timed out" grep -q "Timed out waiting 2000ms for recv operation to complete" <<<"$out"
check "a hanging rank: stopped" grep -q "  rank      : 1 (local_rank: 1)" <<<"$out"
check "a hanging rank: well before its sleep ends" [ $((SECONDS - start)) -lt 30 ]
check "a hanging rank: no process left" bash -c '! pgrep -f launcher_collective_faul[t].py'
# A rank that never joins: rank 0 of a two-node job started alone.
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
out=$("$bin" --nproc-per-node 1 --nnodes 2 --node-rank 0 --master-port "$port" run launcher_collective_fault.py join 2>&1)
check "a rank that never joins: PyTorch's message" \
  grep -q "torch.distributed.DistStoreError: Timed out after 3 seconds waiting for clients. 1/2 clients joined." <<<"$out"
# A busy port: rank 0 cannot host the store.
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
python3 -c 'import socket, sys, time; s = socket.socket(); s.bind(("127.0.0.1", int(sys.argv[1]))); s.listen(); time.sleep(30)' "$port" &
holder=$!
sleep 0.5
out=$("$bin" --nproc-per-node 2 --master-port "$port" run launcher_collective_fault.py busy 2>&1); rc=$?
kill $holder
check "a busy port: status 1" [ $rc == 1 ]
check "a busy port: PyTorch's message" grep -q "torch.distributed.DistNetworkError: The server socket has failed to listen on any local network address. port: $port, useIpv6: false, code: -98, name: EADDRINUSE, message: address already in use" <<<"$out"
check "a busy port: no process left" bash -c '! pgrep -f launcher_collective_faul[t].py'

# nccl on simulated GPUs models the link's time (t4: 12 GB/s pinned PCIe, 10 us per copy): a
# ring all-reduce of 4 MB over 2 GPUs puts 2(n-1)/n x 4 MB = 4 MB on each link, 0.010 + 0.333
# ms; gloo copies the tensor to the host and back, pageable at 6 GB/s: 2 x (0.010 + 0.667) ms.
got=$(TENSORPLAY_FREEZE_HOST_CLOCK=1 "$bin" --gpu-profile t4 --nproc-per-node 2 --standalone run sim_link_time.py nccl 2>&1)
check "nccl: the link's modeled time" [ "$got" == "nccl: 2.0 after 0.343 ms (modeled)" ]
got=$(TENSORPLAY_FREEZE_HOST_CLOCK=1 "$bin" --gpu-profile t4 --nproc-per-node 2 --standalone run sim_link_time.py gloo 2>&1)
check "gloo: the host round trip's modeled time" [ "$got" == "gloo: 2.0 after 1.353 ms (modeled)" ]

# Ctrl-C: the terminal sends SIGINT to the launcher; the workers get KeyboardInterrupt.
"$bin" --nproc-per-node 2 run launcher_fault.py none wait >interrupt.log 2>&1 &
launcher=$!
for _ in $(seq 100); do [ "$(grep -c started interrupt.log)" == 2 ] && break; sleep 0.1; done
kill -INT $launcher
wait $launcher; rc=$?
check "Ctrl-C: status 130" [ $rc == 130 ]
check "Ctrl-C: the workers were interrupted" [ "$(grep -c KeyboardInterrupt interrupt.log)" == 2 ]
check "Ctrl-C: no process left" bash -c '! pgrep -f launcher_faul[t].py'
# torch.distributed.run.main from a script: the job's output relayed; Ctrl-C stops the job.
"$bin" -c "from torch.distributed.run import main; main(['--nproc-per-node', '2', 'launcher_fault.py', 'none', 'wait'])" \
  >interrupt.log 2>&1 &
session=$!
for _ in $(seq 100); do [ "$(grep -c started interrupt.log)" == 2 ] && break; sleep 0.1; done
kill -INT $session
wait $session
check "torch.distributed.run: the workers' output relayed" [ "$(grep -c started interrupt.log)" == 2 ]
check "torch.distributed.run: Ctrl-C stops the job" grep -q "tensorplay: all 2 workers stopped" interrupt.log
check "torch.distributed.run: no process left" bash -c '! pgrep -f launcher_faul[t].py'
# The launcher killed outright: its workers die with it (PR_SET_PDEATHSIG).
"$bin" --nproc-per-node 2 run launcher_fault.py none wait >interrupt.log 2>&1 &
launcher=$!
for _ in $(seq 100); do [ "$(grep -c started interrupt.log)" == 2 ] && break; sleep 0.1; done
kill -KILL $launcher; wait $launcher 2>/dev/null
sleep 0.5
check "launcher killed: no process left" bash -c '! pgrep -f launcher_faul[t].py'
rm -f interrupt.log
exit $fail
