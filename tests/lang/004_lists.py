a = [3, 1, 2]
a.append(5)
a.extend([9, 0])
a.insert(1, 7)
print(a, len(a))
print(a.pop(), a.pop(0), a)
a.remove(9)
print(a, a.index(2), a.count(1))
a.sort()
print(a)
a.sort(reverse=True)
print(a)
words = ["pear", "fig", "apple", "kiwi"]
words.sort(key=len)
print(words, sorted(words), sorted(words, key=lambda w: w[-1], reverse=True))
b = a.copy()
b.reverse()
print(a, b, a == b[::-1], a is b)
print(a[1:3], a[-2:], a[::-1], a[:])
a[0] = 100
a[1:3] = [20, 30, 40]
print(a)
del a[0]
del a[1:3]
print(a)
m = [[0] * 3 for _ in range(2)]
m[0][1] = 5
print(m)
print([1, 2] + [3], [0] * 4, 2 in [1, 2], [1, [2, 3]], list(range(5)), list(range(10, 0, -3)))
c = [1, 2]
d = c
d += [3]
print(c, d, c is d)
print([] or "empty", [0] and "nonempty", bool([]))
nums = [5, 3, 8]
nums.clear()
print(nums, min([3, 1], default=0), max([], default=-1))
print(list(enumerate("ab")), list(enumerate("ab", start=1)), list(zip([1, 2, 3], "ab")))
print(list(reversed([1, 2, 3])), sorted([3, 1, 2]), [x for x in [1, 2, 3, 4] if x % 2 == 0])
first, *rest = [1, 2, 3, 4]
*init, last = "abc"
print(first, rest, init, last)
