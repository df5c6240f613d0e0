# Source: patrickloeber/pytorchTutorial, 08_logistic_regression.py
#   commit 69637721ed9fa2ccf81a1093a928a52bbb591439, MIT licence
import torch
import torch.nn as nn
import numpy as np
torch.manual_seed(0)  # tensorplay corpus: seed added for determinism
# tensorplay corpus: sklearn imports removed (data made and scaled with numpy below)

# 0) Prepare data
# tensorplay corpus: load_breast_cancer (569 x 30) -> synthetic numpy data of that shape
rng = np.random.RandomState(1234)
X = rng.randn(569, 30) * 3 + 10
y = (X[:, :5].sum(1) + rng.randn(569) > 50).astype(np.int64)

n_samples, n_features = X.shape

X_train, X_test, y_train, y_test = X[:455], X[455:], y[:455], y[455:]  # tensorplay corpus: train_test_split -> the first 80 %

# scale
mean, std = X_train.mean(0), X_train.std(0)  # tensorplay corpus: StandardScaler written out
X_train = (X_train - mean) / std
X_test = (X_test - mean) / std

X_train = torch.from_numpy(X_train.astype(np.float32))
X_test = torch.from_numpy(X_test.astype(np.float32))
y_train = torch.from_numpy(y_train.astype(np.float32))
y_test = torch.from_numpy(y_test.astype(np.float32))

y_train = y_train.view(y_train.shape[0], 1)
y_test = y_test.view(y_test.shape[0], 1)

# 1) Model
# Linear model f = wx + b , sigmoid at the end
class Model(nn.Module):
    def __init__(self, n_input_features):
        super(Model, self).__init__()
        self.linear = nn.Linear(n_input_features, 1)

    def forward(self, x):
        y_pred = torch.sigmoid(self.linear(x))
        return y_pred

model = Model(n_features)

# 2) Loss and optimizer
num_epochs = 100
learning_rate = 0.01
criterion = nn.BCELoss()
optimizer = torch.optim.SGD(model.parameters(), lr=learning_rate)

# 3) Training loop
for epoch in range(num_epochs):
    # Forward pass and loss
    y_pred = model(X_train)
    loss = criterion(y_pred, y_train)

    # Backward pass and update
    loss.backward()
    optimizer.step()

    # zero grad before new step
    optimizer.zero_grad()

    if (epoch+1) % 10 == 0:
        print(f'epoch: {epoch+1}, loss = {loss.item():.4f}')


with torch.no_grad():
    y_predicted = model(X_test)
    y_predicted_cls = y_predicted.round()
    acc = y_predicted_cls.eq(y_test).sum() / float(y_test.shape[0])
    print(f'accuracy: {acc.item():.4f}')
