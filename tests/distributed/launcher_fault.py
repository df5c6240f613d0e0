# A job whose rank named by argv[1] fails as argv[2] says (raise, exit, kill) while the others
# wait; with argv[1] == "none" every rank waits to be interrupted.
import os
import signal
import sys
import time

rank = int(os.environ["RANK"])
os.write(1, f"rank {rank} started\n".encode())
if sys.argv[1] == str(rank):
    if sys.argv[2] == "raise":
        raise ValueError(f"rank {rank} broke")
    if sys.argv[2] == "exit":
        sys.exit(3)
    os.kill(os.getpid(), signal.SIGKILL)
time.sleep(60)
