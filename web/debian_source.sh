#!/usr/bin/env bash
# Downloads one Debian source package's upstream tarball through apt, with a private apt
# configuration under DIR that adds bookworm's deb-src entry (the system's sources stay as
# they are). Prints the path of the .orig tarball. Usage: debian_source.sh DIR PACKAGE
set -euo pipefail
dir=$1 pkg=$2
mkdir -p "$dir/apt/lists/partial" "$dir/apt/cache/archives/partial" "$dir/apt/parts" "$dir/src"
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
echo "deb-src [signed-by=$keyring] http://deb.debian.org/debian bookworm main" > "$dir/apt/sources.list"
cat > "$dir/apt/apt.conf" <<CONF
Dir::Etc::SourceList "$dir/apt/sources.list";
Dir::Etc::SourceParts "$dir/apt/parts";
Dir::State::Lists "$dir/apt/lists";
Dir::Cache "$dir/apt/cache";
CONF
export APT_CONFIG="$dir/apt/apt.conf"
if ! ls "$dir/apt/lists/"*Sources* >/dev/null 2>&1; then
  apt-get update -q >&2
fi
cd "$dir/src"
if ! ls "${pkg}"_*.orig.tar.* >/dev/null 2>&1; then
  # apt drops to the _apt user for downloads; a directory it cannot write makes it warn only.
  apt-get source --download-only -q "$pkg" >&2
fi
ls "$dir/src/${pkg}"_*.orig.tar.* | head -n1
