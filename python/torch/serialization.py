"""torch.save / torch.load in PyTorch 2.x's file format, so checkpoints go both ways between
tensorplay and PyTorch.

A file is a zip archive (stored, records aligned to 64 bytes) under one top folder named after
the file (`archive` for a file object): `data.pkl` is the object pickled with protocol 2, each
tensor written as torch._utils._rebuild_tensor_v2(storage, offset, size, stride, requires_grad,
OrderedDict()) where `storage` is a persistent id ("storage", torch.FloatStorage, key, location,
numel); `data/<key>` holds that storage's bytes (every view of one storage shares one record);
`.format_version`, `.storage_alignment`, `byteorder`, `version` and `.data/serialization_id`
follow, in PyTorch's order. torch.load rebuilds each storage on the device its location names,
or where map_location sends it, and with weights_only=True (the default, as in PyTorch 2.6+)
unpickles only tensors, containers and the globals allowlisted here."""
import _compat_pickle
import array
import collections
import contextlib
import io
import os
import pickle
import struct
import sys
import types
import zipfile

import torch
from torch._utils import _rebuild_parameter, _rebuild_parameter_with_state, _rebuild_tensor_v2
from torch.storage import _STORAGE_TYPES, _TYPE_OF_DTYPE

DEFAULT_PROTOCOL = 2
_ALIGNMENT = 64

_UNSAFE_MESSAGE = (
    "In PyTorch 2.6, we changed the default value of the `weights_only` argument in `torch.load` "
    "from `False` to `True`. Re-running `torch.load` with `weights_only` set to `False` will likely succeed, "
    "but it can result in arbitrary code execution. Do it only if you got the file from a "
    "trusted source."
)
_DOCS_MESSAGE = ("\n\nCheck the documentation of torch.load to learn more about types accepted by default with "
                 "weights_only https://pytorch.org/docs/stable/generated/torch.load.html.")
# PyTorch's reader (over miniz) on a record it cannot find or an archive it cannot open:
# shorter than an end-of-central-directory record (22 bytes), or without one.
_MINIZ_ERROR = (
    "PytorchStreamReader failed {}. This is an internal "
    "miniz error. If you are seeing this error, there is a high likelihood that your checkpoint file is "
    "corrupted. This can happen if the checkpoint was not saved properly, was transferred incorrectly, or the "
    "file was modified after saving.")
# What torch.save wrote before PyTorch 1.6 (and with _use_new_zipfile_serialization=False)
# starts with this number, pickled.
_LEGACY_MAGIC_NUMBER = 0x1950A86A20F9469CFC6C

# ---- saving ----


class _StorageRef:
    """A tensor's storage while pickling: the persistent id the pickler writes in its place."""

    def __init__(self, tensor):
        self.tensor = tensor


class _Pickler(pickle.Pickler):
    def __init__(self, file, protocol):
        super().__init__(file, protocol)
        self.storages = {}  # key -> a tensor over that storage, in the order first met
        self._keys = {}

    def persistent_id(self, obj):
        if not isinstance(obj, _StorageRef):
            return None
        t = obj.tensor
        key = self._keys.setdefault(torch._C._storage_key(t), str(len(self._keys)))
        self.storages.setdefault(key, t)
        # PyTorch's tag for the CPU (and mps) is one string object, so its pickle refers back to
        # the first; a cuda tag is a new string each time.
        location = {"cpu": "cpu", "mps": "mps"}.get(t.device.type) or str(t.device)
        if t.dtype not in _TYPE_OF_DTYPE:  # PyTorch saves these with an untyped storage (_rebuild_tensor_v3)
            raise NotImplementedError(f"tensorplay cannot save {t.dtype} tensors yet")
        return ("storage", _TYPE_OF_DTYPE[t.dtype], key, location, torch._C._storage_numel(t))

    def reducer_override(self, obj):
        if isinstance(obj, torch.nn.Parameter):
            state = dict(obj.__dict__)
            if state:
                return _rebuild_parameter_with_state, (obj.detach(), obj.requires_grad, collections.OrderedDict(),
                                                       state)
            return _rebuild_parameter, (obj.detach(), obj.requires_grad, collections.OrderedDict())
        if isinstance(obj, torch.Tensor):
            if obj.is_conj():  # the storage holds the conjugates' conjugates: save the values written out
                obj = obj.resolve_conj()
            return _rebuild_tensor_v2, (_StorageRef(obj), obj.storage_offset(), tuple(obj.size()), obj.stride(),
                                        obj.requires_grad, collections.OrderedDict())
        if isinstance(obj, types.BuiltinFunctionType) and _is_global(obj):
            # A C++ op (F.relu stored as a layer's activation): by name, as PyTorch pickles its
            # functions; pickle's own reduction would try to pickle pybind11's capsule.
            return _global_name(obj)
        return NotImplemented


