"""What torch's parts hold for one session of the app that embeds torch (tensorplay: a fresh
start, :reset, the next test's session) and let go when a new one starts: a process group ends
with its session. torch never imports the app: a part registers its reset here when it is
imported, and the app calls new_session() at the start of every session (tensorplay/session.py)."""
_resets = []


def on_new_session(fn):
    """Calls fn() whenever a new session starts; returns fn (usable as a decorator)."""
    _resets.append(fn)
    return fn


def new_session():
    """Runs the resets the imported parts of torch registered, in the order they registered."""
    for fn in _resets:
        fn()
