"""torch.optim: the optimizers over the Optimizer base, and lr_scheduler, as in PyTorch."""
from torch.optim.optimizer import Optimizer
from torch.optim.sgd import SGD
from torch.optim.adam import Adam
from torch.optim.adamw import AdamW
from torch.optim.adadelta import Adadelta
from torch.optim.adagrad import Adagrad
from torch.optim.adamax import Adamax
from torch.optim.rmsprop import RMSprop
from torch.optim.lbfgs import LBFGS
from torch.optim.nadam import NAdam
from torch.optim.radam import RAdam
from torch.optim.asgd import ASGD
from torch.optim.rprop import Rprop
from torch.optim import lr_scheduler  # noqa: F401

__all__ = ["Optimizer", "SGD", "Adam", "AdamW", "Adadelta", "Adagrad", "Adamax", "RMSprop", "LBFGS", "NAdam",
           "RAdam", "ASGD", "Rprop"]
