// The lexer: tokens, indentation, strings, and Python 3.11's error texts and positions.
#include <doctest/doctest.h>

#include "repl/lang/lexer.h"

using namespace tp::lang;

namespace {

// Tokens as "kind:text" strings, for compact comparisons.
std::string show(const std::string& src) {
  std::string out;
  for (const Token& t : tokenize(src)) {
    if (!out.empty()) out += " ";
    switch (t.kind) {
      case TokenKind::Name: out += "N:" + t.text; break;
      case TokenKind::Int: out += "I:" + t.text; break;
      case TokenKind::Float: out += "F:" + t.text; break;
      case TokenKind::String: out += "S" + t.prefix + ":" + t.text; break;
      case TokenKind::Op: out += t.text; break;
      case TokenKind::Newline: out += "NL"; break;
      case TokenKind::Indent: out += "IN"; break;
      case TokenKind::Dedent: out += "DE"; break;
      case TokenKind::End: out += "END"; break;
    }
  }
  return out;
}

// The error a source raises: "Kind: message @line:offset" (offset 1-based, as Python's).
std::string error_of(const std::string& src) {
  try {
    tokenize(src);
  } catch (const SyntaxError& e) {
    return e.kind + ": " + e.what() + " @" + std::to_string(e.line) + ":" + std::to_string(e.col + 1);
  }
  return "no error";
}

}  // namespace

TEST_CASE("simple statements") {
  CHECK(show("x = ones(2,3); y = x.to(cuda)") ==
        "N:x = N:ones ( I:2 , I:3 ) ; N:y = N:x . N:to ( N:cuda ) NL END");
  CHECK(show("a **= 2 // 3 @ b") == "N:a **= I:2 // I:3 @ N:b NL END");
  CHECK(show("x[..., 1:]") == "N:x [ ... , I:1 : ] NL END");
}

TEST_CASE("numbers") {
  CHECK(show("1 2.5 .5 1e-3 1_000 0x1f 0 00") ==
        "I:1 F:2.5 F:.5 F:1e-3 I:1000 I:0x1f I:0 I:00 NL END");
}

TEST_CASE("indentation produces INDENT and DEDENT, ignoring blank and comment lines") {
  CHECK(show("if x:\n    y = 1\n\n    # note\n    z\nw\n") ==
        "N:if N:x : NL IN N:y = I:1 NL N:z NL DE N:w NL END");
  CHECK(show("for i in r:\n  if i:\n    pass\n") ==
        "N:for N:i N:in N:r : NL IN N:if N:i : NL IN N:pass NL DE DE END");
}

TEST_CASE("brackets join lines; a backslash continues one") {
  CHECK(show("f(1,\n  2)\n") == "N:f ( I:1 , I:2 ) NL END");
  CHECK(show("x = 1 + \\\n  2\n") == "N:x = I:1 + I:2 NL END");
}

TEST_CASE("strings with prefixes and escapes") {
  CHECK(show("'a\\tb' \"q\\\"\" r'\\n'") == "S:a\tb S:q\" Sr:\\n NL END");
  CHECK(show("f'{loss.item():.4f}'") == "Sf:{loss.item():.4f} NL END");
  CHECK(show("'''two\nlines'''") == "S:two\nlines NL END");
  CHECK(show("'\\x41\\u00e9'") == "S:A\xc3\xa9 NL END");
}

TEST_CASE("errors match Python 3.11") {
  CHECK(error_of("x = (1,") == "SyntaxError: '(' was never closed @1:5");
  CHECK(error_of("x = 1)") == "SyntaxError: unmatched ')' @1:6");
  CHECK(error_of("x = [1)") ==
        "SyntaxError: closing parenthesis ')' does not match opening parenthesis '[' @1:7");
  CHECK(error_of("s = \"abc") == "SyntaxError: unterminated string literal (detected at line 1) @1:5");
  CHECK(error_of("s = \"\"\"abc") ==
        "SyntaxError: unterminated triple-quoted string literal (detected at line 1) @1:5");
  CHECK(error_of("x = 01") ==
        "SyntaxError: leading zeros in decimal integer literals are not permitted; use an 0o "
        "prefix for octal integers @1:5");
  CHECK(error_of("x = 1abc") == "SyntaxError: invalid decimal literal @1:5");
  CHECK(error_of("x = 1 \\ y") ==
        "SyntaxError: unexpected character after line continuation character @1:8");
  CHECK(error_of("x = $") == "SyntaxError: invalid syntax @1:5");
  CHECK(error_of("if x:\n    y\n  z") .rfind(
            "IndentationError: unindent does not match any outer indentation level @3:", 0) == 0);
  CHECK(error_of("if x:\n\ty\n        z").rfind(
            "TabError: inconsistent use of tabs and spaces in indentation @3:", 0) == 0);
}

TEST_CASE("the interactive prompt continues unfinished input") {
  CHECK_FALSE(needs_more_input("x = 1\n"));
  CHECK(needs_more_input("x = (1,\n"));
  CHECK(needs_more_input("s = '''abc\n"));
  CHECK(needs_more_input("for i in range(3):\n"));
  CHECK(needs_more_input("for i in range(3):\n    print(i)\n"));
  CHECK_FALSE(needs_more_input("for i in range(3):\n    print(i)\n\n"));
  CHECK(needs_more_input("x = 1 + \\\n"));
  CHECK(needs_more_input("while True: pass\n"));
  CHECK_FALSE(needs_more_input("while True: pass\n\n"));
  CHECK(needs_more_input("@decorator\n"));
  CHECK_FALSE(needs_more_input("d = {'a': 1}\n"));
}
