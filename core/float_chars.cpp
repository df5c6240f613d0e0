#include "core/float_chars.h"

#include <charconv>
#include <cstdio>
#include <cstdlib>

namespace tp {

std::string shortest_scientific(double v) {
  char buf[64];
#if defined(__cpp_lib_to_chars) && __cpp_lib_to_chars >= 201611L
  auto res = std::to_chars(buf, buf + sizeof(buf), v, std::chars_format::scientific);
  return std::string(buf, res.ptr);
#else
  // A correctly rounded p-digit value is the p-digit one nearest v, so the first p whose
  // rounding reads back is the shortest round trip (printf's form, as to_chars writes it).
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(buf, sizeof buf, "%.*e", digits - 1, v);
    if (std::strtod(buf, nullptr) == v) break;
  }
  return buf;
#endif
}

}  // namespace tp
