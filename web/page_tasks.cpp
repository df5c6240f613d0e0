// The page's work in flight and its turns (page_tasks.h), and gui::BackgroundWork there: the
// work waits until JavaScript runs it between frames (tp_page_run_task).
#include "web/page_tasks.h"

#include <emscripten.h>

#include "gui/background_work.h"

namespace tp::web {

namespace {
bool in_flight = false;
double last_turn_ms = 0;
std::function<void()> waiting_work;
}  // namespace

void turn_if_due() {
  if (!in_flight || emscripten_get_now() - last_turn_ms < kTurnMs) return;
  emscripten_sleep(0);
  last_turn_ms = emscripten_get_now();
}

void work_begins() {
  in_flight = true;
  last_turn_ms = emscripten_get_now();
}

void work_ends() { in_flight = false; }

bool has_work() { return static_cast<bool>(waiting_work); }

std::function<void()> take_work() {
  std::function<void()> w = std::move(waiting_work);
  waiting_work = nullptr;
  return w;
}

}  // namespace tp::web

namespace tp::gui {

struct BackgroundWork::Impl {};

BackgroundWork::BackgroundWork() : impl_(std::make_unique<Impl>()) {}
BackgroundWork::~BackgroundWork() = default;

void BackgroundWork::start(std::function<void()> work) { web::waiting_work = std::move(work); }

// One thread: the work cannot be waited for here; it sees its cancel flag at its next turn.
void BackgroundWork::join() {}

void pause_point() { web::turn_if_due(); }

bool work_suspended() { return web::in_flight; }

}  // namespace tp::gui
