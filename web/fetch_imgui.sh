#!/usr/bin/env bash
# Dear ImGui for the page's views: Debian's source package `imgui` (1.86, as the native build
# uses through libimgui-dev), fetched as CPython's is (debian_source.sh) and unpacked once into
# the cache; web/web.cmake compiles it with the program. Prints the unpacked folder.
# Usage: fetch_imgui.sh [CACHE_DIR]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cache=${1:-${XDG_CACHE_HOME:-$HOME/.cache}/tensorplay-web}
tarball=$("$here/debian_source.sh" "$cache/debian" imgui)
version=$(basename "$tarball" | sed 's/^imgui_\(.*\)\.orig\.tar.*/\1/')
dir="$cache/imgui-$version"
if [ ! -f "$dir/imgui.h" ]; then
  rm -rf "$dir.tmp" && mkdir -p "$dir.tmp"
  tar xf "$tarball" -C "$dir.tmp" --strip-components=1
  rm -rf "$dir" && mv "$dir.tmp" "$dir"
fi
echo "$dir"
