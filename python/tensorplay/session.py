"""What a new session (a fresh start, :reset, the next test's session) puts back besides an
empty __main__: the process environment as it was when Python started, the clocks of the time
module (the simulated machine's or Python's own, as the devices say), and what the torch
package holds per session (torch/_session.py: a process group ends with its session)."""
import os

from tensorplay import machine_time
from torch import _session as _torch_session

_environ_at_start = dict(os.environ)


def new_session():
    for name in [n for n in os.environ if n not in _environ_at_start]:
        del os.environ[name]
    os.environ.update(_environ_at_start)
    machine_time.install()
    _torch_session.new_session()
