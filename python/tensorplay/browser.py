"""What a browser tab cannot give (the web build, where sys.platform is 'emscripten'): numpy is
not built for it, so importing it, or calling Tensor.numpy(), raises an ImportError that
names the native build instead of Python's bare "No module named 'numpy'"."""
import sys

_NATIVE_ONLY = {"numpy": "numpy is not part of tensorplay's web build (no wasm numpy): "
                         "use torch's own functions here, or the native build (make run) for numpy"}


class _NativeOnlyFinder:
    @staticmethod
    def find_spec(name, path=None, target=None):
        message = _NATIVE_ONLY.get(name.partition(".")[0])
        if message:
            raise ModuleNotFoundError(message, name=name)
        return None


def install():
    if sys.platform == "emscripten" and not any(isinstance(f, _NativeOnlyFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _NativeOnlyFinder())
