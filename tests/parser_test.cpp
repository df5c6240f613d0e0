// The parser against CPython 3.11: the same sources give the same ast.dump (ctx left out)
// and the same SyntaxError kind, text and line. Recorded by tests/fixtures/gen_parser.py.
#include <doctest/doctest.h>

#include "repl/lang/ast_dump.h"
#include "repl/lang/parser.h"
#include "repl/lang/pyrepr.h"
#include "test_util.h"

using namespace tp::lang;

namespace {

std::pair<std::string, std::string> split_case(const std::string& block) {
  size_t sep = block.find("\n---\n");
  REQUIRE(sep != std::string::npos);
  return {block.substr(0, sep) + "\n", block.substr(sep + 5)};
}

std::string outcome(const std::string& src) {
  try {
    parse(src, "<stdin>");
  } catch (const SyntaxError& e) {
    return e.kind + ": " + e.what() + " @" + std::to_string(e.line);
  }
  return "no error";
}

}  // namespace

TEST_CASE("the parser builds CPython's tree") {
  auto cases = tp::test::load_fixture("parser.txt");
  int checked = 0;
  for (const auto& [name, block] : cases) {
    if (name.rfind("parse", 0) != 0) continue;
    auto [src, expected] = split_case(block);
    CAPTURE(src);
    std::string got;
    try {
      got = dump(*parse(src, "<stdin>"));
    } catch (const SyntaxError& e) {
      got = std::string("SyntaxError: ") + e.what();
    }
    CHECK(got == expected);
    ++checked;
  }
  CHECK(checked >= 40);
}

TEST_CASE("syntax errors carry CPython's kind, text and line") {
  auto cases = tp::test::load_fixture("parser.txt");
  int checked = 0;
  for (const auto& [name, block] : cases) {
    if (name.rfind("error", 0) != 0) continue;
    auto [src, expected] = split_case(block);
    CAPTURE(src);
    CHECK(outcome(src) == expected);
    ++checked;
  }
  CHECK(checked >= 25);
}

TEST_CASE("parse_expression reads one expression") {
  ExprPtr e = parse_expression("x.to(cuda)");
  CHECK(e->kind == ExprKind::Call);
  CHECK(e->span.col == 0);
  CHECK(e->span.end_col == 10);
  CHECK_THROWS_AS(parse_expression("x = 1"), SyntaxError);
}

TEST_CASE("Python's float and string reprs") {
  CHECK(float_repr(0.1) == "0.1");
  CHECK(float_repr(1.0) == "1.0");
  CHECK(float_repr(1e-05) == "1e-05");
  CHECK(float_repr(1e16) == "1e+16");
  CHECK(float_repr(123456789012345.6) == "123456789012345.6");
  CHECK(float_repr(0.10000000149011612) == "0.10000000149011612");
  CHECK(float_repr(-2.5) == "-2.5");
  CHECK(float_repr(0.0001) == "0.0001");
  CHECK(float_repr(1.5e300) == "1.5e+300");
  CHECK(str_repr("it's") == "\"it's\"");
  CHECK(str_repr("a\nb'\"") == "'a\\nb\\'\"'");
}
