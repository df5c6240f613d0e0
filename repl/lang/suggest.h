// CPython 3.11's "Did you mean: 'x'?" suggestions for NameError and AttributeError: the
// same weighted Levenshtein distance and cut-offs as Python/suggestions.c.
#pragma once

#include <string>
#include <vector>

namespace tp::lang {

// The closest candidate to `name` by CPython's rules, or "" when none is close enough.
std::string suggest_name(const std::string& name, const std::vector<std::string>& candidates);

}  // namespace tp::lang
