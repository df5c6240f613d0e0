# Device mix-ups in the ops added with transformers, vision layers, linalg and search: the texts
# real PyTorch (2.11, CUDA) printed on an NVIDIA H200 for these exact lines, in torchdev_008.expected.
import torch
layer = torch.nn.TransformerEncoderLayer(16, 4, 32, batch_first=True).to('cuda')
x = torch.randn(2, 5, 16)
for name, f in [("encoder layer", lambda: layer(x)), ("mha", lambda: torch.nn.MultiheadAttention(16, 4, batch_first=True).cuda()(x, x, x)),
                ("sdpa", lambda: torch.nn.functional.scaled_dot_product_attention(x.cuda(), x, x)),
                ("inv", lambda: torch.linalg.inv(torch.eye(2, device='cuda')) @ torch.eye(2)),
                ("convT", lambda: torch.nn.ConvTranspose2d(2, 2, 3).cuda()(torch.randn(1, 2, 4, 4))),
                ("groupnorm", lambda: torch.nn.GroupNorm(1, 2).cuda()(torch.randn(1, 2, 4))),
                ("interp", lambda: torch.nn.functional.interpolate(torch.randn(1, 1, 4, 4, device='cuda'), scale_factor=2.0, mode='bilinear')[0, 0, 0, :3]),
                ("cdist", lambda: torch.cdist(torch.randn(3, 2, device='cuda'), torch.randn(4, 2))),
                ("searchsorted", lambda: torch.searchsorted(torch.arange(5, device='cuda'), torch.tensor([2]))),
                ("take_along_dim", lambda: torch.take_along_dim(torch.randn(3, 3, device='cuda'), torch.tensor([[0]]), 1))]:
    try:
        r = f()
        print(name, "ok", tuple(r.shape), r.device)
    except Exception as e:
        print(name, type(e).__name__, e)
