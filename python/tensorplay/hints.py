"""What the device-error hints are built from, read off the failing source with `ast`: the
tensor operands of the failing line (by their source text, with their devices), the first
parameter of each model called there, a layer that a forward() makes as it runs, the
receiver of a `.numpy()` call, and the `x.to(...)` statements whose result was dropped. The
hint text itself is written in C++ (repl/hints.cpp)."""
import ast

import torch


def _is_plain_path(node):
    """`x`, `model.fc`, `a.b.c`: names and attributes only, safe to evaluate."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return isinstance(node, ast.Name)


def _evaluate(node, namespace):
    try:
        return eval(compile(ast.Expression(node), "<hint>", "eval"), namespace)
    except Exception:  # a hint must never raise
        return None


def _is_tensor_move(call, namespace):
    """`x.to(...)`, `x.cuda(...)` or `x.cpu()` called on a tensor named by a plain path."""
    func = call.func
    return (isinstance(func, ast.Attribute) and func.attr in ("to", "cuda", "cpu")
            and _is_plain_path(func.value)
            and isinstance(_evaluate(func.value, namespace), torch.Tensor))


def _python_path(dotted):
    """'0.weight' -> '[0].weight': a parameter's name as Python code reaches it."""
    return "".join(f"[{p}]" if p.isdigit() else "." + p for p in dotted.split("."))


class _OperandFinder:
    def __init__(self, source, namespace):
        self.source = source
        self.namespace = namespace
        self.operands = []    # (source text, device)
        self.parameters = []  # (source text of the parameter, device)
        self.numpy_receiver = ""
        self.modules = []     # source text of each module called on the line
        self.inline_layer = ""  # `nn.Linear(3, 2)` of `nn.Linear(3, 2)(x)`

    def text(self, node):
        return ast.get_source_segment(self.source, node) or ""

    def consider(self, node):
        if node is None:
            return
        if not _is_plain_path(node):
            self.walk(node)
            return
        value = _evaluate(node, self.namespace)
        text = self.text(node)
        if isinstance(value, torch.Tensor):
            self.add_operand(text, str(value.device))
        elif isinstance(value, torch.nn.Module):
            self.modules.append(text)
            named = list(value.named_parameters())
            if named:
                name, param = named[0]
                self.parameters.append((text + _python_path(name), str(param.device)))

    def add_operand(self, text, device):
        if all(src != text for src, _ in self.operands):
            self.operands.append((text, device))

    def moved_device(self, call):
        """The device of `x.to(DEVICE)`, `x.cuda()`, `x.cpu()` for a tensor x and a device
        written in the call (a string, or a name of one), or ""."""
        func = call.func
        if not _is_tensor_move(call, self.namespace):
            return ""
        try:
            if func.attr == "cpu":
                return "cpu"
            if func.attr == "cuda":
                return f"cuda:{torch.cuda.current_device()}" if not call.args else ""
            if not call.args or not _is_plain_path(call.args[0]) and not isinstance(call.args[0], ast.Constant):
                return ""
            device = torch.device(_evaluate(call.args[0], self.namespace))
            if device.type == "cuda" and device.index is None:
                return f"cuda:{torch.cuda.current_device()}"
            return str(device)
        except Exception:  # not a device (a dtype, a tensor): a hint must never raise
            return ""

    def walk(self, node):
        if isinstance(node, ast.BinOp):
            self.consider(node.left)
            self.consider(node.right)
        elif isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Call) and _is_plain_path(func.func):
                made = _evaluate(func.func, self.namespace)
                if isinstance(made, type) and issubclass(made, torch.nn.Module):
                    self.inline_layer = self.text(func)  # a layer made and called at once
            moved = self.moved_device(node)
            if moved:
                # `A.to('cuda')` is an operand of its own: a new tensor on the target device.
                self.add_operand(self.text(node), moved)
            elif isinstance(func, ast.Attribute):
                if func.attr == "numpy" and not self.numpy_receiver:
                    self.numpy_receiver = self.text(func.value)
                self.consider(func.value)
            elif _is_plain_path(func):
                self.consider(func)  # model(x): where the model's weights live
            for arg in node.args:
                self.consider(arg.value if isinstance(arg, ast.Starred) else arg)
            for kw in node.keywords:
                self.consider(kw.value)
        elif isinstance(node, ast.Compare):
            self.consider(node.left)
            for x in node.comparators:
                self.consider(x)
        elif isinstance(node, ast.UnaryOp):
            self.consider(node.operand)
        elif isinstance(node, ast.Subscript):
            self.consider(node.value)
            self.consider(node.slice)
        elif isinstance(node, ast.Attribute):
            self.consider(node.value)
        elif isinstance(node, (ast.List, ast.Tuple, ast.Set)):
            for x in node.elts:
                self.consider(x)
        elif isinstance(node, ast.BoolOp):
            for x in node.values:
                self.walk(x)
        elif isinstance(node, ast.IfExp):
            self.walk(node.body)
            self.walk(node.orelse)
        elif isinstance(node, ast.JoinedStr):
            for x in node.values:
                if isinstance(x, ast.FormattedValue):
                    self.walk(x.value)


