"""Checks a tensorplay-gui --dump-layout file: every text a view placed itself ("text"
lines, see gui/label_audit.h) lies inside the room it had (so nothing is cut off by its
window or column) and no two texts overlap. Prints each problem; exit 1 if any.
usage: check_layout.py LAYOUT_FILE [NAME]"""
import sys


def parse(path):
    texts = []
    for line in open(path, encoding="utf-8"):
        if not line.startswith("text "):
            continue
        head, _, text = line.rstrip("\n").partition(" | ")
        f = head.split()
        view, rect, room = f[1], [float(v) for v in f[2:6]], [float(v) for v in f[7:11]]
        texts.append((view, rect, room, text))
    return texts


def inside(r, room, tol=0.5):
    return r[0] >= room[0] - tol and r[1] >= room[1] - tol and r[2] <= room[2] + tol and r[3] <= room[3] + tol


def overlap(a, b, tol=0.5):
    return a[0] < b[2] - tol and b[0] < a[2] - tol and a[1] < b[3] - tol and b[1] < a[3] - tol


def main():
    path = sys.argv[1]
    name = sys.argv[2] if len(sys.argv) > 2 else path
    texts = parse(path)
    problems = []
    if not texts:
        problems.append("no texts recorded")
    for view, r, room, text in texts:
        if not inside(r, room):
            problems.append(f"{view}: '{text}' {r} runs out of its room {room}")
    for i, (va, ra, _, ta) in enumerate(texts):
        for vb, rb, _, tb in texts[i + 1:]:
            if overlap(ra, rb):
                problems.append(f"'{ta}' ({va}) {ra} overlaps '{tb}' ({vb}) {rb}")
    for p in problems:
        print(f"{name}: {p}")
    print(f"{name}: {len(texts)} texts, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
