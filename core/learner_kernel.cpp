// The learner's last kernel, behind a mutex (learner_kernel.h).
#include "core/learner_kernel.h"

#include <mutex>

namespace tp {

namespace {
std::mutex& guard() {
  static std::mutex m;
  return m;
}
std::shared_ptr<const LearnerKernel>& current() {
  static std::shared_ptr<const LearnerKernel> k = std::make_shared<LearnerKernel>();
  return k;
}
}  // namespace

void publish_learner_kernel(LearnerKernel kernel) {
  std::lock_guard<std::mutex> lock(guard());
  kernel.version = current()->version + 1;
  current() = std::make_shared<const LearnerKernel>(std::move(kernel));
}

void set_learner_kernel_report(const std::string& text) {
  std::lock_guard<std::mutex> lock(guard());
  auto k = std::make_shared<LearnerKernel>(*current());
  k->report = text;
  current() = std::move(k);
}

std::shared_ptr<const LearnerKernel> last_learner_kernel() {
  std::lock_guard<std::mutex> lock(guard());
  return current();
}

}  // namespace tp
