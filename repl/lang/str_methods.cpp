// str methods learners use: format, join, split, strip, replace, case changes,
// searching, padding and the is*() tests, with CPython's results and error texts.
#include <algorithm>
#include <cctype>

#include "repl/lang/interpreter.h"
#include "repl/lang/methods.h"

namespace tp::lang {

namespace {

const std::string& self_str(const Value& self) { return str_of(self); }

std::string arg_str(Interpreter& I, Args a, size_t i, const char* method) {
  if (!is_str(a[i])) {
    I.raise(ty::TypeError, std::string(method) + " arg must be None or str");
  }
  return str_of(a[i]);
}

bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }

Value s_upper(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "upper", a, 0, 0);
  std::string s = self_str(self);
  for (auto& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return make_str(s);
}
Value s_lower(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "lower", a, 0, 0);
  std::string s = self_str(self);
  for (auto& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return make_str(s);
}
Value s_swapcase(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "swapcase", a, 0, 0);
  std::string s = self_str(self);
  for (auto& c : s) {
    auto u = static_cast<unsigned char>(c);
    c = static_cast<char>(std::isupper(u) ? std::tolower(u) : std::toupper(u));
  }
  return make_str(s);
}
Value s_capitalize(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "capitalize", a, 0, 0);
  std::string s = self_str(self);
  for (size_t i = 0; i < s.size(); ++i) {
    auto u = static_cast<unsigned char>(s[i]);
    s[i] = static_cast<char>(i == 0 ? std::toupper(u) : std::tolower(u));
  }
  return make_str(s);
}
Value s_title(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "title", a, 0, 0);
  std::string s = self_str(self);
  bool prev_cased = false;
  for (auto& c : s) {
    auto u = static_cast<unsigned char>(c);
    c = static_cast<char>(prev_cased ? std::tolower(u) : std::toupper(u));
    prev_cased = std::isalpha(u);
  }
  return make_str(s);
}

Value strip_impl(Interpreter& I, const Value& self, Args a, bool left, bool right, const char* name) {
  check_arity(I, name, a, 0, 1);
  const std::string& s = self_str(self);
  bool custom = a.n == 1 && !a[0].is_none();
  std::string chars = custom ? arg_str(I, a, 0, name) : "";
  auto strip_it = [&](char c) { return custom ? chars.find(c) != std::string::npos : is_ws(c); };
  size_t b = 0, e = s.size();
  if (left)
    while (b < e && strip_it(s[b])) ++b;
  if (right)
    while (e > b && strip_it(s[e - 1])) --e;
  return make_str(s.substr(b, e - b));
}
Value s_strip(Interpreter& I, const Value& self, Args a) { return strip_impl(I, self, a, true, true, "strip"); }
Value s_lstrip(Interpreter& I, const Value& self, Args a) { return strip_impl(I, self, a, true, false, "lstrip"); }
Value s_rstrip(Interpreter& I, const Value& self, Args a) { return strip_impl(I, self, a, false, true, "rstrip"); }

int64_t kw_int(Args a, const char* name, int64_t dflt) {
  for (size_t i = 0; i < a.nkw; ++i)
    if (*a.kw[i].name == name && a.kw[i].value.is_intlike()) return a.kw[i].value.as_int();
  return dflt;
}
Value kw_val(Args a, const char* name) {
  for (size_t i = 0; i < a.nkw; ++i)
    if (*a.kw[i].name == name) return a.kw[i].value;
  return Value::unbound();
}

