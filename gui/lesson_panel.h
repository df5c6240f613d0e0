// The lesson panel's slot (lessons come in their own issue): what a lesson shows in the GUI
// and the small API a lesson runner fills in. Until then the panel points to the console's
// :lesson commands, which already work.
#pragma once

#include <string>
#include <vector>

namespace tp::gui {

// A button that runs code in the shared console session ("Run this step").
struct LessonAction {
  std::string label;
  std::string code;
};

struct LessonPanel {
  std::string title;                    // "" : no lesson open
  std::string step_label;               // "step 2 of 5"
  std::vector<std::string> paragraphs;  // the step's text
  std::vector<LessonAction> actions;
  std::string check_result;             // "" / "passed" / why not yet
  std::string view;                     // a view the step wants shown ("grid", "memory", ...)

  // Replaces what the panel shows.
  void show(std::string lesson_title, std::string step, std::vector<std::string> text,
            std::vector<LessonAction> buttons, std::string wanted_view = "");
  void clear() { *this = LessonPanel{}; }
};

}  // namespace tp::gui
