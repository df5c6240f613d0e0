// The GUI's views as pictures for a notebook (tensorplay.show, the Jupyter kernel's %grid):
// SVG drawn from the same layout code, colours and labels as the window's views, so the
// two never disagree. The thread grid's cells are painted by paint_grid into a PixelCanvas
// exactly as the window's texture; the caller encodes that canvas (PNG) for the SVG.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "gui/grid_state.h"
#include "gui/memory_state.h"
#include "gui/pixel_canvas.h"
#include "gui/timings_state.h"
#include "repl/timeline.h"

namespace tp::gui {

// The thread grid of `s` (A, B and C as in the grid view, with the launch and the timing
// label above), about `size` pixels square, at each of the moments `t_ns` in turn: one
// moment is a still picture; several play as a loop of `seconds`. `encode` turns each
// painted canvas into its image's href (a data: URI).
std::string grid_svg(const GridSchedule& s, const std::vector<double>& t_ns, float size, double seconds,
                     const std::function<std::string(const PixelCanvas&)>& encode);

// The memory map (host RAM | the link | each GPU) in `width` x `height` pixels.
std::string memory_map_svg(const MemoryMap& map, float width, float height);

// The timeline (the host thread, each stream's kernels, each copy engine's transfers) from
// `from_ns` (the last run's start) to its end, `width` pixels wide, in modeled time.
std::string timeline_svg(const repl::Timeline& t, double from_ns, float width);

// The timings plot (time against N, log-log, crossover marked) with its legend.
std::string timings_svg(const BenchResults& r, bool include_transfers, float width, float height);

}  // namespace tp::gui
