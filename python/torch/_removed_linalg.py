"""The linear-algebra functions PyTorch 1.9 deprecated and 2.x removed (torch.qr, cholesky,
lstsq, solve, eig, symeig, matrix_rank, and their Tensor methods): each still exists and raises
PyTorch's RuntimeError naming its torch.linalg replacement (texts recorded from PyTorch 2.15)."""
import torch

_TEXTS = {
    'qr': "This function was deprecated since version 1.9 and is now removed. `torch.qr` is deprecated in favor of `torch.linalg.qr` and the boolean parameter `some` has been replaced with a string parameter `mode`.\n\nQ, R = torch.qr(A) should be replaced with:\nQ, R = torch.linalg.qr(A, mode='reduced')\n\nand\n\nQ, R = torch.qr(A, some=False) should be replaced with:\nQ, R = torch.linalg.qr(A, mode='complete')",
    'cholesky': 'This function was deprecated since version 1.9 and is now removed. `torch.cholesky` is deprecated in favor of `torch.linalg.cholesky`.\nL = torch.cholesky(A) should be replaced with:\nL = torch.linalg.cholesky(A)\nU = torch.cholesky(A, upper=True) should be replaced with:\nU = torch.linalg.cholesky(A).mH',
    'lstsq': "This function was deprecated since version 1.9 and is now removed. `torch.lstsq` is deprecated in favor of `torch.linalg.lstsq`.\n`torch.linalg.lstsq` has reversed arguments and does not return the QR decomposition in the returned tuple (although it returns other information about the problem).\n\nTo get the QR decomposition consider using `torch.linalg.qr`.\n\nThe returned solution in `torch.lstsq` stored the residuals of the solution in the last m - n columns of the returned value whenever m > n. In torch.linalg.lstsq, the residuals are in the field 'residuals' of the returned named tuple.\n\nThe unpacking of the solution, as in\nX, _ = torch.lstsq(B, A).solution[:A.size(1)]\nshould be replaced with:\nX = torch.linalg.lstsq(A, B).solution",
    'solve': 'This function was deprecated since version 1.9 and is now removed. `torch.solve` is deprecated in favor of `torch.linalg.solve`. `torch.linalg.solve` has its arguments reversed and does not return the LU factorization.\n\nTo get the LU factorization see `torch.lu`, which can be used with `torch.lu_solve` or `torch.lu_unpack`.\nX = torch.solve(B, A).solution should be replaced with:\nX = torch.linalg.solve(A, B)',
    'eig': 'This function was deprecated since version 1.9 and is now removed. `torch.linalg.eig` returns complex tensors of dtype `cfloat` or `cdouble` rather than real tensors mimicking complex tensors.\n\nL, _ = torch.eig(A) should be replaced with:\nL_complex = torch.linalg.eigvals(A)\n\nand\n\nL, V = torch.eig(A, eigenvectors=True) should be replaced with:\nL_complex, V_complex = torch.linalg.eig(A)',
    'symeig': "This function was deprecated since version 1.9 and is now removed. The default behavior has changed from using the upper triangular portion of the matrix by default to using the lower triangular portion.\n\nL, _ = torch.symeig(A, upper=upper) should be replaced with:\nL = torch.linalg.eigvalsh(A, UPLO='U' if upper else 'L')\n\nand\n\nL, V = torch.symeig(A, eigenvectors=True) should be replaced with:\nL, V = torch.linalg.eigh(A, UPLO='U' if upper else 'L')",
    'matrix_rank': "This function was deprecated since version 1.9 and is now removed.\nPlease use the `torch.linalg.matrix_rank` function instead. The parameter 'symmetric' was renamed in `torch.linalg.matrix_rank()` to 'hermitian'.",
}


def _removed(name):
    def function(*args, **kwargs):
        text = _TEXTS[name]
        if name == "qr":  # the last line follows the `some` argument
            some = kwargs.get("some", args[1] if len(args) > 1 else True)
            text += f"\n\nSince `some` was set to {bool(some)}, use mode='{'reduced' if some else 'complete'}'."
        raise RuntimeError(text)
    function.__name__ = function.__qualname__ = name
    function.__doc__ = f"Removed in PyTorch 2.x: raises PyTorch's RuntimeError naming torch.linalg's replacement."
    return function


def _install():
    for name in _TEXTS:
        setattr(torch, name, _removed(name))
        if name != "matrix_rank":
            setattr(torch.Tensor, name, _removed(name))
