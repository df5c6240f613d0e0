// Recursive-descent statements and precedence-climbing expressions; see parser.h.
#include "repl/lang/parser.h"

#include <cstdlib>
#include <set>

#include "repl/lang/fstring.h"

namespace tp::lang {

namespace {

const std::set<std::string> kKeywords = {
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class",
    "continue", "def", "del", "elif", "else", "except", "finally", "for", "from", "global",
    "if", "import", "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return",
    "try", "while", "with", "yield"};

// Binary operator levels from loosest (|) to tightest (* / // % @); ** is handled apart.
struct BinLevel {
  std::vector<std::pair<const char*, BinOpKind>> ops;
};
const BinLevel kBinLevels[] = {
    {{{"|", BinOpKind::BitOr}}},
    {{{"^", BinOpKind::BitXor}}},
    {{{"&", BinOpKind::BitAnd}}},
    {{{"<<", BinOpKind::LShift}, {">>", BinOpKind::RShift}}},
    {{{"+", BinOpKind::Add}, {"-", BinOpKind::Sub}}},
    {{{"*", BinOpKind::Mul}, {"/", BinOpKind::Div}, {"//", BinOpKind::FloorDiv},
      {"%", BinOpKind::Mod}, {"@", BinOpKind::MatMul}}},
};
constexpr int kNumBinLevels = 6;

const std::pair<const char*, BinOpKind> kAugOps[] = {
    {"+=", BinOpKind::Add},     {"-=", BinOpKind::Sub},      {"*=", BinOpKind::Mul},
    {"/=", BinOpKind::Div},     {"//=", BinOpKind::FloorDiv}, {"%=", BinOpKind::Mod},
    {"**=", BinOpKind::Pow},    {"@=", BinOpKind::MatMul},   {"<<=", BinOpKind::LShift},
    {">>=", BinOpKind::RShift}, {"&=", BinOpKind::BitAnd},   {"|=", BinOpKind::BitOr},
    {"^=", BinOpKind::BitXor}};

template <typename T>
std::unique_ptr<T> make(const Token& at) {
  auto node = std::make_unique<T>();
  node->span.line = node->span.end_line = at.line;
  node->span.col = node->span.end_col = at.col;
  return node;
}

class Parser {
 public:
  explicit Parser(std::vector<Token> tokens) : tokens_(std::move(tokens)) {}

  StmtList parse_file() {
    StmtList body;
    while (!at(TokenKind::End)) {
      if (accept(TokenKind::Newline)) continue;
      if (at(TokenKind::Indent)) error_at(peek(), "unexpected indent", "IndentationError");
      parse_statement(body);
    }
    return body;
  }

  ExprPtr parse_single_expression() {
    while (accept(TokenKind::Newline)) {
    }
    ExprPtr e = parse_testlist(true);
    while (accept(TokenKind::Newline)) {
    }
    if (!at(TokenKind::End)) error_at(peek(), "invalid syntax");
    return e;
  }

 private:
  std::vector<Token> tokens_;
  size_t pos_ = 0;
  int function_depth_ = 0;
  int loop_depth_ = 0;
  Token last_;  // the most recently consumed token, for end positions

  // ---- token helpers ----
  const Token& peek(size_t ahead = 0) const {
    size_t i = pos_ + ahead;
    return i < tokens_.size() ? tokens_[i] : tokens_.back();
  }
  bool at(TokenKind k) const { return peek().kind == k; }
  bool at_op(const char* op) const { return peek().kind == TokenKind::Op && peek().text == op; }
  bool at_keyword(const char* kw) const {
    return peek().kind == TokenKind::Name && peek().text == kw;
  }
  Token next() {
    last_ = peek();
    if (pos_ < tokens_.size() - 1) ++pos_;
    return last_;
  }
  bool accept(TokenKind k) {
    if (!at(k)) return false;
    next();
    return true;
  }
  bool accept_op(const char* op) {
    if (!at_op(op)) return false;
    next();
    return true;
  }
  bool accept_keyword(const char* kw) {
    if (!at_keyword(kw)) return false;
    next();
    return true;
  }
  void expect_op(const char* op) {
    if (!accept_op(op)) {
      if (std::string(op) == ":") error_at(peek(), "expected ':'");
      error_at(peek(), "invalid syntax");
    }
  }
  void expect_colon() {
    // Python reports a missing ':' at the token where it was expected.
    if (!accept_op(":")) error_at(peek(), "expected ':'");
  }
  std::string expect_name() {
    if (!at(TokenKind::Name) || kKeywords.count(peek().text)) error_at(peek(), "invalid syntax");
    return next().text;
  }

  [[noreturn]] void error_at(const Token& t, const std::string& msg,
                             const char* kind = "SyntaxError") {
    if (t.kind == TokenKind::End && std::string(kind) == "SyntaxError" && msg == "invalid syntax") {
      throw SyntaxError(kind, "unexpected EOF while parsing", t.line, t.col);
    }
    throw SyntaxError(kind, msg, t.line, t.col);
  }
  [[noreturn]] void error_span(const Span& s, const std::string& msg) {
    throw SyntaxError("SyntaxError", msg, s.line, s.col);
  }

