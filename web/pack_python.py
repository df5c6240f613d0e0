"""Packs python/ (the torch, tensorplay and numba packages, without the bindings' C++ in src/
and without __pycache__) into one deflated zip, which the page puts on sys.path: Python
imports from it (zipimport) and reads its data files through the loader (pkgutil.get_data).
Usage: pack_python.py PYTHON_DIR OUT.zip"""
import os
import sys
import zipfile

source, out = sys.argv[1:3]
with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as z:
    for root, dirs, files in os.walk(source):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not (root == source and d == "src"))
        for name in sorted(files):
            if name.endswith((".py", ".json")):
                path = os.path.join(root, name)
                # a fixed date: the same sources give the same bytes
                info = zipfile.ZipInfo(os.path.relpath(path, source), date_time=(1980, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                with open(path, "rb") as f:
                    z.writestr(info, f.read(), compresslevel=9)
