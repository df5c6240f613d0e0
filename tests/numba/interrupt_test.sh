#!/usr/bin/env bash
# Ctrl-C (SIGINT) stops a numba.cuda kernel that never ends: KeyboardInterrupt in the script,
# which catches it and goes on. usage: interrupt_test.sh TENSORPLAY
set -u
bin=$(realpath "$1")
out=$(mktemp -d /tmp/tp-numba-interrupt.XXXXXX)
trap 'rm -rf "$out"' EXIT
cat > "$out/forever.py" <<'PY'
import numpy as np
from numba import cuda

@cuda.jit
def forever(a):
    while a[0] == 0:  # nothing in the kernel changes a[0]
        pass

@cuda.jit
def one(a):
    a[0] = 1

a = np.zeros(1)
print("launching", flush=True)
try:
    forever[1, 32](a)
except KeyboardInterrupt:
    print("KeyboardInterrupt: the kernel stopped")
one[1, 1](a)
print("still running", a.tolist())
PY
TENSORPLAY_SIM_GPUS= "$bin" --sim run "$out/forever.py" > "$out/log" 2>&1 &
pid=$!
for _ in $(seq 100); do grep -q launching "$out/log" && break; sleep 0.1; done
sleep 0.5
kill -INT "$pid"
for _ in $(seq 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
if kill -0 "$pid" 2>/dev/null; then kill -9 "$pid"; echo "FAIL: still running 10 s after SIGINT"; exit 1; fi
want=$'launching\nKeyboardInterrupt: the kernel stopped\nstill running [1.0]'
if [ "$(cat "$out/log")" == "$want" ]; then echo "ok"; else echo "FAIL:"; cat "$out/log"; exit 1; fi
