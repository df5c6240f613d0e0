"""torch.autograd.gradcheck / gradgradcheck: an op's analytical gradient against central finite
differences, as PyTorch's slow mode does it (torch/autograd/gradcheck.py): the Jacobian of
every differentiable output with respect to every input that requires grad, built column by
column from perturbed evaluations and row by row from backward passes, compared with allclose.
"""
import warnings

import torch

__all__ = ["gradcheck", "gradgradcheck", "GradcheckError"]


class GradcheckError(RuntimeError):
    """Raised by gradcheck/gradgradcheck when raise_exception=True and a check fails."""


def _as_tuple(x):
    return tuple(x) if isinstance(x, (list, tuple)) else (x,)


def _tensor_outputs(out):
    return tuple(o for o in _as_tuple(out) if isinstance(o, torch.Tensor))


def _differentiable_outputs(out):
    return tuple(o for o in _tensor_outputs(out) if o.requires_grad)


def _inputs_needing_grad(inputs):
    return [(i, x) for i, x in enumerate(inputs) if isinstance(x, torch.Tensor) and x.requires_grad]


def _element(shape, k):
    """The index tuple of the k-th element in row-major order."""
    index = []
    for size in reversed(shape):
        index.append(k % size)
        k //= size
    return tuple(reversed(index))


def _real_outputs(func):
    """func with each complex output seen as its (real, imag) pairs: gradients of real outputs
    are what PyTorch's convention defines for complex inputs (dL/dre + i dL/dim)."""
    def real_func(*inputs):
        out = func(*inputs)
        real = [torch.view_as_real(o.resolve_conj()) if isinstance(o, torch.Tensor) and o.is_complex() else o
                for o in _as_tuple(out)]
        return tuple(real) if isinstance(out, (tuple, list)) else real[0]
    return real_func


def _numerical_jacobians(func, inputs, which, eps):
    """jac[o][i]: (numel of input i, numel of output o) by central differences, for the tensor
    outputs at positions `which`. Each element is moved to x - eps, then x + eps, then back; a
    complex element along its real and then its imaginary axis (the column is d/dre + i d/dim)."""
    diff = _inputs_needing_grad(inputs)
    pick = lambda out: [_tensor_outputs(out)[w].detach() for w in which]  # noqa: E731
    # Not under no_grad: func may itself differentiate (gradgradcheck's gradient function).
    shapes = [o.numel() for o in pick(func(*inputs))]
    jac = [[torch.zeros(x.numel(), n, dtype=x.dtype) for _, x in diff] for n in shapes]
    for col, (_, x) in enumerate(diff):
        data = x.data  # writes through .data are not seen by autograd's version checks
        for k in range(x.numel()):
            at = _element(x.shape, k)
            orig = data[at].clone()
            for delta, weight in [(eps, 1)] + ([(eps * 1j, 1j)] if x.is_complex() else []):
                data[at] = orig - delta
                before = [o.clone() for o in pick(func(*inputs))]
                data[at] = orig + delta
                after = [o.clone() for o in pick(func(*inputs))]
                data[at] = orig
                for row, (a, b) in enumerate(zip(before, after)):
                    jac[row][col][k] += ((b - a) / (2 * eps)).reshape(-1).cpu() * weight
    return jac


def _analytical_jacobians(inputs, outputs):
    """The same Jacobians from one backward pass per output element (a one-hot grad_output)."""
    diff = [x for _, x in _inputs_needing_grad(inputs)]
    jac = [[torch.zeros(x.numel(), o.numel(), dtype=x.dtype) for x in diff] for o in outputs]
    for row, out in enumerate(outputs):
        for k in range(out.numel()):
            one_hot = torch.zeros_like(out)
            one_hot[_element(out.shape, k)] = 1
            grads = torch.autograd.grad(out, diff, one_hot, retain_graph=True, allow_unused=True)
            for col, g in enumerate(grads):
                if g is not None:
                    jac[row][col][:, k] = g.reshape(-1).cpu()
    return jac


def _fail(message, raise_exception):
    if raise_exception:
        raise GradcheckError(message)
    return False


