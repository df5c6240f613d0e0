"""Records what numba-cuda's CUDA simulator prints for each tests/numba/numba_NNN_topic.py
into its .expected file. The simulator is the reference for outputs and numba's error
texts; tensorplay's own figures (warps, timing, races, shuffles the simulator lacks) are in
numbadev_NNN_topic.py scripts with .expected files written by tensorplay and checked by hand
(shuffle values, error texts), not touched here.

Run: /opt/numbaref/bin/python tests/numba/gen_expected.py [NAME.py ...]
(/opt/numbaref: python3 -m venv /opt/numbaref && /opt/numbaref/bin/pip install numba numba-cuda numpy;
a reference only, never a dependency). Runs with NUMBA_ENABLE_CUDASIM=1; stdout and stderr
merged; CPython's ^^^^ marker lines dropped, as tests/run/torch_scripts.sh drops them.
"""
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
MARKERS = re.compile(r"^\s+[\^~]+\s*$")

for name in sorted(os.listdir(HERE)):
    if not re.match(r"^numba_\d{3}_.*\.py$", name) or (sys.argv[1:] and name not in sys.argv[1:]):
        continue
    env = dict(os.environ, NUMBA_ENABLE_CUDASIM="1")
    proc = subprocess.run([sys.executable, "-u", name], cwd=HERE, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, env=env)
    text = proc.stdout.replace(os.path.join(HERE, name), name)  # as the runner names the script
    lines = [l for l in text.split("\n") if not MARKERS.match(l)]
    with open(os.path.join(HERE, name[:-3] + ".expected"), "w") as f:
        f.write("\n".join(lines))
    print(name, "exit", proc.returncode)
