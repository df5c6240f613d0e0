"""tensorplay's own Python helpers for its front ends (the prompt, scripts, the GUI, lessons).

Learners never import this package; `torch` is the package they use.
"""
