// The presenter's demo in the window: starting it (presenter mode, the lesson from step 1,
// progress left alone), carrying out the commands DemoState gives each frame and on keys.
#include "gui/app.h"

namespace tp::gui {

namespace {

void carry_out(App& app, const DemoCommand& c) {
  switch (c.kind) {
    case DemoCommand::None: break;
    case DemoCommand::Show: app.lesson.go_to(app.session, c.step); break;
    case DemoCommand::Run: run_step_code(app); break;
    case DemoCommand::End: app.console.add(LineKind::Info, "Demo ended."); break;
  }
}

}  // namespace

bool start_demo(App& app, int number) {
  // A demo in front of a class is not the presenter's own learning: keep progress as it was.
  app.session.lessons().progress_path.clear();
  if (!open_lesson(app, number)) return false;
  std::vector<int> code;
  for (const lesson::Step& st : app.lesson.lesson->steps) code.push_back(int(st.code.size()));
  app.settings.presenter = true;
  app.console.add(LineKind::Info, "Demo of lesson " + std::to_string(number) +
                                      ": Space / Right / Page Down next, Left / Page Up back, Esc ends.");
  carry_out(app, app.demo.start(number, code));
  return true;
}

void update_demo(App& app) {
  if (app.demo.active()) carry_out(app, app.demo.update(app.frame_dt));
}

void demo_key(App& app, DemoKey k) { carry_out(app, app.demo.key(k)); }

}  // namespace tp::gui
