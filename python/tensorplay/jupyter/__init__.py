"""tensorplay in Jupyter: the kernel (kernel.py, IPython's kernel inside the tensorplay
program), the prompt's meta commands as magics (magics.py), the kernelspecs that
`tensorplay --install-kernel` writes (kernelspec.py) and the lessons as notebooks
(lesson_notebooks.py). Needs Debian's python3-ipykernel."""
