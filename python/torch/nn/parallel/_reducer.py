"""DistributedDataParallel's reducer (PyTorch's Reducer): parameters in buckets, the last
parameters first (backward reaches them first), the first bucket small so communication starts
early; a post-accumulate-grad hook marks each parameter ready, and a bucket whose parameters
are all ready is averaged across the ranks at once by one all-reduce of its gradients, flat."""
import weakref

import torch
import torch.distributed as dist

_FIRST_BUCKET_BYTES = 1024 * 1024  # dist._DEFAULT_FIRST_BUCKET_BYTES


def assign_buckets(params, cap_bytes):
    """Lists of parameter indices, last parameters first, each under its byte cap (one
    parameter larger than the cap makes a bucket alone); a bucket holds one dtype and device."""
    buckets, current, size, key = [], [], 0, None
    limit = _FIRST_BUCKET_BYTES
    for i in reversed(range(len(params))):
        p = params[i]
        nbytes = p.numel() * p.element_size()
        if current and ((p.dtype, p.device) != key or size + nbytes > limit):
            buckets.append(current)
            current, size, limit = [], 0, cap_bytes
        current.append(i)
        size += nbytes
        key = (p.dtype, p.device)
    if current:
        buckets.append(current)
    return buckets


def _unfinished_error(indices, rank):
    return RuntimeError(
        "Expected to have finished reduction in the prior iteration before starting a new one. This error indicates "
        "that your module has parameters that were not used in producing loss. You can enable unused parameter "
        "detection by passing the keyword argument `find_unused_parameters=True` to "
        "`torch.nn.parallel.DistributedDataParallel`, and by \nmaking sure all `forward` function outputs participate "
        "in calculating loss. \nIf you already have done the above, then the distributed data parallel module wasn't "
        "able to locate the output tensors in the return value of your module's `forward` function. Please include "
        "the loss function and the structure of the return value of `forward` of your module when reporting this "
        "issue (e.g. list, dict, iterable).\nParameter indices which did not receive grad for rank "
        f"{rank}: {' '.join(map(str, indices))}\n In addition, you can set the environment variable "
        "TORCH_DISTRIBUTED_DEBUG to either INFO or DETAIL to print out information about which particular "
        "parameters did not receive gradient on this rank as part of this error")


def _leaves_reached(outputs):
    """The leaf tensors a backward pass from `outputs` reaches (walking grad_fn.next_functions)."""
    seen, leaves = set(), []
    stack = [t.grad_fn for t in outputs if t.grad_fn is not None]
    while stack:
        fn = stack.pop()
        if fn is None or id(fn) in seen:
            continue
        seen.add(id(fn))
        if type(fn).__name__ == "AccumulateGrad":
            leaves.append(fn.variable)
        stack.extend(next_fn for next_fn, _ in fn.next_functions)
    return leaves


def _tensors_in(data):
    if isinstance(data, torch.Tensor):
        return [data]
    if isinstance(data, dict):
        data = list(data.values())
    if isinstance(data, (list, tuple)):
        return [t for item in data for t in _tensors_in(item)]
    return []


class Reducer:
    def __init__(self, params, cap_bytes, find_unused_parameters):
        self.params = params
        self.buckets = assign_buckets(params, cap_bytes)
        self.bucket_of = {i: b for b, bucket in enumerate(self.buckets) for i in bucket}
        self.find_unused = find_unused_parameters
        self.expecting = False    # a synced forward ran and its backward has not finished
        self.started = False      # that backward has reached a parameter
        self.ready = set()
        self.locally_used = set()
        self.pending_unused = []  # (index, averaged gradient) of parameters this rank did not use
        self.reduced = 0
        self.handles = [p.register_post_accumulate_grad_hook(self._hook(i)) for i, p in enumerate(params)]

    def _hook(self, index):
        # The parameter holds its hook; a weak reference back keeps the reducer collectable.
        reducer = weakref.ref(self)

        def hook(param):
            self = reducer()
            if self is not None and self.expecting:
                self.started = True
                self.mark_ready(index)
        return hook

    def check_finished(self):
        """Before a forward that syncs: a backward that started reducing and left parameters
        without gradients is PyTorch's error (unused parameters)."""
        if self.expecting and self.started:
            unready = sorted(set(range(len(self.params))) - self.ready)
            raise _unfinished_error(unready, dist.get_rank())

    def skip_sync(self):
        """A forward under no_sync(): its backward leaves the gradients local."""
        self.expecting = False

    def prepare_for_backward(self, output):
        """After a forward that syncs: its backward reduces every bucket."""
        self.expecting, self.started = True, False
        self.ready, self.reduced, self.pending_unused = set(), 0, []
        self.locally_used = set(range(len(self.params)))
        if self.find_unused:
            # Parameters this forward did not use get no gradient: they are ready already.
            reached = {id(t) for t in _leaves_reached(_tensors_in(output))}
            self.locally_used = {i for i, p in enumerate(self.params) if id(p) in reached}
            for i in range(len(self.params)):
                if i not in self.locally_used:
                    self.mark_ready(i)

    def mark_ready(self, index):
        if index in self.ready:
            return
        self.ready.add(index)
        bucket = self.buckets[self.bucket_of[index]]
        if all(i in self.ready for i in bucket):
            self._reduce(bucket)

    def _reduce(self, bucket):
        params = [self.params[i] for i in bucket]
        with torch.no_grad():
            # As PyTorch's reducer: each gradient times 1/world_size as it is copied into the
            # flat bucket, then one all-reduce (SUM) of the bucket.
            flat = torch.cat([(p.grad if p.grad is not None else torch.zeros_like(p)).reshape(-1) for p in params])
            flat.mul_(1.0 / dist.get_world_size())
            dist.all_reduce(flat)
            offset = 0
            for i, p in zip(bucket, params):
                chunk = flat[offset:offset + p.numel()].view_as(p)
                offset += p.numel()
                if p.grad is not None:
                    p.grad.copy_(chunk)
                elif i in self.locally_used:
                    p.grad = chunk.clone()
                else:
                    self.pending_unused.append((i, chunk.clone()))
        self.reduced += 1
        if self.reduced == len(self.buckets):
            self._finish()

    def _finish(self):
        if self.find_unused:
            # One more all-reduce, on every rank alike: which parameters any rank used. One no
            # rank used keeps no gradient; one another rank used gets the average.
            flags = torch.tensor([int(i in self.locally_used) for i in range(len(self.params))], dtype=torch.int32)
            dist.all_reduce(flags, op=dist.ReduceOp.MAX)
            used = flags.tolist()
            for i, grad in self.pending_unused:
                if used[i]:
                    self.params[i].grad = grad
        self.pending_unused = []
        self.expecting = False
