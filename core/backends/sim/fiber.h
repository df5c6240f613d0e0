// Fibers for the SIMT executor: each thread of a block that uses barriers runs on its own
// small stack, so that __syncthreads() can switch to the block's next thread and come back.
// The switch itself is the platform's (fiber_ucontext.cpp natively, fiber_emscripten.cpp in
// the web build, picked by CMake); nothing here knows about GPUs.
#pragma once

#include <cstddef>
#include <exception>
#include <functional>
#include <memory>

namespace tp {

// `count` stacks of `bytes` each in one mapping, each with a guard page below it so a
// stack overflow faults instead of silently corrupting its neighbour.
class FiberStacks {
 public:
  FiberStacks(int count, size_t bytes);
  ~FiberStacks();
  FiberStacks(const FiberStacks&) = delete;
  FiberStacks& operator=(const FiberStacks&) = delete;

  void* stack(int i) const;  // lowest address of stack i
  size_t stack_bytes() const { return bytes_; }
  int count() const { return count_; }

 private:
  int count_;
  size_t bytes_, page_, stride_;
  void* base_ = nullptr;
  size_t mapped_ = 0;
};

// One fiber: start() prepares it, resume() runs it until it yields or its body returns.
// An exception escaping the body ends the fiber and is kept in error(), because an
// exception must not unwind across a context switch.
class Fiber {
 public:
  Fiber();
  ~Fiber();
  Fiber(const Fiber&) = delete;
  Fiber& operator=(const Fiber&) = delete;

  // Prepares the fiber to run `body` on `stack` (which must outlive the run).
  void start(void* stack, size_t bytes, std::function<void()> body);
  // Runs the fiber until it calls yield() or finishes. Call from outside any fiber.
  void resume();
  // Called from inside a fiber: returns control to whoever resumed it.
  static void yield();
  // True while the calling code runs inside a fiber.
  static bool inside();

  bool done() const { return done_; }
  std::exception_ptr error() const { return error_; }

 private:
  struct Context;  // the platform's saved state of the fiber and of its resumer
  // The fiber's first frame: runs body_, keeps what it throws, marks the fiber done.
  void run_body();

  std::unique_ptr<Context> context_;
  std::function<void()> body_;
  bool done_ = true;
  std::exception_ptr error_;
};

}  // namespace tp
