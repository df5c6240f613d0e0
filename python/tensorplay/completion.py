"""Tab completion for the prompt and the GUI console: names in scope, and the attributes of
an object reached by a plain dotted name (getattr along the path, nothing called)."""
import builtins


def names(prefix, namespace):
    """Globals and builtins starting with `prefix`, sorted, each once."""
    found = {n for n in namespace if n.startswith(prefix)}
    found.update(n for n in dir(builtins) if n.startswith(prefix))
    return sorted(found)


def attributes(base, prefix, namespace):
    """`base.attr` for the attributes of the object `base` names that start with `prefix`;
    underscored ones only when `prefix` starts with one."""
    first, *rest = base.split(".")
    if first in namespace:
        obj = namespace[first]
    elif hasattr(builtins, first):
        obj = getattr(builtins, first)
    else:
        return []
    try:
        for part in rest:
            obj = getattr(obj, part)
        attrs = dir(obj)
    except Exception:  # completion must never disturb the session
        return []
    return [base + "." + a for a in attrs
            if a.startswith(prefix) and (prefix.startswith("_") or not a.startswith("_"))]
