# Settings learner scripts make first (cudnn switches, deterministic algorithms, threads), the
# type-promotion queries (result_type, promote_types, can_cast), data_ptr / untyped_storage,
# and torch.nonzero / torch.where(condition).
import torch
import torch.backends.cudnn as cudnn


def attempt(f):
    try:
        r = f()
        print(repr(r))
    except Exception as e:
        print(type(e).__name__, e)


print("== cudnn")
print(cudnn.benchmark, cudnn.deterministic, cudnn.enabled, cudnn.allow_tf32, cudnn.benchmark_limit)
print(cudnn.is_available(), cudnn.version(), cudnn is torch.backends.cudnn)
cudnn.benchmark = True
cudnn.deterministic = True
print(cudnn.benchmark, cudnn.deterministic, torch.are_deterministic_algorithms_enabled())
cudnn.benchmark = False
for name, value in [("benchmark", 1), ("deterministic", "yes"), ("enabled", 1.0), ("allow_tf32", None),
                    ("benchmark_limit", 2.5), ("benchmark_limit", True)]:
    attempt(lambda: setattr(cudnn, name, value))
cudnn.benchmark_limit = 4
print(cudnn.benchmark_limit, cudnn.benchmark)
attempt(lambda: cudnn.no_such_switch)

print("== deterministic algorithms")
print(torch.are_deterministic_algorithms_enabled(), torch.is_deterministic_algorithms_warn_only_enabled())
torch.use_deterministic_algorithms(True)
print(torch.are_deterministic_algorithms_enabled(), torch.is_deterministic_algorithms_warn_only_enabled())
torch.use_deterministic_algorithms(True, warn_only=True)
print(torch.are_deterministic_algorithms_enabled(), torch.is_deterministic_algorithms_warn_only_enabled())
torch.use_deterministic_algorithms(False, warn_only=True)
print(torch.are_deterministic_algorithms_enabled(), torch.is_deterministic_algorithms_warn_only_enabled())
torch.use_deterministic_algorithms(mode=False)
print(torch.are_deterministic_algorithms_enabled(), torch.is_deterministic_algorithms_warn_only_enabled())
attempt(lambda: torch.use_deterministic_algorithms(1))
attempt(lambda: torch.use_deterministic_algorithms(None))
attempt(lambda: torch.use_deterministic_algorithms(True, warn_only=1))
attempt(lambda: torch.use_deterministic_algorithms())
attempt(lambda: torch.use_deterministic_algorithms(True, True))

print("== threads")
print(type(torch.get_num_threads()).__name__, torch.get_num_threads() >= 1, torch.get_num_interop_threads() >= 1)
saved = torch.get_num_threads()
torch.set_num_threads(1)
print(torch.get_num_threads())
torch.set_num_threads(saved)
print(torch.get_num_threads() == saved)
torch.set_num_threads(300)
print(torch.get_num_threads())
torch.set_num_threads(saved)
for bad in [0, -1, True, 2.0, "2", torch.tensor(2), 2**31, -2**40, 2**70]:
    attempt(lambda: torch.set_num_threads(bad))
attempt(lambda: torch.set_num_threads())
attempt(lambda: torch.set_num_threads(1, 2))
attempt(lambda: torch.set_num_threads(n=2))
attempt(lambda: torch.get_num_threads(1))
print(torch.randn(3, 4).matmul(torch.ones(4, 2)).shape)

print("== result_type / promote_types / can_cast")
i64, f32 = torch.tensor([1, 2]), torch.tensor([1.0, 2.0])
attempt(lambda: torch.result_type(i64, 1.0))
attempt(lambda: torch.result_type(i64, 1))
attempt(lambda: torch.result_type(i64, True))
attempt(lambda: torch.result_type(1, 2.0))
attempt(lambda: torch.result_type(True, False))
attempt(lambda: torch.result_type(1.5, i64))
attempt(lambda: torch.result_type(torch.tensor(1.0, dtype=torch.float64), torch.tensor([1], dtype=torch.int32)))
attempt(lambda: torch.result_type(torch.tensor(1.0, dtype=torch.float64), f32))
attempt(lambda: torch.result_type(torch.tensor([1], dtype=torch.uint8), torch.tensor([1], dtype=torch.int32)))
attempt(lambda: torch.result_type(f32.half(), torch.tensor(1.0, dtype=torch.float64)))
attempt(lambda: torch.result_type(tensor=i64, other=2.5))
attempt(lambda: torch.result_type(torch.tensor([True]), 3))
attempt(lambda: torch.result_type("a", 1))
attempt(lambda: torch.result_type(i64, "a"))
attempt(lambda: torch.result_type(None, 1))
attempt(lambda: torch.result_type(i64))
attempt(lambda: torch.result_type(1, 2, 3))
pairs = [(torch.int32, torch.float16), (torch.uint8, torch.int32), (torch.bool, torch.bfloat16),
         (torch.float16, torch.bfloat16), (torch.int64, torch.float32), (torch.bool, torch.bool),
         (torch.uint8, torch.bool), (torch.float64, torch.float16)]
