// The devices view: each device, real or simulated, its profile figures and its memory use
// (the rows of :devices, plus the profile the simulator models), from the snapshot the app
// reads every frame while no code runs.
#include <imgui.h>

#include <algorithm>

#include "core/device_registry.h"
#include "gui/app.h"
#include "repl/meta_commands.h"

namespace tp::gui {

DevicesSnapshot read_devices() {
  return {device_banner(), machine_clock_note(), repl::collect_devices(), cuda_devices(), cuda_devices_are_real()};
}

void draw_devices_view(App& app) {
  const DevicesSnapshot& snap = app.devices;
  for (const std::string& line : snap.banner) ImGui::TextWrapped("%s", display_text(line).c_str());
  if (!snap.clock_note.empty()) ImGui::TextWrapped("%s", display_text(snap.clock_note).c_str());
  ImGui::Separator();
  for (const repl::DeviceRow& r : snap.rows) {
    ImGui::PushID(r.device.c_str());
    ImGui::TextWrapped("%s  (%s)  %s", r.device.c_str(), r.kind.c_str(), display_text(r.name).c_str());
    if (r.total > 0) {
      const float f = float(double(r.used) / double(r.total));
      const std::string label = repl::format_bytes(r.used) + " of " + repl::format_bytes(r.total);
      ImGui::ProgressBar(f, ImVec2(std::min(ImGui::GetFontSize() * 24, ImGui::GetContentRegionAvail().x), 0),
                         label.c_str());
    } else {
      // Host memory has no allocator figure: count the session's tensors, as the memory map
      // (kept current after every input) does.
      const MemRegion* host = app.memory.map.region(r.device);
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
      ImGui::TextWrapped("memory: %s in the session's tensors (host memory is not capped)",
                         repl::format_bytes(host ? host->used : r.used).c_str());
      ImGui::PopStyleColor();
    }
    ImGui::PopID();
  }
  ImGui::Separator();
  for (const DeviceEntry& d : snap.gpus) {
    const GpuProfile& p = d.profile;
    if (!ImGui::CollapsingHeader((d.device.str() + "  " + d.name).c_str(), ImGuiTreeNodeFlags_DefaultOpen)) continue;
    if (ImGui::BeginTable(d.device.str().c_str(), 2, ImGuiTableFlags_RowBg | ImGuiTableFlags_Borders)) {
      auto row = [](const char* k, const std::string& v) {
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextWrapped("%s", k);
        ImGui::TableNextColumn();
        ImGui::TextWrapped("%s", v.c_str());
      };
      auto num = [](double v, const char* unit) {
        char b[64];
        snprintf(b, sizeof b, "%g %s", v, unit);
        return std::string(b);
      };
      row("kind", d.simulated ? "simulated (figures from assets/gpus/" + p.id + ".profile; timings modeled)"
                              : "real GPU (timings measured)");
      row("compute capability", std::to_string(p.cc_major) + "." + std::to_string(p.cc_minor));
      row("SMs", std::to_string(p.sm_count));
      row("warp size", std::to_string(p.warp_size));
      row("max threads per block / SM", std::to_string(p.max_threads_per_block) + " / " + std::to_string(p.max_threads_per_sm));
      row("shared memory per block", num(p.shared_memory_per_block_kib, "KiB"));
      row("FP32", num(p.fp32_tflops, "TFLOP/s"));
      if (p.fp32_matmul_tflops > 0) row("FP32 matmul, sustained", num(p.fp32_matmul_tflops, "TFLOP/s"));
      row("FP16 tensor cores", num(p.fp16_tensor_tflops, "TFLOP/s"));
      row("memory", num(p.memory_gib, "GB") + ", " + num(p.memory_bandwidth_gbps, "GB/s"));
      row("host link", p.link_description() + ", pinned " + num(p.pinned_h2d_gbps, "GB/s") +
                           ", pageable " + num(p.pageable_h2d_gbps, "GB/s"));
      row("kernel launch latency", num(p.kernel_launch_latency_us, "us"));
      ImGui::EndTable();
    }
  }
}

}  // namespace tp::gui
