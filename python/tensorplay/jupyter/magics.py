"""The prompt's meta commands as IPython magics: `%devices`, `%mem`, `%time STMT` (and
`%%time`), `%grid [A B]` (with the thread grid drawn under it), and the lesson commands
`%lessons`, `%lesson N [STEP]`, `%show`, `%runstep` (the prompt's :run), `%check` (which
also moves on to the next step when this one passes), `%hint`, `%next`, `%back`, `%replay`.
Each runs the program's own command (repl/meta_commands.cpp), so the text is the prompt's;
`%tensorplay` lists them."""
import re

import _tensorplay_frontend as _frontend

# Left to IPython: :help (use `?`), :reset (IPython's %reset, or restart the kernel) and :quit.
_LEFT_OUT = {"help", "reset", "quit"}
# IPython's %run runs a script: the lesson's :run is %runstep here.
_RENAMED = {"run": "runstep"}
_COMMANDS = [c for c in _frontend.meta_commands() if c[0] not in _LEFT_OUT]
_NAMES = {name: _RENAMED.get(name, name) for name, _, _ in _COMMANDS}
# ":lesson 3" in a command's text is "%lesson 3" here, ":run" is "%runstep".
_PROMPT_SPELLING = re.compile(r"(?<![\w:%]):(" + "|".join(sorted(_NAMES, key=len, reverse=True)) + r")\b")


def notebook_text(text):
    """A meta command's output as the notebook spells its commands."""
    return _PROMPT_SPELLING.sub(lambda m: "%" + _NAMES[m.group(1)], text)


def run_command(name, arg):
    print(notebook_text(_frontend.meta(f":{name} {arg}".rstrip())), end="")


def _check(arg):
    """%check: as :check, and a step that passes goes on to the next (the notebook's cells
    show each step, so there is no %next to type)."""
    if arg.strip():
        print("usage: %check   (checks the open lesson's current step)")
        return
    print(notebook_text(_frontend.check()), end="")


def _lesson(arg):
    """%lesson N [STEP]: as :lesson; opened at a STEP (as a lesson's notebook does), the step
    itself is left to the notebook's own cells."""
    print(notebook_text(_frontend.lesson(arg.strip())), end="")


def only_magics(cell):
    """True for a cell made of magics alone (`%check`, `%%time ...`): it runs no code of its
    own that hints or lessons should look at."""
    lines = [line.strip() for line in cell.splitlines() if line.strip() and not line.strip().startswith("#")]
    if not lines:
        return False
    return lines[0].startswith("%%") or all(line.startswith("%") for line in lines)


def _grid(shell, arg):
    run_command("grid", arg)
    names = arg.split() or ["A", "B"]
    if len(names) != 2:
        return
    a, b = (shell.user_ns.get(n) for n in names)
    try:
        from IPython.display import display

        from tensorplay import show
        display(show.grid(a, b))
    except Exception:  # the command's text already says what is wrong with A and B
        pass


def _help():
    width = max(len(_NAMES[name]) + len(args) for name, args, _ in _COMMANDS) + 3
    for name, args, text in _COMMANDS:
        print(f"%{_NAMES[name]} {args}".ljust(width + 1) + text)
    print("%%time".ljust(width + 1) + "%time for a whole cell")
    print("\nPictures: from tensorplay import show; show.grid(A, B), show.memory(), show.timings(), show.timeline()")


def register(shell):
    for name, magic in _NAMES.items():
        if name == "grid":
            shell.register_magic_function(lambda line: _grid(shell, line), "line", "grid")
        elif name == "lesson":
            shell.register_magic_function(_lesson, "line", "lesson")
        elif name == "check":
            shell.register_magic_function(_check, "line", "check")
        elif name == "time":
            shell.register_magic_function(lambda line, cell=None: run_command("time", line if cell is None else cell),
                                          "line_cell", "time")
        else:
            shell.register_magic_function(lambda line, _name=name: run_command(_name, line), "line", magic)
    shell.register_magic_function(lambda line: _help(), "line", "tensorplay")
