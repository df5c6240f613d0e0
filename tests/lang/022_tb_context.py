d = {}
try:
    d["k"]
except KeyError:
    print("handling")
    1 / 0
