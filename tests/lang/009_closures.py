def counter():
    count = 0
    def inc(step=1):
        nonlocal count
        count += step
        return count
    return inc
c = counter()
c()
c(5)
print(c())
def make_adders():
    return [lambda x, n=n: x + n for n in range(3)]
print([f(10) for f in make_adders()])
def outer():
    x = "outer"
    def middle():
        def inner():
            return x
        return inner()
    return middle()
print(outer())
total = 0
def add(v):
    global total
    total += v
add(3)
add(4)
print(total)
def late():
    fs = []
    for i in range(3):
        fs.append(lambda: i)
    return [f() for f in fs]
print(late())
def compose(f, g):
    return lambda x: f(g(x))
print(compose(str, abs)(-5), compose(len, str)(12345))
def memo(fn):
    cache = {}
    def wrapper(n):
        if n not in cache:
            cache[n] = fn(n)
        return cache[n]
    return wrapper
@memo
def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)
print(fib(60))
