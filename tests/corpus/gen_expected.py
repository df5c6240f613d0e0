"""Records what real PyTorch prints for each tests/corpus/NNN_name.py (and pending/NNN_name.py)
into its .expected file (run with /opt/torchref/bin/python, torch 2.15 on CPU).

Run from anywhere: /opt/torchref/bin/python tests/corpus/gen_expected.py [SCRIPT.py ...]
With no argument every corpus script is recorded, passing and pending alike.
stdout and stderr are merged (unbuffered, so their order is the order of writing) and each
script runs in a scratch working directory, as tests/run/corpus.sh runs it. Written
the way the runner compares: the script's path as its basename (tracebacks, warnings),
object addresses as 0x... (so a re-recording changes no line by chance), CPython's ^^^^ marker
lines dropped, and traceback frames inside the torch package itself (PyTorch's
site-packages/torch/ here, python/torch/ in tensorplay) dropped with the source line
under them: they name another implementation's files, so a traceback is compared on the
learner's frames and the exception's text.
PyTorch runs with OMP_NUM_THREADS=2, as tests/run/corpus.sh runs tensorplay: some CPU reductions
depend on the intra-op thread count, which otherwise is the recording machine's core count.
"""
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
MARKERS = re.compile(r"^\s+[\^~]+\s*$")
ADDRESS = re.compile(r"0x[0-9a-f]+")
TORCH_FRAME = re.compile(r'^  File ".*/torch/.*", line \d+, in ')
SCRIPT = re.compile(r"^\d{3}_.*\.py$")

TORCH_PYTHON = "/opt/torchref/bin/python"


def record(path):
    name = os.path.basename(path)
    folder = os.path.dirname(path)
    with tempfile.TemporaryDirectory() as scratch:
        proc = subprocess.run([TORCH_PYTHON, "-u", path], cwd=scratch, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, text=True,
                              env=dict(os.environ, OMP_NUM_THREADS="2"))
    text = ADDRESS.sub("0x...", proc.stdout.replace(path, name))
    lines, skip = [], False
    for l in text.split("\n"):
        if skip and l.startswith("    "):
            skip = False
            continue
        skip = bool(TORCH_FRAME.match(l))
        if not skip and not MARKERS.match(l):
            lines.append(l)
    with open(os.path.join(folder, name[:-3] + ".expected"), "w") as f:
        f.write("\n".join(lines))
    print(os.path.relpath(path, HERE), "exit", proc.returncode)


if len(sys.argv) > 1:
    paths = [os.path.abspath(p) for p in sys.argv[1:]]
else:
    paths = [os.path.join(d, n) for d in (HERE, os.path.join(HERE, "pending"))
             for n in sorted(os.listdir(d)) if SCRIPT.match(n)]
for p in paths:
    record(p)
