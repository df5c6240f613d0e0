"""`tensorplay --install-kernel [--user | --prefix DIR]`: the kernelspecs that make tensorplay
a kernel Jupyter can start, installed with Jupyter's own installer (jupyter_client) so that
`jupyter kernelspec list` and every front end find them."""
import importlib.util
import json
import os
import sys
import tempfile

# name, display name, device flags: the set-ups a course needs.
KERNELS = [
    ("tensorplay", "tensorplay (simulated GPU)", ["--sim"]),
    ("tensorplay-2gpus", "tensorplay (2 simulated GPUs)", ["--sim", "--sim-gpus", "2"]),
]

_APT = "sudo apt-get install python3-ipykernel jupyter-client"


def kernel_json(program, display_name, flags):
    return {
        "argv": [program, *flags, "--kernel", "{connection_file}"],
        "display_name": display_name,
        "language": "python",
        "interrupt_mode": "signal",
        "metadata": {"debugger": False},
    }


def install(program, user, prefix):
    missing = [m for m in ("ipykernel", "jupyter_client") if importlib.util.find_spec(m) is None]
    if missing:
        print(f"tensorplay: the Jupyter kernel needs Debian's Jupyter packages ({', '.join(missing)} missing). "
              f"Install them:\n  {_APT}", file=sys.stderr)
        return 1
    from jupyter_client.kernelspec import KernelSpecManager

    manager = KernelSpecManager()
    for name, display_name, flags in KERNELS:
        with tempfile.TemporaryDirectory() as folder:
            with open(os.path.join(folder, "kernel.json"), "w") as f:
                json.dump(kernel_json(program, display_name, flags), f, indent=1)
            try:
                where = manager.install_kernel_spec(folder, name, user=user, prefix=prefix or None, replace=True)
            except OSError as e:
                print(f"tensorplay: cannot write {e.filename or e.filename2}: {e.strerror}; install for all users "
                      "as root (sudo tensorplay --install-kernel), or for yourself with --user", file=sys.stderr)
                return 1
        print(f"installed kernel '{name}' ({display_name}) in {where}")
    print("Start Jupyter (e.g. `jupyter notebook`) and pick one of them as the notebook's kernel.")
    return 0
