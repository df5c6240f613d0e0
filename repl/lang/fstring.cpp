// f-string fields: {expr}, {expr!r}, {expr:spec} with nested {fields} in the spec, {x=}.
#include "repl/lang/fstring.h"

#include "repl/lang/lexer.h"
#include "repl/lang/parser.h"

namespace tp::lang {

namespace {

[[noreturn]] void fail(const std::string& msg, int line, int col) {
  throw SyntaxError("SyntaxError", "f-string: " + msg, line, col);
}

// Finds the end of a field's expression: the first '!', ':' , '=' (self-documenting) or
// '}' outside brackets and strings.
size_t scan_expression(const std::string& s, size_t i, int line, int col) {
  int depth = 0;
  char quote = 0;
  for (; i < s.size(); ++i) {
    char c = s[i];
    if (quote) {
      if (c == quote) quote = 0;
      continue;
    }
    if (c == '\'' || c == '"') {
      quote = c;
    } else if (c == '(' || c == '[' || c == '{') {
      ++depth;
    } else if (c == ')' || c == ']' || c == '}') {
      if (depth == 0) return i;
      --depth;
    } else if (depth == 0 && (c == ':' || (c == '!' && (i + 1 >= s.size() || s[i + 1] != '=')))) {
      return i;
    } else if (depth == 0 && c == '=' && i + 1 < s.size() && s[i + 1] != '=' &&
               (i == 0 || (s[i - 1] != '=' && s[i - 1] != '!' && s[i - 1] != '<' &&
                           s[i - 1] != '>'))) {
      return i;  // f'{x=}'
    }
  }
  fail("expecting '}'", line, col);
}

void parse_body(const std::string& s, size_t& i, bool raw, int line, int col, bool in_spec,
                std::vector<FStringPart>& out) {
  std::string literal;
  auto flush = [&] {
    if (!literal.empty()) {
      FStringPart p;
      p.literal = decode_escapes(literal, raw, line, col);
      out.push_back(std::move(p));
      literal.clear();
    }
  };
  while (i < s.size()) {
    char c = s[i];
    if (c == '{') {
      if (!in_spec && i + 1 < s.size() && s[i + 1] == '{') {
        literal += '{';
        i += 2;
        continue;
      }
      flush();
      ++i;
      size_t end = scan_expression(s, i, line, col);
      std::string expr = s.substr(i, end - i);
      if (expr.find_first_not_of(" \t\n") == std::string::npos) {
        fail("empty expression not allowed", line, col);
      }
      FStringPart part;
      try {
        part.value = parse_expression("(" + expr + ")");
      } catch (const SyntaxError& e) {
        throw SyntaxError("SyntaxError", std::string("f-string: ") + e.what(), line, col);
      }
      i = end;
      if (i < s.size() && s[i] == '=') {
        part.self_doc = expr + "=";
        ++i;
      }
      if (i < s.size() && s[i] == '!') {
        if (i + 1 >= s.size() || (s[i + 1] != 'r' && s[i + 1] != 's' && s[i + 1] != 'a')) {
          fail("invalid conversion character: expected 's', 'r', or 'a'", line, col);
        }
        part.conversion = s[i + 1];
        i += 2;
      }
      if (i < s.size() && s[i] == ':') {
        ++i;
        auto spec = std::make_unique<FStringExpr>();
        parse_body(s, i, raw, line, col, true, spec->parts);
        part.spec = std::move(spec);
      }
      if (i >= s.size() || s[i] != '}') fail("expecting '}'", line, col);
      ++i;
      if (!part.self_doc.empty() && part.conversion == 0 && !part.spec) part.conversion = 'r';
      out.push_back(std::move(part));
      continue;
    }
    if (c == '}') {
      if (in_spec) break;  // the end of this field's spec
      if (i + 1 < s.size() && s[i + 1] == '}') {
        literal += '}';
        i += 2;
        continue;
      }
      fail("single '}' is not allowed", line, col);
    }
    literal += c;
    ++i;
  }
  flush();
}

}  // namespace

void parse_fstring_body(const std::string& body, bool raw, int line, int col,
                        std::vector<FStringPart>& out) {
  size_t i = 0;
  parse_body(body, i, raw, line, col, false, out);
}

}  // namespace tp::lang
