"""torch.distributed.run: torchrun from Python (`main(['--nproc-per-node', '2', 'train.py'])`).
It starts tensorplay's launcher with torchrun's flags and relays the job's output, stdout and
stderr merged, line by line into this session's sys.stdout (so a lesson or the GUI shows it)."""
import signal
import subprocess
import sys

from torch._C import _distributed as _engine

_VALUE_FLAGS = {"--nproc-per-node", "--nproc_per_node", "--nnodes", "--node-rank", "--node_rank",
                "--master-addr", "--master_addr", "--master-port", "--master_port"}


def _split(args):
    """torchrun's arguments: (launcher flags, the script, the script's arguments)."""
    i = 0
    while i < len(args):
        name = args[i].split("=", 1)[0]
        if args[i] == "--standalone" or ("=" in args[i] and name in _VALUE_FLAGS):
            i += 1
        elif args[i] in _VALUE_FLAGS:
            i += 2
        elif args[i].startswith("-"):
            raise ValueError(f"torchrun option {args[i]} is not supported by tensorplay's launcher "
                             f"(it takes {', '.join(sorted(_VALUE_FLAGS))} and --standalone)")
        else:
            return args[:i], args[i], args[i + 1:]
    raise ValueError("torchrun needs a training script: main(['--nproc-per-node', '2', 'train.py'])")


def main(args=None):
    flags, script, script_args = _split(list(sys.argv[1:] if args is None else args))
    command = [_engine._launcher_program(), *flags, "run", script, *script_args]
    # A session of its own: a terminal's Ctrl-C reaches this process only, which passes it on once.
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          start_new_session=True) as job:
        try:
            for line in job.stdout:
                sys.stdout.write(line)
        except BaseException:  # Ctrl-C here: the launcher stops its workers, as at a terminal
            job.send_signal(signal.SIGINT)
            for line in job.stdout:
                sys.stdout.write(line)
            job.wait()
            raise
    if job.returncode != 0:
        raise RuntimeError(f"{script} failed: the launcher exited with status {job.returncode} (its report is above)")