def _global_name(fn):
    """The name fn is found by in its module: a C++ op's __qualname__ is pybind11's "PyCapsule.name"."""
    return fn.__name__ if isinstance(fn, types.BuiltinFunctionType) else fn.__qualname__


def _is_global(fn):
    module = sys.modules.get(getattr(fn, "__module__", None) or "")
    return module is not None and getattr(module, _global_name(fn), None) is fn


def _archive_name(f):
    """The top folder of the records: the file's name without its last extension, as PyTorch
    names it ("ckpt.pth.tar" -> "ckpt.pth")."""
    if not isinstance(f, (str, os.PathLike)):
        return "archive"
    base = os.path.basename(os.fspath(f))
    name = base[:base.rfind(".")] if "." in base else base
    if not name:
        raise RuntimeError(f"invalid file name: {base}")
    return name


def _write_record(zf, name, data):
    """One stored record whose data starts on a multiple of 64 bytes, padded as PyTorch pads
    (an extra field "FB" of "Z"s), so PyTorch can map the file's storages in place."""
    info = zipfile.ZipInfo(name)
    start = zf.start_dir + 30 + len(name.encode())
    pad = (-(start + 4)) % _ALIGNMENT
    info.extra = b"FB" + struct.pack("<H", pad) + b"Z" * pad
    zf.writestr(info, data)


def save(obj, f, pickle_protocol=DEFAULT_PROTOCOL, _use_new_zipfile_serialization=True,
         _disable_byteorder_record=False):
    """torch.save(obj, f): writes obj to a path, a pathlib.Path or a binary file object, in
    PyTorch's zip format."""
    if not isinstance(f, (str, os.PathLike)) and not hasattr(f, "write"):
        raise AttributeError("expected 'f' to be string, path, or a file-like object with a 'write' attribute")
    if isinstance(f, (str, os.PathLike)):
        parent = os.path.dirname(os.fspath(f))
        if parent and not os.path.isdir(parent):
            raise RuntimeError(f"Parent directory {parent} does not exist.")
    if not _use_new_zipfile_serialization:
        raise RuntimeError("tensorplay writes only PyTorch's zip format (_use_new_zipfile_serialization=True)")
    data = io.BytesIO()
    pickler = _Pickler(data, pickle_protocol)
    pickler.dump(obj)
    prefix = _archive_name(f) + "/"
    with contextlib.ExitStack() as stack:
        if isinstance(f, (str, os.PathLike)):
            f = stack.enter_context(open(f, "wb"))
        with zipfile.ZipFile(f, "w", zipfile.ZIP_STORED) as zf:
            _write_record(zf, prefix + "data.pkl", data.getvalue())
            _write_record(zf, prefix + ".format_version", b"1")
            _write_record(zf, prefix + ".storage_alignment", str(_ALIGNMENT).encode())
            if not _disable_byteorder_record:
                _write_record(zf, prefix + "byteorder", sys.byteorder.encode())
            for key, t in pickler.storages.items():
                _write_record(zf, prefix + "data/" + key, torch._C._storage_bytes(t))
            _write_record(zf, prefix + "version", b"3\n")
            # PyTorch's id is random too: 40 decimal digits.
            _write_record(zf, prefix + ".data/serialization_id",
                          str(int.from_bytes(os.urandom(17), "little")).zfill(40)[-40:].encode())


