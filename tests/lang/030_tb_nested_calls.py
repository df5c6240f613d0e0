class Layer:
    def __init__(self, n):
        self.n = n
    def __call__(self, x):
        return self.forward(x)
    def forward(self, x):
        return x[self.n]
net = [Layer(0), Layer(5)]
x = [1, 2, 3]
for layer in net:
    print(layer(x))
