// The shortest scientific digits of a double that read back to it ("-1.2345e-05"), as
// Python's repr chooses them. Where the C++ library has floating std::to_chars (native) it is
// that; elsewhere (emscripten's libc++) the fewest correctly rounded digits that read back.
#pragma once

#include <string>

namespace tp {

std::string shortest_scientific(double v);

}  // namespace tp
