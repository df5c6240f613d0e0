# Calls the fuzzer (tests/fuzz) found ending tensorplay, where PyTorch cannot show the answer:
# its truncating division of the smallest integer by -1 crashes the process (SIGFPE), and
# CPU-only PyTorch has no cuda device. Texts for cuda from the engine's validate_outputs.
import torch

print(torch.tensor([-2**63, 7]).div(-1, rounding_mode="trunc"))
print(torch.tensor([-2**31, 7], dtype=torch.int32).div(-1, rounding_mode="trunc"))

# A 0-dim gradient on another device moves to the output's; any other fails.
w = torch.ones(2, device="cuda", requires_grad=True)
(w * 2).sum().backward(torch.tensor(1.0))
print(w.grad)
try:
    (w * 2).backward(torch.ones(2))
except RuntimeError as e:
    print("RuntimeError:", e)
x = torch.tensor(2.0, device="cuda").requires_grad_()
x.backward(torch.tensor(1.0, dtype=torch.bfloat16, device="cuda"))
print(x.grad)

# LAPACK's gesdd loops forever on an infinity (fuzz_torch seed 1, call 195726, x.svd(3)); an
# infinite or NaN input is refused with ATen's non-finite text (MKL returns NaN factors instead).
m = torch.tensor([[1.0, 2.0], [float("inf"), 3.0]], dtype=torch.float64)
for call in (lambda: m.svd(3), lambda: torch.linalg.svdvals(m), lambda: torch.linalg.pinv(m)):
    try:
        call()
    except torch.linalg.LinAlgError as e:
        print("LinAlgError:", e)
