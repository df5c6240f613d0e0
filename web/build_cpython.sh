#!/usr/bin/env bash
# Builds CPython for the browser (emscripten's wasm32, no threads) with zlib, both from
# Debian's source packages, into a cache outside the clone keyed by their versions and
# emscripten's, so that only tensorplay rebuilds next time. Prints the prefix, which holds
# lib/*.a (libpython, its bundled libmpdec and libexpat, zlib), include/python3.11, and the
# standard library the page preloads (lib/python311.zip, lib/python3.11/os.py as its landmark).
# Usage: build_cpython.sh [CACHE_DIR] [JOBS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cache=${1:-${XDG_CACHE_HOME:-$HOME/.cache}/tensorplay-web}
jobs=${2:-2}
emver=$(emcc --version | sed -n '1s/.* \([0-9][0-9.]*\) .*/\1/p')
py_tar=$("$here/debian_source.sh" "$cache/debian" python3.11)
z_tar=$("$here/debian_source.sh" "$cache/debian" zlib)
pyver=$(basename "$py_tar" | sed 's/^python3.11_\(.*\)\.orig\.tar.*/\1/')
zver=$(basename "$z_tar" | sed 's/^zlib_\(.*\)\.orig\.tar.*/\1/')
prefix="$cache/cpython-$pyver-zlib-$zver-emcc-$emver"
if [ -f "$prefix/.complete" ]; then echo "$prefix"; exit 0; fi
# The build's output goes to a log; the terminal gets one line, or the log's end on failure.
log="$cache/build-cpython.log"
echo "building CPython $pyver and zlib $zver for the browser (once; log: $log)" >&2
exec 3>&1 >"$log" 2>&1
rm -rf "$prefix" && mkdir -p "$prefix/lib" "$prefix/include"
work=$(mktemp -d "$cache/build.XXXXXX")
trap 'status=$?; rm -rf "$work"; if [ $status != 0 ]; then tail -30 "$log" 1>&3; echo "CPython for wasm: failed (log: $log)" 1>&3; fi' EXIT
cd "$work"

# zlib: a static library for CPython's zlib module (zipimport of the preloaded stdlib needs it).
tar xf "$z_tar" && cd zlib-*/
CHOST=wasm32 emconfigure ./configure --static --prefix="$prefix"
emmake make -j"$jobs" libz.a && cp libz.a "$prefix/lib/" && cp zlib.h zconf.h "$prefix/include/"
cd "$work"

# CPython with Tools/wasm's browser configuration; the system's python3.11 is the build
# Python (same minor version, so the frozen modules and bytecode agree).
tar xf "$py_tar" && cd Python-*/
mkdir -p builddir/browser && cd builddir/browser
# bz2 and sqlite3 would come from emscripten's ports, which download: left out.
CONFIG_SITE=../../Tools/wasm/config.site-wasm32-emscripten py_cv_module__bz2=n/a py_cv_module__sqlite3=n/a \
ZLIB_CFLAGS="-I$prefix/include" ZLIB_LIBS="-L$prefix/lib -lz" \
  emconfigure ../../configure -C --host=wasm32-unknown-emscripten --build="$(../../config.guess)" \
    --with-emscripten-target=browser --with-build-python=/usr/bin/python3.11 \
    --disable-test-modules
# wasm_stdlib: the pure-Python standard library as the browser build ships it (pyc files in
# lib/python311.zip, without tests, idlelib, tkinter, ensurepip and the like).
emmake make -j"$jobs" libpython3.11.a wasm_stdlib
cp libpython3.11.a Modules/_decimal/libmpdec/libmpdec.a Modules/expat/libexpat.a "$prefix/lib/"
mkdir -p "$prefix/include/python3.11"
cp ../../Include/*.h pyconfig.h "$prefix/include/python3.11/"
cp -r ../../Include/cpython ../../Include/internal "$prefix/include/python3.11/"
cp -r usr/local/lib/python3.11 usr/local/lib/python311.zip "$prefix/lib/"
touch "$prefix/.complete"
echo "$prefix" >&3
