"""torch.random: seeding and saving the default CPU generator's state, as in PyTorch
(torch.manual_seed, torch.get_rng_state, ... are these functions)."""
from torch._C import default_generator, initial_seed, manual_seed, seed  # noqa: F401


def get_rng_state():
    """The default generator's state as a torch.ByteTensor."""
    return default_generator.get_state()


def set_rng_state(new_state):
    """Restores the default generator's state from get_rng_state()."""
    default_generator.set_state(new_state)
