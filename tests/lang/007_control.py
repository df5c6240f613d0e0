for i in range(3):
    if i == 0:
        print("zero")
    elif i == 1:
        print("one")
    else:
        print("other")
n = 0
while n < 10:
    n += 1
    if n % 2:
        continue
    if n > 6:
        break
    print("even", n)
else:
    print("not printed")
for i in range(2):
    pass
else:
    print("loop done", i)
while False:
    pass
else:
    print("while else")
for i, ch in enumerate("xy"):
    for j in range(3):
        if j == 1:
            break
        print(i, ch, j)
x = 5
print("big" if x > 3 else "small", "yes" if not x else "no")
print(0 or 3, 2 and 0, None or [] or "last", 1 and 2 and 3)
total = 0
for v in [1, 2, 3]:
    total += v
print(total)
for k in {"a": 1, "b": 2}:
    print(k)
i = 10
while i:
    i -= 3
    if i < 0:
        print("negative", i)
        break
