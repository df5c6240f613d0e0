"""The GUI's views as pictures in a notebook (or saved to a file): the thread grid of `A @ B`,
the memory map, the CPU-vs-GPU timings and the GPU timeline. Each is drawn by the same C++ layout code as the
window's view (gui/notebook_pictures.cpp) and shows inline in Jupyter (an SVG image):

    from tensorplay import show
    show.grid(A, B)                 # which GPU thread computes which element of C, playing
    show.grid(A, B, at=0.5)         # a still, halfway through the modeled run
    show.memory()                   # host RAM | the link | each GPU, your tensors as boxes
    show.timings()                  # matmul time against size: CPU measured, GPU modeled
    show.timeline()                 # what the host and the GPU did, when (modeled)
    show.memory().save("mem.svg")
"""
import base64
import struct
import zlib

try:
    import _tensorplay_frontend as _frontend
except ImportError:  # another program embeds tensorplay's Python (the GUI has its own views)
    _frontend = None

_KERNELS = ("naive", "coalesced", "tiled")


class Picture:
    """An SVG picture (`.svg`); Jupyter shows it inline, `save(path)` writes it."""

    def __init__(self, svg, what):
        self.svg = svg
        self._what = what

    def _repr_html_(self):
        # As an <img>, not inline SVG: nbconvert's HTML export strips inline SVG to a few safe
        # tags, and an image runs no script wherever the notebook is shown.
        data = base64.b64encode(self.svg.encode("utf-8")).decode("ascii")
        return f'<img alt="{self._what}" src="data:image/svg+xml;base64,{data}"/>'

    def save(self, path):
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.svg)

    def __repr__(self):
        return f"<tensorplay picture: {self._what}; shown inline in Jupyter, .save(path) writes the SVG>"


def _need_frontend():
    if _frontend is None:
        raise RuntimeError("tensorplay.show draws pictures in the tensorplay program and its Jupyter kernel; "
                           "in tensorplay-gui the views are the window's own")


def png_data_uri(width, height, rgba):
    """A data: URI of the PNG of `rgba` (width * height pixels, 4 bytes each, rows top down)."""
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    row = width * 4
    raw = b"".join(b"\x00" + rgba[y * row:(y + 1) * row] for y in range(height))
    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
           + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def grid(A, B, *, device="cuda", kernel="naive", at=None, frames=24, seconds=6.0, size=420):
    """The thread grid of `A @ B` as its run goes: on the GPU (`device='cuda'`) each element
    coloured by the block and warp of the thread that computes it; on the CPU
    (`device='cpu'`) the cores' sweep. It plays the run in a loop of `seconds` in `frames`
    steps; `at` (0 the start, 1 the end) gives a still of one moment instead. `kernel`:
    'naive', 'coalesced' or 'tiled'. Matrices up to 64 x 64."""
    _need_frontend()
    mode = str(device).split(":")[0]
    if mode not in ("cuda", "cpu"):
        raise ValueError(f"device must be 'cuda' or 'cpu', got {device!r}")
    if kernel not in _KERNELS:
        raise ValueError(f"kernel must be one of {', '.join(_KERNELS)}, got {kernel!r}")
    if at is not None:
        if not 0.0 <= float(at) <= 1.0:
            raise ValueError(f"at must be between 0 (the start) and 1 (the end), got {at!r}")
        moments = [float(at)]
    else:
        if not 2 <= int(frames) <= 240 or not 0 < float(seconds) <= 600:
            raise ValueError("frames must be between 2 and 240, and seconds between 0 and 600")
        moments = [i / (int(frames) - 1) for i in range(int(frames))]
    svg = _frontend.grid_svg(A, B, "gpu" if mode == "cuda" else "cpu", kernel, moments, float(size),
                             float(seconds), png_data_uri)
    return Picture(svg, f"thread grid of a {tuple(A.shape)} @ {tuple(B.shape)} product")


def memory(width=900, height=400):
    """The memory map of this session: host RAM, the link and each GPU, every tensor in
    scope as a box sized by its bytes."""
    _need_frontend()
    return Picture(_frontend.memory_svg(float(width), float(height)), "memory map")


def timeline(width=900):
    """The timeline of the last cell that gave the simulated GPU work (in a script: all the
    work kept): the host thread with its waits for the GPU (red: .item(), print, synchronize,
    a blocking copy), each stream's kernels and each copy engine's transfers, in modeled time.
    `:trace` prints the same at the prompt."""
    _need_frontend()
    return Picture(_frontend.timeline_svg(float(width)), "GPU timeline")


def timings(sizes=(16, 32, 64, 128, 256, 512), include_transfers=False, width=760, height=520):
    """Runs the timings benchmark (matmul of N x N matrices for each N in `sizes`: CPU
    measured here, GPU modeled from the simulated GPU's profile or measured on a real one)
    and plots it; `include_transfers` adds the copies a one-off GPU product needs."""
    _need_frontend()
    sizes = [int(n) for n in sizes]
    if not sizes or any(n < 1 or n > 4096 for n in sizes):
        raise ValueError("sizes must be matrix edges between 1 and 4096")
    svg = _frontend.timings_svg(sorted(set(sizes)), bool(include_transfers), float(width), float(height))
    return Picture(svg, "CPU vs GPU timings")
