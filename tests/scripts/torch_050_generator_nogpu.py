# torch.Generator and generator=: seeded streams equal to PyTorch's, the default generator, DataLoader
# shuffling from a generator; a wrong generator is a TypeError (tensorplay words it its own way).
import torch
g = torch.Generator()
print(type(g).__name__, g.initial_seed() is not None, g.manual_seed(3) is g, g.initial_seed(), g.device)
print(torch.rand(3, generator=g), torch.randn(2, generator=g), torch.randint(0, 10, (3,), generator=g), torch.randperm(4, generator=g))
t = torch.empty(3); print(t.uniform_(generator=g).clone(), t.normal_(generator=g).clone())
print(torch.manual_seed(0) is torch.default_generator, torch.initial_seed(), torch.rand(2))
g2 = torch.Generator().manual_seed(0); print(torch.rand(2, generator=g2), torch.randint(5, (4,), generator=g2))
print(torch.Generator(device='cpu').manual_seed(7).initial_seed())
loader = torch.utils.data.DataLoader(torch.arange(8), batch_size=3, shuffle=True, generator=torch.Generator().manual_seed(42))
print([b.tolist() for b in loader])
for bad in ("torch.rand(2, generator=3)", "torch.randn(2, generator='x')"):
    try: eval(bad)
    except Exception as e: print(type(e).__name__)