# ---- loading ----

_safe_globals = []


def add_safe_globals(safe_globals):
    """Allows these classes and functions in torch.load(weights_only=True)."""
    _safe_globals.extend(safe_globals)


def get_safe_globals():
    return list(_safe_globals)


def clear_safe_globals():
    _safe_globals.clear()


class safe_globals:
    """with torch.serialization.safe_globals([...]): allowlists globals inside the block."""

    def __init__(self, safe_globals):
        self.safe_globals = safe_globals

    def __enter__(self):
        self.before = list(_safe_globals)
        add_safe_globals(self.safe_globals)

    def __exit__(self, *exc):
        _safe_globals[:] = self.before


def _allowed_globals():
    allowed = {
        "collections.OrderedDict": collections.OrderedDict,
        "collections.Counter": collections.Counter,
        "torch.nn.parameter.Parameter": torch.nn.Parameter,
        "torch.Size": torch.Size,
        "torch.Tensor": torch.Tensor,
        "torch.device": torch.device,
        "builtins.bytearray": bytearray,
        "builtins.set": set,
        "builtins.complex": complex,
        "torch._utils._rebuild_tensor_v2": _rebuild_tensor_v2,
        "torch._utils._rebuild_parameter": _rebuild_parameter,
        "torch._utils._rebuild_parameter_with_state": _rebuild_parameter_with_state,
    }
    for name, cls in _STORAGE_TYPES.items():
        allowed["torch." + name] = cls
        allowed[str(cls.dtype)] = cls.dtype
    for g in _safe_globals:
        allowed[f"{g.__module__}.{_global_name(g)}"] = g
    return allowed


def _unsafe_global_error(full_path):
    if full_path.startswith("builtins."):
        full_path = full_path[len("builtins."):]
    message = (f"Unsupported global: GLOBAL {full_path} was not an allowed global by default. "
               f"Please use `torch.serialization.add_safe_globals([{full_path}])` or the "
               f"`torch.serialization.safe_globals([{full_path}])` context manager to allowlist this global "
               "if you trust this class/function.")
    return pickle.UnpicklingError(
        "Weights only load failed. This file can still be loaded, to do so you have two options, "
        "\033[1mdo those steps only if you trust the source of the checkpoint\033[0m. "
        f"\n\t(1) {_UNSAFE_MESSAGE}\n\t(2) Alternatively, to load with `weights_only=True` please check "
        "the recommended steps in the following error message.\n\tWeightsUnpickler error: " + message
        + _DOCS_MESSAGE)


def _validate_cuda_device(device):
    if not torch.cuda.is_available():
        raise RuntimeError(
            "Attempting to deserialize object on a CUDA device but torch.cuda.is_available() is False. "
            "If you are running on a CPU-only machine, please use torch.load with "
            "map_location=torch.device('cpu') to map your storages to the CPU.")
    index = device.index if device.index is not None else torch.cuda.current_device()
    count = torch.cuda.device_count()
    if index >= count:
        raise RuntimeError(
            f"Attempting to deserialize object on CUDA device {index} but torch.cuda.device_count() is {count}. "
            "Please use torch.load with map_location to map your storages to an existing device.")
    return torch.device("cuda", index)


def default_restore_location(storage, location):
    """The storage (a 1-D CPU tensor) moved to the device `location` names ('cpu', 'cuda:1')."""
    try:
        device = torch.device(location)
    except RuntimeError:
        raise RuntimeError("don't know how to restore data location of torch.storage.UntypedStorage (tagged with "
                           f"{location})") from None
    if device.type == "cuda":
        device = _validate_cuda_device(device)
    return storage.to(device)