  template <typename T>
  T* finish(T* node) {
    node->span.end_line = last_.line;
    node->span.end_col = last_.col + static_cast<int>(token_width(last_));
    return node;
  }
  static size_t token_width(const Token& t) {
    if (t.kind == TokenKind::String) return t.text.size() + 2 + t.prefix.size();
    return t.text.size();
  }
  static void extend(Span& s, const Span& to) {
    s.end_line = to.end_line;
    s.end_col = to.end_col;
  }

  // ---- statements ----
  void parse_statement(StmtList& out) {
    const Token& t = peek();
    if (t.kind == TokenKind::Op && t.text == "@") {
      out.push_back(parse_decorated());
      return;
    }
    if (t.kind == TokenKind::Name) {
      const std::string& w = t.text;
      if (w == "if") return out.push_back(parse_if());
      if (w == "for") return out.push_back(parse_for());
      if (w == "while") return out.push_back(parse_while());
      if (w == "def") return out.push_back(parse_def({}));
      if (w == "class") return out.push_back(parse_class({}));
      if (w == "try") return out.push_back(parse_try());
      if (w == "with") return out.push_back(parse_with());
      if (w == "async" || w == "await") error_at(t, "'" + w + "' is not supported in tensorplay");
    }
    parse_simple_statements(out);
  }

  void parse_simple_statements(StmtList& out) {
    while (true) {
      out.push_back(parse_small_statement());
      if (!accept_op(";")) break;
      if (at(TokenKind::Newline)) break;
    }
    if (!accept(TokenKind::Newline)) error_at(peek(), "invalid syntax");
  }

  // The body after a block header's ':', either indented lines or one line.
  StmtList parse_block(const std::string& what, int header_line) {
    StmtList body;
    if (accept(TokenKind::Newline)) {
      if (!accept(TokenKind::Indent)) {
        error_at(peek(), "expected an indented block after " + what + " on line " +
                             std::to_string(header_line), "IndentationError");
      }
      while (!accept(TokenKind::Dedent) && !at(TokenKind::End)) {
        if (accept(TokenKind::Newline)) continue;
        if (at(TokenKind::Indent)) error_at(peek(), "unexpected indent", "IndentationError");
        parse_statement(body);
      }
    } else {
      parse_simple_statements(body);
    }
    return body;
  }

  StmtPtr parse_if() {
    Token kw = next();  // 'if' or 'elif'
    auto node = make<IfStmt>(kw);
    node->test = parse_named_test();
    expect_colon();
    node->body = parse_block("'" + kw.text + "' statement", kw.line);
    if (at_keyword("elif")) {
      node->orelse.push_back(parse_if());
    } else if (at_keyword("else")) {
      Token e = next();
      expect_colon();
      node->orelse = parse_block("'else' statement", e.line);
    }
    return node;
  }

  StmtPtr parse_for() {
    Token kw = next();
    auto node = make<ForStmt>(kw);
    node->target = parse_target_list();
    check_assignable(*node->target, "assign");
    if (!accept_keyword("in")) error_at(peek(), "invalid syntax");
    node->iter = parse_testlist(true);
    expect_colon();
    ++loop_depth_;
    node->body = parse_block("'for' statement", kw.line);
    --loop_depth_;
    if (at_keyword("else")) {
      Token e = next();
      expect_colon();
      node->orelse = parse_block("'else' statement", e.line);
    }
    return node;
  }

  StmtPtr parse_while() {
    Token kw = next();
    auto node = make<WhileStmt>(kw);
    node->test = parse_named_test();
    expect_colon();
    ++loop_depth_;
    node->body = parse_block("'while' statement", kw.line);
    --loop_depth_;
    if (at_keyword("else")) {
      Token e = next();
      expect_colon();
      node->orelse = parse_block("'else' statement", e.line);
    }
    return node;
  }

  StmtPtr parse_decorated() {
    ExprList decorators;
    while (accept_op("@")) {
      decorators.push_back(parse_named_test());
      if (!accept(TokenKind::Newline)) error_at(peek(), "invalid syntax");
    }
    if (at_keyword("def")) return parse_def(std::move(decorators));
    if (at_keyword("class")) return parse_class(std::move(decorators));
    error_at(peek(), "invalid syntax");
  }

  StmtPtr parse_def(ExprList decorators) {
    Token kw = next();
    auto node = make<FunctionDefStmt>(kw);
    node->decorators = std::move(decorators);
    node->name = expect_name();
    expect_op("(");
    node->params = parse_params(")");
    expect_op(")");
    if (accept_op("->")) parse_test();  // annotations are accepted and ignored
    expect_colon();
    int saved_loops = loop_depth_;
    loop_depth_ = 0;
    ++function_depth_;
    node->body = parse_block("function definition", kw.line);
    --function_depth_;
    loop_depth_ = saved_loops;
    return node;
  }

