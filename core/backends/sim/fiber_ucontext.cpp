// Fibers' switch over POSIX ucontext (native builds).
#include <ucontext.h>

#include "core/backends/sim/fiber.h"
#include "core/error.h"

namespace tp {

namespace {
// The fiber running on this host thread (nullptr outside fibers).
thread_local Fiber* current_fiber = nullptr;
}  // namespace

struct Fiber::Context {
  ucontext_t fiber{}, caller{};
};

Fiber::Fiber() : context_(std::make_unique<Context>()) {}
Fiber::~Fiber() = default;

void Fiber::start(void* stack, size_t bytes, std::function<void()> body) {
  body_ = std::move(body);
  done_ = false;
  error_ = nullptr;
  getcontext(&context_->fiber);
  context_->fiber.uc_stack.ss_sp = stack;
  context_->fiber.uc_stack.ss_size = bytes;
  context_->fiber.uc_link = &context_->caller;  // when the entry returns, go back to the resumer
  makecontext(&context_->fiber, [] { current_fiber->run_body(); }, 0);
}

void Fiber::resume() {
  TP_ASSERT(!done_ && current_fiber == nullptr);
  current_fiber = this;
  swapcontext(&context_->caller, &context_->fiber);
  current_fiber = nullptr;
}

void Fiber::yield() {
  Fiber* self = current_fiber;
  TP_ASSERT(self != nullptr);
  current_fiber = nullptr;
  swapcontext(&self->context_->fiber, &self->context_->caller);
  current_fiber = self;
}

bool Fiber::inside() { return current_fiber != nullptr; }

}  // namespace tp
