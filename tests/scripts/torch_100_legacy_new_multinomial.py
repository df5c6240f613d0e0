# Tensor.new (the legacy constructor) and torch.distributions.Multinomial.
import torch
from torch.distributions import Multinomial

x = torch.ones(2, dtype=torch.float64)
print(x.new(3).shape, x.new(3).dtype, x.new(2, 3).shape, x.new((2, 3)).shape, x.new([1, 2]))
print(x.new(torch.Size([2])).shape, x.new().shape, x.new([[1, 2]]).dtype)
print(torch.ones(2, dtype=torch.long).new([1.5]))
same = torch.tensor([1.0, 2.0], dtype=torch.float64)
alias = x.new(same)
alias[0] = 5
print(same)
for bad in ([1, 2], "a", torch.tensor([1, 2])):
    try:
        x.new(bad, dtype=torch.float32) if isinstance(bad, list) else x.new(bad)
    except Exception as e:
        print(type(e).__name__, e)

torch.manual_seed(0)
m = Multinomial(10, torch.tensor([1.0, 2.0, 1.0]))
print(m.probs, m.mean, m.variance, m.batch_shape, m.event_shape)
print(m.sample(), m.sample((3,)))
print(m.support, m.support.check(torch.tensor([3.0, 3.0, 4.0])), m.support.check(torch.tensor([9.0, 3.0, 4.0])))
b = Multinomial(4, logits=torch.zeros(2, 3))
print(b.batch_shape, b.sample().shape, b.sample((5,)).shape, b.expand((3, 2)).batch_shape)
try:
    Multinomial(2.5, torch.tensor([0.5, 0.5]))
except Exception as e:
    print(type(e).__name__, e)
try:
    Multinomial(2)
except Exception as e:
    print(type(e).__name__, e)