for a, b in pairs:
    print(a, b, torch.promote_types(a, b), torch.can_cast(a, b), torch.can_cast(b, a))
attempt(lambda: torch.promote_types(1, torch.float))
attempt(lambda: torch.promote_types(torch.float, "float"))
attempt(lambda: torch.promote_types(torch.float))
attempt(lambda: torch.can_cast(torch.float, 1))
attempt(lambda: torch.can_cast(from_=torch.float, to=torch.double))
attempt(lambda: torch.can_cast(torch.float))

print("== data_ptr / untyped_storage")
x = torch.arange(6.0).reshape(2, 3)
s = x.untyped_storage()
print(type(s), s.nbytes(), s.size(), len(s), s.element_size(), s.device, s.is_cuda)
print(x.data_ptr() == s.data_ptr(), x[1].data_ptr() - x.data_ptr(), x[:, 2].data_ptr() - x.data_ptr())
print(x[1].untyped_storage().nbytes(), x[1].untyped_storage().data_ptr() == s.data_ptr())
print(x.t().data_ptr() == x.data_ptr(), x.view(-1).data_ptr() == x.data_ptr(), x.clone().data_ptr() == x.data_ptr())
print(isinstance(x.data_ptr(), int), torch.empty(0).data_ptr())
h = torch.ones(4, dtype=torch.float16)
print(h.untyped_storage().nbytes(), h[2:].data_ptr() - h.data_ptr(), torch.zeros(3, dtype=torch.int64).untyped_storage().size())
m = torch.empty(4, device="meta")
print(m.data_ptr(), m[1].data_ptr(), m.untyped_storage().nbytes(), m.untyped_storage().data_ptr(), m.untyped_storage().device)

print("== nonzero / where(condition)")
x = torch.tensor([[0.0, 1.5, 0.0], [2.0, 0.0, -1.0]])
attempt(lambda: torch.nonzero(x))
attempt(lambda: torch.nonzero(x, as_tuple=True))
attempt(lambda: x.nonzero())
attempt(lambda: x.nonzero(as_tuple=True))
attempt(lambda: torch.nonzero(torch.tensor(5)))
attempt(lambda: torch.nonzero(torch.tensor(5), as_tuple=True))
attempt(lambda: torch.nonzero(torch.tensor(0), as_tuple=True))
attempt(lambda: torch.nonzero(torch.zeros(2, 0)))
attempt(lambda: torch.nonzero(torch.zeros(2, 0), as_tuple=True))
attempt(lambda: torch.nonzero(torch.tensor([True, False, True])))
attempt(lambda: torch.nonzero(torch.tensor([0, 3, 0, 7], dtype=torch.int32)))
attempt(lambda: torch.where(x > 0))
attempt(lambda: torch.where(x))
attempt(lambda: torch.where(condition=x < 0))
attempt(lambda: torch.where(torch.zeros(3)))
attempt(lambda: x.where(x > 0, 0.0))
attempt(lambda: x.where(x > 0, torch.full((2, 3), -5.0)))
attempt(lambda: x.where(condition=x < 0, other=9.0))
rows, cols = torch.where(x != 0)
print(x[rows, cols], rows.is_contiguous(), cols.stride(), torch.nonzero(x).stride())
attempt(lambda: torch.nonzero([1, 2]))
attempt(lambda: torch.nonzero(x, True))
attempt(lambda: torch.nonzero(x, as_tuple=1))
attempt(lambda: torch.where([1]))
attempt(lambda: torch.nonzero(torch.empty(3, device="meta")))
attempt(lambda: torch.where(torch.empty(3, device="meta") > 0))
