"""torch.utils.data: datasets, samplers, default_collate and the DataLoader that batches a
dataset, drawing from the random generators exactly as PyTorch's do."""
from torch.utils.data.dataset import ConcatDataset, Dataset, IterableDataset, Subset, TensorDataset, random_split
from torch.utils.data.sampler import (
    BatchSampler, RandomSampler, Sampler, SequentialSampler, SubsetRandomSampler, WeightedRandomSampler,
)
from torch.utils.data._utils.collate import default_collate
from torch.utils.data.dataloader import DataLoader
from torch.utils.data.distributed import DistributedSampler


def get_worker_info():
    """The loading worker's id, count, seed and dataset copy inside a DataLoader worker; None in
    the main process, which is where tensorplay loads every batch (it has no worker processes)."""
    return None


__all__ = [
    "BatchSampler", "ConcatDataset", "DataLoader", "Dataset", "DistributedSampler", "IterableDataset",
    "RandomSampler", "Sampler", "SequentialSampler", "Subset", "SubsetRandomSampler", "TensorDataset",
    "WeightedRandomSampler", "default_collate", "get_worker_info", "random_split",
]
