// BackgroundWork natively: a thread (background_work.h).
#include <thread>

#include "gui/background_work.h"

namespace tp::gui {

struct BackgroundWork::Impl {
  std::thread thread;
};

BackgroundWork::BackgroundWork() : impl_(std::make_unique<Impl>()) {}
BackgroundWork::~BackgroundWork() { join(); }

void BackgroundWork::start(std::function<void()> work) { impl_->thread = std::thread(std::move(work)); }

void BackgroundWork::join() {
  if (impl_->thread.joinable()) impl_->thread.join();
}

void pause_point() {}

bool work_suspended() { return false; }

}  // namespace tp::gui