  // Parameters up to `closer` (")" for def, ":" for lambda).
  std::vector<Param> parse_params(const char* closer) {
    std::vector<Param> params;
    bool seen_default = false, keyword_only = false, lambda = std::string(closer) == ":";
    while (!at_op(closer)) {
      Param p;
      Token start = peek();
      if (accept_op("**")) {
        p.kind = Param::Kind::VarKeywords;
        p.name = expect_name();
      } else if (accept_op("*")) {
        keyword_only = true;
        if (at_op(",") || at_op(closer)) {
          if (!accept_op(",")) break;
          continue;  // a bare * only marks the rest keyword-only
        }
        p.kind = Param::Kind::VarArgs;
        p.name = expect_name();
      } else {
        p.kind = keyword_only ? Param::Kind::KeywordOnly : Param::Kind::Positional;
        p.name = expect_name();
        if (!lambda && accept_op(":")) parse_test();  // annotation, ignored
        if (accept_op("=")) {
          p.default_value = parse_test();
          seen_default = true;
        } else if (seen_default && p.kind == Param::Kind::Positional) {
          error_at(start, "non-default argument follows default argument");
        }
      }
      for (const Param& q : params) {
        if (q.name == p.name) {
          error_at(start, "duplicate argument '" + p.name + "' in function definition");
        }
      }
      params.push_back(std::move(p));
      if (!accept_op(",")) break;
    }
    return params;
  }

  StmtPtr parse_class(ExprList decorators) {
    Token kw = next();
    auto node = make<ClassDefStmt>(kw);
    node->decorators = std::move(decorators);
    node->name = expect_name();
    if (accept_op("(")) {
      while (!at_op(")")) {
        if (at(TokenKind::Name) && peek(1).kind == TokenKind::Op && peek(1).text == "=") {
          error_at(peek(), "class keyword arguments are not supported in tensorplay");
        }
        node->bases.push_back(parse_test());
        if (!accept_op(",")) break;
      }
      expect_op(")");
    }
    expect_colon();
    int saved_functions = function_depth_, saved_loops = loop_depth_;
    function_depth_ = loop_depth_ = 0;
    node->body = parse_block("class definition", kw.line);
    function_depth_ = saved_functions;
    loop_depth_ = saved_loops;
    return node;
  }

  StmtPtr parse_try() {
    Token kw = next();
    auto node = make<TryStmt>(kw);
    expect_colon();
    node->body = parse_block("'try' statement", kw.line);
    while (at_keyword("except")) {
      Token e = next();
      ExceptHandler h;
      h.span.line = e.line;
      h.span.col = e.col;
      if (!at_op(":")) {
        h.type = parse_test();
        if (at_op(",")) {
          error_at(peek(), "multiple exception types must be parenthesized");
        }
        if (accept_keyword("as")) h.name = expect_name();
      }
      expect_colon();
      h.body = parse_block("'except' statement", e.line);
      node->handlers.push_back(std::move(h));
    }
    if (at_keyword("else")) {
      Token e = next();
      if (node->handlers.empty()) error_at(e, "invalid syntax");
      expect_colon();
      node->orelse = parse_block("'else' statement", e.line);
    }
    if (at_keyword("finally")) {
      Token f = next();
      expect_colon();
      node->finalbody = parse_block("'finally' statement", f.line);
    }
    if (node->handlers.empty() && node->finalbody.empty()) {
      error_at(peek(), "expected 'except' or 'finally' block");
    }
    return node;
  }

  StmtPtr parse_with() {
    Token kw = next();
    auto node = make<WithStmt>(kw);
    do {
      WithItem item;
      item.context = parse_test();
      if (accept_keyword("as")) {
        item.target = parse_target();
        check_assignable(*item.target, "assign");
      }
      node->items.push_back(std::move(item));
    } while (accept_op(","));
    expect_colon();
    node->body = parse_block("'with' statement", kw.line);
    return node;
  }

  StmtPtr parse_small_statement() {
    Token t = peek();
    if (t.kind == TokenKind::Name) {
      const std::string& w = t.text;
      if (w == "pass") return simple(StmtKind::Pass);
      if (w == "break") {
        if (loop_depth_ == 0) error_at(t, "'break' outside loop");
        return simple(StmtKind::Break);
      }
      if (w == "continue") {
        if (loop_depth_ == 0) error_at(t, "'continue' not properly in loop");
        return simple(StmtKind::Continue);
      }
      if (w == "return") {
        if (function_depth_ == 0) error_at(t, "'return' outside function");
        next();
        auto node = make<ReturnStmt>(t);
        if (!at(TokenKind::Newline) && !at_op(";")) node->value = parse_testlist(true);
        return node;
      }
      if (w == "raise") {
        next();
        auto node = make<RaiseStmt>(t);
        if (!at(TokenKind::Newline) && !at_op(";")) {
          node->exc = parse_test();
          if (accept_keyword("from")) node->cause = parse_test();
        }
        return node;
      }
      if (w == "global" || w == "nonlocal") {
        next();
        auto node = std::make_unique<NamesStmt>(w == "global" ? StmtKind::Global : StmtKind::Nonlocal);
        node->span.line = t.line;
        node->span.col = t.col;
        do node->names.push_back(expect_name());
        while (accept_op(","));
        return node;
      }
      if (w == "del") {
        next();
        auto node = make<DelStmt>(t);
        do {
          node->targets.push_back(parse_bitor_or_star());
          check_assignable(*node->targets.back(), "delete");
        } while (accept_op(",") && !at(TokenKind::Newline));
        return node;
      }
      if (w == "assert") {
        next();
        auto node = make<AssertStmt>(t);
        node->test = parse_test();
        if (accept_op(",")) node->msg = parse_test();
        return node;
      }
      if (w == "import") return parse_import();
      if (w == "from") return parse_from_import();
      if (w == "yield") error_at(t, "'yield' outside function");
    }
    return parse_expression_statement();
  }

