"""Reads a screenshot (8-bit RGB or RGBA PNG, as Chromium writes them) with the standard library
only and prints how much of it is not the page's background: the share of pixels that differ
from the most common colour, and how many distinct colours there are. --region X,Y,W,H looks
at that rectangle only (the views' canvas); --differs OTHER.png also prints the share of its
pixels that differ from OTHER's (two moments of an animation) and fails when none do.
Usage: png_stats.py FILE.png [MIN_SHARE] [--region X,Y,W,H] [--differs OTHER.png]
(exit status 1 when the share is below MIN_SHARE, or nothing differs from OTHER)"""
import argparse
import collections
import struct
import sys
import zlib


def pixels(path):
    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, width = 8, b"", 0
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", body[:10])
            assert depth == 8 and colour in (2, 6), "only 8-bit RGB/RGBA"
            channels = 3 if colour == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw, stride = zlib.decompress(idat), width * channels
    prev, rows, i = bytearray(stride), [], 0
    for _ in range(height):
        kind, line = raw[i], bytearray(raw[i + 1:i + 1 + stride])
        i += 1 + stride
        for x in range(stride):  # PNG's five row filters
            a = line[x - channels] if x >= channels else 0
            b, c = prev[x], prev[x - channels] if x >= channels else 0
            if kind == 1: line[x] = (line[x] + a) & 255
            elif kind == 2: line[x] = (line[x] + b) & 255
            elif kind == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(line)
        prev = line
    return [[bytes(r[x:x + 3]) for x in range(0, stride, channels)] for r in rows]


def region(rows, box):
    if not box:
        return [p for r in rows for p in r]
    x, y, w, h = (int(float(v)) for v in box.split(","))
    return [p for r in rows[y:y + h] for p in r[x:x + w]]


def main():
    args = argparse.ArgumentParser()
    args.add_argument("png")
    args.add_argument("min_share", nargs="?", type=float)
    args.add_argument("--region")
    args.add_argument("--differs")
    a = args.parse_args()
    px = region(pixels(a.png), a.region)
    counts = collections.Counter(px)
    share = 1 - counts.most_common(1)[0][1] / len(px)
    where = f" in {a.region}" if a.region else ""
    print(f"{a.png}: {share:.1%} of the pixels{where} differ from the background; {len(counts)} colours")
    status = 0
    if a.min_share is not None and share < a.min_share:
        status = 1
    if a.differs:
        other = region(pixels(a.differs), a.region)
        changed = sum(p != q for p, q in zip(px, other)) / len(px)
        print(f"{a.png}: {changed:.1%} of the pixels{where} differ from {a.differs}")
        if changed == 0:
            status = 1
    sys.exit(status)


main()
