# The torch.* names of the nn ops (torch.conv2d, torch.max_pool2d, torch.batch_norm, ...) with
# ATen's signatures, as code written without torch.nn.functional calls them: values on small
# integers (exact in float32), and each equal to its torch.nn.functional form.
import torch
import torch.nn.functional as F

torch.manual_seed(0)
x = torch.randint(-3, 4, (1, 2, 4, 5)).float()
w = torch.randint(-2, 3, (3, 2, 2, 2)).float()
print(torch.conv2d(x, w, None, 1, 1))
print(torch.conv1d(x[:, :, 0], w[:, :, 0], torch.ones(3), 2), torch.conv3d(x.unsqueeze(2), w[:, :, None]).shape)
print(torch.conv_transpose2d(x, w.transpose(0, 1), stride=2).shape, torch.conv_transpose1d(x[:, :, 1], w[:2, :, 0]),
      torch.conv_transpose3d(x.unsqueeze(2), w[:2, :, None]).shape)
print(torch.max_pool2d(x, 2), torch.max_pool2d(x, (2, 3), 1, (1, 1), 1, True).shape)
print(torch.max_pool1d(x[0], 2), torch.max_pool1d_with_indices(x[0], 3, 2))
print(torch.max_pool3d(x[None], (1, 2, 2)).shape, torch.avg_pool1d(x[0], 2, 1, 1, True, False))
print(torch.adaptive_avg_pool1d(x[0], 3), torch.adaptive_max_pool1d(x[0], 2))
rm, rv = torch.zeros(2), torch.ones(2)
print(torch.batch_norm(x, torch.ones(2), torch.zeros(2), rm, rv, True, 0.5, 1e-5, False).shape, rm, rv)
print(torch.batch_norm(x, None, None, torch.tensor([1.0, -1.0]), torch.tensor([4.0, 1.0]), False, 0.1, 0.0, True)[0, :, 0])
print(torch.layer_norm(x, [5]).shape, torch.group_norm(x, 1).shape,
      torch.instance_norm(x, None, None, None, None, True, 0.1, 1e-5, False).shape)
print(torch.equal(torch.layer_norm(x, [5], None, None, 1e-5, True), F.layer_norm(x, [5])),
      torch.equal(torch.group_norm(x, 2), F.group_norm(x, 2)),
      torch.equal(torch.instance_norm(x, None, None, None, None, True, 0.1, 1e-5, False), F.instance_norm(x)))
table = torch.arange(12.0).reshape(4, 3)
print(torch.embedding(table, torch.tensor([[0, 3], [1, 1]])), torch.dropout(x, 0.5, False).equal(x))
print(torch.dropout(torch.ones(1000), 0.5, True).sum() > 0)
e = torch.arange(12.0).reshape(4, 3).requires_grad_()
torch.embedding(e, torch.tensor([0, 2, 2]), padding_idx=2).sum().backward()
print(e.grad)
xs = torch.arange(12.0).reshape(1, 1, 3, 4)
grid = torch.tensor([[[[-0.5, -0.25], [0.75, 0.5]]]])
print(torch.grid_sampler(xs, grid, 0, 1, False), torch.grid_sampler_2d(xs, grid, 1, 0, True),
      torch.equal(torch.grid_sampler_3d(xs[None], torch.zeros(1, 1, 1, 2, 3), 0, 2, False), F.grid_sample(xs[None], torch.zeros(1, 1, 1, 2, 3), align_corners=False)))
print(torch.affine_grid_generator(torch.tensor([[[1.0, 0.0, 0.5], [0.0, 1.0, 0.0]]]), (1, 1, 2, 2), False))
# the native forms, which also return the statistics
xn = torch.arange(24.0).reshape(2, 3, 4) / 8
rm, rv = torch.zeros(3), torch.ones(3)
out, mean, invstd = torch.native_batch_norm(xn, torch.ones(3), torch.zeros(3), rm, rv, True, 0.5, 1e-5)
print(torch.equal(out, F.batch_norm(xn, torch.zeros(3), torch.ones(3), torch.ones(3), torch.zeros(3), True, 0.5, 1e-5)),
      mean, invstd, rm)
print([t.shape for t in torch.native_batch_norm(xn, None, None, rm, rv, False, 0.1, 1e-5)])
print([t.shape for t in torch._native_batch_norm_legit(xn, None, None, True, 0.1, 1e-5)])
out, mean, rstd = torch.native_layer_norm(xn, [4], None, None, 1e-5)
print(torch.equal(out, F.layer_norm(xn, [4])), mean.shape, mean[1, :, 0], rstd[0, 0])
out, mean, rstd = torch.native_group_norm(xn, None, None, 2, 3, 4, 1, 1e-5)
print(torch.equal(out, F.group_norm(xn, 1)), mean, rstd)
