# torch.amp.GradScaler on the CPU: growth, backoff and skipped steps (an inf at step 3 and a
# NaN at step 5 skip the step and halve the scale), scale(), and its errors in the wrong order.
import math
import torch

w = torch.nn.Parameter(torch.tensor([1.0, 2.0]))
opt = torch.optim.SGD([w], lr=0.1)
scaler = torch.amp.GradScaler("cpu", init_scale=8.0, growth_interval=2)
grads = [[0.5, -0.5], [1.0, 0.25], [math.inf, 0.0], [0.2, 0.2], [math.nan, 1.0], [0.1, -0.1], [0.3, 0.3]]
for g in grads:
    loss = scaler.scale(torch.tensor(1.0))
    w.grad = torch.tensor(g) * loss.detach()
    scaler.step(opt)
    scaler.update()
    print(scaler.get_scale(), scaler._get_growth_tracker(), w.tolist())

scaler = torch.amp.GradScaler("cpu", init_scale=8.0)
print(scaler.is_enabled(), scaler.get_scale(), scaler.scale(torch.tensor([1.0, -2.0])))
print(scaler.scale(torch.tensor([1.0], dtype=torch.float16)).dtype)
print(torch.amp.GradScaler("cpu").get_scale(), scaler.state_dict())


def show(f):
    try:
        f()
    except Exception as e:
        print(type(e).__name__ + ":", e)


show(lambda: torch.amp.GradScaler("cpu").unscale_(opt))
w.grad = torch.tensor([8.0, 8.0])
scaler.unscale_(opt)
print(w.grad)
show(lambda: scaler.unscale_(opt))
scaler.step(opt)
show(lambda: scaler.step(opt))
show(lambda: scaler.unscale_(opt))
show(lambda: torch.amp.GradScaler("cpu", growth_factor=1.0))

state = scaler.state_dict()
state["scale"] = 2.0
fresh = torch.amp.GradScaler("cpu")
fresh.load_state_dict(state)
print(fresh.get_scale(), fresh.state_dict())
show(lambda: fresh.load_state_dict({}))
