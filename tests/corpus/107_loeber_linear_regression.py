# Source: patrickloeber/pytorchTutorial, 07_linear_regression.py
#   commit 69637721ed9fa2ccf81a1093a928a52bbb591439, MIT licence
import torch
import torch.nn as nn
import numpy as np
torch.manual_seed(0)  # tensorplay corpus: seed added for determinism
# tensorplay corpus: sklearn and matplotlib imports removed (data made below, no plot)

# 0) Prepare data
# tensorplay corpus: make_regression(n_samples=100, n_features=1, noise=20) made with numpy
rng = np.random.RandomState(4)
X_numpy = rng.randn(100, 1)
y_numpy = 40.0 * X_numpy[:, 0] + 20 * rng.randn(100)

# cast to float Tensor
X = torch.from_numpy(X_numpy.astype(np.float32))
y = torch.from_numpy(y_numpy.astype(np.float32))
y = y.view(y.shape[0], 1)

n_samples, n_features = X.shape

# 1) Model
# Linear model f = wx + b
input_size = n_features
output_size = 1
model = nn.Linear(input_size, output_size)

# 2) Loss and optimizer
learning_rate = 0.01

criterion = nn.MSELoss()
optimizer = torch.optim.SGD(model.parameters(), lr=learning_rate)  

# 3) Training loop
num_epochs = 100
for epoch in range(num_epochs):
    # Forward pass and loss
    y_predicted = model(X)
    loss = criterion(y_predicted, y)
    
    # Backward pass and update
    loss.backward()
    optimizer.step()

    # zero grad before new step
    optimizer.zero_grad()

    if (epoch+1) % 10 == 0:
        print(f'epoch: {epoch+1}, loss = {loss.item():.4f}')

# Plot
predicted = model(X).detach().numpy()

print(predicted[:5])  # tensorplay corpus: the plot -> its first predictions
