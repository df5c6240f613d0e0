#!/usr/bin/env python3
"""Copies CPython's browser standard library (python311.zip, bytecode) without the entries that
web/stdlib_left_out.txt names (but those its "!" lines keep), to keep the page's download
small. Importing a module left out raises ModuleNotFoundError naming the native build
(python/tensorplay/browser.py).
Usage: trim_stdlib.py IN.zip LEFT_OUT.txt OUT.zip"""
import fnmatch
import sys
import zipfile

source, listing, target = sys.argv[1:4]
with open(listing, encoding="utf-8") as f:
    lines = [line.split()[0] for line in f if line.strip() and not line.startswith("#")]
patterns = [p for p in lines if not p.startswith("!")]
exceptions = [p[1:] for p in lines if p.startswith("!")]  # "!PATTERN": kept all the same


def left_out(name):
    return any(fnmatch.fnmatchcase(name, p) for p in patterns) and not any(fnmatch.fnmatchcase(name, p) for p in exceptions)


kept = dropped = 0
with zipfile.ZipFile(source) as zin, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zout:
    for info in zin.infolist():
        if left_out(info.filename):
            dropped += info.compress_size
            continue
        zout.writestr(info, zin.read(info.filename), compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
        kept += info.compress_size
print(f"trim_stdlib: kept {kept / 1e6:.2f} MB of bytecode, left out {dropped / 1e6:.2f} MB")
