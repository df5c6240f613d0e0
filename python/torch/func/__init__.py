"""torch.func: function transforms as PyTorch 2.x has them: grad, grad_and_value, vjp, jvp,
jacrev, jacfwd, hessian, vmap, functional_call and stack_module_state. Reverse mode runs on
tensorplay's autograd (jvp by the double-vjp trick: there is no forward mode); vmap runs each
op once over the whole batch through its batching rule (see _batching_rules.py)."""
from torch.func._functional_call import functional_call, stack_module_state
from torch.func._grad import grad, grad_and_value, vjp
from torch.func._jacobian import hessian, jacfwd, jacrev
from torch.func._jvp import jvp
from torch.func._vmap import vmap

__all__ = ["functional_call", "grad", "grad_and_value", "hessian", "jacfwd", "jacrev", "jvp", "stack_module_state",
           "vjp", "vmap"]
