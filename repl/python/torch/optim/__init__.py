"""torch.optim: the optimizers (SGD, Adam, AdamW) over the Optimizer base, as in PyTorch."""
from torch.optim.optimizer import Optimizer
from torch.optim.sgd import SGD
from torch.optim.adam import Adam
from torch.optim.adamw import AdamW

__all__ = ["Optimizer", "SGD", "Adam", "AdamW"]
