"""The rendezvous an init_method names, checked as torch/distributed/rendezvous.py checks it:
env:// reads RANK, WORLD_SIZE, MASTER_ADDR and MASTER_PORT from os.environ; tcp://HOST:PORT and
file://PATH need rank and world_size given. Gives (host, port, rank, world_size); file:// has
no host and port (None, None)."""
import os


def _error(scheme, msg):
    return ValueError(f"Error initializing torch.distributed using {scheme}:// rendezvous: {msg}")


def _env(scheme, name):
    value = os.environ.get(name, "")
    if not value:  # PyTorch treats an empty variable as unset
        raise _error(scheme, f"environment variable {name} expected, but not set")
    return value


def _query(rest):
    """tcp://host:port?rank=0&world_size=2: PyTorch reads rank and world_size from the query too."""
    _, _, query = rest.partition("?")
    pairs = (item.split("=", 1) for item in query.split("&") if "=" in item)
    return {k: v for k, v in pairs}


def _check_port(port):
    if port < 0 or port >= 65536:
        raise ValueError(f"port must have value from 0 to 65535 but was {port}.")
    return port


def rendezvous(url, rank, world_size):
    scheme, sep, rest = url.partition("://")
    if not sep:
        scheme, rest = "", url
    if scheme == "env":
        if rank == -1:
            rank = int(_env(scheme, "RANK"))
        if world_size == -1:
            world_size = int(_env(scheme, "WORLD_SIZE"))
        host = _env(scheme, "MASTER_ADDR")
        port = _check_port(int(_env(scheme, "MASTER_PORT")))
        return host, port, rank, world_size
    if scheme in ("tcp", "file"):
        query = _query(rest)
        rank = int(query.get("rank", rank))
        world_size = int(query.get("world_size", world_size))
        location = rest.split("?")[0]
        if scheme == "tcp" and ":" not in location.split("/")[0]:
            raise _error(scheme, "port number missing")
        if scheme == "file" and "/" not in rest:
            raise _error(scheme, "path missing")
        if rank == -1:
            raise _error(scheme, "rank parameter missing")
        if world_size == -1:
            raise _error(scheme, "world size parameter missing")
        if scheme == "file":
            return None, None, rank, world_size
        host, _, port = location.split("/")[0].rpartition(":")
        return host, _check_port(int(port)), rank, world_size
    raise RuntimeError(f"No rendezvous handler for {scheme}://")
