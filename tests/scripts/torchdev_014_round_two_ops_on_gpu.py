# The ops of issue 28's round two on a simulated GPU: 3-D convolution, pooling and upsampling,
# bicubic interpolation, the LU family and matrix_exp, weight normalization and pruning give the
# CPU's values bit for bit (the simulator runs the same kernels), keep their outputs and
# gradients on the GPU, and move with module.to("cuda"). Printed: devices and equalities.
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils import parametrizations, prune

torch.manual_seed(0)
x = torch.randn(2, 3, 5, 6, 7)
w = torch.randn(4, 3, 2, 3, 2)
cases = {
    "conv3d": lambda t, k: F.conv3d(t, k, stride=(1, 2, 1), padding=1),
    "conv_transpose3d": lambda t, k: F.conv_transpose3d(t, k.transpose(0, 1), stride=2),
    "max_pool3d": lambda t, k: F.max_pool3d(t, 2, padding=1, ceil_mode=True),
    "avg_pool3d": lambda t, k: F.avg_pool3d(t, 3, stride=2, padding=1, count_include_pad=False),
    "adaptive_avg_pool3d": lambda t, k: F.adaptive_avg_pool3d(t, (2, 4, 3)),
    "adaptive_max_pool3d": lambda t, k: F.adaptive_max_pool3d(t, 3),
    "trilinear": lambda t, k: F.interpolate(t, scale_factor=1.5, mode="trilinear"),
    "bicubic": lambda t, k: F.interpolate(t[:, :, 0], size=(9, 4), mode="bicubic", align_corners=True),
}
for name, f in cases.items():
    xc, wc = x.clone().requires_grad_(), w.clone().requires_grad_()
    xg, wg = x.cuda().requires_grad_(), w.cuda().requires_grad_()
    out_c, out_g = f(xc, wc), f(xg, wg)
    out_c.sum().backward()
    out_g.sum().backward()
    grads_equal = torch.equal(xc.grad, xg.grad.cpu()) and (wc.grad is None or torch.equal(wc.grad, wg.grad.cpu()))
    print(name, out_g.device, out_g.grad_fn.name(), torch.equal(out_c, out_g.cpu()), xg.grad.device, grads_equal)

A = torch.randn(2, 4, 4, dtype=torch.float64)
B = torch.randn(2, 4, 3, dtype=torch.float64)
LU, piv = torch.linalg.lu_factor(A)
LUg, pivg = torch.linalg.lu_factor(A.cuda())
print("lu_factor", LUg.device, pivg.device, torch.equal(LU, LUg.cpu()), torch.equal(piv, pivg.cpu()))
P, L, U = torch.linalg.lu(A.cuda())
print("lu", P.device, L.device, torch.allclose((P @ L @ U).cpu(), A))
print("lu_solve", torch.equal(torch.linalg.lu_solve(LU, piv, B), torch.linalg.lu_solve(LUg, pivg, B.cuda()).cpu()))
print("matrix_exp", torch.equal(torch.linalg.matrix_exp(A), torch.linalg.matrix_exp(A.cuda()).cpu()))
Ag = A.cuda().requires_grad_()
torch.linalg.matrix_exp(Ag).sum().backward()
print("matrix_exp grad", Ag.grad.device)

torch.manual_seed(1)
lin = parametrizations.weight_norm(nn.Linear(4, 3)).to("cuda")
print("weight_norm", lin.parametrizations.weight.original0.device, lin.weight.device, lin(torch.ones(2, 4, device="cuda")).device)
pr = prune.l1_unstructured(nn.Linear(4, 3), "weight", amount=0.5).cuda()
print("prune", pr.weight_orig.device, pr.weight_mask.device, pr(torch.ones(1, 4, device="cuda")).device)
