s = {3, 1, 2}
s.add(4)
s.add(1)
print(s, len(s), 2 in s)
s.discard(10)
s.remove(3)
print(s)
a = {1, 2, 3}
b = {2, 3, 4}
print(a | b, a & b, a - b, a ^ b)
print(a.union(b), a.intersection(b), a.difference(b), a.symmetric_difference(b))
print({1, 2} <= a, {1, 2} < a, a >= {1}, a.issubset({1, 2, 3, 4}), a.isdisjoint({9}))
print(set(), set([1, 1, 2]), {x % 3 for x in range(10)}, set("aab") == {"a", "b"}, {-1, 5, 17, 3})
c = a.copy()
c.update([7, 8])
print(c, a, c.pop(), sorted(c))