def _restore_location(map_location):
    if map_location is None:
        return default_restore_location
    if isinstance(map_location, dict):
        return lambda storage, location: default_restore_location(storage, map_location.get(location, location))
    if isinstance(map_location, (str, bytes)):
        where = map_location.decode() if isinstance(map_location, bytes) else map_location
        return lambda storage, location: default_restore_location(storage, where)
    if isinstance(map_location, torch.device):
        return lambda storage, location: default_restore_location(storage, str(map_location))

    def by_callable(storage, location):
        result = map_location(storage, location)
        return default_restore_location(storage, location) if result is None else result
    return by_callable


class _Unpickler(pickle.Unpickler):
    def __init__(self, file, read_storage, weights_only):
        super().__init__(file)
        self.read_storage = read_storage
        self.allowed = _allowed_globals() if weights_only else None

    def find_class(self, module, name):
        if self.allowed is None:
            return super().find_class(module, name)
        if module in _compat_pickle.IMPORT_MAPPING:
            # Python 2 names, which protocol 2 (PyTorch's default) writes: __builtin__.set is
            # builtins.set, as pickle's own find_class maps it.
            module = _compat_pickle.IMPORT_MAPPING[module]
        full_path = f"{module}.{name}"
        if full_path not in self.allowed:
            raise _unsafe_global_error(full_path)
        return self.allowed[full_path]

    def persistent_load(self, pid):
        # ("storage", type, key, location, numel), and in the legacy format a view of another
        # storage after them (None in every file PyTorch wrote since 0.4).
        kind, storage_type, key, location, numel = pid[:5]
        if kind != "storage":
            raise pickle.UnpicklingError(f"Unknown typename for persistent_load, expected 'storage' but got '{kind}'")
        if pid[5:] not in ((), (None,)):
            raise RuntimeError("this file holds a view of a storage (PyTorch before 0.4), which tensorplay does not read")
        return self.read_storage(storage_type.dtype, key, location, numel)


def _byteswap(data, itemsize):
    """A storage's bytes saved on a machine of the other byte order, each element reversed."""
    if itemsize == 1:
        return data
    elements = array.array({2: "H", 4: "I", 8: "Q"}[itemsize], data)
    elements.byteswap()
    return elements.tobytes()


def _load_zip(zf, map_location, weights_only):
    names = zf.namelist()
    prefix = names[0].split("/")[0] + "/" if names else ""
    # PyTorch's reader checks the format's version record when it opens the archive.
    if prefix + "version" not in names and prefix + ".data/version" not in names:
        raise RuntimeError('Expected hasRecord("version") to be true, but got false.  (Could this error message be '
                           'improved?  If so, please report an enhancement request to PyTorch.)')
    if prefix + "data.pkl" not in names:
        raise RuntimeError(_MINIZ_ERROR.format("locating file data.pkl: file not found"))
    byteorder = zf.read(prefix + "byteorder") if prefix + "byteorder" in names else b"little"
    if byteorder not in (b"little", b"big"):
        raise ValueError("Unknown endianness type: " + byteorder.decode())
    restore = _restore_location(map_location)
    loaded = {}

    def read_storage(dtype, key, location, numel):
        if key not in loaded:
            record = prefix + "data/" + key
            if record not in names:
                raise RuntimeError(_MINIZ_ERROR.format(f"locating file data/{key}: file not found"))
            data = zf.read(record)
            if byteorder.decode() != sys.byteorder:
                data = _byteswap(data, dtype.itemsize)
            host = torch._C._storage_from_bytes(data, dtype)
            loaded[key] = restore(host, location)
        return loaded[key]

    return _Unpickler(io.BytesIO(zf.read(prefix + "data.pkl")), read_storage, weights_only).load()


