"""What the dist_*.py jobs share: rank 0 prints every rank's lines, rank by rank, so a job's
output does not depend on which process writes first (the same under torchrun and
tensorplay's launcher)."""
import torch.distributed as dist


def print_all_ranks(lines):
    everyone = [None] * dist.get_world_size()
    dist.all_gather_object(everyone, lines)
    if dist.get_rank() == 0:
        for r, rank_lines in enumerate(everyone):
            for line in rank_lines:
                print(f"[rank {r}] {line}")