std::vector<Value> split_impl(Interpreter& I, const std::string& s, Args a, bool from_right) {
  Value sepv = a.n > 0 ? a[0] : kw_val(a, "sep");
  int64_t maxsplit = a.n > 1 ? I.to_index(a[1]) : kw_int(a, "maxsplit", -1);
  std::vector<std::string> parts;
  if (sepv.is_unbound() || sepv.is_none()) {
    // Runs of whitespace separate; leading/trailing whitespace is dropped.
    std::vector<std::pair<size_t, size_t>> words;
    size_t i = 0;
    while (i < s.size()) {
      while (i < s.size() && is_ws(s[i])) ++i;
      if (i >= s.size()) break;
      size_t j = i;
      while (j < s.size() && !is_ws(s[j])) ++j;
      words.emplace_back(i, j);
      i = j;
    }
    if (maxsplit < 0 || static_cast<size_t>(maxsplit) >= words.size()) {
      for (auto& [b, e] : words) parts.push_back(s.substr(b, e - b));
    } else if (!from_right) {
      for (int64_t k = 0; k < maxsplit; ++k) parts.push_back(s.substr(words[static_cast<size_t>(k)].first, words[static_cast<size_t>(k)].second - words[static_cast<size_t>(k)].first));
      size_t rest = words[static_cast<size_t>(maxsplit)].first;
      size_t end = s.size();
      while (end > rest && is_ws(s[end - 1])) --end;
      parts.push_back(s.substr(rest, end - rest));
    } else {
      size_t n = words.size();
      size_t keep = n - static_cast<size_t>(maxsplit);
      size_t b = words[0].first;
      parts.push_back(s.substr(b, words[keep - 1].second - b));
      for (size_t k = keep; k < n; ++k) parts.push_back(s.substr(words[k].first, words[k].second - words[k].first));
    }
  } else {
    if (!is_str(sepv)) I.raise(ty::TypeError, "must be str or None, not " + sepv.type()->name);
    const std::string& sep = str_of(sepv);
    if (sep.empty()) I.raise(ty::ValueError, "empty separator");
    std::vector<size_t> cuts;
    for (size_t pos = s.find(sep); pos != std::string::npos; pos = s.find(sep, pos + sep.size())) cuts.push_back(pos);
    if (maxsplit >= 0 && cuts.size() > static_cast<size_t>(maxsplit)) {
      if (from_right) cuts.erase(cuts.begin(), cuts.end() - maxsplit);
      else cuts.resize(static_cast<size_t>(maxsplit));
    }
    size_t start = 0;
    for (size_t c : cuts) {
      parts.push_back(s.substr(start, c - start));
      start = c + sep.size();
    }
    parts.push_back(s.substr(start));
  }
  std::vector<Value> out;
  for (auto& p : parts) out.push_back(make_str(p));
  return out;
}
Value s_split(Interpreter& I, const Value& self, Args a) { return make_list(split_impl(I, self_str(self), a, false)); }
Value s_rsplit(Interpreter& I, const Value& self, Args a) { return make_list(split_impl(I, self_str(self), a, true)); }

Value s_splitlines(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "splitlines", a, 0, 1);
  bool keep = a.n && I.truthy(a[0]);
  const std::string& s = self_str(self);
  std::vector<Value> out;
  size_t i = 0;
  while (i < s.size()) {
    size_t j = i;
    while (j < s.size() && s[j] != '\n' && s[j] != '\r') ++j;
    size_t eol = j;
    if (j < s.size()) j += (s[j] == '\r' && j + 1 < s.size() && s[j + 1] == '\n') ? 2 : 1;
    out.push_back(make_str(s.substr(i, (keep ? j : eol) - i)));
    i = j;
  }
  return make_list(std::move(out));
}

Value s_join(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "join", a, 1, 1);
  std::vector<Value> items = I.to_vector(a[0]);
  std::string out;
  for (size_t i = 0; i < items.size(); ++i) {
    if (!is_str(items[i])) {
      I.raise(ty::TypeError, "sequence item " + std::to_string(i) + ": expected str instance, " + items[i].type()->name + " found");
    }
    if (i) out += self_str(self);
    out += str_of(items[i]);
  }
  return make_str(out);
}

