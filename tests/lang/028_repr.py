class A:
    pass
def f():
    pass
print(A, f, A(), len, [].append, A.__name__, f.__qualname__)
print(repr(1.0), repr(0.1), repr(1e100), repr(-2.5e-10), repr(float("inf")), repr(-float("nan")))
print([1.0, "s", None, True, (1, "t")], {"k": [1, {"n": ()}]}, {1.5: {2}})
print(repr("quote'd"), repr('both\'"'), repr("\x01\u00e9"), str(b"x") if False else "skip")
print(ValueError("m"), repr(ValueError("m")), repr(KeyError("k")), str(KeyError("k")), repr(Exception()))
l = [1]
l.append(l)
print(l)
print(range(0, 3), range(2, 9, 3), slice(1, None), type(Ellipsis).__name__)
print({}.keys(), {"a": 1}.values(), {"a": 1}.items(), set(), frozen if False else "ok")
class R:
    def __repr__(self):
        return "R!"
print(R(), [R()], str(R()), f"{R()}", f"{R()!r}")
class S:
    def __str__(self):
        return "S-str"
print(S(), str(S()), f"{S()}", [S()][0].__class__.__name__)
print(1e16, 1.5e-7, 123456789012.0, 0.1 + 0.2, 1 / 3, 2 ** 62, -2 ** 62)