  StmtPtr simple(StmtKind kind) {
    Token t = next();
    auto node = std::make_unique<SimpleStmt>(kind);
    node->span.line = t.line;
    node->span.col = t.col;
    return node;
  }

  std::string parse_dotted_name() {
    std::string name = expect_name();
    while (accept_op(".")) name += "." + expect_name();
    return name;
  }

  StmtPtr parse_import() {
    Token t = next();
    auto node = make<ImportStmt>(t);
    do {
      ImportAlias a;
      a.name = parse_dotted_name();
      if (accept_keyword("as")) a.asname = expect_name();
      node->names.push_back(std::move(a));
    } while (accept_op(","));
    return node;
  }

  StmtPtr parse_from_import() {
    Token t = next();
    auto node = make<ImportFromStmt>(t);
    if (at_op(".")) error_at(peek(), "relative imports are not supported in tensorplay");
    node->module = parse_dotted_name();
    if (!accept_keyword("import")) error_at(peek(), "invalid syntax");
    if (accept_op("*")) {
      node->names.push_back({"*", ""});
      return node;
    }
    bool paren = accept_op("(");
    do {
      if (paren && at_op(")")) break;
      ImportAlias a;
      a.name = expect_name();
      if (accept_keyword("as")) a.asname = expect_name();
      node->names.push_back(std::move(a));
    } while (accept_op(","));
    if (paren) expect_op(")");
    return node;
  }

  StmtPtr parse_expression_statement() {
    Token start = peek();
    ExprPtr first = parse_testlist(true);
    for (const auto& [op, kind] : kAugOps) {
      if (at_op(op)) {
        check_aug_target(*first);
        next();
        auto node = make<AugAssignStmt>(start);
        node->target = std::move(first);
        node->op = kind;
        node->value = parse_testlist(true);
        return node;
      }
    }
    if (at_op(":") && first->kind != ExprKind::Tuple) {  // annotated assignment
      next();
      parse_test();
      check_assignable(*first, "assign");
      if (!accept_op("=")) {  // a bare annotation binds nothing
        auto node = std::make_unique<SimpleStmt>(StmtKind::Pass);
        node->span = first->span;
        return node;
      }
      auto node = make<AssignStmt>(start);
      node->targets.push_back(std::move(first));
      node->value = parse_testlist(true);
      return node;
    }
    if (!at_op("=")) {
      auto node = make<ExprStmt>(start);
      node->span = first->span;
      node->value = std::move(first);
      return node;
    }
    auto node = make<AssignStmt>(start);
    node->targets.push_back(std::move(first));
    while (accept_op("=")) {
      if (at_keyword("yield")) error_at(peek(), "'yield' outside function");
      node->targets.push_back(parse_testlist(true));
    }
    node->value = std::move(node->targets.back());
    node->targets.pop_back();
    for (const ExprPtr& target : node->targets) check_assignable(*target, "assign");
    return node;
  }

  // Python's names for what cannot be assigned to.
  static const char* describe(const Expr& e) {
    switch (e.kind) {
      case ExprKind::Call: return "function call";
      case ExprKind::Int: case ExprKind::Float: case ExprKind::Str: case ExprKind::FString:
      case ExprKind::Ellipsis: return "literal";
      case ExprKind::Bool: return static_cast<const BoolExpr&>(e).value ? "True" : "False";
      case ExprKind::None: return "None";
      case ExprKind::Compare: return "comparison";
      case ExprKind::Lambda: return "lambda";
      case ExprKind::IfExp: return "conditional expression";
      case ExprKind::Dict: return "dict literal";
      case ExprKind::Set: return "set display";
      case ExprKind::ListComp: return "list comprehension";
      case ExprKind::DictComp: return "dict comprehension";
      case ExprKind::SetComp: return "set comprehension";
      case ExprKind::GeneratorExp: return "generator expression";
      default: return "expression";
    }
  }

