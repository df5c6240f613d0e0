s = 0
for i in range(100000):
    s += i
print(s)
def add(a, b):
    return a + b
t = 0
for i in range(10000):
    t = add(t, i)
print(t)
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)
print(fib(20))
count = 0
while count < 1000:
    count += 1
print(count)
