"""default_collate: a list of samples as one batch, field by field: tensors (and numpy arrays)
stacked, Python numbers made tensors, strings kept, sequences and mappings collated per entry."""
import collections.abc

import torch

_ERROR = "default_collate: batch must contain tensors, numpy arrays, numbers, dicts or lists; found {}"


def default_collate(batch):
    elem = batch[0]
    if isinstance(elem, torch.Tensor):
        return torch.stack(batch, 0)
    if type(elem).__module__ == "numpy" and type(elem).__name__ in ("ndarray", "memmap"):
        if elem.dtype.kind in "OSU":  # arrays of strings or objects cannot become tensors
            raise TypeError(_ERROR.format(elem.dtype))
        return default_collate([torch.as_tensor(b) for b in batch])
    if type(elem).__module__ == "numpy" and hasattr(elem, "dtype") and elem.shape == ():
        return torch.as_tensor(batch)
    if isinstance(elem, bool) or isinstance(elem, int):
        return torch.tensor(batch)
    if isinstance(elem, float):
        return torch.tensor(batch, dtype=torch.float64)
    if isinstance(elem, (str, bytes)):
        return batch
    if isinstance(elem, collections.abc.Mapping):
        collated = {key: default_collate([d[key] for d in batch]) for key in elem}
        try:
            return type(elem)(collated)
        except TypeError:
            return collated
    if isinstance(elem, tuple) and hasattr(elem, "_fields"):  # namedtuple
        return type(elem)(*(default_collate(list(field)) for field in zip(*batch)))
    if isinstance(elem, collections.abc.Sequence):
        size = len(elem)
        if any(len(sample) != size for sample in batch):
            raise RuntimeError("each element in list of batch should be of equal size")
        fields = [default_collate(list(field)) for field in zip(*batch)]
        if isinstance(elem, tuple):
            return fields  # PyTorch returns a list for tuple samples
        try:
            return type(elem)(fields)
        except TypeError:
            return fields
    raise TypeError(_ERROR.format(type(elem)))