  void check_assignable(const Expr& e, const char* verb) {
    switch (e.kind) {
      case ExprKind::Name:
      case ExprKind::Attribute:
      case ExprKind::Subscript: return;
      case ExprKind::Starred:
        check_assignable(*static_cast<const StarredExpr&>(e).value, verb);
        return;
      case ExprKind::Tuple:
      case ExprKind::List:
        for (const ExprPtr& elt : static_cast<const SequenceExpr&>(e).elts) check_assignable(*elt, verb);
        return;
      default: break;
    }
    std::string what = describe(e);
    if (std::string(verb) == "delete") error_span(e.span, "cannot delete " + what);
    if (what == "True" || what == "False" || what == "None") {
      error_span(e.span, "cannot assign to " + what);
    }
    error_span(e.span, "cannot assign to " + what + " here. Maybe you meant '==' instead of '='?");
  }

  void check_aug_target(const Expr& e) {
    if (e.kind == ExprKind::Name || e.kind == ExprKind::Attribute || e.kind == ExprKind::Subscript) return;
    std::string what = e.kind == ExprKind::Tuple ? "tuple" : e.kind == ExprKind::List ? "list" : describe(e);
    error_span(e.span, "'" + what + "' is an illegal expression for augmented assignment");
  }

  // ---- expressions ----

  // A comma-separated list: a Tuple when a comma appears (or `star` allows *x items).
  ExprPtr parse_testlist(bool star) {
    return parse_comma_list([&] { return star ? parse_test_or_star() : parse_test(); },
                            [&] { return starts_expression(); });
  }

  // Items separated by commas: one item alone, or a Tuple when a comma appears.
  // `more()` says whether another item follows a comma (a trailing comma ends the list).
  template <typename Item, typename More>
  ExprPtr parse_comma_list(Item item, More more) {
    Token start = peek();
    ExprPtr first = item();
    if (!at_op(",")) return first;
    auto tuple = make<SequenceExpr>(start);
    tuple->kind = ExprKind::Tuple;
    tuple->span = first->span;
    tuple->elts.push_back(std::move(first));
    while (accept_op(",")) {
      if (!more()) break;
      tuple->elts.push_back(item());
    }
    extend(tuple->span, tuple->elts.back()->span);
    return tuple;
  }

  bool starts_expression() const {
    const Token& t = peek();
    switch (t.kind) {
      case TokenKind::Name:
        return !kKeywords.count(t.text) || t.text == "None" || t.text == "True" ||
               t.text == "False" || t.text == "not" || t.text == "lambda" || t.text == "await";
      case TokenKind::Int:
      case TokenKind::Float:
      case TokenKind::String: return true;
      case TokenKind::Op:
        return t.text == "(" || t.text == "[" || t.text == "{" || t.text == "-" ||
               t.text == "+" || t.text == "~" || t.text == "..." || t.text == "*";
      default: return false;
    }
  }

  // A target list for `for` and comprehensions: stops before `in`.
  ExprPtr parse_target_list() {
    return parse_comma_list([&] { return parse_bitor_or_star(); },
                            [&] { return !at_keyword("in"); });
  }

  ExprPtr parse_target() { return parse_bitor_or_star(); }

  ExprPtr parse_bitor_or_star() {
    if (at_op("*")) {
      Token s = next();
      auto node = make<StarredExpr>(s);
      node->value = parse_binary(0);
      extend(node->span, node->value->span);
      return node;
    }
    return parse_binary(0);
  }

  ExprPtr parse_test_or_star() {
    if (at_op("*")) return parse_bitor_or_star();
    return parse_test();
  }

  // test with an optional walrus (accepted only as a plain name binding).
  ExprPtr parse_named_test() {
    ExprPtr e = parse_test();
    if (at_op(":=")) error_at(peek(), "':=' (assignment expressions) is not supported in tensorplay");
    return e;
  }

  ExprPtr parse_test() {
    if (at_keyword("lambda")) return parse_lambda();
    if (at_keyword("yield")) error_at(peek(), "'yield' is not supported in tensorplay");
    ExprPtr body = parse_or();
    if (at_keyword("if")) {
      // Only a conditional expression if an `else` follows (comprehension ifs stop earlier).
      Token t = next();
      auto node = make<IfExpExpr>(t);
      node->span = body->span;
      node->test = parse_or();
      if (!accept_keyword("else")) error_at(peek(), "expected 'else' after 'if' expression");
      node->orelse = parse_test();
      extend(node->span, node->orelse->span);
      node->body = std::move(body);
      return node;
    }
    return body;
  }

  ExprPtr parse_lambda() {
    Token t = next();
    auto node = make<LambdaExpr>(t);
    node->params = parse_params(":");
    expect_colon();
    ++function_depth_;
    node->body = parse_test();
    --function_depth_;
    extend(node->span, node->body->span);
    return node;
  }

  ExprPtr parse_or() { return parse_bool_op(false); }
  ExprPtr parse_and() { return parse_bool_op(true); }

