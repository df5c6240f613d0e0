// The lesson panel's API (the drawing is in lesson_view.cpp).
#include "gui/lesson_panel.h"

namespace tp::gui {

void LessonPanel::show(std::string lesson_title, std::string step, std::vector<std::string> text,
                       std::vector<LessonAction> buttons, std::string wanted_view) {
  title = std::move(lesson_title);
  step_label = std::move(step);
  paragraphs = std::move(text);
  actions = std::move(buttons);
  view = std::move(wanted_view);
  check_result.clear();
}

}  // namespace tp::gui
