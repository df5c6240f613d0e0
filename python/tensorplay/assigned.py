"""The names a piece of code binds at its top level (assignments, loop and `with` targets,
imports, def and class), read with `ast`: a lesson step's checks count only once the learner's
own inputs have set the names its code sets since the step began."""
import ast


def _bound(node, found):
    if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
        found.append(node.id)
    elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        found.append(node.name)
        return  # names inside a body are not the module's
    elif isinstance(node, (ast.Import, ast.ImportFrom)):
        found.extend((a.asname or a.name).split(".")[0] for a in node.names if a.name != "*")
    for child in ast.iter_child_nodes(node):
        if not isinstance(child, (ast.Lambda, ast.GeneratorExp, ast.ListComp, ast.SetComp, ast.DictComp)):
            _bound(child, found)


def assigned_names(source):
    """Top-level names `source` binds, each once, in order; [] when it does not parse."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    found = []
    _bound(tree, found)
    return list(dict.fromkeys(found))