def _load_legacy(f, map_location, weights_only):
    """A file that is not a zip archive: PyTorch's format before 1.6 (five pickles: a magic number,
    the protocol version, the machine's sizes, the object, the storage keys; then each storage's
    element count as an int64 and its bytes), or not a checkpoint at all."""
    if not f.read(1):
        raise EOFError()
    f.seek(-1, io.SEEK_CUR)
    magic = f.read(14)
    if magic != b"\x80\x02\x8a\x0a" + _LEGACY_MAGIC_NUMBER.to_bytes(10, "little"):
        raise pickle.UnpicklingError("torch.load: this is not a file torch.save wrote: it is neither a zip archive "
                                     "(PyTorch 1.6 and later) nor PyTorch's legacy format")
    f.read(1)  # the magic number's STOP
    restore = _restore_location(map_location)
    storages = {}  # key -> the storage on its device, filled once the object is read

    def read_storage(dtype, key, location, numel):
        if key not in storages:
            storages[key] = restore(torch._C._storage_from_bytes(bytes(numel * dtype.itemsize), dtype), location)
        return storages[key]

    def read_exactly(n):
        data = f.read(n)
        if len(data) < n:
            raise RuntimeError(f"unexpected EOF, expected {n - len(data)} more bytes. The file might be corrupted.")
        return data

    def unpickle():
        # A file cut short inside a pickle is an EOFError, as PyTorch's weights-only unpickler
        # raises it (the C unpickler says "pickle data was truncated" for some cuts).
        try:
            return _Unpickler(f, read_storage, weights_only).load()
        except EOFError:
            raise EOFError() from None
        except pickle.UnpicklingError as e:
            if str(e) != "pickle data was truncated":
                raise
            raise EOFError() from None

    unpickle()  # the protocol version
    unpickle()  # sizes of short, int and long
    result = unpickle()
    for key in unpickle():
        numel = int.from_bytes(read_exactly(8), "little")
        storage = storages[key]
        storage.copy_(torch._C._storage_from_bytes(read_exactly(numel * storage.element_size()), storage.dtype))
    return result


def load(f, map_location=None, pickle_module=None, *, weights_only=None, mmap=None):
    """torch.load(f, map_location=None, weights_only=True): the object torch.save wrote to a path,
    a pathlib.Path or a binary file object, each tensor on the device it was saved from or the
    one map_location names. As in PyTorch, weights_only defaults to False only when a
    pickle_module is given; mmap=True gives the same tensors (tensorplay always reads the
    storages into memory)."""
    if weights_only is None:
        weights_only = pickle_module is None
    if weights_only and pickle_module is not None:
        raise RuntimeError("Can not safely load weights when explicit pickle_module is specified")
    with contextlib.ExitStack() as stack:
        if isinstance(f, (str, os.PathLike)):
            f = stack.enter_context(open(f, "rb"))
        try:
            f.seek(f.tell())
        except (io.UnsupportedOperation, AttributeError) as e:
            if "seek" not in str(e) and "tell" not in str(e):
                raise
            raise type(e)(f"{e}. You can only torch.load from a file that is seekable. Please pre-load the data "
                          "into a buffer like io.BytesIO and try to load from it instead.") from None
        start = f.tell()
        is_zip = f.read(4) == b"PK\x03\x04"
        f.seek(start)
        if not is_zip:
            return _load_legacy(f, map_location, weights_only)
        try:
            zf = stack.enter_context(zipfile.ZipFile(f))
        except zipfile.BadZipFile:
            size = f.seek(0, io.SEEK_END) - start
            reason = "not a ZIP archive" if size < 22 else "failed finding central directory"
            raise RuntimeError(_MINIZ_ERROR.format("reading zip archive: " + reason)) from None
        try:
            return _load_zip(zf, map_location, weights_only)
        except zipfile.BadZipFile as e:
            raise RuntimeError(f"PytorchStreamReader failed reading file: {e}") from None