Value s_replace(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "replace", a, 2, 3);
  if (!is_str(a[0]) || !is_str(a[1])) I.raise(ty::TypeError, "replace() argument must be str");
  const std::string& s = self_str(self);
  const std::string& old = str_of(a[0]);
  const std::string& rep = str_of(a[1]);
  int64_t count = a.n == 3 ? I.to_index(a[2]) : -1;
  std::string out;
  if (old.empty()) {
    for (size_t i = 0; i <= s.size(); ++i) {
      if (count < 0 || static_cast<int64_t>(i) < count) out += rep;
      if (i < s.size()) out += s[i];
    }
    return make_str(out);
  }
  size_t start = 0;
  int64_t done = 0;
  for (size_t pos = s.find(old); pos != std::string::npos && (count < 0 || done < count); pos = s.find(old, start)) {
    out += s.substr(start, pos - start) + rep;
    start = pos + old.size();
    ++done;
  }
  return make_str(out + s.substr(start));
}

// (start, end) optional arguments of find/count/startswith, as byte offsets (ASCII).
void range_args(Interpreter& I, Args a, size_t first, size_t len, size_t& b, size_t& e) {
  auto clamp = [&](const Value& v, size_t dflt) -> size_t {
    if (v.is_none()) return dflt;
    int64_t i = I.to_index(v);
    if (i < 0) i = std::max<int64_t>(0, i + static_cast<int64_t>(len));
    return std::min(static_cast<size_t>(i), len);
  };
  b = a.n > first ? clamp(a[first], 0) : 0;
  e = a.n > first + 1 ? clamp(a[first + 1], len) : len;
}

Value find_impl(Interpreter& I, const Value& self, Args a, bool right, bool raise_missing, const char* name) {
  check_arity(I, name, a, 1, 3);
  if (!is_str(a[0])) I.raise(ty::TypeError, "must be str, not " + a[0].type()->name);
  const std::string& s = self_str(self);
  const std::string& sub = str_of(a[0]);
  size_t b, e;
  range_args(I, a, 1, s.size(), b, e);
  int64_t found = -1;
  if (b <= e && sub.size() <= e - b) {
    std::string_view view(s.data() + b, e - b);
    size_t p = right ? view.rfind(sub) : view.find(sub);
    if (p != std::string_view::npos) found = static_cast<int64_t>(p + b);
  }
  if (found < 0 && raise_missing) I.raise(ty::ValueError, "substring not found");
  return Value::integer(found);
}
Value s_find(Interpreter& I, const Value& self, Args a) { return find_impl(I, self, a, false, false, "find"); }
Value s_rfind(Interpreter& I, const Value& self, Args a) { return find_impl(I, self, a, true, false, "rfind"); }
Value s_index(Interpreter& I, const Value& self, Args a) { return find_impl(I, self, a, false, true, "index"); }
Value s_rindex(Interpreter& I, const Value& self, Args a) { return find_impl(I, self, a, true, true, "rindex"); }

Value s_count(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "count", a, 1, 3);
  if (!is_str(a[0])) I.raise(ty::TypeError, "must be str, not " + a[0].type()->name);
  const std::string& s = self_str(self);
  const std::string& sub = str_of(a[0]);
  size_t b, e;
  range_args(I, a, 1, s.size(), b, e);
  if (b > e) return Value::integer(0);
  std::string_view view(s.data() + b, e - b);
  if (sub.empty()) return Value::integer(static_cast<int64_t>(view.size()) + 1);
  int64_t n = 0;
  for (size_t p = view.find(sub); p != std::string_view::npos; p = view.find(sub, p + sub.size())) ++n;
  return Value::integer(n);
}

Value affix_impl(Interpreter& I, const Value& self, Args a, bool start, const char* name) {
  check_arity(I, name, a, 1, 3);
  const std::string& s = self_str(self);
  size_t b, e;
  range_args(I, a, 1, s.size(), b, e);
  std::vector<Value> options;
  if (is_tuple(a[0])) options = a[0].as<TupleObject>()->items;
  else if (is_str(a[0])) options.push_back(a[0]);
  else {
    I.raise(ty::TypeError, std::string(name) + " first arg must be str or a tuple of str, not " + a[0].type()->name);
  }
  if (b > e) return Value::boolean(false);
  std::string_view view(s.data() + b, e - b);
  for (auto& o : options) {
    if (!is_str(o)) I.raise(ty::TypeError, "tuple for " + std::string(name) + " must only contain str, not " + o.type()->name);
    const std::string& x = str_of(o);
    if (x.size() > view.size()) continue;
    if (start ? view.substr(0, x.size()) == x : view.substr(view.size() - x.size()) == x) return Value::boolean(true);
  }
  return Value::boolean(false);
}
Value s_startswith(Interpreter& I, const Value& self, Args a) { return affix_impl(I, self, a, true, "startswith"); }
Value s_endswith(Interpreter& I, const Value& self, Args a) { return affix_impl(I, self, a, false, "endswith"); }