  // `a or b or c` (is_and false) over and-tests, `a and b` (is_and true) over not-tests.
  ExprPtr parse_bool_op(bool is_and) {
    const char* keyword = is_and ? "and" : "or";
    auto operand = [&] { return is_and ? parse_not() : parse_and(); };
    ExprPtr left = operand();
    if (!at_keyword(keyword)) return left;
    auto node = std::make_unique<BoolOpExpr>();
    node->is_and = is_and;
    node->span = left->span;
    node->values.push_back(std::move(left));
    while (accept_keyword(keyword)) node->values.push_back(operand());
    extend(node->span, node->values.back()->span);
    return node;
  }

  ExprPtr parse_not() {
    if (at_keyword("not")) {
      Token t = next();
      auto node = make<UnaryExpr>(t);
      node->op = UnaryOpKind::Not;
      node->operand = parse_not();
      extend(node->span, node->operand->span);
      return node;
    }
    return parse_comparison();
  }

  bool parse_cmp_op(CmpOpKind& op) {
    const Token& t = peek();
    if (t.kind == TokenKind::Op) {
      static const std::pair<const char*, CmpOpKind> ops[] = {
          {"==", CmpOpKind::Eq}, {"!=", CmpOpKind::NotEq}, {"<", CmpOpKind::Lt},
          {"<=", CmpOpKind::LtE}, {">", CmpOpKind::Gt}, {">=", CmpOpKind::GtE}};
      for (const auto& [text, kind] : ops) {
        if (t.text == text) {
          next();
          op = kind;
          return true;
        }
      }
      return false;
    }
    if (t.kind != TokenKind::Name) return false;
    if (t.text == "in") {
      next();
      op = CmpOpKind::In;
      return true;
    }
    if (t.text == "is") {
      next();
      op = accept_keyword("not") ? CmpOpKind::IsNot : CmpOpKind::Is;
      return true;
    }
    if (t.text == "not" && peek(1).kind == TokenKind::Name && peek(1).text == "in") {
      next();
      next();
      op = CmpOpKind::NotIn;
      return true;
    }
    return false;
  }

  ExprPtr parse_comparison() {
    ExprPtr left = parse_binary(0);
    CmpOpKind op;
    if (!parse_cmp_op(op)) return left;
    auto node = std::make_unique<CompareExpr>();
    node->span = left->span;
    node->left = std::move(left);
    do {
      node->ops.push_back(op);
      node->comparators.push_back(parse_binary(0));
    } while (parse_cmp_op(op));
    extend(node->span, node->comparators.back()->span);
    return node;
  }

  ExprPtr parse_binary(int level) {
    if (level == kNumBinLevels) return parse_factor();
    ExprPtr left = parse_binary(level + 1);
    while (true) {
      const Token& t = peek();
      if (t.kind != TokenKind::Op) return left;
      bool matched = false;
      for (const auto& [text, kind] : kBinLevels[level].ops) {
        if (t.text == text) {
          next();
          auto node = std::make_unique<BinaryExpr>();
          node->op = kind;
          node->span = left->span;
          node->left = std::move(left);
          node->right = parse_binary(level + 1);
          extend(node->span, node->right->span);
          left = std::move(node);
          matched = true;
          break;
        }
      }
      if (!matched) return left;
    }
  }

  ExprPtr parse_factor() {
    const Token& t = peek();
    if (t.kind == TokenKind::Op && (t.text == "-" || t.text == "+" || t.text == "~")) {
      Token op = next();
      auto node = make<UnaryExpr>(op);
      node->op = op.text == "-" ? UnaryOpKind::Neg : op.text == "+" ? UnaryOpKind::Pos : UnaryOpKind::Invert;
      node->operand = parse_factor();
      extend(node->span, node->operand->span);
      return node;
    }
    return parse_power();
  }

  ExprPtr parse_power() {
    ExprPtr base = parse_primary();
    if (!at_op("**")) return base;
    next();
    auto node = std::make_unique<BinaryExpr>();
    node->op = BinOpKind::Pow;
    node->span = base->span;
    node->left = std::move(base);
    node->right = parse_factor();  // right-associative, binds tighter than unary on the left
    extend(node->span, node->right->span);
    return node;
  }

  ExprPtr parse_primary() {
    ExprPtr e = parse_atom();
    while (true) {
      if (accept_op(".")) {
        auto node = std::make_unique<AttributeExpr>();
        node->span = e->span;
        node->attr = expect_name();
        node->value = std::move(e);
        finish(node.get());
        e = std::move(node);
      } else if (at_op("(")) {
        next();
        auto node = std::make_unique<CallExpr>();
        node->span = e->span;
        node->func = std::move(e);
        parse_call_args(*node);
        expect_op(")");
        finish(node.get());
        e = std::move(node);
      } else if (at_op("[")) {
        next();
        auto node = std::make_unique<SubscriptExpr>();
        node->span = e->span;
        node->value = std::move(e);
        node->index = parse_subscript_list();
        expect_op("]");
        finish(node.get());
        e = std::move(node);
      } else {
        return e;
      }
    }
  }

