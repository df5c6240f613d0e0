"""torch.utils.data: datasets, samplers, default_collate and the DataLoader that batches a
dataset, drawing from the random generators exactly as PyTorch's do."""
from torch.utils.data.dataset import ConcatDataset, Dataset, IterableDataset, Subset, TensorDataset, random_split
from torch.utils.data.sampler import (
    BatchSampler, RandomSampler, Sampler, SequentialSampler, SubsetRandomSampler,
)
from torch.utils.data._utils.collate import default_collate
from torch.utils.data.dataloader import DataLoader
from torch.utils.data.distributed import DistributedSampler

__all__ = [
    "BatchSampler", "ConcatDataset", "DataLoader", "Dataset", "DistributedSampler", "IterableDataset",
    "RandomSampler", "Sampler", "SequentialSampler", "Subset", "SubsetRandomSampler", "TensorDataset",
    "default_collate", "random_split",
]
