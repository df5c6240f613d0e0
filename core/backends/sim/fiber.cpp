// What fibers share on every platform (see fiber.h): the stacks, one mmap'd region with a
// PROT_NONE guard page under each stack (where the platform has page protection), and the
// body's run.
#include "core/backends/sim/fiber.h"

#include <sys/mman.h>
#include <unistd.h>

#include "core/error.h"

namespace tp {

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

void Fiber::run_body() {
  try {
    body_();
  } catch (...) {
    error_ = std::current_exception();
  }
  done_ = true;
}

}  // namespace tp
