#include "core/float_chars.h"

#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <system_error>

// Floating to_chars and from_chars come together (__cpp_lib_to_chars).
#if defined(__cpp_lib_to_chars) && __cpp_lib_to_chars >= 201611L
#define TP_HAS_FLOAT_CHARS 1
#else
#define TP_HAS_FLOAT_CHARS 0
#endif

namespace tp {

std::string shortest_scientific(double v) {
  char buf[64];
#if TP_HAS_FLOAT_CHARS
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

bool parse_double(std::string_view text, double& value) {
  const char* end = text.data() + text.size();
#if TP_HAS_FLOAT_CHARS
  auto [stop, error] = std::from_chars(text.data(), end, value);
  return error == std::errc() && stop == end;
#else
  if (text.empty() || text[0] == '+' || text[0] == ' ' || text[0] == '\t' ||
      text.find_first_of("xX") != std::string_view::npos)
    return false;
  const std::string copy(text);  // strtod needs the terminating NUL
  char* stop = nullptr;
  value = std::strtod(copy.c_str(), &stop);
  return stop == copy.c_str() + copy.size();
#endif
}

}  // namespace tp
