"""torch is a leaf (issue 27): the checks on how tensorplay's torch package imports.
  (a) Nothing under python/torch imports the app package tensorplay, at import time or
      later (import statements, importlib.import_module("tensorplay..."), __import__(...)).
  (b) No circle among torch's modules at import time: no module A whose loading loads or reads
      from a module B whose loading loads or reads from A again (such code works only by the
      order of definitions and imports).
  (c) numpy is imported only where it is used (inside functions), never while torch loads: the
      web build has no numpy, and torch must load there all the same.
All are read statically with ast from every .py file of the package, then every module of the
package is imported for real, with any import of tensorplay from torch's code reported too.
Run inside tensorplay (exit status 1 and the findings when a rule is broken):
  tensorplay --sim run tests/python_imports_test.py [PYTHON_DIR]
PYTHON_DIR (default: this checkout's python/) is the folder that holds torch/ for the
static checks; the real imports use the torch that tensorplay loads.

The import-time graph (b): an edge A -> B when loading A, as its top-level code runs (module
level, class bodies, decorators, default values; not function bodies), either
  - imports B or a submodule of B (`import B`, `from B import x`, `from P import B`: loading a
    module loads its packages first), except B = a package that A lies in: that one is already
    loading when A loads, and binding its name needs nothing from it; or
  - reads a name from B: `from B import name` where B.name is no module, or `B.name` at top level
    with B an imported module (B may be A's own package: torch/__init__.py imports A).
torch._C is the C++ extension (registered before anything else loads) and no node of the graph."""
import ast
import builtins
import importlib
import os
import sys

PACKAGE = "torch"
APP = "tensorplay"
NOT_AT_LOAD = "numpy"  # absent from the web build
BUILTIN = "torch._C"  # and its submodules (torch._C._nn, ...)


def find_modules(root):
    """{module name: file} for every .py file of the package under root."""
    modules = {}
    for dirpath, dirs, files in os.walk(os.path.join(root, PACKAGE)):
        dirs[:] = sorted(d for d in dirs if os.path.exists(os.path.join(dirpath, d, "__init__.py")))
        for f in sorted(files):
            if f.endswith(".py"):
                parts = os.path.relpath(os.path.join(dirpath, f), root)[:-3].split(os.sep)
                if parts[-1] == "__init__":
                    parts.pop()
                modules[".".join(parts)] = os.path.join(dirpath, f)
    return modules


def packages_of(name):
    """torch.nn.functional -> [torch, torch.nn]"""
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts))]


class ModuleScan:
    """One file's imports, and the names it reads from modules at import time."""

    def __init__(self, name, path, is_module):
        self.name, self.path, self.is_module = name, path, is_module
        self.is_package = path.endswith("__init__.py")
        self.imports = []  # (module, name or None, line, at import time, how (the call) or None)
        self.reads = []    # (module, attribute or None (the submodule itself), line)
        self.bound = {}    # top-level name -> the module it stands for
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), path)
        for stmt in tree.body:
            self.bind(stmt)
        self.visit(tree, False)

    def absolute(self, node):
        if node.level == 0:
            return node.module
        package = self.name if self.is_package else self.name.rpartition(".")[0]
        for _ in range(node.level - 1):
            package = package.rpartition(".")[0]
        return package + "." + node.module if node.module else package

    def bind(self, stmt):
        if isinstance(stmt, ast.Import):
            for a in stmt.names:
                self.bound[a.asname or a.name.split(".")[0]] = a.name if a.asname else a.name.split(".")[0]
        elif isinstance(stmt, ast.ImportFrom):
            base = self.absolute(stmt)
            for a in stmt.names:
                if self.is_module(base + "." + a.name):
                    self.bound[a.asname or a.name] = base + "." + a.name
        elif isinstance(stmt, (ast.If, ast.Try, ast.With)):
            for field in ("body", "orelse", "finalbody"):
                for s in getattr(stmt, field, []):
                    self.bind(s)
            for handler in getattr(stmt, "handlers", []):
                for s in handler.body:
                    self.bind(s)

    def visit(self, node, deferred):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            args = node.args
            now = list(args.defaults) + [d for d in args.kw_defaults if d is not None]
            if not isinstance(node, ast.Lambda):
                now += node.decorator_list
                every = args.posonlyargs + args.args + args.kwonlyargs + [a for a in (args.vararg, args.kwarg) if a]
                now += [a.annotation for a in every if a.annotation] + ([node.returns] if node.returns else [])
            for n in now:
                self.visit(n, deferred)
            for n in ([node.body] if isinstance(node, ast.Lambda) else node.body):
                self.visit(n, True)
            return
        if isinstance(node, ast.Import):
            for a in node.names:
                self.imports.append((a.name, None, node.lineno, not deferred, None))
            return
        if isinstance(node, ast.ImportFrom):
            for a in node.names:
                self.imports.append((self.absolute(node), a.name, node.lineno, not deferred, None))
            return
        if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant) \
                and isinstance(node.args[0].value, str):
            f = node.func
            called = f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None
            if called in ("import_module", "__import__"):
                self.imports.append((node.args[0].value, None, node.lineno, not deferred,
                                     f"{called}({node.args[0].value!r})"))
        if isinstance(node, ast.Attribute) and not deferred:
            chain, n = [], node
            while isinstance(n, ast.Attribute):
                chain.append(n.attr)
                n = n.value
            if isinstance(n, ast.Name) and n.id in self.bound:
                module = self.bound[n.id]
                for attr in reversed(chain):
                    if not self.is_module(module + "." + attr):
                        self.reads.append((module, attr, node.lineno))
                        break
                    module += "." + attr
                    self.reads.append((module, None, node.lineno))  # set on its package once it has loaded
                return
        for child in ast.iter_child_nodes(node):
            self.visit(child, deferred)