  void parse_call_args(CallExpr& call) {
    bool seen_keyword = false, seen_kwargs = false;
    while (!at_op(")")) {
      Token start = peek();
      if (accept_op("**")) {
        Keyword k;
        k.value = parse_test();
        k.span = k.value->span;
        call.keywords.push_back(std::move(k));
        seen_kwargs = true;
      } else if (at_op("*")) {
        if (seen_kwargs) {
          error_at(start, "iterable argument unpacking follows keyword argument unpacking");
        }
        call.args.push_back(parse_bitor_or_star());
      } else if (at(TokenKind::Name) && peek(1).kind == TokenKind::Op && peek(1).text == "=") {
        Keyword k;
        k.name = expect_name();
        k.span.line = start.line;
        k.span.col = start.col;
        next();  // '='
        k.value = parse_test();
        call.keywords.push_back(std::move(k));
        seen_keyword = true;
      } else {
        ExprPtr arg = parse_test();
        if (at_keyword("for")) {  // f(x for x in xs)
          arg = parse_comprehension(ExprKind::GeneratorExp, std::move(arg), nullptr, start);
        }
        if (seen_kwargs) error_span(arg->span, "positional argument follows keyword argument unpacking");
        if (seen_keyword) error_span(arg->span, "positional argument follows keyword argument");
        call.args.push_back(std::move(arg));
      }
      check_missing_comma();
      if (!accept_op(",")) break;
    }
  }

  // Two expressions side by side inside brackets: Python suggests a missing comma.
  void check_missing_comma() {
    const Token& t = peek();
    bool starts = (t.kind == TokenKind::Name && !kKeywords.count(t.text)) ||
                  t.kind == TokenKind::Int || t.kind == TokenKind::Float ||
                  t.kind == TokenKind::String;
    if (starts) error_at(t, "invalid syntax. Perhaps you forgot a comma?");
  }

  ExprPtr parse_subscript_list() {
    return parse_comma_list([&] { return parse_subscript_item(); },
                            [&] { return !at_op("]"); });
  }

  ExprPtr parse_subscript_item() {
    Token start = peek();
    ExprPtr lower;
    if (!at_op(":")) {
      lower = parse_test_or_star();
      if (!at_op(":")) return lower;
    }
    auto slice = make<SliceExpr>(start);
    slice->lower = std::move(lower);
    expect_op(":");
    if (!at_op(":") && !at_op("]") && !at_op(",")) slice->upper = parse_test();
    if (accept_op(":")) {
      if (!at_op("]") && !at_op(",")) slice->step = parse_test();
    }
    finish(slice.get());
    return slice;
  }

  ExprPtr parse_comprehension(ExprKind kind, ExprPtr elt, ExprPtr value, const Token& start) {
    auto node = make<ComprehensionExpr>(start);
    node->kind = kind;
    node->elt = std::move(elt);
    node->value = std::move(value);
    while (accept_keyword("for")) {
      Comprehension c;
      c.target = parse_target_list();
      check_assignable(*c.target, "assign");
      if (!accept_keyword("in")) error_at(peek(), "invalid syntax");
      c.iter = parse_or();
      while (accept_keyword("if")) c.ifs.push_back(parse_or());
      node->generators.push_back(std::move(c));
    }
    finish(node.get());
    return node;
  }

  ExprPtr parse_atom() {
    Token t = peek();
    switch (t.kind) {
      case TokenKind::Int: {
        next();
        auto node = make<IntExpr>(t);
        node->digits = t.text;
        return finish_ptr(std::move(node));
      }
      case TokenKind::Float: {
        next();
        auto node = make<FloatExpr>(t);
        node->value = std::strtod(t.text.c_str(), nullptr);
        return finish_ptr(std::move(node));
      }
      case TokenKind::String: return parse_strings();
      case TokenKind::Name: {
        if (t.text == "True" || t.text == "False") {
          next();
          auto node = make<BoolExpr>(t);
          node->value = t.text == "True";
          return finish_ptr(std::move(node));
        }
        if (t.text == "None") {
          next();
          return finish_ptr(make<NoneExpr>(t));
        }
        if (kKeywords.count(t.text)) {
          if (t.text == "await") error_at(t, "'await' is not supported in tensorplay");
          error_at(t, "invalid syntax");
        }
        next();
        auto node = make<NameExpr>(t);
        node->id = t.text;
        return finish_ptr(std::move(node));
      }
      case TokenKind::Op:
        if (t.text == "(") return parse_paren();
        if (t.text == "[") return parse_list();
        if (t.text == "{") return parse_brace();
        if (t.text == "...") {
          next();
          return finish_ptr(make<EllipsisExpr>(t));
        }
        break;
      default: break;
    }
    error_at(t, "invalid syntax");
  }

  template <typename T>
  ExprPtr finish_ptr(std::unique_ptr<T> node) {
    finish(node.get());
    return node;
  }

