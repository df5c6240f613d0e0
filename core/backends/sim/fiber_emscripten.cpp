// Fibers' switch in the web build: emscripten's fibers, which unwind and rewind the wasm
// stack with Asyncify (the program links with -sASYNCIFY). Single-threaded, so one saved
// context for whoever resumes a fiber serves them all.
#include <emscripten/fiber.h>

#include <vector>

#include "core/backends/sim/fiber.h"
#include "core/error.h"

namespace tp {

namespace {
Fiber* current_fiber = nullptr;  // the fiber running now (nullptr outside fibers)
emscripten_fiber_t resumer;      // the context that resumed it
// Asyncify's record of the resumer's call stack while a fiber runs: the whole stack below
// the kernel launch (Python's frames included), so generous; a fiber's own is shallow.
std::vector<char> resumer_frames(1 << 20);
constexpr size_t kFiberFrameBytes = 32 * 1024;
}  // namespace

struct Fiber::Context {
  emscripten_fiber_t fiber{};
  std::vector<char> frames = std::vector<char>(kFiberFrameBytes);
};

Fiber::Fiber() : context_(std::make_unique<Context>()) {}
Fiber::~Fiber() = default;

void Fiber::start(void* stack, size_t bytes, std::function<void()> body) {
  body_ = std::move(body);
  done_ = false;
  error_ = nullptr;
  // An entry must never return: it switches back to the resumer for good.
  auto entry = [](void* arg) {
    Fiber* self = static_cast<Fiber*>(arg);
    self->run_body();
    emscripten_fiber_swap(&self->context_->fiber, &resumer);
  };
  emscripten_fiber_init(&context_->fiber, entry, this, stack, bytes, context_->frames.data(), context_->frames.size());
}

void Fiber::resume() {
  TP_ASSERT(!done_ && current_fiber == nullptr);
  current_fiber = this;
  emscripten_fiber_init_from_current_context(&resumer, resumer_frames.data(), resumer_frames.size());
  emscripten_fiber_swap(&resumer, &context_->fiber);
  current_fiber = nullptr;
}

void Fiber::yield() {
  Fiber* self = current_fiber;
  TP_ASSERT(self != nullptr);
  current_fiber = nullptr;
  emscripten_fiber_swap(&self->context_->fiber, &resumer);
  current_fiber = self;
}

bool Fiber::inside() { return current_fiber != nullptr; }

}  // namespace tp
