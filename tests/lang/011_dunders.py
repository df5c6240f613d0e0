class Vec:
    def __init__(self, *xs):
        self.xs = list(xs)
    def __len__(self):
        return len(self.xs)
    def __getitem__(self, i):
        return self.xs[i]
    def __setitem__(self, i, v):
        self.xs[i] = v
    def __iter__(self):
        return iter(self.xs)
    def __contains__(self, v):
        return v in self.xs
    def __mul__(self, k):
        return Vec(*[x * k for x in self.xs])
    def __rmul__(self, k):
        return self * k
    def __neg__(self):
        return Vec(*[-x for x in self.xs])
    def __lt__(self, other):
        return len(self) < len(other)
    def __bool__(self):
        return any(self.xs)
    def __str__(self):
        return "Vec" + str(tuple(self.xs))
    def __call__(self, i):
        return self.xs[i] * 100
v = Vec(1, 2, 3)
v[0] = 10
print(len(v), v[0], v[-1], list(v), 2 in v, 9 in v, str(v * 2), str(3 * v), str(-v), v(1))
print(Vec(1) < v, bool(Vec(0, 0)), bool(v), sorted([v, Vec(1)], key=len)[0])
print([x + 1 for x in v], sum(v), max(v))
class Countdown:
    def __init__(self, n):
        self.n = n
    def __iter__(self):
        return self
    def __next__(self):
        if self.n <= 0:
            raise StopIteration
        self.n -= 1
        return self.n + 1
print(list(Countdown(3)))
it = iter([1, 2])
print(next(it), next(it), next(it, "done"))
class Temp:
    def __init__(self, c):
        self._c = c
    @property
    def f(self):
        return self._c * 9 / 5 + 32
    @property
    def c(self):
        return self._c
    @c.setter
    def c(self, v):
        self._c = v
    @staticmethod
    def unit():
        return "C"
    @classmethod
    def freezing(cls):
        return cls(0)
t = Temp(100)
t.c = 37
print(t.f, t.c, Temp.unit(), t.unit(), Temp.freezing().f)
class Money:
    def __init__(self, v):
        self.v = v
    def __iadd__(self, o):
        self.v += o
        return self
    def __hash__(self):
        return hash(self.v)
    def __eq__(self, o):
        return self.v == o.v
m = Money(1)
m += 5
print(m.v, len({Money(1), Money(1)}))
