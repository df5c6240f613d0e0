"""torch.utils.hooks.RemovableHandle: what registering a hook returns; remove() takes it off."""


class RemovableHandle:
    _next_id = 0

    def __init__(self, remove_fn):
        self._remove_fn = remove_fn
        self.id = RemovableHandle._next_id
        RemovableHandle._next_id += 1

    def remove(self):
        if self._remove_fn is not None:
            self._remove_fn()
            self._remove_fn = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.remove()
