// The memory map's state: host RAM | the link | each GPU's memory, with the session's
// tensors as boxes sized by bytes, the box layout, transfers to animate (from the modeled
// clock's copy records, or measured around a command) and operands to flash after a
// device-mismatch error. Plain data; tests build it without a window.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "repl/meta_commands.h"

namespace tp::gui {

// One tensor (later also a module) in one memory.
struct MemBox {
  std::string name;    // "x", "xs[0]", "model.w"
  std::string shape;   // "[2, 3]"
  std::string dtype;   // "float32"
  size_t bytes = 0;
  std::vector<std::string> aliases;  // other names of the same tensor ("w" for model.w)

  // True when `n` is the box's name or one of its aliases.
  bool has_name(const std::string& n) const;
  // "model.w = w": every name, for the label.
  std::string label() const;
};

// One memory: host RAM or one GPU's memory.
struct MemRegion {
  std::string device;  // "cpu", "cuda:0"
  std::string title;   // "host RAM", "cuda:0 Tesla T4 (simulated)"
  size_t capacity = 0; // bytes (0: unknown/not tracked)
  size_t used = 0;     // bytes of the boxes (device: the allocator's figure)
  std::vector<MemBox> boxes;
};

// The whole map.
struct MemoryMap {
  std::vector<MemRegion> regions;  // host first, then the GPUs in ordinal order
  // The host link's facts, one per line: "PCIe 3.0 x16", "12.0 GB/s pinned", ...
  std::vector<std::string> link;
  const MemRegion* region(const std::string& device) const;
  const MemBox* box(const std::string& device, const std::string& name) const;
};

// Builds the map from the rows :mem and :devices print. This is the one place that
// decides what becomes a box: tensors now; modules can join here.
MemoryMap build_memory_map(const std::vector<repl::MemRow>& tensors,
                           const std::vector<repl::DeviceRow>& devices,
                           const std::vector<std::string>& link);
// The map of a live session (its globals and the registry's devices).
MemoryMap collect_memory_map(PythonSession& session);

// The bytes that fill a region's box area (layout_boxes' scale_bytes): twice what the fullest
// memory's tensors hold, so small tensors stay visible and big ones look big.
size_t box_scale_bytes(const MemoryMap& map);

// A box placed in a region: x, y, w, h in pixels.
struct BoxRect {
  float x = 0, y = 0, w = 0, h = 0;
  size_t box = 0;  // index into the region's boxes
};

// Places a region's boxes inside (x, y, w, h), row after row. A box's area is proportional
// to its bytes (scaled so that `scale_bytes` fills the area), never smaller than
// min_w x min_h so its name stays readable. Boxes that do not fit are left out.
std::vector<BoxRect> layout_boxes(const MemRegion& r, float x, float y, float w, float h,
                                  size_t scale_bytes, float min_w = 56, float min_h = 30);

// One copy the modeled clock recorded during a run: its bytes, its modeled time, and
// whether it went to a device (host-to-device or peer) or back to the host.
struct ClockCopy {
  size_t bytes = 0;
  double seconds = 0;
  bool to_device = true;
};

// A transfer to animate: a box that appeared on `to` from `from`.
struct Transfer {
  std::string name, from, to;
  size_t bytes = 0;
  double seconds = 0;
  bool measured = false;  // modeled clock time, or wall time around the command
  double age = 0;         // seconds since it started (the animation's clock)
};

// What moved between two maps: boxes that now live on a device where an equally shaped
// tensor lives elsewhere, or a name that moved. With the modeled clock's `copies` (in issue
// order), a box is a transfer only when a copy of its size went its way (to a GPU, or back
// to the host), and takes that copy's modeled time: a tensor made on the spot is none. With
// no clock (nullopt: a real GPU) every such box is taken for a transfer and gets the
// measured `wall_seconds` of the whole command.
std::vector<Transfer> detect_transfers(const MemoryMap& before, const MemoryMap& after,
                                       const std::optional<std::vector<ClockCopy>>& copies,
                                       double wall_seconds);

// After a device-mismatch RuntimeError: the boxes to flash, as (device, name) pairs: names
// appearing in the failing code that live on one of the error's two `devices` (the fields
// of exc.device_mismatch; empty for any other error).
std::vector<std::pair<std::string, std::string>> mismatch_operands(const MemoryMap& map,
                                                                   const std::string& code,
                                                                   const std::vector<std::string>& devices);

}  // namespace tp::gui
