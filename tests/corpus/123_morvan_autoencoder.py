# Source: MorvanZhou/PyTorch-Tutorial, tutorial-contents/404_autoencoder.py
#   commit dbe154a9e56635e51c6b0c2ccea8ae36cfb585a7, MIT licence
"""
View more, visit my tutorial page: https://mofanpy.com/tutorials/
My Youtube Channel: https://www.youtube.com/user/MorvanZhou

Dependencies:
torch: 0.4
matplotlib
numpy
"""
import torch
import torch.nn as nn
import torch.utils.data as Data
# tensorplay corpus: torchvision and mpl_toolkits imports removed (MNIST made below)
class plt:  # tensorplay corpus: matplotlib -> a stand-in that draws nothing; text() prints what the figure would show
    def __getattr__(self, name):
        if name.startswith('__'): raise AttributeError(name)
        return lambda *args, **kwargs: None
    def text(self, *args, **kwargs): print(args[-1])
    def subplots(self, rows, cols, **kwargs):
        import numpy
        axes = numpy.empty((rows, cols), dtype=object)
        for i in range(rows):
            for j in range(cols): axes[i, j] = self
        return self, axes
plt = plt()
cm = plt
Axes3D = lambda fig: plt
class _MNIST(torch.utils.data.Dataset):  # tensorplay corpus: torchvision's MNIST -> synthetic uint8 images of its shape
    def __init__(self, n, transform=None):
        self.train_data = self.test_data = torch.randint(0, 256, (n, 28, 28), dtype=torch.uint8)
        self.train_labels = self.test_labels = torch.randint(0, 10, (n,))
    def __getitem__(self, i):  # as ToTensor(): (1, 28, 28) floats in [0, 1]
        return self.train_data[i].unsqueeze(0).float() / 255., int(self.train_labels[i])
    def __len__(self):
        return len(self.train_labels)
import numpy as np
torch.manual_seed(1)  # tensorplay corpus: the tutorial's commented-out seed enabled


# torch.manual_seed(1)    # reproducible

# Hyper Parameters
EPOCH = 2  # tensorplay corpus: 10 epochs -> 2
BATCH_SIZE = 64
LR = 0.005         # learning rate
DOWNLOAD_MNIST = False
N_TEST_IMG = 5

# Mnist digits dataset
train_data = _MNIST(640,  # tensorplay corpus: 60000 training images -> 640
                                                    # torch.FloatTensor of shape (C x H x W) and normalize in the range [0.0, 1.0]
)

# plot one example
print(train_data.train_data.size())     # (60000, 28, 28)
print(train_data.train_labels.size())   # (60000)
plt.imshow(train_data.train_data[2].numpy(), cmap='gray')
plt.title('%i' % train_data.train_labels[2])
plt.show()

# Data Loader for easy mini-batch return in training, the image batch shape will be (50, 1, 28, 28)
train_loader = Data.DataLoader(dataset=train_data, batch_size=BATCH_SIZE, shuffle=True)


class AutoEncoder(nn.Module):
    def __init__(self):
        super(AutoEncoder, self).__init__()

        self.encoder = nn.Sequential(
            nn.Linear(28*28, 128),
            nn.Tanh(),
            nn.Linear(128, 64),
            nn.Tanh(),
            nn.Linear(64, 12),
            nn.Tanh(),
            nn.Linear(12, 3),   # compress to 3 features which can be visualized in plt
        )
        self.decoder = nn.Sequential(
            nn.Linear(3, 12),
            nn.Tanh(),
            nn.Linear(12, 64),
            nn.Tanh(),
            nn.Linear(64, 128),
            nn.Tanh(),
            nn.Linear(128, 28*28),
            nn.Sigmoid(),       # compress to a range (0, 1)
        )

    def forward(self, x):
        encoded = self.encoder(x)
        decoded = self.decoder(encoded)
        return encoded, decoded


autoencoder = AutoEncoder()

optimizer = torch.optim.Adam(autoencoder.parameters(), lr=LR)
loss_func = nn.MSELoss()

# initialize figure
f, a = plt.subplots(2, N_TEST_IMG, figsize=(5, 2))
plt.ion()   # continuously plot

# original data (first row) for viewing
view_data = train_data.train_data[:N_TEST_IMG].view(-1, 28*28).type(torch.FloatTensor)/255.
for i in range(N_TEST_IMG):
    a[0][i].imshow(np.reshape(view_data.data.numpy()[i], (28, 28)), cmap='gray'); a[0][i].set_xticks(()); a[0][i].set_yticks(())

for epoch in range(EPOCH):
    for step, (x, b_label) in enumerate(train_loader):
        b_x = x.view(-1, 28*28)   # batch x, shape (batch, 28*28)
        b_y = x.view(-1, 28*28)   # batch y, shape (batch, 28*28)

        encoded, decoded = autoencoder(b_x)

        loss = loss_func(decoded, b_y)      # mean square error
        optimizer.zero_grad()               # clear gradients for this training step
        loss.backward()                     # backpropagation, compute gradients
        optimizer.step()                    # apply gradients

        if step % 5 == 0:  # tensorplay corpus: every 5 steps (was 100)
            print('Epoch: ', epoch, '| train loss: %.4f' % loss.data.numpy())

            # plotting decoded image (second row)
            _, decoded_data = autoencoder(view_data)
            for i in range(N_TEST_IMG):
                a[1][i].clear()
                a[1][i].imshow(np.reshape(decoded_data.data.numpy()[i], (28, 28)), cmap='gray')
                a[1][i].set_xticks(()); a[1][i].set_yticks(())
            plt.draw(); plt.pause(0.05)

plt.ioff()
plt.show()

# visualize in 3D plot
view_data = train_data.train_data[:200].view(-1, 28*28).type(torch.FloatTensor)/255.
encoded_data, _ = autoencoder(view_data)
fig = plt.figure(2); ax = Axes3D(fig)
X, Y, Z = encoded_data.data[:, 0].numpy(), encoded_data.data[:, 1].numpy(), encoded_data.data[:, 2].numpy()
values = train_data.train_labels[:200].numpy()
print(encoded_data[:3])  # tensorplay corpus: the 3-D plot -> the first codes
for x, y, z, s in zip(X, Y, Z, values):
    c = cm.rainbow(int(255*s/9)); ax.text(x, y, z, s, backgroundcolor=c)
ax.set_xlim(X.min(), X.max()); ax.set_ylim(Y.min(), Y.max()); ax.set_zlim(Z.min(), Z.max())
plt.show()
