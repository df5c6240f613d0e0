"""`tensorplay --export-lessons DIR`: each lesson as a notebook for the tensorplay kernel. A
markdown cell per step's text, a code cell with its code, a picture of the view the step asks
for, and a `%check` cell that checks it (and moves on) with the lesson's own checks, so a
notebook run top to bottom passes every step. A step that is meant to raise (a device
mismatch) is tagged so, and running the notebook goes on past it."""
import json
import os
import sys

import _tensorplay_frontend as _frontend

from tensorplay.jupyter.kernelspec import KERNELS

# What shows a step's view in a notebook.
_VIEW_CELLS = {
    "grid": "%grid",
    "memory": "from tensorplay import show\nshow.memory()",
    "devices": "%devices",
    "timings": "from tensorplay import show\nshow.timings()",
    "timeline": "from tensorplay import show\nshow.timeline()",
    "kernel": "%kernel",
}


def _markdown(text):
    return {"cell_type": "markdown", "metadata": {}, "source": text}


def _code(source, tags=()):
    metadata = {"tags": list(tags)} if tags else {}
    return {"cell_type": "code", "execution_count": None, "metadata": metadata, "outputs": [], "source": source}


def notebook(lesson):
    """The notebook (nbformat 4) of one lesson, as a dict."""
    number, steps = lesson["number"], lesson["steps"]
    kernel = KERNELS[1] if lesson["gpus"] > 1 else KERNELS[0]
    cells = [
        _markdown(f"# Lesson {number}: {lesson['title']}\n\n*About {lesson['minutes']} minutes.* "
                  f"Run the cells in order. After each step, `%check` checks your work and moves on "
                  f"(`%hint` helps when it says *not yet*; `%tensorplay` lists the other magics)."),
        _code(f"%lesson {number} 1"),
    ]
    for i, step in enumerate(steps, start=1):
        cells.append(_markdown(f"## Step {i}: {step['name']}\n\n{step['prose']}"))
        if step["code"]:
            cells.append(_code(step["code"].rstrip("\n"), ("raises-exception",) if step["expect_error"] else ()))
        if step["view"] in _VIEW_CELLS:
            cells.append(_code(_VIEW_CELLS[step["view"]]))
        cells.append(_code("%check"))
    return {
        "cells": cells,
        "metadata": {
            "kernelspec": {"name": kernel[0], "display_name": kernel[1], "language": "python"},
            "language_info": {"name": "python"},
            "tensorplay": {"lesson": number},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def export(directory):
    try:
        os.makedirs(directory, exist_ok=True)
    except OSError as e:
        print(f"tensorplay: cannot make {directory}: {e.strerror}", file=sys.stderr)
        return 1
    lessons = _frontend.lessons()
    for lesson in lessons:
        path = os.path.join(directory, f"lesson_{lesson['number']:02d}.ipynb")
        with open(path, "w", encoding="utf-8") as f:
            json.dump(notebook(lesson), f, indent=1, ensure_ascii=False)
            f.write("\n")
        print(f"wrote {path}")
    return 0 if lessons else 1
