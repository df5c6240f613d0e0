print([x * 2 for x in range(5)])
print([(i, j) for i in range(3) for j in range(i)])
print([x for x in range(20) if x % 3 == 0 if x % 2 == 0])
print({x: x ** 2 for x in range(4)}, sorted({c for c in "hello"}))
print(sum(x * x for x in range(4)), max(len(w) for w in ["a", "abc", "ab"]))
print([[r * c for c in range(3)] for r in range(3)])
x = "kept"
print([x for x in "ab"], x)
names = ["ann", "bob"]
print({n: len(n) for n in names}, [n.upper() for n in names if n.startswith("b")])
matrix = [[1, 2], [3, 4]]
print([v for row in matrix for v in row], [list(col) for col in zip(*matrix)])
g = (i for i in range(3))
print(list(g), list(g))
def scale(k):
    return [k * v for v in range(3)]
print(scale(5))
