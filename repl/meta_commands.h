// The REPL's meta commands (:help, :devices, :mem, :time, :reset, :quit, the lesson
// commands in repl/lesson/lesson_commands.h), declared once in
// a table that drives dispatch, :help and tab completion of `:` words; plus the :mem and
// :devices tables, built from plain rows so tests can check their layout.
#pragma once

#include <cstddef>
#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "repl/python_session.h"

namespace tp::lesson {
struct LessonSession;
}

namespace tp::repl {

// What a meta command works on; the front end builds one per command line.
struct MetaContext {
  PythonSession& session;
  std::ostream& out;
  std::function<void()> reset;  // :reset: a fresh session, devices reconfigured
  bool quit = false;            // set by :quit
  lesson::LessonSession* lessons = nullptr;  // the lesson commands' state (null: none)
};

using MetaHandler = void (*)(MetaContext& ctx, const std::string& arg);

// One meta command.
struct MetaCommand {
  const char* name;     // ":mem"
  const char* aliases;  // other spellings, space-separated (":q :exit"), or ""
  const char* args;     // argument syntax for :help ("STMT"), or ""
  const char* help;     // one line
  MetaHandler handler;
};

// The table, in the order :help lists it.
const std::vector<MetaCommand>& meta_commands();

// Runs `line` when it is a meta command (it starts with ':'), including an unknown one
// (which prints a pointer to :help); false for anything else.
bool run_meta_command(const std::string& line, MetaContext& ctx);

// Meta command names starting with `prefix` (tab completion of ":he").
std::vector<std::string> complete_meta(const std::string& prefix);

// The :help text: the table and a short guide to the language.
std::string meta_help();

// "24 B", "1.5 KiB", "15.0 GiB".
std::string format_bytes(size_t bytes);

// One tensor for :mem.
struct MemRow {
  std::string name;    // "x", "xs[0]", "d['w']", "model.w"
  std::string device;  // "cpu", "cuda:0"
  std::string shape;   // "[2, 3]"
  std::string dtype;   // "float32"
  size_t bytes = 0;    // numel * itemsize
  std::string same_as; // another name of the same tensor, listed earlier ("" for the first)
};
// Every tensor in the session's globals, in lists/tuples/dicts one level deep, in instance
// attributes one level deep, and a model's parameters and buffers under dotted names. A tensor reached under several names (a model's
// weight also held as `w`) is one tensor: its later names point at the first (same_as).
std::vector<MemRow> collect_tensors(PythonSession& session);
// The :mem table with a total per device (or a line saying there are no tensors).
std::string format_mem(const std::vector<MemRow>& rows);

// One device for :devices.
struct DeviceRow {
  std::string device;  // "cpu", "cuda:0"
  std::string kind;    // "real" or "simulated"
  std::string name;    // "Tesla T4 (simulated), profile t4"
  size_t used = 0;     // bytes allocated by tensors
  size_t total = 0;    // bytes the session may use (0: not tracked, as for the CPU)
};
std::vector<DeviceRow> collect_devices();
std::string format_devices(const std::vector<DeviceRow>& rows);

}  // namespace tp::repl
