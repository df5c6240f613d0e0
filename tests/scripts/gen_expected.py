"""Records what real PyTorch prints for each tests/scripts/torch_NNN_topic.py into its .expected
file (run with /opt/torchref/bin/python, torch 2.15 on CPU). torchdev_NNN_topic.py scripts
(simulated-GPU behaviour a CPU-only PyTorch cannot show) have hand-written .expected files
and are not touched here.

Run from anywhere: /opt/torchref/bin/python tests/scripts/gen_expected.py
stdout and stderr are merged (unbuffered, so their order is the order of writing).
Tracebacks name the script by its basename, as tests/run_torch_scripts.sh runs it, and
CPython's ^^^^ marker lines under failing expressions are dropped (the runner drops them too).
"""
import os
import re
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
MARKERS = re.compile(r"^\s+[\^~]+\s*$")

TORCH_PYTHON = "/opt/torchref/bin/python"

for name in sorted(os.listdir(HERE)):
    if not re.match(r"^torch_\d{3}_.*\.py$", name):
        continue
    path = os.path.join(HERE, name)
    proc = subprocess.run([TORCH_PYTHON, "-u", name], cwd=HERE, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True)
    text = proc.stdout.replace('File "%s"' % path, 'File "%s"' % name)
    lines = [l for l in text.split("\n") if not MARKERS.match(l)]
    with open(os.path.join(HERE, name[:-3] + ".expected"), "w") as f:
        f.write("\n".join(lines))
    print(name, "exit", proc.returncode)
