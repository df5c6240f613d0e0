class Ctx:
    def __init__(self, name, suppress=False):
        self.name = name
        self.suppress = suppress
    def __enter__(self):
        print("enter", self.name)
        return self.name.upper()
    def __exit__(self, exc_type, exc, tb):
        print("exit", self.name, exc_type.__name__ if exc_type else None, exc)
        return self.suppress
with Ctx("a") as v:
    print("body", v)
with Ctx("b", suppress=True):
    raise ValueError("swallowed")
print("after b")
with Ctx("outer") as o, Ctx("inner") as i:
    print(o, i)
try:
    with Ctx("c"):
        1 / 0
except ZeroDivisionError as e:
    print("propagated:", e)
def early():
    with Ctx("d"):
        return "returned"
print(early())
