"""What a new session (a fresh start, :reset, the next test's session) puts back besides an
empty __main__: the process environment as it was when Python started, the clocks of the time
module (the simulated machine's or Python's own, as the devices say), and whatever the torch
package registered with on_new_session (a process group ends with its session)."""
import os

from tensorplay import machine_time

_environ_at_start = dict(os.environ)
_hooks = []


def on_new_session(fn):
    """Calls fn() whenever a new session starts; returns fn (usable as a decorator)."""
    _hooks.append(fn)
    return fn


def new_session():
    for name in [n for n in os.environ if n not in _environ_at_start]:
        del os.environ[name]
    os.environ.update(_environ_at_start)
    machine_time.install()
    for fn in _hooks:
        fn()
