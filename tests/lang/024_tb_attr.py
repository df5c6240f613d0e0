xs = [3, 1, 2]
xs.sort()
print(xs)
xs.apend(4)
