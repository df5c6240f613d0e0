# copy.copy and pickle of tensors, as PyTorch's Tensor.__reduce_ex__: a copy shares the storage
# (matplotlib copies the arrays it plots), pickle round-trips values, views, dtypes, parameters.
import copy, pickle, torch
x = torch.ones(2)
y = copy.copy(x); y[0] = 5; print(x, y)
z = copy.copy(torch.ones(2, requires_grad=True) * 2); print(z, z.is_leaf, z.grad_fn)
v = torch.arange(6.).view(2, 3).t(); c = copy.copy(v); print(c.stride(), c.data_ptr() == v.data_ptr())
p = torch.nn.Parameter(torch.ones(2)); print(type(copy.copy(p)).__name__)
print(pickle.loads(pickle.dumps(torch.arange(3))))
print(pickle.loads(pickle.dumps(torch.nn.Parameter(torch.ones(2)))))
w = pickle.loads(pickle.dumps(v)); print(w, w.stride())
print(pickle.loads(pickle.dumps({"a": torch.tensor([1.5, 2.5], dtype=torch.float64), "b": torch.tensor([True, False])})))
print(pickle.loads(pickle.dumps(torch.ones(2, 2, dtype=torch.bfloat16)[1])))
