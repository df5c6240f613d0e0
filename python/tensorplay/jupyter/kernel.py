"""The tensorplay Jupyter kernel: IPython's own kernel (Debian's python3-ipykernel) running
inside the tensorplay program, so `import torch` is tensorplay's and the kernel's devices are
the program's (simulated GPUs by default). The cells run in the program's session namespace;
after each cell the program's hint engine and lesson state hear how it ended, as after each
prompt input, so a device error gets its hint under the cell. Interrupt and restart are
IPython's kernel's own (SIGINT raises KeyboardInterrupt in the cell; a restart is a new
process, a fresh session)."""
import json
import os

import _tensorplay_frontend as _frontend

# The embedded interpreter runs frozen stdlib modules; debugpy (which ipykernel imports) warns
# about them in the server's log at every start, for a debugger this kernel does not offer.
os.environ.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")
try:
    from ipykernel.ipkernel import IPythonKernel
    from ipykernel.kernelapp import IPKernelApp
except ImportError as e:
    raise SystemExit(f"tensorplay: the Jupyter kernel needs Debian's python3-ipykernel ({e.name} is missing): "
                     "sudo apt-get install python3-ipykernel") from None

from tensorplay.jupyter import magics


class TensorplayKernel(IPythonKernel):
    implementation = "tensorplay"
    implementation_version = _frontend.version
    banner = ("tensorplay " + _frontend.version + ": PyTorch-style tensors on a CPU and a real or simulated GPU\n"
              + _frontend.banner() + "%tensorplay lists the magics (%devices, %mem, %time, %grid, %lesson N, ...)\n")

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._cell = ("", "<cell>")  # the last cell's compiled source and file name
        compiler = self.shell.compile
        cache = compiler.cache

        def remembering_cache(transformed_code, number=0, raw_code=None):
            name = cache(transformed_code, number, raw_code)
            self._cell = (transformed_code, name)
            return name

        compiler.cache = remembering_cache
        self.shell.events.register("pre_run_cell", lambda info: _frontend.cell_started())
        self.shell.events.register("post_run_cell", self._after_cell)
        magics.register(self.shell)

    def _after_cell(self, result):
        _frontend.cell_ended()
        raw = result.info.raw_cell if result.info is not None else ""
        if magics.only_magics(raw):
            return  # a magic that runs code (%time) has told the program itself
        if result.error_before_exec is not None:  # a SyntaxError: nothing of the cell ran
            _frontend.after_cell(raw, "<cell>", result.error_before_exec)
            return
        source, filename = self._cell
        _frontend.after_cell(source, filename, result.error_in_exec)


def main(connection_file):
    """Runs the kernel on `connection_file` until Jupyter shuts it down (a file that does not
    exist yet is written with new ports, as ipykernel does)."""
    import __main__

    if os.path.exists(connection_file):
        try:
            with open(connection_file) as f:
                json.load(f)
        except (OSError, ValueError) as e:
            raise SystemExit(f"tensorplay: {connection_file} is not a Jupyter connection file ({e})") from None

    app = IPKernelApp.instance(kernel_class=TensorplayKernel, user_ns=vars(__main__))
    app.initialize(["-f", connection_file, "--IPKernelApp.quiet=True"])
    app.start()
