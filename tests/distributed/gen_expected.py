"""Records what real PyTorch's torchrun prints for each tests/distributed/dist_NNN_topic.py, once
per process count its `# nproc:` line lists, into dist_NNN_topic.npN.expected (stdout only:
torchrun's own notes go to stderr). Run with PyTorch 2.15 on CPU:
  /opt/torchref/bin/python tests/distributed/gen_expected.py
"""
import os
import re
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
TORCHRUN = "/opt/torchref/bin/torchrun"


def process_counts(path):
    with open(path) as f:
        for line in f:
            if line.startswith("# nproc:"):
                return [int(n) for n in line.split(":")[1].split()]
    raise SystemExit(f"{path} has no '# nproc:' line")


for name in sorted(os.listdir(HERE)):
    if not re.match(r"^dist_\d{3}_.*\.py$", name):
        continue
    for n in process_counts(os.path.join(HERE, name)):
        proc = subprocess.run([TORCHRUN, "--standalone", "--nproc-per-node", str(n), name], cwd=HERE,
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        with open(os.path.join(HERE, f"{name[:-3]}.np{n}.expected"), "w") as f:
            f.write(proc.stdout)
        print(name, n, "processes: exit", proc.returncode)
