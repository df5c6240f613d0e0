def greet(name, greeting="Hello", *, punct="!"):
    return f"{greeting}, {name}{punct}"
print(greet("Ada"), greet("Bob", "Hi"), greet("Cy", punct="?"), greet(greeting="Yo", name="Di"))
def stats(*args, **kwargs):
    return len(args), sorted(kwargs)
print(stats(), stats(1, 2, a=3, b=4))
def apply(f, *args, **kw):
    return f(*args, **kw)
print(apply(max, 3, 9, 4), apply(greet, "Eve", punct="."))
nums = [1, 2, 3]
opts = {"greeting": "Hey"}
print(greet("Fay", **opts), max(*nums))
def fact(n):
    return 1 if n <= 1 else n * fact(n - 1)
print(fact(10), fact(20))
square = lambda x: x * x
print(square(7), list(map(square, [1, 2, 3])), list(filter(lambda v: v > 1, [0, 1, 2, 3])))
def no_return():
    pass
print(no_return())
def defaults(a, b=[]):
    b.append(a)
    return b
print(defaults(1), defaults(2))
def doc():
    "a docstring"
    return 1
print(doc(), doc.__name__, square.__name__)
def kwonly(a, *, b, c=3):
    return a + b + c
print(kwonly(1, b=2), kwonly(1, b=2, c=10))
def multi():
    return 1, "two", [3]
one, two, three = multi()
print(one, two, three)
print(sorted([(2, "b"), (1, "z"), (2, "a")], key=lambda p: (p[0], p[1])))
