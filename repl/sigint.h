// Ctrl-C (SIGINT) for the front ends, written once: while code runs it raises
// KeyboardInterrupt in that code, as python does; while the front end waits for input it
// only sets a flag the front end takes (the prompt drops its line, the GUI says so). Whichever
// thread the kernel hands the signal to, it is handled on Python's.
#pragma once

namespace tp::repl {

// Installs the SIGINT handler (and Python's default_int_handler, which turns the signal into
// KeyboardInterrupt). Call on the thread that started Python, after it started: CPython
// raises KeyboardInterrupt only on that thread, so the signal must reach that thread.
void install_sigint_handler();
// The front end waits for input (true) or runs code (false); code runs until told.
void set_waiting_for_input(bool waiting);
// True once for each SIGINT that came while the front end waited for input.
bool take_sigint_while_waiting();

}  // namespace tp::repl
