// The doctest main shared by every unit-test executable. The simulated machine's clock
// counts only modeled time in tests (the host's real time is frozen), so every modeled
// figure a test checks is reproducible.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include "core/machine_clock.h"

int main(int argc, char** argv) {
  tp::machine_clock().freeze_host(true);
  return doctest::Context(argc, argv).run();
}