Value pad_impl(Interpreter& I, const Value& self, Args a, char mode, const char* name) {
  check_arity(I, name, a, 1, 2);
  int64_t width = I.to_index(a[0]);
  std::string fill = " ";
  if (a.n == 2) {
    if (!is_str(a[1]) || I.len(a[1]) != 1) {
      I.raise(ty::TypeError, "The fill character must be exactly one character long");
    }
    fill = str_of(a[1]);
  }
  const std::string& s = self_str(self);
  int64_t len = I.len(self);
  if (width <= len) return self;
  int64_t pad = width - len, left = 0;
  if (mode == 'l') left = 0;
  else if (mode == 'r') left = pad;
  else left = pad / 2 + (pad & width & 1);
  std::string out;
  for (int64_t i = 0; i < left; ++i) out += fill;
  out += s;
  for (int64_t i = left; i < pad; ++i) out += fill;
  return make_str(out);
}
Value s_center(Interpreter& I, const Value& self, Args a) { return pad_impl(I, self, a, 'c', "center"); }
Value s_ljust(Interpreter& I, const Value& self, Args a) { return pad_impl(I, self, a, 'l', "ljust"); }
Value s_rjust(Interpreter& I, const Value& self, Args a) { return pad_impl(I, self, a, 'r', "rjust"); }

Value s_zfill(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "zfill", a, 1, 1);
  int64_t width = I.to_index(a[0]);
  std::string s = self_str(self);
  if (width <= static_cast<int64_t>(s.size())) return self;
  size_t fill = static_cast<size_t>(width) - s.size();
  size_t at = !s.empty() && (s[0] == '+' || s[0] == '-') ? 1 : 0;
  s.insert(at, std::string(fill, '0'));
  return make_str(s);
}

template <int (*Pred)(int)>
Value all_chars(const Value& self) {
  const std::string& s = str_of(self);
  if (s.empty()) return Value::boolean(false);
  for (unsigned char c : s)
    if (!Pred(c)) return Value::boolean(false);
  return Value::boolean(true);
}
Value s_isdigit(Interpreter& I, const Value& self, Args a) { check_arity(I, "isdigit", a, 0, 0); return all_chars<std::isdigit>(self); }
Value s_isalpha(Interpreter& I, const Value& self, Args a) { check_arity(I, "isalpha", a, 0, 0); return all_chars<std::isalpha>(self); }
Value s_isalnum(Interpreter& I, const Value& self, Args a) { check_arity(I, "isalnum", a, 0, 0); return all_chars<std::isalnum>(self); }
Value s_isspace(Interpreter& I, const Value& self, Args a) { check_arity(I, "isspace", a, 0, 0); return all_chars<std::isspace>(self); }

Value case_test(const Value& self, bool upper) {
  bool cased = false;
  for (unsigned char c : str_of(self)) {
    if (upper ? std::islower(c) : std::isupper(c)) return Value::boolean(false);
    cased = cased || std::isalpha(c);
  }
  return Value::boolean(cased);
}
Value s_isupper(Interpreter& I, const Value& self, Args a) { check_arity(I, "isupper", a, 0, 0); return case_test(self, true); }
Value s_islower(Interpreter& I, const Value& self, Args a) { check_arity(I, "islower", a, 0, 0); return case_test(self, false); }
Value s_isidentifier(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "isidentifier", a, 0, 0);
  const std::string& s = str_of(self);
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return Value::boolean(false);
  for (unsigned char c : s)
    if (!std::isalnum(c) && c != '_' && c < 0x80) return Value::boolean(false);
  return Value::boolean(true);
}

