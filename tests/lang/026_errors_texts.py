n = 5
none = None
tests = [
    lambda: 1 / 0, lambda: 1 // 0, lambda: 1 % 0, lambda: 1.0 / 0, lambda: 1.0 // 0.0, lambda: 2.0 % 0,
    lambda: [1][3], lambda: (1,)[3], lambda: "a"[3], lambda: {}["k"], lambda: {}[(1, 2)],
    lambda: "a" + 1, lambda: [1] + (1,), lambda: 1 + "a", lambda: None + 1, lambda: "a" * "b",
    lambda: len(5), lambda: iter(5), lambda: next([]), lambda: n[0], lambda: none[0],
    lambda: (1, 2).append(3), lambda: int("x"), lambda: float("y"), lambda: [].pop(),
    lambda: [1].remove(5), lambda: [1].index(5), lambda: "abc".index("z"), lambda: 1 < "a",
    lambda: {}.popitem(), lambda: set().pop(), lambda: min([]), lambda: n(), lambda: -"a",
    lambda: hash([]), lambda: {[1]: 2}, lambda: "x" in 5, lambda: 1 in "abc", lambda: range(1.5),
    lambda: range(0, 5, 0), lambda: "{} {}".format(1), lambda: ",".join([1]), lambda: chr(-1),
    lambda: int(float("inf")), lambda: [1, 2][1:"a"], lambda: [1][::0], lambda: sorted([1, "a"]),
    lambda: dict([1]), lambda: abs("a"), lambda: round("a"), lambda: sum(["a"]),
    lambda: 0 ** -1, lambda: isinstance(1, 1), lambda: print(sepp=1), lambda: len(),
    lambda: object().x, lambda: int.nope, lambda: getattr(1, "nope"),
]
for t in tests:
    try:
        t()
        print("no error")
    except Exception as e:
        print(f"{type(e).__name__}: {e}")
def unpack():
    a, b = 1, 2, 3
def unpack2():
    a, b, c = [1, 2]
def unpack3():
    a, b = 5
def local():
    print(v)
    v = 1
for f in (unpack, unpack2, unpack3, local):
    try:
        f()
    except Exception as e:
        print(f"{type(e).__name__}: {e}")
