"""Records what CPython 3.11 prints for each tests/lang/NNN_topic.py into NNN_topic.expected,
and what real PyTorch prints for each torch_NNN_topic.py (run with /opt/torchref/bin/python,
torch 2.15 on CPU). torchdev_NNN_topic.py scripts (simulated-GPU behaviour a CPU-only PyTorch
cannot show) have hand-written .expected files and are not touched here.

Run with python3 (3.11) from anywhere: python3 tests/lang/gen_expected.py
stdout and stderr are merged (unbuffered, so their order is the order of writing).
Tracebacks name the script by its basename, as tests/lang_test.cpp runs it, and CPython's
^^^^ marker lines under failing expressions are dropped: tensorplay does not print them.
"""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
MARKERS = re.compile(r"^\s+[\^~]+\s*$")

TORCH_PYTHON = "/opt/torchref/bin/python"

for name in sorted(os.listdir(HERE)):
    if re.match(r"^\d{3}_.*\.py$", name):
        python = sys.executable
    elif re.match(r"^torch_\d{3}_.*\.py$", name):
        python = TORCH_PYTHON
    else:
        continue
    path = os.path.join(HERE, name)
    proc = subprocess.run([python, "-u", name], cwd=HERE, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True)
    text = proc.stdout.replace('File "%s"' % path, 'File "%s"' % name)
    lines = [l for l in text.split("\n") if not MARKERS.match(l)]
    with open(os.path.join(HERE, name[:-3] + ".expected"), "w") as f:
        f.write("\n".join(lines))
    print(name, "exit", proc.returncode)