def gradcheck(func, inputs, *, eps=1e-6, atol=1e-5, rtol=1e-3, raise_exception=True, nondet_tol=0.0,
              check_undefined_grad=True, check_grad_dtypes=False, check_batched_grad=False,
              check_batched_forward_grad=False, check_forward_ad=False, check_backward_ad=True,
              fast_mode=False, masked=None):
    """True when func's analytical gradients match finite differences for every input that
    requires grad (float64 inputs recommended: eps=1e-6 is too small for float32)."""
    if check_forward_ad or check_batched_grad or check_batched_forward_grad:
        raise NotImplementedError("gradcheck: forward-mode AD and batched gradients are not supported by tensorplay")
    inputs = _as_tuple(inputs)
    func = _real_outputs(func)
    diff = _inputs_needing_grad(inputs)
    if not diff:
        raise ValueError("gradcheck expects at least one input tensor to require gradient, "
                         "but none of them have requires_grad=True.")
    for i, x in diff:
        if x.dtype not in (torch.float64, torch.complex128):
            warnings.warn(f"Input #{i} requires gradient and is not a double precision floating point or complex. "
                          "This check will likely fail if all the inputs are not of double precision floating "
                          "point or complex. ")
    first = _tensor_outputs(func(*inputs))
    which = [w for w, o in enumerate(first) if o.requires_grad]
    if not which:
        # No output depends on the inputs through autograd: then no output may change with them.
        numerical = _numerical_jacobians(func, inputs, range(len(first)), eps)
        if any(j.ne(0).any().item() for row in numerical for j in row):
            return _fail("Numerical gradient for function expected to be zero", raise_exception)
        return True
    outputs = [first[w] for w in which]
    numerical = _numerical_jacobians(func, inputs, which, eps)
    if not check_backward_ad:
        return True
    analytical = _analytical_jacobians(inputs, outputs)
    for o, (num_row, ana_row) in enumerate(zip(numerical, analytical)):
        for i, (n, a) in enumerate(zip(num_row, ana_row)):
            if not torch.allclose(a, n, rtol, atol):
                return _fail(f"Jacobian mismatch for output {o} with respect to input {diff[i][0]},\n"
                             f"numerical:{n}\nanalytical:{a}\n", raise_exception)
    again = _analytical_jacobians(inputs, outputs)
    for row, row_again in zip(analytical, again):
        for a, b in zip(row, row_again):
            if a.numel() and (a - b).abs().max().item() > nondet_tol:
                return _fail("Backward is not reentrant, i.e., running backward with same input and grad_output "
                             "multiple times gives different values, although analytical gradient matches "
                             f"numerical gradient.The tolerance for nondeterminism was {nondet_tol}.",
                             raise_exception)
    return True


def gradgradcheck(func, inputs, grad_outputs=None, *, eps=1e-6, atol=1e-5, rtol=1e-3,
                  gen_non_contig_grad_outputs=False, raise_exception=True, nondet_tol=0.0,
                  check_undefined_grad=True, check_grad_dtypes=False, check_batched_grad=False,
                  check_fwd_over_rev=False, check_rev_over_rev=True, fast_mode=False, masked=False):
    """gradcheck of func's gradient (computed with create_graph=True) with respect to the inputs and
    to the grad_outputs, which are drawn uniformly from [-1, 1) when not given."""
    inputs = _as_tuple(inputs)
    if grad_outputs is None:
        # As torch.testing.make_tensor(low=-1, high=1): one uniform_ draw per output, so the
        # global generator advances exactly as in PyTorch.
        grad_outputs = tuple(
            torch.empty(o.shape, dtype=o.dtype if o.is_floating_point() else torch.double, device=o.device)
            .uniform_(-1, 1).requires_grad_()
            for o in _differentiable_outputs(func(*inputs)))
    else:
        grad_outputs = _as_tuple(grad_outputs)
    num_outputs = len(grad_outputs)
    diff_input_indices = {i for i, _ in _inputs_needing_grad(inputs)}

    def gradient(*args):
        input_args = args[:-num_outputs]
        outputs = _differentiable_outputs(func(*input_args))
        diff_inputs = tuple(x for i, x in enumerate(input_args) if i in diff_input_indices)
        grads = torch.autograd.grad(outputs, diff_inputs, args[-num_outputs:], create_graph=True,
                                    allow_unused=True)
        return tuple(g for g in grads if g is not None)

    return gradcheck(gradient, inputs + grad_outputs, eps=eps, atol=atol, rtol=rtol,
                     raise_exception=raise_exception, nondet_tol=nondet_tol, fast_mode=fast_mode,
                     check_forward_ad=check_fwd_over_rev, check_backward_ad=check_rev_over_rev)
