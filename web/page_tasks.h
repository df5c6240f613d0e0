// The page's one thread, shared by frames and work in flight: a run or the benchmark goes on
// inside an Asyncify call from JavaScript (web/index.html) and hands the browser a turn
// about every 50 ms, during which frames draw and clicks land. The page side of
// gui/background_work.h.
#pragma once

#include <functional>

namespace tp::web {

// Sleeps 0 ms (Asyncify unwinds to the browser's event loop and comes back) when the work in
// flight has run kTurnMs since its last turn.
void turn_if_due();
constexpr double kTurnMs = 50;

// Marks the work in flight, for work_suspended() and turn_if_due()'s clock.
void work_begins();
void work_ends();

// Background work started (gui::BackgroundWork::start) and not yet taken; take_work() hands
// it to the caller, which runs it.
bool has_work();
std::function<void()> take_work();

}  // namespace tp::web
