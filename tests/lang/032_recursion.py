def depth(n):
    return depth(n + 1)
try:
    depth(0)
except RecursionError as e:
    print(type(e).__name__, e)
def ok(n):
    return 0 if n == 0 else 1 + ok(n - 1)
print(ok(900))
