"""What both fuzz drivers keep of their calls: each is written to the log before it runs, so
a crash names its call (tests/run/fuzz.py reads the last line); the exceptions raised are
counted by type; an internal error (a tensorplay check failing, not a learner's mistake) is
logged and fails the run."""


class CallLog:
    def __init__(self, path, seed):
        self.file = open(path, "w")
        self.file.write(f"seed {seed}\n")
        self.calls = self.raised = self.internal = 0
        self.kinds = {}

    def before(self, shown, count=True):
        """Logs what is about to run; count=False for a step of a call (an attribute read)."""
        self.file.write(f"{self.calls} {shown}\n")
        self.file.flush()
        if count:
            self.calls += 1

    def exception(self, e):
        """A Python exception is a fine answer to a bad call, unless it reports a tensorplay bug."""
        self.raised += 1
        self.kinds[type(e).__name__] = self.kinds.get(type(e).__name__, 0) + 1
        if "internal error in tensorplay" in str(e):
            self.internal += 1
            self.file.write(f"INTERNAL {e}\n")
            self.file.flush()

    def close(self):
        self.file.write("done\n")
        self.file.close()

    def summary(self):
        """'N raised (TypeError n, ...); N internal errors' for the driver's last line."""
        top = ", ".join(f"{k} {v}" for k, v in sorted(self.kinds.items(), key=lambda kv: -kv[1])[:6])
        return f"{self.raised} raised ({top}); {self.internal} internal errors"