Value partition_impl(Interpreter& I, const Value& self, Args a, bool right) {
  check_arity(I, right ? "rpartition" : "partition", a, 1, 1);
  if (!is_str(a[0])) I.raise(ty::TypeError, "must be str, not " + a[0].type()->name);
  const std::string& s = self_str(self);
  const std::string& sep = str_of(a[0]);
  if (sep.empty()) I.raise(ty::ValueError, "empty separator");
  size_t p = right ? s.rfind(sep) : s.find(sep);
  if (p == std::string::npos) {
    return right ? make_tuple({make_str(""), make_str(""), self}) : make_tuple({self, make_str(""), make_str("")});
  }
  return make_tuple({make_str(s.substr(0, p)), a[0], make_str(s.substr(p + sep.size()))});
}
Value s_partition(Interpreter& I, const Value& self, Args a) { return partition_impl(I, self, a, false); }
Value s_rpartition(Interpreter& I, const Value& self, Args a) { return partition_impl(I, self, a, true); }

Value s_removeprefix(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "removeprefix", a, 1, 1);
  const std::string& s = self_str(self);
  const std::string& p = arg_str(I, a, 0, "removeprefix");
  return s.compare(0, p.size(), p) == 0 ? make_str(s.substr(p.size())) : self;
}
Value s_removesuffix(Interpreter& I, const Value& self, Args a) {
  check_arity(I, "removesuffix", a, 1, 1);
  const std::string& s = self_str(self);
  const std::string& p = arg_str(I, a, 0, "removesuffix");
  if (!p.empty() && s.size() >= p.size() && s.compare(s.size() - p.size(), p.size(), p) == 0) {
    return make_str(s.substr(0, s.size() - p.size()));
  }
  return self;
}

// str.format: {} / {0} / {name}, then .attr and [index] parts, !r/!s, :spec.
Value s_format(Interpreter& I, const Value& self, Args a) {
  const std::string& f = self_str(self);
  std::string out;
  size_t auto_index = 0;
  bool used_auto = false, used_manual = false;
  for (size_t i = 0; i < f.size(); ++i) {
    char c = f[i];
    if (c == '}') {
      if (i + 1 < f.size() && f[i + 1] == '}') {
        out += '}';
        ++i;
        continue;
      }
      I.raise(ty::ValueError, "Single '}' encountered in format string");
    }
    if (c != '{') {
      out += c;
      continue;
    }
    if (i + 1 < f.size() && f[i + 1] == '{') {
      out += '{';
      ++i;
      continue;
    }
    size_t depth = 1, j = i + 1;
    for (; j < f.size(); ++j) {
      if (f[j] == '{') ++depth;
      if (f[j] == '}' && --depth == 0) break;
    }
    if (j >= f.size()) I.raise(ty::ValueError, "expected '}' before end of string");
    std::string field = f.substr(i + 1, j - i - 1);
    i = j;
    std::string spec;
    char conv = 0;
    size_t colon = field.find(':');
    if (colon != std::string::npos) {
      spec = field.substr(colon + 1);
      field = field.substr(0, colon);
    }
    size_t bang = field.find('!');
    if (bang != std::string::npos) {
      conv = bang + 1 < field.size() ? field[bang + 1] : 0;
      field = field.substr(0, bang);
    }
    if (spec.find('{') != std::string::npos) {
      // Nested fields in the spec ("{:{width}}").
      Value sub = s_format(I, make_str(spec), a);
      spec = str_of(sub);
    }
    size_t name_end = field.find_first_of(".[");
    std::string head = field.substr(0, name_end);
    Value v;
    if (head.empty()) {
      if (used_manual) I.raise(ty::ValueError, "cannot switch from manual field specification to automatic field numbering");
      used_auto = true;
      if (auto_index >= a.n) {
        I.raise(ty::IndexError, "Replacement index " + std::to_string(auto_index) + " out of range for positional args tuple");
      }
      v = a[auto_index++];
    } else if (std::all_of(head.begin(), head.end(), [](char ch) { return std::isdigit(static_cast<unsigned char>(ch)); })) {
      if (used_auto) I.raise(ty::ValueError, "cannot switch from automatic field numbering to manual field specification");
      used_manual = true;
      size_t idx = std::stoul(head);
      if (idx >= a.n) I.raise(ty::IndexError, "Replacement index " + head + " out of range for positional args tuple");
      v = a[idx];
    } else {
      bool found = false;
      for (size_t k = 0; k < a.nkw; ++k) {
        if (*a.kw[k].name == head) {
          v = a.kw[k].value;
          found = true;
        }
      }
      if (!found) throw PyError{I.make_exception_args(ty::KeyError, {make_str(head)})};
    }
    size_t p = name_end;
    while (p != std::string::npos && p < field.size()) {
      if (field[p] == '.') {
        size_t q = field.find_first_of(".[", p + 1);
        v = I.getattr(v, field.substr(p + 1, q == std::string::npos ? std::string::npos : q - p - 1));
        p = q;
      } else {
        size_t q = field.find(']', p);
        std::string key = field.substr(p + 1, q - p - 1);
        bool digits = !key.empty() && std::all_of(key.begin(), key.end(), [](char ch) { return std::isdigit(static_cast<unsigned char>(ch)); });
        v = I.getitem(v, digits ? Value::integer(std::stoll(key)) : make_str(key));
        p = q == std::string::npos ? q : q + 1;
      }
    }
    if (conv == 'r' || conv == 'a') v = make_str(I.repr(v));
    else if (conv == 's') v = make_str(I.str(v));
    out += str_of(I.format(v, spec));
  }
  return make_str(out);
}

