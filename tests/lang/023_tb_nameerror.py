total = 0
for i in range(3):
    totl = total + i
print(totl)
pritn(total)
