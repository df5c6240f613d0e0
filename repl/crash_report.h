// If tensorplay itself crashes (a bug: a segfault, an abort), the learner still sees where:
// CPython's faulthandler prints the Python traceback of the line that was running, then a
// one-line note says it is tensorplay's fault and how to report it. History and lesson
// progress are already on disk (each is written before the next line runs).
#pragma once

namespace tp {

// Arms the report for the embedded interpreter; call once, right after Python started.
void install_crash_report();

}  // namespace tp
