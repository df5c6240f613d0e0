"""The rendezvous an init_method names, checked as torch/distributed/rendezvous.py checks it:
env:// reads RANK, WORLD_SIZE, MASTER_ADDR and MASTER_PORT from os.environ; tcp:// and
file:// need rank and world_size given. Gives (rank, world_size)."""
import os


def _error(scheme, msg):
    return ValueError(f"Error initializing torch.distributed using {scheme}:// rendezvous: {msg}")


def _env(scheme, name):
    value = os.environ.get(name, "")
    if not value:  # PyTorch treats an empty variable as unset
        raise _error(scheme, f"environment variable {name} expected, but not set")
    return value


def rendezvous(url, rank, world_size):
    scheme, sep, rest = url.partition("://")
    if not sep:
        scheme, rest = "", url
    if scheme == "env":
        if rank == -1:
            rank = int(_env(scheme, "RANK"))
        if world_size == -1:
            world_size = int(_env(scheme, "WORLD_SIZE"))
        _env(scheme, "MASTER_ADDR")
        port = int(_env(scheme, "MASTER_PORT"))
        if port < 0 or port >= 65536:
            raise ValueError(f"port must have value from 0 to 65535 but was {port}.")
    elif scheme in ("tcp", "file"):
        host = rest.split("/")[0].split("?")[0]
        if scheme == "tcp" and ":" not in host:
            raise _error(scheme, "port number missing")
        if scheme == "file" and "/" not in rest:
            raise _error(scheme, "path missing")
        if rank == -1:
            raise _error(scheme, "rank parameter missing")
        if world_size == -1:
            raise _error(scheme, "world size parameter missing")
    else:
        raise RuntimeError(f"No rendezvous handler for {scheme}://")
    return rank, world_size
