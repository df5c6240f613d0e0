print("never runs")
x = (1, 2
y = 3
