# torch.special functions composed from tensor ops (issue 28, OpInfo): the orthogonal
# polynomials, Bessel J/Y/I/K (scaled too), ndtri, log_ndtr, erfcx, spherical j0, zeta; and
# Tensor.cauchy_ / log_normal_, drawn as PyTorch draws them.
import torch
import torch.special as S

x = torch.tensor([-2.5, -1.0, -0.3, 0.0, 0.4, 1.0, 3.0, 7.5])
n = torch.tensor([0, 1, 2, 3, 5, 7, 9, 12])
for name in ("chebyshev_polynomial_t", "chebyshev_polynomial_u", "chebyshev_polynomial_v", "chebyshev_polynomial_w",
             "hermite_polynomial_h", "hermite_polynomial_he", "laguerre_polynomial_l", "legendre_polynomial_p"):
    print(name, getattr(S, name)(x, n), getattr(S, name)(0.3, torch.tensor(4)), getattr(S, name)(x[:2], 2))
u = torch.tensor([0.1, 0.3, 0.7, 1.0])
for name in ("shifted_chebyshev_polynomial_t", "shifted_chebyshev_polynomial_u", "shifted_chebyshev_polynomial_v",
             "shifted_chebyshev_polynomial_w"):
    print(name, getattr(S, name)(u, torch.tensor([2, 3, 8, 10])))
p = torch.tensor([0.5, 1.0, 2.0, 6.0, 12.0, 30.0, 80.0])
for name in ("bessel_j0", "bessel_j1", "bessel_y0", "bessel_y1", "modified_bessel_i0", "modified_bessel_i1",
             "modified_bessel_k0", "modified_bessel_k1", "scaled_modified_bessel_k0", "scaled_modified_bessel_k1",
             "i0e", "i1e", "spherical_bessel_j0", "erfcx", "log_ndtr"):
    print(name, getattr(S, name)(p), getattr(S, name)(-p[:2]))
print(S.bessel_y0(torch.tensor([0.0, -1.0])), S.modified_bessel_k0(torch.tensor([0.0])), S.erfcx(torch.tensor([-3.0, 30.0])))
print(S.ndtri(torch.tensor([0.0, 0.025, 0.5, 0.975, 1.0, 1.5])), S.log_ndtr(torch.tensor([-30.0, -5.0, 5.0])))
print(S.zeta(torch.tensor([2.0, 3.0, 1.0, 0.5]), 1.0), S.zeta(2.0, torch.tensor([1.0, 2.5, 0.0, -1.5])))
for args in ((0.3, 4), (2.0, 1.0), (x, "a")):
    try:
        (S.zeta if args[1] == 1.0 else S.legendre_polynomial_p)(*args)
    except TypeError as e:
        print("TypeError:", e)
print(S.chebyshev_polynomial_t(torch.tensor([1, 2]), torch.tensor([3])).dtype, S.i0e(torch.tensor([1, 2])).dtype,
      S.bessel_j0(torch.tensor([1.0], dtype=torch.float64)).dtype)
torch.manual_seed(0)
print(torch.empty(5).cauchy_(), torch.empty(3, dtype=torch.float64).cauchy_(1., 2.), torch.empty(4).log_normal_(), torch.empty(3, dtype=torch.float64).log_normal_(0.5, 0.25))
for f in [lambda: torch.empty(2).cauchy_(sigma=0), lambda: torch.empty(2).log_normal_(std=-1), lambda: torch.empty(2, dtype=torch.int64).cauchy_(), lambda: torch.empty(2, dtype=torch.int64).log_normal_()]:
    try: f()
    except Exception as e: print(type(e).__name__, e)
print(torch.normal(0., 1., (3,)), torch.empty(4, dtype=torch.float16).cauchy_(), torch.empty(2, 3).t().log_normal_(0, 1))
g = torch.Generator().manual_seed(5)
print(torch.empty(3).cauchy_(generator=g), torch.empty(3).log_normal_(generator=g))
