// A port of Python/suggestions.c (3.11): substitutions cost 2 (1 when only the case
// differs), insertions and deletions 2; at most a third of the characters may change.
#include "repl/lang/suggest.h"

#include <algorithm>
#include <cctype>
#include <cstdint>

namespace tp::lang {

namespace {

constexpr size_t kMaxCandidates = 750;
constexpr size_t kMaxStringSize = 40;
constexpr size_t kMoveCost = 2;
constexpr size_t kCaseCost = 1;

size_t substitution_cost(char a, char b) {
  if (a == b) return 0;
  if (std::tolower(static_cast<unsigned char>(a)) == std::tolower(static_cast<unsigned char>(b))) return kCaseCost;
  return kMoveCost;
}

size_t levenshtein(const char* a, size_t a_size, const char* b, size_t b_size, size_t max_cost) {
  while (a_size && b_size && a[0] == b[0]) {
    ++a, ++b;
    --a_size, --b_size;
  }
  while (a_size && b_size && a[a_size - 1] == b[b_size - 1]) --a_size, --b_size;
  if (a_size == 0 || b_size == 0) return (a_size + b_size) * kMoveCost;
  if (a_size > kMaxStringSize || b_size > kMaxStringSize) return max_cost + 1;
  if (b_size < a_size) {
    std::swap(a, b);
    std::swap(a_size, b_size);
  }
  if ((b_size - a_size) * kMoveCost > max_cost) return max_cost + 1;
  size_t buffer[kMaxStringSize];
  size_t tmp = kMoveCost;
  for (size_t i = 0; i < a_size; ++i) {
    buffer[i] = tmp;
    tmp += kMoveCost;
  }
  size_t result = 0;
  for (size_t bi = 0; bi < b_size; ++bi) {
    char code = b[bi];
    size_t distance = result = bi * kMoveCost;
    size_t minimum = SIZE_MAX;
    for (size_t i = 0; i < a_size; ++i) {
      size_t substitute = distance + substitution_cost(code, a[i]);
      distance = buffer[i];
      size_t insert_delete = std::min(result, distance) + kMoveCost;
      result = std::min(insert_delete, substitute);
      buffer[i] = result;
      minimum = std::min(minimum, result);
    }
    if (minimum > max_cost) return max_cost + 1;
  }
  return result;
}

}  // namespace

std::string suggest_name(const std::string& name, const std::vector<std::string>& candidates) {
  if (candidates.size() >= kMaxCandidates) return "";
  size_t best = SIZE_MAX;
  const std::string* suggestion = nullptr;
  for (const auto& item : candidates) {
    if (item == name) continue;
    size_t max_distance = (name.size() + item.size() + 3) * kMoveCost / 6;
    if (best != SIZE_MAX) max_distance = std::min(max_distance, best - 1);
    size_t d = levenshtein(name.data(), name.size(), item.data(), item.size(), max_distance);
    if (d > max_distance) continue;
    if (!suggestion || d < best) {
      suggestion = &item;
      best = d;
    }
  }
  return suggestion ? *suggestion : "";
}

}  // namespace tp::lang
