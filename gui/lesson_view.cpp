// The lesson tab: the slot the lesson work (its own issue) fills through LessonPanel
// (lesson_panel.h). Until a lesson is shown here it says how to follow lessons in the console.
#include <imgui.h>

#include "gui/app.h"

namespace tp::gui {

void draw_lesson_view(App& app) {
  LessonPanel& p = app.lesson;
  if (p.title.empty()) {
    ImGui::TextUnformatted("Lessons");
    ImGui::Separator();
    ImGui::TextWrapped("The guided lessons will appear here, step by step, with buttons that run "
                       "each step's code and show the view it is about.");
    ImGui::TextWrapped("Meanwhile the lessons work in the console below: type :lessons to list "
                       "them, :lesson 1 to start, :next, :check and :hint to go on.");
    if (ImGui::Button("List lessons (:lessons)")) app.run(":lessons");
    return;
  }
  ImGui::Text("%s", p.title.c_str());
  if (!p.step_label.empty()) {
    ImGui::SameLine();
    ImGui::TextDisabled("%s", p.step_label.c_str());
  }
  ImGui::Separator();
  for (const std::string& para : p.paragraphs) ImGui::TextWrapped("%s", para.c_str());
  for (const LessonAction& a : p.actions) {
    if (ImGui::Button(a.label.c_str())) {
      app.console.add(LineKind::Input, ">>> " + a.code);
      app.run(a.code);
    }
  }
  if (!p.check_result.empty()) ImGui::TextWrapped("%s", p.check_result.c_str());
  View v;
  if (!p.view.empty() && parse_view(p.view, v) && ImGui::Button("Show the view")) {
    app.view = v;
    app.select_view = true;
  }
}

}  // namespace tp::gui
