t = (1, 2, 3)
print(t, t[0], t[-1], t[1:], len(t), t.index(2), t.count(1), (1,), (), tuple([4, 5]))
a, b = 1, 2
a, b = b, a
print(a, b)
(x, y), z = (1, 2), 3
print(x, y, z)
d = {"a": 1, "b": 2}
d["c"] = 3
print(d, d["a"], len(d), "a" in d, "z" in d)
print(d.keys(), d.values(), d.items())
print(list(d), d.get("a"), d.get("z"), d.get("z", 0))
for k, v in d.items():
    print(k, v)
d.update({"d": 4}, e=5)
print(d.pop("a"), d.setdefault("f", 6), d.setdefault("b", 0), d)
del d["b"]
print(d, d.popitem(), d)
print(dict(a=1, b=2), dict([("x", 1), ("y", 2)]), dict(zip("ab", range(2))), {})
print({1: "int", 1.0: "float", True: "bool"})
sq = {n: n * n for n in range(4)}
print(sq, {v: k for k, v in sq.items()})
counts = {}
for w in "the cat the hat the".split():
    counts[w] = counts.get(w, 0) + 1
print(counts, sorted(counts.items(), key=lambda kv: kv[1], reverse=True))
print({**d, "g": 7}, d | {"h": 8})
e = d.copy()
e.clear()
print(e, d == dict(d), {"a": 1} == {"a": 1.0})
print((1, 2) < (1, 3), (1, 2) == (1, 2), [1, 2] < [1, 2, 0])
print({(1, 2): "pair"}[(1, 2)])