  ExprPtr parse_strings() {
    Token first = peek();
    bool any_f = false, any_bytes = false;
    std::vector<Token> parts;
    while (at(TokenKind::String)) {
      parts.push_back(next());
      any_f |= parts.back().prefix.find('f') != std::string::npos;
      any_bytes |= parts.back().prefix.find('b') != std::string::npos;
    }
    if (!any_f) {
      auto node = make<StrExpr>(first);
      for (const Token& p : parts) node->value += p.text;
      node->bytes = any_bytes;
      return finish_ptr(std::move(node));
    }
    auto node = make<FStringExpr>(first);
    for (const Token& p : parts) {
      if (p.prefix.find('f') != std::string::npos) {
        parse_fstring_body(p.text, p.prefix.find('r') != std::string::npos, p.line, p.col,
                           node->parts);
      } else {
        FStringPart lit;
        lit.literal = p.text;
        node->parts.push_back(std::move(lit));
      }
    }
    return finish_ptr(std::move(node));
  }

  ExprPtr parse_paren() {
    Token open = next();
    if (accept_op(")")) {
      auto empty = make<SequenceExpr>(open);
      empty->kind = ExprKind::Tuple;
      return finish_ptr(std::move(empty));
    }
    ExprPtr first = parse_test_or_star();
    if (at_keyword("for")) {
      ExprPtr gen = parse_comprehension(ExprKind::GeneratorExp, std::move(first), nullptr, open);
      expect_op(")");
      finish(gen.get());
      return gen;
    }
    if (!at_op(",")) {
      check_missing_comma();
      expect_op(")");
      // Keep the parentheses in the span so hints quote what was written.
      first->span.line = open.line;
      first->span.col = open.col;
      finish(first.get());
      return first;
    }
    auto tuple = make<SequenceExpr>(open);
    tuple->kind = ExprKind::Tuple;
    tuple->elts.push_back(std::move(first));
    while (accept_op(",")) {
      if (at_op(")")) break;
      tuple->elts.push_back(parse_test_or_star());
      check_missing_comma();
    }
    expect_op(")");
    return finish_ptr(std::move(tuple));
  }

  ExprPtr parse_list() {
    Token open = next();
    auto list = make<SequenceExpr>(open);
    list->kind = ExprKind::List;
    if (accept_op("]")) return finish_ptr(std::move(list));
    ExprPtr first = parse_test_or_star();
    if (at_keyword("for")) {
      ExprPtr comp = parse_comprehension(ExprKind::ListComp, std::move(first), nullptr, open);
      expect_op("]");
      finish(comp.get());
      return comp;
    }
    list->elts.push_back(std::move(first));
    check_missing_comma();
    while (accept_op(",")) {
      if (at_op("]")) break;
      list->elts.push_back(parse_test_or_star());
      check_missing_comma();
    }
    expect_op("]");
    return finish_ptr(std::move(list));
  }

  ExprPtr parse_brace() {
    Token open = next();
    if (accept_op("}")) {
      auto dict = make<DictExpr>(open);
      return finish_ptr(std::move(dict));
    }
    // A dict when the first item is key: value or **mapping, else a set.
    if (accept_op("**")) {
      auto dict = make<DictExpr>(open);
      dict->keys.push_back(nullptr);
      dict->values.push_back(parse_binary(0));
      parse_dict_rest(*dict);
      return finish_ptr(std::move(dict));
    }
    ExprPtr first = parse_test_or_star();
    if (accept_op(":")) {
      ExprPtr value = parse_test();
      if (at_keyword("for")) {
        ExprPtr comp = parse_comprehension(ExprKind::DictComp, std::move(first), std::move(value), open);
        expect_op("}");
        finish(comp.get());
        return comp;
      }
      auto dict = make<DictExpr>(open);
      dict->keys.push_back(std::move(first));
      dict->values.push_back(std::move(value));
      parse_dict_rest(*dict);
      return finish_ptr(std::move(dict));
    }
    if (at_keyword("for")) {
      ExprPtr comp = parse_comprehension(ExprKind::SetComp, std::move(first), nullptr, open);
      expect_op("}");
      finish(comp.get());
      return comp;
    }
    auto set = make<SequenceExpr>(open);
    set->kind = ExprKind::Set;
    set->elts.push_back(std::move(first));
    while (accept_op(",")) {
      if (at_op("}")) break;
      set->elts.push_back(parse_test_or_star());
    }
    expect_op("}");
    return finish_ptr(std::move(set));
  }

  void parse_dict_rest(DictExpr& dict) {
    while (accept_op(",")) {
      if (at_op("}")) break;
      if (accept_op("**")) {
        dict.keys.push_back(nullptr);
        dict.values.push_back(parse_binary(0));
        continue;
      }
      dict.keys.push_back(parse_test());
      expect_colon();
      dict.values.push_back(parse_test());
    }
    expect_op("}");
  }
};

}  // namespace

std::unique_ptr<Module> parse(const std::string& source, const std::string& filename) {
  auto module = std::make_unique<Module>();
  module->source = source;
  module->filename = filename;
  Parser parser(tokenize(source));
  module->body = parser.parse_file();
  return module;
}

ExprPtr parse_expression(const std::string& source) {
  Parser parser(tokenize(source));
  return parser.parse_single_expression();
}

}  // namespace tp::lang
