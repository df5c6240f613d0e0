#!/usr/bin/env python3
"""Runs a fuzz driver (fuzz_torch.py: the torch API; fuzz_indexing.py: x[key] and x[key] = v)
inside a tensorplay program for a time budget
and reports what went wrong: the process dying (a crash, an abort, a sanitizer report), a call
hanging, or an internal check failing; each with the seed and the call that did it, from the
log the driver writes before every call. Exit status 0 when the run was clean.
Usage: fuzz.py TENSORPLAY [--driver torch|indexing] [--seconds S] [--seed N] [--log FILE]"""
import argparse
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time

DRIVERS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fuzz")
HANG_SECONDS = 30  # one call that long counts as a hang
MEMORY_LIMIT = 4 << 30  # bytes: a call may ask for a huge tensor that would succeed, slowly


def sanitized(binary):
    """True for a build with AddressSanitizer, which needs its own way to cap memory."""
    try:
        out = subprocess.run(["nm", "-D", binary], capture_output=True, text=True).stdout
    except OSError:
        return False
    return "__asan_init" in out


def child_environment(binary):
    env = dict(os.environ)
    if sanitized(binary):
        cap = f"allocator_may_return_null=1:max_allocation_size_mb={MEMORY_LIMIT >> 20}"
        env["ASAN_OPTIONS"] = (env.get("ASAN_OPTIONS", "") + ":" + cap).lstrip(":")
    return env


def cap_address_space():  # in the child, before exec; not under ASan (its shadow memory)
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))


def last_call(log_path):
    try:
        with open(log_path) as f:
            lines = [line.rstrip("\n") for line in f if line.strip()]
    except OSError:
        return "(no log)"
    calls = [line for line in lines if line[:1].isdigit()]
    return calls[-1] if calls else "(before the first call)"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("tensorplay")
    parser.add_argument("--driver", choices=["torch", "indexing"], default="torch")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--log", help="where the driver logs each call (default: a temporary file)")
    a = parser.parse_args()
    if a.log:
        return fuzz(a, a.log)
    # The default log (GBs for a long run) lives only as long as the run that reports from it.
    with tempfile.TemporaryDirectory(prefix="tensorplay-fuzz-") as scratch:
        return fuzz(a, os.path.join(scratch, "calls.log"))


def fuzz(a, log_path):
    """One fuzzing run logging to log_path; 0 when it ends cleanly."""
    driver = os.path.join(DRIVERS, f"fuzz_{a.driver}.py")
    cmd = [a.tensorplay, "--sim", "run", driver, str(a.seed), str(a.seconds), log_path]
    # Output goes to a file, not a pipe: a long run's sanitizer notes would fill a pipe
    # nobody reads until the end, and the child would block on it.
    with open(log_path + ".out", "w+") as output_file:
        return supervise(a, cmd, log_path, output_file)


def supervise(a, cmd, log_path, output_file):
    """Runs the driver, killing it when no call finishes for HANG_SECONDS, and reports."""
    proc = subprocess.Popen(cmd, stdout=output_file, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True, env=child_environment(a.tensorplay),
                            preexec_fn=None if sanitized(a.tensorplay) else cap_address_space)
    last_size, last_change = -1, time.monotonic()
    while proc.poll() is None:
        time.sleep(0.5)
        size = os.path.getsize(log_path) if os.path.exists(log_path) else 0
        if size != last_size:
            last_size, last_change = size, time.monotonic()
        elif time.monotonic() - last_change > HANG_SECONDS:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            print(f"fuzz: HANG (no call finished in {HANG_SECONDS} s), seed {a.seed}: {last_call(log_path)}")
            return 1
    output_file.seek(0)
    output = output_file.read()
    if proc.returncode == 0:
        print(output.strip().split("\n")[-1])
        return 0
    how = f"killed by signal {-proc.returncode}" if proc.returncode < 0 else f"exit status {proc.returncode}"
    print(f"fuzz: FAILED ({how}), seed {a.seed}; last call: {last_call(log_path)}")
    print("\n".join(output.strip().split("\n")[-40:]))
    if os.path.exists(log_path):
        with open(log_path) as f:
            internal = [line.rstrip() for line in f if line.startswith("INTERNAL")]
        for line in internal[:10]:
            print(line)
    return 1


if __name__ == "__main__":
    sys.exit(main())
