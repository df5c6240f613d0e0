// Builds the memory map from the session's tensors and devices, lays out its boxes, and
// works out which transfers to animate and which operands to flash.
#include "gui/memory_state.h"

#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <set>

#include "core/device_registry.h"

namespace tp::gui {

const MemRegion* MemoryMap::region(const std::string& device) const {
  for (const MemRegion& r : regions) {
    if (r.device == device) return &r;
  }
  return nullptr;
}

bool MemBox::has_name(const std::string& n) const {
  return name == n || std::find(aliases.begin(), aliases.end(), n) != aliases.end();
}

std::string MemBox::label() const {
  std::string s = name;
  for (const std::string& a : aliases) s += " = " + a;
  return s;
}

const MemBox* MemoryMap::box(const std::string& device, const std::string& name) const {
  const MemRegion* r = region(device);
  if (!r) return nullptr;
  for (const MemBox& b : r->boxes) {
    if (b.has_name(name)) return &b;
  }
  return nullptr;
}

static size_t host_ram_bytes() {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
  return pages > 0 && page > 0 ? size_t(pages) * size_t(page) : 0;
}

MemoryMap build_memory_map(const std::vector<repl::MemRow>& tensors,
                           const std::vector<repl::DeviceRow>& devices,
                           const std::vector<std::string>& link) {
  MemoryMap map;
  map.link = link;
  for (const repl::DeviceRow& d : devices) {
    MemRegion r;
    r.device = d.device;
    r.title = d.device == "cpu" ? "host RAM" : d.device + "  " + d.name;
    r.capacity = d.device == "cpu" ? host_ram_bytes() : d.total;
    r.used = d.used;
    map.regions.push_back(r);
  }
  if (!map.region("cpu")) map.regions.insert(map.regions.begin(), MemRegion{"cpu", "host RAM", host_ram_bytes(), 0, {}});
  for (const repl::MemRow& t : tensors) {
    MemRegion* r = const_cast<MemRegion*>(map.region(t.device));
    if (!r) {  // a device the table does not list (should not happen); still show it
      map.regions.push_back(MemRegion{t.device, t.device, 0, 0, {}});
      r = &map.regions.back();
    }
    if (!t.same_as.empty()) {  // another name of a tensor already boxed: one box, two names
      for (MemBox& b : r->boxes)
        if (b.name == t.same_as) b.aliases.push_back(t.name);
      continue;
    }
    r->boxes.push_back(MemBox{t.name, t.shape, t.dtype, t.bytes, {}});
  }
  for (MemRegion& r : map.regions) {
    if (r.device == "cpu") {
      r.used = 0;  // the host's figure: just the session's tensors
      for (const MemBox& b : r.boxes) r.used += b.bytes;
    }
  }
  return map;
}

MemoryMap collect_memory_map(PythonSession& session) {
  std::vector<std::string> link = {"no GPU"};
  const auto& devs = cuda_devices();
  if (!devs.empty()) {
    const GpuProfile& p = devs[0].profile;
    char pinned[64], pageable[64];
    std::snprintf(pinned, sizeof pinned, "%.1f GB/s pinned", p.pinned_h2d_gbps);
    std::snprintf(pageable, sizeof pageable, "%.1f GB/s pageable", p.pageable_h2d_gbps);
    link = {p.link_description(), pinned, pageable,
            devs[0].simulated ? "(profile figures, modeled)" : "(profile of the real GPU)"};
    if (devs[0].simulated && devs.size() > 1 && p.nvlink_bandwidth_gbps > 0) {
      char nvlink[64];
      std::snprintf(nvlink, sizeof nvlink, "NVLink %.0f GB/s GPU-GPU", p.nvlink_bandwidth_gbps);
      link.push_back(nvlink);
    }
  }
  return build_memory_map(repl::collect_tensors(session), repl::collect_devices(), link);
}

std::vector<BoxRect> layout_boxes(const MemRegion& r, float x, float y, float w, float h,
                                  size_t scale_bytes, float min_w, float min_h) {
  std::vector<BoxRect> out;
  if (scale_bytes == 0 || w <= 0 || h <= 0) return out;
  // Largest first packs better and puts the big tensors where the eye starts.
  std::vector<size_t> order(r.boxes.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return r.boxes[a].bytes > r.boxes[b].bytes; });
  const float gap = 4;
  float cx = x, cy = y, row_h = 0;
  for (size_t i : order) {
    const double area = double(w) * h * double(r.boxes[i].bytes) / double(scale_bytes);
    // Boxes are 1.6 times as wide as tall, within the region and above the minimum.
    float bw = float(std::sqrt(area * 1.6));
    float bh = bw > 0 ? float(area / bw) : 0;
    bw = std::clamp(bw, min_w, w);
    bh = std::clamp(bh, min_h, h);
    if (cx + bw > x + w + 0.5f) {  // next row
      cx = x;
      cy += row_h + gap;
      row_h = 0;
    }
    if (cy + bh > y + h + 0.5f) continue;  // no room left for this one
    out.push_back(BoxRect{cx, cy, bw, bh, i});
    cx += bw + gap;
    row_h = std::max(row_h, bh);
  }
  return out;
}