def _own_exprs(stmt):
    """The expressions a statement evaluates itself (not those of its nested blocks)."""
    if isinstance(stmt, (ast.Expr, ast.Assign, ast.Return)):
        return [stmt.value]
    if isinstance(stmt, ast.AnnAssign):
        return [stmt.value]
    if isinstance(stmt, ast.AugAssign):  # `x += y` combines x and y like x + y
        return [stmt.target, stmt.value]
    if isinstance(stmt, (ast.If, ast.While, ast.Assert)):
        return [stmt.test]
    if isinstance(stmt, ast.For):
        return [stmt.iter]
    if isinstance(stmt, ast.With):
        return [item.context_expr for item in stmt.items]
    return []


def _codes_within(code):
    """`code` and every function or class body compiled with it."""
    found = {code}
    for const in code.co_consts:
        if hasattr(const, "co_consts"):
            found |= _codes_within(const)
    return found


def _failing_frame(exc, filename):
    """The innermost traceback entry in the code that was run (not in a library, nor in a
    function an earlier prompt input defined: every input there is "<stdin>")."""
    tb = exc.__traceback__
    while tb is not None and tb.tb_frame.f_code.co_filename != filename:
        tb = tb.tb_next
    if tb is None:
        return None
    run_codes = _codes_within(tb.tb_frame.f_code)
    found = None
    while tb is not None:
        if tb.tb_frame.f_code in run_codes:
            found = tb
        tb = tb.tb_next
    return found


def failing_line(exc, filename):
    """The line of `filename` that raised `exc` (None when the error came from elsewhere)."""
    entry = _failing_frame(exc, filename)
    return None if entry is None else entry.tb_lineno


def _failing_column(entry):
    """The column where the failing instruction starts on its line, or None."""
    try:
        positions = list(entry.tb_frame.f_code.co_positions())
        return positions[entry.tb_lasti // 2][2]
    except Exception:  # no position information: every statement on the line counts
        return None


def _spans(stmt, line, column):
    """Whether `stmt` holds the failing instruction (`x = a; y = a + b` fails in the second)."""
    if column is None or stmt.end_lineno != line:
        return True
    return stmt.col_offset <= column <= stmt.end_col_offset


def _layer_made_in_forward(finder, frame):
    """The source text of a layer the failing forward() made as it ran (a local, or made and
    called at once), or "": its weights never moved with the model."""
    if frame.f_code.co_name != "forward":
        return ""
    for text in finder.modules:
        if text in frame.f_locals and text != "self":
            return text
    return finder.inline_layer


def operands(exc, source, filename):
    """(operands, parameters, numpy receiver, layer made in forward) of the statement that
    raised `exc`."""
    entry = _failing_frame(exc, filename)
    if entry is None:
        return [], [], "", ""
    try:
        tree = ast.parse(source, filename)
    except SyntaxError:
        return [], [], "", ""
    frame, line = entry.tb_frame, entry.tb_lineno
    namespace = dict(frame.f_globals)
    namespace.update(frame.f_locals)
    finder = _OperandFinder(source, namespace)
    column = _failing_column(entry)
    for node in ast.walk(tree):
        if isinstance(node, ast.stmt) and node.lineno == line and _spans(node, line, column):
            for expr in _own_exprs(node):
                finder.consider(expr)
    return (finder.operands, finder.parameters, finder.numpy_receiver,
            _layer_made_in_forward(finder, frame))


def dropped_moves(source, namespace, stop_line=None, known=()):
    """`x.to(...)`, `x.cuda()`, `x.cpu()` statements of a tensor whose result is dropped,
    before `stop_line`, as (receiver, call text, line), after those `known` from earlier runs;
    a later assignment to the receiver forgets it (a module's .to() moves it in place, so only
    tensors count)."""
    found = [(r, c, 0) for r, c, _ in known]  # earlier runs come before every line here
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return found
    for node in ast.walk(tree):
        if not isinstance(node, ast.stmt) or (stop_line is not None and node.lineno >= stop_line):
            continue
        if isinstance(node, (ast.Assign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names = {ast.get_source_segment(source, t) for t in targets}
            found = [f for f in found if f[0] not in names or f[2] > node.lineno]
        if not isinstance(node, ast.Expr) or not isinstance(node.value, ast.Call):
            continue
        if _is_tensor_move(node.value, namespace):
            receiver = ast.get_source_segment(source, node.value.func.value)
            found = [f for f in found if f[0] != receiver]
            found.append((receiver, ast.get_source_segment(source, node.value), node.lineno))
    return sorted(found, key=lambda f: f[2])
