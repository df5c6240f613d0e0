"""Records what real PyTorch prints for each tests/scripts/torch_NNN_topic.py into its .expected
file (run with /opt/torchref/bin/python, torch 2.15 on CPU; see NUMPY1_MARK). torchdev_NNN_topic.py scripts
(simulated-GPU behaviour a CPU-only PyTorch cannot show) have hand-written .expected files
and are not touched here.

Run from anywhere: /opt/torchref/bin/python tests/scripts/gen_expected.py [NAME.py ...]
(names given: only those scripts).
stdout and stderr are merged (unbuffered, so their order is the order of writing).
Tracebacks and warnings name the script by its basename, as tests/run/torch_scripts.sh runs it, and
CPython's ^^^^ marker lines under failing expressions are dropped (the runner drops them too).
"""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
MARKERS = re.compile(r"^\s+[\^~]+\s*$")

TORCH_PYTHON = "/opt/torchref/bin/python"
# Scripts that print numpy's own names and warnings are recorded with the numpy tensorplay
# embeds (Debian's 1.24: `numpy.bool_`, its __index__ rules): they say so in their first line,
# and /opt/torchref-np124 holds the same torch with numpy 1.24.2.
NUMPY1_MARK = "# reference: numpy 1.24"
TORCH_PYTHON_NUMPY1 = "/opt/torchref-np124/bin/python"

for name in sorted(os.listdir(HERE)):
    if not re.match(r"^torch_\d{3}_.*\.py$", name) or (sys.argv[1:] and name not in sys.argv[1:]):
        continue
    path = os.path.join(HERE, name)
    with open(path) as f:
        python = TORCH_PYTHON_NUMPY1 if f.readline().startswith(NUMPY1_MARK) else TORCH_PYTHON
    proc = subprocess.run([python, "-u", name], cwd=HERE, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True)
    text = proc.stdout.replace(path, name)  # tracebacks and warnings name the script as the runner does
    lines = [l for l in text.split("\n") if not MARKERS.match(l)]
    with open(os.path.join(HERE, name[:-3] + ".expected"), "w") as f:
        f.write("\n".join(lines))
    print(name, "exit", proc.returncode)