std::vector<Transfer> detect_transfers(const MemoryMap& before, const MemoryMap& after,
                                       const std::optional<std::vector<ClockCopy>>& copies,
                                       double wall_seconds) {
  std::vector<Transfer> out;
  std::vector<bool> used(copies ? copies->size() : 0, false);
  // Box `b` was on `device` before under any of its names.
  auto was_on = [&before](const std::string& device, const MemBox& b) {
    if (before.box(device, b.name)) return true;
    for (const std::string& a : b.aliases)
      if (before.box(device, a)) return true;
    return false;
  };
  for (const MemRegion& r : after.regions) {
    for (const MemBox& b : r.boxes) {
      if (was_on(r.device, b)) continue;  // already there: not new
      // Where did it come from? The same name elsewhere before, else a tensor of the same
      // shape and dtype on another device (y = x.to(cuda)).
      std::string from;
      for (const MemRegion& o : before.regions) {
        if (o.device != r.device && was_on(o.device, b)) from = o.device;
      }
      if (from.empty()) {
        for (const MemRegion& o : after.regions) {
          if (o.device == r.device) continue;
          for (const MemBox& ob : o.boxes) {
            if (ob.shape == b.shape && ob.bytes == b.bytes) from = o.device;
          }
        }
      }
      if (from.empty()) continue;
      Transfer t{b.name, from, r.device, b.bytes, wall_seconds, true, 0};
      if (copies) {
        // The clock's first unclaimed copy of this many bytes that went this way; none: the
        // tensor was made here, not moved.
        const bool to_device = r.device != "cpu";
        size_t i = 0;
        while (i < copies->size() &&
               (used[i] || (*copies)[i].bytes != b.bytes || (*copies)[i].to_device != to_device))
          ++i;
        if (i == copies->size()) continue;
        used[i] = true;
        t.seconds = (*copies)[i].seconds;
        t.measured = false;
      }
      out.push_back(t);
    }
  }
  return out;
}

// The identifiers (dotted names included) in a piece of code.
static std::set<std::string> names_in(const std::string& code) {
  std::set<std::string> out;
  size_t i = 0;
  while (i < code.size()) {
    if (std::isalpha(static_cast<unsigned char>(code[i])) || code[i] == '_') {
      size_t j = i;
      while (j < code.size() && (std::isalnum(static_cast<unsigned char>(code[j])) ||
                                 code[j] == '_' || code[j] == '.')) {
        ++j;
      }
      std::string word = code.substr(i, j - i);
      // "model.w" also names "model"; "x.to" names "x".
      for (size_t dot = word.find('.'); dot != std::string::npos; dot = word.find('.', dot + 1)) {
        out.insert(word.substr(0, dot));
      }
      out.insert(word);
      i = j;
    } else {
      ++i;
    }
  }
  return out;
}

std::vector<std::pair<std::string, std::string>> mismatch_operands(const MemoryMap& map,
                                                                   const std::string& code,
                                                                   const std::vector<std::string>& mismatch) {
  std::vector<std::pair<std::string, std::string>> out;
  const std::set<std::string> devices(mismatch.begin(), mismatch.end());
  if (devices.size() < 2) return out;
  const std::set<std::string> names = names_in(code);
  // A box is named by the code when one of its names is, or belongs to a model the code
  // names: `net(x)` names net.0.weight.
  auto named_by_code = [&names](const std::string& box_name) {
    if (names.count(box_name)) return true;
    const size_t dot = box_name.find('.');
    return dot != std::string::npos && names.count(box_name.substr(0, dot)) > 0;
  };
  for (const MemRegion& r : map.regions) {
    if (!devices.count(r.device)) continue;
    for (const MemBox& b : r.boxes) {
      bool named = named_by_code(b.name);
      for (const std::string& a : b.aliases) named = named || named_by_code(a);
      if (named) out.emplace_back(r.device, b.name);
    }
  }
  return out;
}

size_t box_scale_bytes(const MemoryMap& map) {
  size_t biggest = 1;
  for (const MemRegion& r : map.regions) {
    size_t total = 0;
    for (const MemBox& b : r.boxes) total += b.bytes;
    biggest = std::max(biggest, total);
  }
  return biggest * 2;
}

}  // namespace tp::gui
