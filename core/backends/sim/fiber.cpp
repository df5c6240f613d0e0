// Fibers over POSIX ucontext (see fiber.h). The stacks are one mmap'd region with a
// PROT_NONE guard page under each stack.
#include "core/backends/sim/fiber.h"

#include <sys/mman.h>
#include <unistd.h>

#include "core/error.h"

namespace tp {

namespace {
// The fiber running on this host thread (nullptr outside fibers).
thread_local Fiber* current_fiber = nullptr;
}  // namespace

FiberStacks::FiberStacks(int count, size_t bytes) : count_(count) {
  page_ = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  bytes_ = (bytes + page_ - 1) / page_ * page_;
  stride_ = bytes_ + page_;  // guard page, then the stack
  mapped_ = stride_ * static_cast<size_t>(count);
  if (mapped_ == 0) return;
  base_ = mmap(nullptr, mapped_, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (base_ == MAP_FAILED) {
    base_ = nullptr;
    fail(ErrorKind::RuntimeError, "simulated GPU: cannot map ", mapped_,
         " bytes of fiber stacks for a block's threads");
  }
  for (int i = 0; i < count; ++i)
    mprotect(static_cast<char*>(base_) + stride_ * static_cast<size_t>(i), page_, PROT_NONE);
}

FiberStacks::~FiberStacks() {
  if (base_) munmap(base_, mapped_);
}

void* FiberStacks::stack(int i) const {
  TP_ASSERT(i >= 0 && i < count_);
  return static_cast<char*>(base_) + stride_ * static_cast<size_t>(i) + page_;
}

void Fiber::start(void* stack, size_t bytes, std::function<void()> body) {
  body_ = std::move(body);
  done_ = false;
  error_ = nullptr;
  getcontext(&context_);
  context_.uc_stack.ss_sp = stack;
  context_.uc_stack.ss_size = bytes;
  context_.uc_link = &caller_;  // when trampoline returns, go back to the resumer
  makecontext(&context_, &Fiber::trampoline, 0);
}

void Fiber::trampoline() {
  Fiber* self = current_fiber;
  try {
    self->body_();
  } catch (...) {
    self->error_ = std::current_exception();
  }
  self->done_ = true;
  // Returning switches to uc_link (the resumer's saved context).
}

void Fiber::resume() {
  TP_ASSERT(!done_ && current_fiber == nullptr);
  current_fiber = this;
  swapcontext(&caller_, &context_);
  current_fiber = nullptr;
}

void Fiber::yield() {
  Fiber* self = current_fiber;
  TP_ASSERT(self != nullptr);
  current_fiber = nullptr;
  swapcontext(&self->context_, &self->caller_);
  current_fiber = self;
}

bool Fiber::inside() { return current_fiber != nullptr; }

}  // namespace tp
