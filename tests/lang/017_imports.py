import math
import math as m
from math import sqrt, pi as PI
from time import perf_counter
import time
print(math.sqrt(2), m.floor(2.7), m.ceil(2.1), sqrt(16), PI)
print(math.exp(1), math.log(math.e), math.log(8, 2), math.log10(1000), math.log2(8))
print(math.isclose(0.1 + 0.2, 0.3), math.isclose(1.0, 1.1), math.isclose(1.0, 1.05, rel_tol=0.1))
print(math.inf, -math.inf, math.nan, math.isnan(math.nan), math.isinf(math.inf), math.e, math.tau)
print(math.fabs(-2), math.pow(2, 3), math.factorial(10), math.gcd(12, 18), math.trunc(-2.7))
print(math.sin(0), math.cos(0), math.atan2(1, 1) * 4 == math.pi, math.hypot(3, 4))
t0 = perf_counter()
t1 = time.perf_counter()
print(t1 >= t0, time.time() > 1.6e9, type(time.time()).__name__)
print(type(math).__name__, math.__name__, m is math)
try:
    import nosuchmodule
except ModuleNotFoundError as e:
    print(type(e).__name__, e)
try:
    from math import nosuchname
except ImportError as e:
    print(type(e).__name__, str(e).split(" (")[0])
try:
    math.sqrt(-1)
except ValueError as e:
    print(e)
try:
    math.exp(1000)
except OverflowError as e:
    print(e)