Value s_encode(Interpreter& I, const Value&, Args) {
  I.raise(ty::NotImplementedError, "bytes are not supported in tensorplay");
}

}  // namespace

void register_str_methods() {
  TypeObject* t = ty::str;
  add_method(t, "capitalize", s_capitalize);
  add_method(t, "center", s_center);
  add_method(t, "count", s_count);
  add_method(t, "encode", s_encode);
  add_method(t, "endswith", s_endswith);
  add_method(t, "find", s_find);
  add_method(t, "format", s_format);
  add_method(t, "index", s_index);
  add_method(t, "isalnum", s_isalnum);
  add_method(t, "isalpha", s_isalpha);
  add_method(t, "isdecimal", s_isdigit);
  add_method(t, "isdigit", s_isdigit);
  add_method(t, "isidentifier", s_isidentifier);
  add_method(t, "islower", s_islower);
  add_method(t, "isnumeric", s_isdigit);
  add_method(t, "isspace", s_isspace);
  add_method(t, "isupper", s_isupper);
  add_method(t, "join", s_join);
  add_method(t, "ljust", s_ljust);
  add_method(t, "lower", s_lower);
  add_method(t, "lstrip", s_lstrip);
  add_method(t, "partition", s_partition);
  add_method(t, "removeprefix", s_removeprefix);
  add_method(t, "removesuffix", s_removesuffix);
  add_method(t, "replace", s_replace);
  add_method(t, "rfind", s_rfind);
  add_method(t, "rindex", s_rindex);
  add_method(t, "rjust", s_rjust);
  add_method(t, "rpartition", s_rpartition);
  add_method(t, "rsplit", s_rsplit);
  add_method(t, "rstrip", s_rstrip);
  add_method(t, "split", s_split);
  add_method(t, "splitlines", s_splitlines);
  add_method(t, "startswith", s_startswith);
  add_method(t, "strip", s_strip);
  add_method(t, "swapcase", s_swapcase);
  add_method(t, "title", s_title);
  add_method(t, "upper", s_upper);
  add_method(t, "zfill", s_zfill);
}

}  // namespace tp::lang
