// Work that goes on while the window keeps drawing (the timings view's benchmark). Natively
// a thread of its own (background_thread.cpp); in the page, which has one thread, a task
// the page runs between frames, handing the browser a turn at each pause_point()
// (web/page_tasks.cpp).
#pragma once

#include <functional>
#include <memory>

namespace tp::gui {

class BackgroundWork {
 public:
  BackgroundWork();
  ~BackgroundWork();  // join()
  BackgroundWork(const BackgroundWork&) = delete;
  BackgroundWork& operator=(const BackgroundWork&) = delete;
  // Starts `work`; the previous one must have been joined.
  void start(std::function<void()> work);
  // Waits for the work to end. The page cannot wait: there the work ends at its next
  // pause_point() once it sees its own cancel flag.
  void join();

  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

// Called by background work between its steps: nothing natively; in the page, a turn for the
// browser (frames, clicks) when the work has run for a while.
void pause_point();

// True while the page has a run or background work suspended mid-way (natively never): a
// frame must not enter the simulator then (its fibers and the suspended work share
// Asyncify's one saved stack).
bool work_suspended();

}  // namespace tp::gui
