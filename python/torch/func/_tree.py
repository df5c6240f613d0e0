"""The nested containers torch.func's transforms take and return (tuples, lists, dicts of
tensors, as torch.utils._pytree has them): flattened to a list of leaves and rebuilt."""


def tree_flatten(tree):
    """(leaves, spec): spec rebuilds the same nesting from leaves with tree_unflatten."""
    leaves = []

    def walk(node):
        if isinstance(node, (tuple, list)) and not hasattr(node, "_fields"):
            return (type(node), [walk(child) for child in node])
        if isinstance(node, tuple):  # a namedtuple keeps its type
            return (type(node), [walk(child) for child in node])
        if isinstance(node, dict):
            return (dict, list(node.keys()), [walk(node[k]) for k in node])
        leaves.append(node)
        return None

    return leaves, walk(tree)


def tree_unflatten(leaves, spec):
    it = iter(leaves)

    def build(s):
        if s is None:
            return next(it)
        if s[0] is dict:
            return {k: build(child) for k, child in zip(s[1], s[2])}
        children = [build(child) for child in s[1]]
        if hasattr(s[0], "_fields"):
            return s[0](*children)
        return s[0](children)

    return build(spec)


def tree_map(fn, tree):
    leaves, spec = tree_flatten(tree)
    return tree_unflatten([fn(leaf) for leaf in leaves], spec)


def spec_str(spec):
    """The structure as PyTorch's treespec_pprint writes it: (*, *), [*], {'a': *}."""
    if spec is None:
        return "*"
    if spec[0] is dict:
        return "{" + ", ".join(f"{k!r}: {spec_str(c)}" for k, c in zip(spec[1], spec[2])) + "}"
    inner = ", ".join(spec_str(c) for c in spec[1])
    if spec[0] is list:
        return "[" + inner + "]"
    return "(" + inner + ("," if len(spec[1]) == 1 else "") + ")"


def spec_repr(spec, indent=0):
    """The structure as PyTorch's TreeSpec repr writes it (vmap's and jvp's structure errors)."""
    if spec is None:
        return "*"
    if spec[0] is dict:
        name, context, children = "dict", repr(list(spec[1])), spec[2]
    else:
        name, context, children = spec[0].__name__, "None", spec[1]
        if hasattr(spec[0], "_fields"):
            context = repr(spec[0])
    text = ""
    if children:
        indent += 2
        text = spec_repr(children[0], indent) + ("," if len(children) > 1 else "")
        text += ",".join("\n" + " " * indent + spec_repr(c, indent) for c in children[1:])
    return f"TreeSpec({name}, {context}, [{text}])"
