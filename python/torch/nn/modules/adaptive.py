"""nn.AdaptiveLogSoftmaxWithLoss (Grave et al., "Efficient softmax approximation for GPUs"):
frequent classes in a head softmax, the rest in clusters behind one head entry each, each cluster
a two-layer projection of smaller width. Parameters are made in PyTorch's order (head, then each
cluster's two Linears), so seeded models are equal; outputs, texts and the (output, loss) pair are
PyTorch's."""
from collections import namedtuple

import torch
from torch.nn import functional as F
from torch.nn.modules.container import ModuleList, Sequential
from torch.nn.modules.linear import Linear
from torch.nn.modules.module import Module

_ASMoutput = namedtuple("_ASMoutput", ["output", "loss"])


class AdaptiveLogSoftmaxWithLoss(Module):
    def __init__(self, in_features, n_classes, cutoffs, div_value=4.0, head_bias=False, device=None, dtype=None):
        super().__init__()
        cutoffs = list(cutoffs)
        if not cutoffs:
            raise ValueError("cutoffs should be a sequence of length larger than 0")
        increasing = cutoffs == sorted(cutoffs) and len(set(cutoffs)) == len(cutoffs)
        if not increasing or cutoffs[0] <= 0 or cutoffs[-1] > n_classes - 1 or any(int(c) != c for c in cutoffs):
            raise ValueError("cutoffs should be a sequence of unique, positive integers sorted in an increasing "
                             "order, where each value is between 1 and n_classes-1")
        self.in_features, self.n_classes = in_features, n_classes
        self.cutoffs = cutoffs + [n_classes]
        self.div_value, self.head_bias = div_value, head_bias
        self.shortlist_size = self.cutoffs[0]
        self.n_clusters = len(self.cutoffs) - 1
        self.head_size = self.shortlist_size + self.n_clusters
        self.head = Linear(in_features, self.head_size, bias=head_bias, device=device, dtype=dtype)
        self.tail = ModuleList()
        for i in range(self.n_clusters):
            width = int(in_features // (div_value ** (i + 1)))
            size = self.cutoffs[i + 1] - self.cutoffs[i]
            self.tail.append(Sequential(Linear(in_features, width, bias=False, device=device, dtype=dtype),
                                        Linear(width, size, bias=False, device=device, dtype=dtype)))

    def reset_parameters(self):
        self.head.reset_parameters()
        for projection in self.tail:
            for layer in projection:
                layer.reset_parameters()

    def _check(self, input, target):
        if target.dim() == 1:
            if input.size(0) != target.size(0):
                raise RuntimeError("Input and target should have the same size in the batch dimension.")
            if input.dim() != 2:
                raise RuntimeError(f"1D target tensor expects 2D input tensors, but found inputs with size "
                                   f"{input.size()}")
        elif target.dim() == 0:
            if input.dim() != 1:
                raise RuntimeError(f"0D target tensor expects 1D input tensors, but found inputs with size "
                                   f"{input.size()}")
        else:
            raise RuntimeError("0D or 1D target tensor expected, multi-target not supported")

    def forward(self, input_, target_):
        """(output, loss): each row's log-probability of its target (head, plus its cluster's
        for a tail class) and the mean negative log-likelihood."""
        self._check(input_, target_)
        batched = target_.dim() > 0
        input = input_ if batched else input_.unsqueeze(0)
        target = target_ if batched else target_.unsqueeze(0)
        output = input.new_zeros(target.size(0))
        head_column = target.new_empty(target.size(0))
        bounds = [0] + self.cutoffs
        covered = 0
        for cluster, (low, high) in enumerate(zip(bounds, bounds[1:])):
            inside = (target >= low) & (target < high)
            rows = inside.nonzero().squeeze()
            if rows.numel() == 0:
                continue
            covered += rows.numel()
            if cluster == 0:  # shortlist classes: their own head column
                head_column.index_copy_(0, rows, target[inside])
                continue
            head_column.index_fill_(0, rows, self.shortlist_size + cluster - 1)
            logprob = F.log_softmax(self.tail[cluster - 1](input.index_select(0, rows)), dim=1)
            output.index_copy_(0, rows, logprob.gather(1, (target[inside] - low).unsqueeze(1)).squeeze(1))
        if covered != target.size(0):
            raise RuntimeError(f"Target values should be in [0, {self.n_classes - 1}], but values in range "
                               f"[{target.min().item()}, {target.max().item()}] were found. ")
        head_logprob = F.log_softmax(self.head(input), dim=1)
        output += head_logprob.gather(1, head_column.unsqueeze(1)).squeeze()
        loss = (-output).mean()
        return _ASMoutput(output if batched else output.squeeze(0), loss)

    def _full_log_prob(self, input, head_output):
        head_logprob = F.log_softmax(head_output, dim=1)
        parts = [head_logprob[:, :self.shortlist_size]]
        for i, projection in enumerate(self.tail):
            cluster_logprob = F.log_softmax(projection(input), dim=1)
            parts.append(cluster_logprob + head_logprob[:, self.shortlist_size + i].unsqueeze(1))
        return torch.cat(parts, dim=1)

    def log_prob(self, input):
        """The log-probability of every class, (N, n_classes)."""
        return self._full_log_prob(input, self.head(input))

    def predict(self, input):
        """The most probable class of each row; the full distribution only for rows whose head
        prefers a cluster."""
        head_output = self.head(input)
        output = torch.argmax(head_output, dim=1)
        in_tail = output >= self.shortlist_size
        if not in_tail.any():
            return output
        if in_tail.all():
            return torch.argmax(self._full_log_prob(input, head_output), dim=1)
        output[in_tail] = torch.argmax(self._full_log_prob(input[in_tail], head_output[in_tail]), dim=1)
        return output
