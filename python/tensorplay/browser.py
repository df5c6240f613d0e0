"""What a browser tab cannot give (the web build, where sys.platform is 'emscripten'): numpy is
not built for it, so importing it, or calling Tensor.numpy(), raises an ImportError that
names the native build instead of Python's bare "No module named 'numpy'"; likewise a part of
Python's standard library that the web build leaves out (web/stdlib_left_out.txt). And
time.sleep waits in Python, where the page gets its turns (web/page_session.cpp): the C
library's sleep would freeze the tab, Stop included."""
import sys
import time

_NATIVE_ONLY = {"numpy": "numpy is not part of tensorplay's web build (no wasm numpy): "
                         "use torch's own functions here, or the native build (make run) for numpy"}


class _NativeOnlyFinder:
    """First on sys.meta_path: numpy is never looked for elsewhere."""
    @staticmethod
    def find_spec(name, path=None, target=None):
        message = _NATIVE_ONLY.get(name.partition(".")[0])
        if message:
            raise ModuleNotFoundError(message, name=name)
        return None


class _LeftOutStdlibFinder:
    """Last on sys.meta_path: reached only when no finder has the module."""
    @staticmethod
    def find_spec(name, path=None, target=None):
        if name.partition(".")[0] in sys.stdlib_module_names:
            raise ModuleNotFoundError(
                f"No module named {name!r}: this part of Python's standard library is left out of "
                "tensorplay's web build (to keep the page small); the native build (make run) has it",
                name=name)
        return None


_c_sleep = time.sleep


def _sleep(secs):
    if not isinstance(secs, (int, float)) or secs <= 0:
        return _c_sleep(secs)  # its own errors, and sleep(0)
    end = time.monotonic() + secs
    while time.monotonic() < end:
        pass


def install():
    if sys.platform != "emscripten" or any(isinstance(f, _NativeOnlyFinder) for f in sys.meta_path):
        return
    sys.meta_path.insert(0, _NativeOnlyFinder())
    sys.meta_path.append(_LeftOutStdlibFinder())
    _sleep.__name__, _sleep.__qualname__, _sleep.__doc__ = "sleep", "sleep", _c_sleep.__doc__
    time.sleep = _sleep
