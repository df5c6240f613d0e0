// The format-spec mini-language: [[fill]align][sign][#][0][width][,|_][.precision][type],
// with CPython's defaults (numbers align right, strings left) and its error texts.
#include "repl/lang/format.h"

#include <cmath>
#include <cstdio>

#include "repl/lang/interpreter.h"
#include "repl/lang/pyrepr.h"

namespace tp::lang {

namespace {

std::string type_error_spec(const std::string& spec, const char* tname) {
  return "Invalid format specifier '" + spec + "' for object of type '" + tname + "'";
}

struct Spec {
  char fill = ' ';
  char align = 0;  // '<', '>', '^', '=' or 0 for the default
  char sign = '-';
  bool alternate = false;
  int width = -1;
  char grouping = 0;
  int precision = -1;
  char type = 0;
};

Spec parse_spec(Interpreter& I, const std::string& s, const char* tname) {
  Spec sp;
  size_t i = 0;
  auto is_align = [](char c) { return c == '<' || c == '>' || c == '^' || c == '='; };
  if (s.size() >= 2 && is_align(s[1])) {
    sp.fill = s[0];
    sp.align = s[1];
    i = 2;
  } else if (!s.empty() && is_align(s[0])) {
    sp.align = s[0];
    i = 1;
  }
  if (i < s.size() && (s[i] == '+' || s[i] == '-' || s[i] == ' ')) sp.sign = s[i++];
  if (i < s.size() && s[i] == '#') {
    sp.alternate = true;
    ++i;
  }
  if (i < s.size() && s[i] == '0') {
    if (!sp.align) {
      sp.fill = '0';
      sp.align = '=';
    }
    ++i;
  }
  auto digits = [&]() {
    int v = -1;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') v = (v < 0 ? 0 : v * 10) + (s[i++] - '0');
    return v;
  };
  int w = digits();
  if (w >= 0) sp.width = w;
  if (i < s.size() && (s[i] == ',' || s[i] == '_')) sp.grouping = s[i++];
  if (i < s.size() && s[i] == '.') {
    ++i;
    sp.precision = digits();
    if (sp.precision < 0) I.raise(ty::ValueError, "Format specifier missing precision");
  }
  if (i < s.size()) sp.type = s[i++];
  if (i < s.size()) I.raise(ty::ValueError, type_error_spec(s, tname));
  return sp;
}

// Inserts the grouping character every three digits of the integer part of `digits`.
std::string group(const std::string& digits, char sep) {
  if (!sep) return digits;
  size_t end = digits.find_first_not_of("0123456789");
  if (end == std::string::npos) end = digits.size();
  std::string head = digits.substr(0, end), out;
  int n = 0;
  for (size_t k = head.size(); k-- > 0;) {
    out.insert(out.begin(), head[k]);
    if (++n % 3 == 0 && k > 0) out.insert(out.begin(), sep);
  }
  return out + digits.substr(end);
}

// Pads sign+body to the width with the fill and alignment.
std::string pad(const Spec& sp, const std::string& sign, const std::string& body, char default_align) {
  std::string text = sign + body;
  int len = 0;
  for (unsigned char c : text) len += (c & 0xC0) != 0x80;
  if (sp.width <= len) return text;
  size_t n = static_cast<size_t>(sp.width - len);
  char align = sp.align ? sp.align : default_align;
  std::string fill(n, sp.fill);
  switch (align) {
    case '<': return text + fill;
    case '^': return std::string(n / 2, sp.fill) + text + std::string(n - n / 2, sp.fill);
    case '=': return sign + fill + body;
    default: return fill + text;
  }
}

std::string sign_of(const Spec& sp, bool negative) {
  if (negative) return "-";
  if (sp.sign == '+') return "+";
  if (sp.sign == ' ') return " ";
  return "";
}

std::string printf_double(const char* fmt, int precision, double v) {
  char buf[512];
  int n = std::snprintf(buf, sizeof buf, fmt, precision, v);
  if (n >= static_cast<int>(sizeof buf)) {
    std::string big(static_cast<size_t>(n) + 1, '\0');
    std::snprintf(big.data(), big.size(), fmt, precision, v);
    big.resize(static_cast<size_t>(n));
    return big;
  }
  return std::string(buf, static_cast<size_t>(n));
}

// Removes trailing zeros of the fraction (and a bare '.') in fixed or scientific text.
std::string strip_zeros(std::string s, bool keep_one) {
  size_t e = s.find_first_of("eE");
  std::string exp = e == std::string::npos ? "" : s.substr(e);
  std::string mant = e == std::string::npos ? s : s.substr(0, e);
  if (mant.find('.') != std::string::npos) {
    while (mant.back() == '0') mant.pop_back();
    if (mant.back() == '.') {
      if (keep_one && exp.empty()) mant += '0';
      else mant.pop_back();
    }
  }
  return mant + exp;
}

}  // namespace

std::string format_float(Interpreter& I, double v, const std::string& spec) {
  Spec sp = parse_spec(I, spec, "float");
  bool neg = std::signbit(v) && !std::isnan(v);
  double a = std::fabs(v);
  std::string body;
  char t = sp.type;
  int p = sp.precision < 0 ? 6 : sp.precision;
  if (std::isinf(a) || std::isnan(a)) {
    body = std::isnan(a) ? "nan" : "inf";
    if (t == 'F' || t == 'E' || t == 'G') body = std::isnan(a) ? "NAN" : "INF";
    if (t == '%') body += "%";
    return pad(sp, sign_of(sp, neg), body, '>');
  }
  switch (t) {
    case 'f': case 'F': body = printf_double("%.*f", p, a); break;
    case 'e': case 'E': body = printf_double(t == 'e' ? "%.*e" : "%.*E", p, a); break;
    case '%': body = printf_double("%.*f", p, a * 100) + "%"; break;
    case 'g': case 'G': case 'n':
      body = printf_double(sp.alternate ? (t == 'G' ? "%#.*G" : "%#.*g") : (t == 'G' ? "%.*G" : "%.*g"),
                           p == 0 ? 1 : p, a);
      break;
    case 0:
      if (sp.precision < 0) {
        body = float_repr(a);
      } else {
        int prec = p == 0 ? 1 : p;
        std::string sci = printf_double("%.*e", prec - 1, a);
        int exp = std::atoi(sci.c_str() + sci.find('e') + 1);
        if (exp >= -4 && exp < prec - 1) {
          body = strip_zeros(printf_double("%.*f", prec - 1 - exp, a), true);
        } else {
          body = strip_zeros(sci, false);
        }
      }
      break;
    default: I.raise(ty::ValueError, "Unknown format code '" + std::string(1, t) + "' for object of type 'float'");
  }
  body = group(body, sp.grouping);
  return pad(sp, sign_of(sp, neg), body, '>');
}

std::string format_int(Interpreter& I, int64_t v, const std::string& spec) {
  Spec sp = parse_spec(I, spec, "int");
  char t = sp.type;
  if (t == 'e' || t == 'E' || t == 'f' || t == 'F' || t == 'g' || t == 'G' || t == '%') {
    return format_float(I, static_cast<double>(v), spec);
  }
  if (sp.precision >= 0) I.raise(ty::ValueError, "Precision not allowed in integer format specifier");
  bool neg = v < 0;
  uint64_t a = neg ? static_cast<uint64_t>(0) - static_cast<uint64_t>(v) : static_cast<uint64_t>(v);
  std::string body, prefix;
  switch (t) {
    case 0: case 'd': case 'n': body = std::to_string(a); break;
    case 'x': case 'X': case 'o': case 'b': {
      int base = t == 'o' ? 8 : t == 'b' ? 2 : 16;
      const char* dig = t == 'X' ? "0123456789ABCDEF" : "0123456789abcdef";
      do {
        body.insert(body.begin(), dig[a % static_cast<uint64_t>(base)]);
        a /= static_cast<uint64_t>(base);
      } while (a);
      if (sp.alternate) prefix = t == 'o' ? "0o" : t == 'b' ? "0b" : t == 'X' ? "0X" : "0x";
      break;
    }
    case 'c': body = std::string(1, static_cast<char>(v)); break;
    default: I.raise(ty::ValueError, "Unknown format code '" + std::string(1, t) + "' for object of type 'int'");
  }
  body = group(body, sp.grouping);
  return pad(sp, sign_of(sp, neg) + prefix, body, '>');
}

std::string format_str(Interpreter& I, const std::string& s, const std::string& spec) {
  Spec sp = parse_spec(I, spec, "str");
  if (sp.type != 0 && sp.type != 's') {
    I.raise(ty::ValueError, "Unknown format code '" + std::string(1, sp.type) + "' for object of type 'str'");
  }
  if (sp.sign != '-') I.raise(ty::ValueError, "Sign not allowed in string format specifier");
  if (sp.align == '=') I.raise(ty::ValueError, "'=' alignment not allowed in string format specifier");
  std::string body = s;
  if (sp.precision >= 0) {
    size_t k = 0;
    int count = 0;
    while (k < body.size() && count < sp.precision) {
      ++k;
      while (k < body.size() && (static_cast<unsigned char>(body[k]) & 0xC0) == 0x80) ++k;
      ++count;
    }
    body.resize(k);
  }
  return pad(sp, "", body, '<');
}

Value Interpreter::format(const Value& v, const std::string& spec) {
  if (v.is_bool() && spec.empty()) return make_str(v.as_bool() ? "True" : "False");
  if (v.is_intlike()) return make_str(format_int(*this, v.as_int(), spec));
  if (v.is_float()) return make_str(format_float(*this, v.as_float(), spec));
  if (is_str(v)) return make_str(format_str(*this, str_of(v), spec));
  if (v.type()->is_user) {
    Value r = call_dunder(v, "__format__", {make_str(spec)});
    if (!r.is_unbound()) return r;
  }
  if (!spec.empty()) {
    raise(ty::TypeError, "unsupported format string passed to " + v.type()->name + ".__format__");
  }
  return make_str(str(v));
}

std::string percent_format(Interpreter& I, const std::string& fmt, const Value& args) {
  std::vector<Value> items;
  if (is_tuple(args)) {
    items = args.as<TupleObject>()->items;
  } else {
    items.push_back(args);
  }
  size_t next = 0;
  std::string out;
  for (size_t i = 0; i < fmt.size(); ++i) {
    if (fmt[i] != '%') {
      out += fmt[i];
      continue;
    }
    size_t j = i + 1;
    std::string flags;
    while (j < fmt.size() && std::string("-+ #0123456789.").find(fmt[j]) != std::string::npos) flags += fmt[j++];
    if (j >= fmt.size()) I.raise(ty::ValueError, "incomplete format");
    char t = fmt[j];
    i = j;
    if (t == '%') {
      out += '%';
      continue;
    }
    if (next >= items.size()) I.raise(ty::TypeError, "not enough arguments for format string");
    const Value& v = items[next++];
    // Translate printf flags to a format spec: '-' means left-align.
    std::string spec;
    std::string f = flags;
    bool left = false;
    if (!f.empty() && f[0] == '-') {
      left = true;
      f = f.substr(1);
    }
    if (left) spec += "<";
    else if (t == 's' || t == 'r') spec += ">";  // printf right-aligns text by default
    spec += f;
    switch (t) {
      case 's': out += format_str(I, I.str(v), spec); break;
      case 'r': out += format_str(I, I.repr(v), spec); break;
      case 'd': case 'i': case 'u':
        if (!v.is_number()) I.raise(ty::TypeError, "%" + std::string(1, t) + " format: a real number is required, not " + v.type()->name);
        out += format_int(I, v.is_float() ? static_cast<int64_t>(v.as_float()) : v.as_int(), spec);
        break;
      case 'f': case 'F': case 'e': case 'E': case 'g': case 'G':
        if (!v.is_number()) I.raise(ty::TypeError, "must be real number, not " + v.type()->name);
        out += format_float(I, v.to_double(), spec + t);
        break;
      case 'x': case 'X': case 'o':
        out += format_int(I, v.as_int(), spec + t);
        break;
      default:
        I.raise(ty::ValueError, "unsupported format character '" + std::string(1, t) + "'");
    }
  }
  if (next < items.size() && is_tuple(args)) {
    I.raise(ty::TypeError, "not all arguments converted during string formatting");
  }
  return out;
}

}  // namespace tp::lang
