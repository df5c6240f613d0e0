# PyTorch's Jacobians-and-Hessians tutorial (pytorch.org/tutorials/intermediate/jacobians_hessians.html):
# its code as written, but for the timing parts and two sizes made smaller (Dout 2048 -> 256 for
# jacrev vs jacfwd, Din 512 -> 64 for the Hessians) so that it runs in seconds: tensorplay's
# jacobians are a reverse pass per output element (and jacfwd a double-vjp per input element).
import warnings
warnings.simplefilter("ignore", FutureWarning)  # PyTorch's jacfwd warns about torch.jit on first use
import torch
import torch.nn as nn
import torch.nn.functional as F
from functools import partial
_ = torch.manual_seed(0)

def predict(weight, bias, x):
    return F.linear(x, weight, bias).tanh()

D = 16
weight = torch.randn(D, D)
bias = torch.randn(D)
x = torch.randn(D)  # feature vector

def compute_jac(xp):
    jacobian_rows = [torch.autograd.grad(predict(weight, bias, xp), xp, vec)[0]
                     for vec in unit_vectors]
    return torch.stack(jacobian_rows)

xp = x.clone().requires_grad_()
unit_vectors = torch.eye(D)

jacobian = compute_jac(xp)

print(jacobian.shape)
print(jacobian[0])  # show first row

from torch.func import vmap, vjp

_, vjp_fn = vjp(partial(predict, weight, bias), x)

ft_jacobian, = vmap(vjp_fn)(unit_vectors)

# let's confirm both methods compute the same result
assert torch.allclose(ft_jacobian, jacobian)

from torch.func import jacrev

ft_jacobian = jacrev(predict, argnums=2)(weight, bias, x)

# Confirm by running the following:
assert torch.allclose(ft_jacobian, jacobian)

ft_jac_weight, ft_jac_bias = jacrev(predict, argnums=(0, 1))(weight, bias, x)

# Confirm by computing the jacobians wrt the bias using the autograd.functional api
ref_jac_weight, ref_jac_bias = torch.autograd.functional.jacobian(lambda w, b: predict(w, b, x), (weight, bias))
assert torch.allclose(ft_jac_weight, ref_jac_weight)
assert torch.allclose(ft_jac_bias, ref_jac_bias, atol=1e-6)

from torch.func import jacrev, jacfwd

Din = 32
Dout = 256
weight = torch.randn(Dout, Din)

bias = torch.randn(Dout)
x = torch.randn(Din)

print(weight.shape)

ft_jac_rev = jacrev(predict, argnums=2)(weight, bias, x)
ft_jac_fwd = jacfwd(predict, argnums=2)(weight, bias, x)
assert torch.allclose(ft_jac_rev, ft_jac_fwd, atol=1e-6)

from torch.func import hessian

Din = 64
Dout = 32
weight = torch.randn(Dout, Din)
bias = torch.randn(Dout)
x = torch.randn(Din)

hess_api = hessian(predict, argnums=2)(weight, bias, x)
hess_fwdfwd = jacfwd(jacfwd(predict, argnums=2), argnums=2)(weight, bias, x)
hess_revrev = jacrev(jacrev(predict, argnums=2), argnums=2)(weight, bias, x)
print(hess_api.shape)
print(torch.allclose(hess_api, hess_fwdfwd, atol=1e-6), torch.allclose(hess_api, hess_revrev, atol=1e-6))

batch_size = 64
Din = 31
Dout = 33

weight = torch.randn(Dout, Din)
print(f"weight shape = {weight.shape}")

bias = torch.randn(Dout)

x = torch.randn(batch_size, Din)

compute_batch_jacobian = vmap(jacrev(predict, argnums=2), in_dims=(None, None, 0))
batch_jacobian0 = compute_batch_jacobian(weight, bias, x)

def predict_with_output_summed(weight, bias, x):
    return predict(weight, bias, x).sum(0)

batch_jacobian1 = jacrev(predict_with_output_summed, argnums=2)(weight, bias, x).movedim(1, 0)
assert torch.allclose(batch_jacobian0, batch_jacobian1)

compute_batch_hessian = vmap(hessian(predict, argnums=2), in_dims=(None, None, 0))

batch_hess = compute_batch_hessian(weight, bias, x)
print(batch_hess.shape)

def hvp(f, primals, tangents):
    return jvp(grad(f), primals, tangents)[1]

from torch.func import jvp, grad, vjp

def hvp_revrev(f, primals, tangents):
    _, vjp_fn = vjp(grad(f), *primals)
    return vjp_fn(*tangents)

def f(x):
    return x.sin().sum()

x = torch.randn(2048)
tangent = torch.randn(2048)

result = hvp(f, (x,), (tangent,))
result_revrev = hvp_revrev(f, (x,), (tangent,))
assert torch.allclose(result, result_revrev[0])
print(result.shape)
