# Source: pytorch/tutorials, beginner_source/examples_nn/two_layer_net_optim.py
#   commit 29c5caad33fdcd34418e62e7cfdddab5c3bd2021, BSD-3-Clause. Docstring shortened.
#   tensorplay corpus: the pre-0.4 `loss.data[0]` (an IndexError since 0.5) written loss.item(),
#   and size_average=False written reduction='sum' (its 2.x spelling), so the Adam loop runs.
import torch
from torch.autograd import Variable

torch.manual_seed(0)  # tensorplay corpus: seed added for determinism

# N is batch size; D_in is input dimension;
# H is hidden dimension; D_out is output dimension.
N, D_in, H, D_out = 64, 1000, 100, 10

# Create random Tensors to hold inputs and outputs, and wrap them in Variables.
x = Variable(torch.randn(N, D_in))
y = Variable(torch.randn(N, D_out), requires_grad=False)

# Use the nn package to define our model and loss function.
model = torch.nn.Sequential(
          torch.nn.Linear(D_in, H),
          torch.nn.ReLU(),
          torch.nn.Linear(H, D_out),
        )
loss_fn = torch.nn.MSELoss(reduction='sum')  # tensorplay corpus: was size_average=False

learning_rate = 1e-4
optimizer = torch.optim.Adam(model.parameters(), lr=learning_rate)
for t in range(500):
  # Forward pass: compute predicted y by passing x to the model.
  y_pred = model(x)

  # Compute and print loss.
  loss = loss_fn(y_pred, y)
  if t % 50 == 49:  # tensorplay corpus: printed every 50 steps (was every step)
    print(t, loss.item())  # tensorplay corpus: was loss.data[0]

  optimizer.zero_grad()

  # Backward pass: compute gradient of the loss with respect to model parameters
  loss.backward()

  # Calling the step function on an Optimizer makes an update to its parameters
  optimizer.step()
