a = list(range(10))
print(a[2:5], a[:3], a[7:], a[-3:], a[:-7], a[::3], a[1::2], a[::-2], a[8:2:-2], a[-1:-4:-1])
print(a[100:], a[-100:2], a[5:5], a[::-1][:3])
t = tuple(range(5))
print(t[1:3], t[::-1], "abcdef"[1:4], "abcdef"[::-2], "abc"[-1], range(10)[2:8:2], range(10)[::-1][0])
s = slice(1, 4)
print(a[s], a[slice(None, None, -3)])
b = a[:]
b[::2] = [0] * 5
print(b)
b[2:4] = []
print(b)
b[:0] = ["front"]
print(b)
del b[::2]
print(b)
print(len(range(0, 10, 3)), 5 in range(0, 10, 5), list(range(5, 0, -1)), range(3), range(1, 10, 2))
