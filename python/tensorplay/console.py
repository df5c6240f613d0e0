"""How the front ends run source: statements one by one at the prompt (echoing expression
values as Python's REPL does), whole files for scripts, and CPython's own traceback text with
tensorplay's frames left out. Only what every run needs is imported up front (the C `_ast`,
not `ast`): codeop and traceback load when the prompt or an error first needs them, which
keeps `tensorplay -c` starting fast."""
import _ast
import sys


def split_lines(source):
    """The lines of `source` as linecache keeps them."""
    return source.splitlines(keepends=True)


# The sources run at the prompt and by -c, which are in no file: numba.cuda compiles a
# kernel from its source (source_lines), as it would read a script's from the file.
_unfiled_sources = []
_UNFILED_KEPT = 1000


def source_lines(code):
    """The source lines of the function whose code object is `code` when it came from the
    prompt or -c, and the line the first of them has; None when not found."""
    import ast

    for filename, source in reversed(_unfiled_sources):
        if filename != code.co_filename:
            continue
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue
        lines = split_lines(source)
        for node in ast.walk(tree):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) or node.name != code.co_name:
                continue
            first = node.decorator_list[0].lineno if node.decorator_list else node.lineno
            if first == code.co_firstlineno:
                return lines[first - 1:node.end_lineno], first
    return None


def run_source(source, filename, interactive, namespace):
    """Runs `source` in `namespace`; an uncaught exception propagates to the caller."""
    if filename.startswith("<"):
        _unfiled_sources.append((filename, source))
        del _unfiled_sources[:-_UNFILED_KEPT]
    if not interactive:
        exec(compile(source, filename, "exec"), namespace)
        return
    tree = compile(source, filename, "exec", _ast.PyCF_ONLY_AST)
    for stmt in tree.body:
        exec(compile(_ast.Interactive([stmt]), filename, "single"), namespace)


def needs_more_input(source):
    """True when `source` (lines ending in newlines) is an unfinished statement (the prompt
    shows '...'). As in Python's REPL, the lines are joined without the last newline, so
    that a compound statement ends only at a blank line."""
    import codeop

    if source.endswith("\n"):
        source = source[:-1]
    try:
        return codeop.compile_command(source, "<stdin>", "single") is None
    except (SyntaxError, ValueError, OverflowError):
        return False


def _type_name(exc):
    cls = type(exc)
    if cls.__module__ in ("builtins", "__main__"):
        return cls.__qualname__
    return cls.__module__ + "." + cls.__qualname__


def describe(exc):
    """(type name, message, traceback text, last line) of an exception that escaped a run."""
    import traceback

    tb = exc.__traceback__
    while tb is not None and tb.tb_frame.f_code.co_filename == __file__:
        tb = tb.tb_next
    exc.__traceback__ = tb
    sys.last_type, sys.last_value, sys.last_traceback = type(exc), exc, tb
    text = "".join(traceback.format_exception(exc))
    last = "".join(traceback.format_exception_only(exc)).rstrip("\n").split("\n")[-1]
    return _type_name(exc), str(exc), text, last


def exit_code(exc):
    """The process exit status for SystemExit(code), printing a message code as Python does."""
    code = exc.code
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1