def analyse(root):
    """(app imports, import-time numpy imports, import-time edges {(a, b): [reason, ...]}, module names)"""
    modules = find_modules(root)

    def is_module(name):
        return name in modules or name == BUILTIN or name.startswith(BUILTIN + ".")

    app_imports, numpy_at_load, edges = [], [], {}
    for name, path in modules.items():
        scan = ModuleScan(name, path, is_module)
        where = os.path.relpath(path, root)
        own = set(packages_of(name))

        def edge(target, why):
            if target in modules and target != name:
                edges.setdefault((name, target), []).append(why)

        for target, imported, line, now, call in scan.imports:
            statement = call or (f"from {target} import {imported}" if imported else f"import {target}")
            text = f"{where}:{line}: {statement}"
            if target == APP or target.startswith(APP + "."):
                app_imports.append(text)
            if not now:
                continue
            if target == NOT_AT_LOAD or target.startswith(NOT_AT_LOAD + "."):
                numpy_at_load.append(text)
            loads = packages_of(target) + [target]
            if imported is not None and imported != "*" and is_module(target + "." + imported):
                loads.append(target + "." + imported)
            elif imported is not None and imported != "*":
                edge(target, text + " (reads a name)")
            elif imported == "*":
                edge(target, text + " (reads its names)")
            for module in loads:
                if module not in own:
                    edge(module, text)
        for module, attr, line in scan.reads:
            edge(module, f"{where}:{line}: reads {module}.{attr}" if attr else f"{where}:{line}: uses {module}")
    return app_imports, numpy_at_load, edges, modules


def circles(edges):
    """The cycles of the graph: in each strongly connected part of more than one module, the
    shortest cycle through each of its modules (a list of modules, first == last), each once."""
    graph = {}
    for a, b in edges:
        graph.setdefault(a, set()).add(b)
        graph.setdefault(b, set())
    index, low, stack, on_stack, parts = {}, {}, [], set(), []

    def connect(root):  # Tarjan's algorithm, iterative
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            v, children = work[-1]
            w = next(children, None)
            if w is not None:
                if w not in index:
                    index[w] = low[w] = len(index)
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(sorted(graph[w]))))
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                part = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    part.append(w)
                    if w == v:
                        break
                if len(part) > 1:
                    parts.append(sorted(part))

    for v in sorted(graph):
        if v not in index:
            connect(v)
    cycles, seen = [], set()
    for part in parts:
        inside = set(part)
        for start in part:  # the shortest cycle through each module of the part, each cycle once
            came_from, queue = {}, [start]
            while queue and start not in came_from:
                v = queue.pop(0)
                for w in sorted(graph[v] & inside):
                    if w not in came_from:
                        came_from[w] = v
                        queue.append(w)
            way, v = [start], came_from[start]
            while v != start:
                way.append(v)
                v = came_from[v]
            cycle = [start] + way[:0:-1] + [start]
            key = frozenset(zip(cycle, cycle[1:]))
            if key not in seen:
                seen.add(key)
                cycles.append(cycle)
    return cycles


def import_everything(modules):
    """Imports every module for real; returns the failures and any import of the app package that
    torch's code asked for meanwhile."""
    failures, app_imports = [], []
    real_import = builtins.__import__

    def watching_import(name, globals=None, locals=None, fromlist=(), level=0):
        importer = (globals or {}).get("__name__", "")
        if level == 0 and (name == APP or name.startswith(APP + ".")) and \
                (importer == PACKAGE or importer.startswith(PACKAGE + ".")):
            app_imports.append(f"{importer} imported {name} while loading")
        return real_import(name, globals, locals, fromlist, level)

    builtins.__import__ = watching_import
    try:
        for name in modules:
            try:
                importlib.import_module(name)
            except Exception as e:  # noqa: BLE001  (every failure is a finding)
                failures.append(f"import {name}: {type(e).__name__}: {e}")
    finally:
        builtins.__import__ = real_import
    return failures, app_imports


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "python"))
    app_imports, numpy_at_load, edges, modules = analyse(root)
    problems = [f"torch imports the app package: {text}" for text in app_imports]
    problems += [f"numpy imported while torch loads (the web build has none): {text}" for text in numpy_at_load]
    for cycle in circles(edges):
        lines = [f"import circle: {' -> '.join(cycle)}"]
        for a, b in zip(cycle, cycle[1:]):
            lines.append(f"    {a} -> {b}: {edges[(a, b)][0]}")
        problems.append("\n".join(lines))
    failures, loaded_app = import_everything(modules)
    problems += failures + [f"torch imports the app package: {text}" for text in loaded_app]
    print(f"{len(modules)} modules of {os.path.join(root, PACKAGE)}, {len(edges)} import-time edges")
    for p in problems:
        print(p)
    print("ok: no import of tensorplay from torch, no import circle, no numpy at load" if not problems else f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
