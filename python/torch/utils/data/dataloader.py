"""torch.utils.data.DataLoader: batches of a dataset in the sampler's order, collated, in this
process (num_workers is accepted; tensorplay has no worker processes). Every iter() draws a
base seed from the generator first, as PyTorch does, so later random numbers match."""
import warnings

import torch
from torch.utils.data import _random
from torch.utils.data._utils.collate import default_collate
from torch.utils.data.dataset import IterableDataset, TensorDataset
from torch.utils.data.sampler import BatchSampler, RandomSampler, SequentialSampler

# Attributes that may not change once a DataLoader is made.
_FIXED = ("batch_size", "batch_sampler", "sampler", "drop_last", "dataset", "persistent_workers")


class DataLoader:
    _initialized = False

    def __init__(self, dataset, batch_size=1, shuffle=None, sampler=None, batch_sampler=None, num_workers=0,
                 collate_fn=None, pin_memory=False, drop_last=False, timeout=0, worker_init_fn=None,
                 multiprocessing_context=None, generator=None, *, prefetch_factor=None, persistent_workers=False,
                 pin_memory_device="", in_order=True):
        if num_workers < 0:
            raise ValueError("num_workers option should be non-negative; use num_workers=0 to disable multiprocessing.")
        if timeout < 0:
            raise ValueError("timeout option should be non-negative")
        self.dataset = dataset
        self.num_workers = num_workers
        self.prefetch_factor = prefetch_factor
        self.pin_memory = pin_memory
        self.pin_memory_device = pin_memory_device
        self.timeout = timeout
        self.worker_init_fn = worker_init_fn
        self.multiprocessing_context = multiprocessing_context
        self.in_order = in_order
        self._is_iterable = isinstance(dataset, IterableDataset)
        if self._is_iterable:
            if shuffle not in (False, None):
                raise ValueError(f"DataLoader with IterableDataset: expected unspecified shuffle option, but got shuffle={shuffle}")
            if sampler is not None:
                raise ValueError(f"DataLoader with IterableDataset: expected unspecified sampler option, but got sampler={sampler}")
            if batch_sampler is not None:
                raise ValueError("DataLoader with IterableDataset: expected unspecified batch_sampler option, but got "
                                 f"batch_sampler={batch_sampler}")
        else:
            shuffle = bool(shuffle)
        if sampler is not None and shuffle:
            raise ValueError("sampler option is mutually exclusive with shuffle")
        if batch_sampler is not None:
            if batch_size != 1 or shuffle or sampler is not None or drop_last:
                raise ValueError("batch_sampler option is mutually exclusive with batch_size, shuffle, sampler, and drop_last")
            batch_size = None
            drop_last = False
        elif batch_size is None and drop_last:
            raise ValueError("batch_size=None option disables auto-batching and is mutually exclusive with drop_last")
        if sampler is None and not self._is_iterable:
            sampler = RandomSampler(dataset, generator=generator) if shuffle else SequentialSampler(dataset)
        if batch_size is not None and batch_sampler is None and not self._is_iterable:
            batch_sampler = BatchSampler(sampler, batch_size, drop_last)
        self.batch_size = batch_size
        self.drop_last = drop_last
        self.sampler = sampler
        self.batch_sampler = batch_sampler
        self.generator = generator
        self.collate_fn = collate_fn if collate_fn is not None else (default_collate if batch_size is not None or
                                                                      batch_sampler is not None else _identity)
        self.persistent_workers = persistent_workers
        self._initialized = True

    def __setattr__(self, attr, val):
        if self._initialized and attr in _FIXED:
            raise ValueError(f"{attr} attribute should not be set after {self.__class__.__name__} is initialized")
        super().__setattr__(attr, val)

    @property
    def _index_sampler(self):
        return self.batch_sampler if self.batch_sampler is not None else self.sampler

    def __iter__(self):
        return _SingleProcessDataLoaderIter(self)

    def __len__(self):
        if self._is_iterable:
            n = len(self.dataset)
            if self.batch_size is not None:
                n = n // self.batch_size if self.drop_last else -(-n // self.batch_size)
            return n
        return len(self._index_sampler)


def _identity(sample):
    return sample


def _pin(data):
    """Tensors of a batch in pinned memory (pin_memory=True)."""
    if isinstance(data, torch.Tensor):
        return data.pin_memory()
    if isinstance(data, dict):
        return {k: _pin(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_pin(v) for v in data]
    if isinstance(data, tuple):
        return type(data)(*(_pin(v) for v in data)) if hasattr(data, "_fields") else tuple(_pin(v) for v in data)
    return data


def _pins(loader):
    """Whether batches go to pinned memory: pin_memory=True and an accelerator that pins (not
    MPS), with PyTorch's warnings (at the iterator's creation) when pin_memory has no effect."""
    if not loader.pin_memory:
        return False
    if loader.pin_memory_device:
        warnings.warn("pin_memory_device is deprecated, the current accelerator will be used as the device,"
                      f"ignore pin_memory_device='{loader.pin_memory_device}'.", stacklevel=2)
    accelerator = torch.accelerator.current_accelerator(check_available=True)
    if accelerator is None:
        warnings.warn("'pin_memory' argument is set as true but no accelerator is found, then device pinned memory "
                      "won't be used.", stacklevel=2)
        return False
    if accelerator.type == "mps":
        warnings.warn("'pin_memory' argument is set as true but not supported on MPS now, device pinned memory "
                      "won't be used.", stacklevel=2)
        return False
    return True


class _SingleProcessDataLoaderIter:
    """One pass over a DataLoader."""

    def __init__(self, loader):
        self._loader = loader
        # PyTorch's _BaseDataLoaderIter draws its base seed (for workers) on every iter().
        self._base_seed = _random.draw_seed(loader.generator)
        self._num_yielded = 0
        self._pin_memory = _pins(loader)
        if loader._is_iterable:
            self._source = iter(loader.dataset)
            self._indices = None
        else:
            self._indices = iter(loader._index_sampler)
        # A TensorDataset batch collated by default is the rows at once: one gather per tensor
        # gives the same tensors as stacking sample by sample, far faster (but another grad_fn,
        # so not for tensors that require grad).
        dataset = loader.dataset
        self._gather = (type(dataset) is TensorDataset and loader.collate_fn is default_collate
                        and not any(t.requires_grad for t in dataset.tensors))

    def __iter__(self):
        return self

    def __len__(self):
        return len(self._loader)

    def _next_data(self):
        loader = self._loader
        if self._indices is None:  # an IterableDataset
            if loader.batch_size is None:
                return loader.collate_fn(next(self._source))
            batch = [s for _, s in zip(range(loader.batch_size), self._source)]
            if not batch or (loader.drop_last and len(batch) < loader.batch_size):
                raise StopIteration
            return loader.collate_fn(batch)
        index = next(self._indices)
        if loader.batch_sampler is None:  # batch_size=None: samples one by one
            return loader.collate_fn(loader.dataset[index])
        if self._gather:
            rows = torch.tensor(index, dtype=torch.int64)
            return [t[rows] for t in loader.dataset.tensors]
        return loader.collate_fn([loader.dataset[i] for i in index])

    def __next__(self):
        data = self._next_data()
        self._num_yielded += 1
        return _pin(data) if self._pin_memory else data
