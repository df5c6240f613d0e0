def f(a, b):
    return a + b
print(f(1, 2))
for call in ["f(1)", "f(1, 2, 3)", "f(1, c=2)", "f(1, a=2)"]:
    try:
        eval_result = None
        if call == "f(1)":
            f(1)
        elif call == "f(1, 2, 3)":
            f(1, 2, 3)
        elif call == "f(1, c=2)":
            f(1, c=2)
        else:
            f(1, a=2)
    except TypeError as e:
        print(e)
def g(x, y=1, *, z):
    pass
try:
    g()
except TypeError as e:
    print(e)
try:
    g(1)
except TypeError as e:
    print(e)
try:
    g(1, 2, 3)
except TypeError as e:
    print(e)
def h(a, b, c):
    pass
try:
    h()
except TypeError as e:
    print(e)
class K:
    def m(self, v):
        pass
try:
    K().m()
except TypeError as e:
    print(e)
try:
    K(1)
except TypeError as e:
    print(e)
f("a", 1)
