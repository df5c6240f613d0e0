"""torch.Size: the shape of a tensor, a tuple of ints that prints as torch.Size([2, 3])."""


class Size(tuple):
    __module__ = "torch"  # torch.Size, as PyTorch names it (in printing and in pickles)

    def __reduce__(self):
        return Size, (tuple(self),)

    def __repr__(self):
        return "torch.Size([" + ", ".join(str(d) for d in self) + "])"

    __str__ = __repr__

    def __getitem__(self, key):
        item = tuple.__getitem__(self, key)
        return Size(item) if isinstance(key, slice) else item

    def __add__(self, other):
        return Size(tuple.__add__(self, other))

    def numel(self):
        n = 1
        for d in self:
            n *= d
        return n

    def __reduce__(self):
        return (Size, (tuple(self),))
