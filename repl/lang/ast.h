// The syntax tree of tensorplay's Python subset. Every node keeps its source span so
// errors and hints can quote exactly what the learner wrote.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace tp::lang {

struct Span {
  int line = 0, col = 0;          // start (1-based line, 0-based column)
  int end_line = 0, end_col = 0;  // one past the end
};

// ---- Expressions ------------------------------------------------------------------

enum class ExprKind {
  Name, Int, Float, Str, Bool, None, Ellipsis, FString,
  List, Tuple, Dict, Set, ListComp, SetComp, DictComp, GeneratorExp,
  Attribute, Subscript, Slice, Call, Unary, Binary, BoolOp, Compare, IfExp, Lambda, Starred,
};

struct Expr {
  explicit Expr(ExprKind k) : kind(k) {}
  virtual ~Expr() = default;
  ExprKind kind;
  Span span;
};
using ExprPtr = std::unique_ptr<Expr>;
using ExprList = std::vector<ExprPtr>;

struct NameExpr : Expr {
  NameExpr() : Expr(ExprKind::Name) {}
  std::string id;
  // Filled by the interpreter's resolver (repl/lang/resolver.h): where the name lives.
  uint8_t scope = 0;  // a NameScope
  int slot = -1;      // frame slot, or global index
  int builtin = -1;   // builtins index a global falls back to, or -1
};
struct IntExpr : Expr {
  IntExpr() : Expr(ExprKind::Int) {}
  std::string digits;  // source digits (may exceed int64; the evaluator decides)
};
struct FloatExpr : Expr {
  FloatExpr() : Expr(ExprKind::Float) {}
  double value = 0;
};
struct StrExpr : Expr {
  StrExpr() : Expr(ExprKind::Str) {}
  std::string value;
  bool bytes = false;
};
struct BoolExpr : Expr {
  BoolExpr() : Expr(ExprKind::Bool) {}
  bool value = false;
};
struct NoneExpr : Expr {
  NoneExpr() : Expr(ExprKind::None) {}
};
struct EllipsisExpr : Expr {
  EllipsisExpr() : Expr(ExprKind::Ellipsis) {}
};

// One {expression!conversion:spec} of an f-string; literal text has no expression.
struct FStringPart {
  std::string literal;
  ExprPtr value;             // null for a literal part
  char conversion = 0;       // 0, 'r', 's' or 'a'
  std::unique_ptr<struct FStringExpr> spec;  // the format spec, itself an f-string
  std::string self_doc;      // "name=" for f'{name=}'
};
struct FStringExpr : Expr {
  FStringExpr() : Expr(ExprKind::FString) {}
  std::vector<FStringPart> parts;
};

struct SequenceExpr : Expr {  // List, Tuple, Set
  explicit SequenceExpr(ExprKind k = ExprKind::Tuple) : Expr(k) {}
  ExprList elts;
};
struct DictExpr : Expr {
  DictExpr() : Expr(ExprKind::Dict) {}
  ExprList keys;  // a null key means **mapping in values
  ExprList values;
};

struct Comprehension {
  ExprPtr target;
  ExprPtr iter;
  ExprList ifs;
};
struct ComprehensionExpr : Expr {  // ListComp, SetComp, GeneratorExp, DictComp
  explicit ComprehensionExpr(ExprKind k = ExprKind::ListComp) : Expr(k) {}
  ExprPtr elt;    // the element (the key for DictComp)
  ExprPtr value;  // DictComp only
  std::vector<Comprehension> generators;
};

struct AttributeExpr : Expr {
  AttributeExpr() : Expr(ExprKind::Attribute) {}
  ExprPtr value;
  std::string attr;
};
struct SubscriptExpr : Expr {
  SubscriptExpr() : Expr(ExprKind::Subscript) {}
  ExprPtr value;
  ExprPtr index;  // a Tuple for x[a, b]
};
struct SliceExpr : Expr {
  SliceExpr() : Expr(ExprKind::Slice) {}
  ExprPtr lower, upper, step;  // each may be null
};

struct Keyword {
  std::string name;  // empty for **mapping
  ExprPtr value;
  Span span;
};
struct CallExpr : Expr {
  CallExpr() : Expr(ExprKind::Call) {}
  ExprPtr func;
  ExprList args;  // may contain Starred
  std::vector<Keyword> keywords;
};

enum class UnaryOpKind { Neg, Pos, Invert, Not };
struct UnaryExpr : Expr {
  UnaryExpr() : Expr(ExprKind::Unary) {}
  UnaryOpKind op = UnaryOpKind::Neg;
  ExprPtr operand;
};

enum class BinOpKind { Add, Sub, Mul, Div, FloorDiv, Mod, Pow, MatMul, LShift, RShift, BitAnd, BitOr, BitXor };
struct BinaryExpr : Expr {
  BinaryExpr() : Expr(ExprKind::Binary) {}
  BinOpKind op = BinOpKind::Add;
  ExprPtr left, right;
};

struct BoolOpExpr : Expr {
  BoolOpExpr() : Expr(ExprKind::BoolOp) {}
  bool is_and = true;
  ExprList values;
};

enum class CmpOpKind { Eq, NotEq, Lt, LtE, Gt, GtE, Is, IsNot, In, NotIn };
struct CompareExpr : Expr {
  CompareExpr() : Expr(ExprKind::Compare) {}
  ExprPtr left;
  std::vector<CmpOpKind> ops;
  ExprList comparators;
};

struct IfExpExpr : Expr {
  IfExpExpr() : Expr(ExprKind::IfExp) {}
  ExprPtr test, body, orelse;
};

struct Param {
  enum class Kind { Positional, VarArgs, KeywordOnly, VarKeywords };
  std::string name;
  ExprPtr default_value;  // may be null
  Kind kind = Kind::Positional;
};

struct Stmt;
using StmtPtr = std::unique_ptr<Stmt>;
using StmtList = std::vector<StmtPtr>;

struct LambdaExpr : Expr {
  LambdaExpr() : Expr(ExprKind::Lambda) {}
  std::vector<Param> params;
  ExprPtr body;
};
struct StarredExpr : Expr {
  StarredExpr() : Expr(ExprKind::Starred) {}
  ExprPtr value;
};

// ---- Statements -------------------------------------------------------------------

enum class StmtKind {
  Expr, Assign, AugAssign, If, For, While, Break, Continue, Pass, Return, FunctionDef,
  ClassDef, Try, With, Raise, Assert, Del, Global, Nonlocal, Import, ImportFrom,
};

struct Stmt {
  explicit Stmt(StmtKind k) : kind(k) {}
  virtual ~Stmt() = default;
  StmtKind kind;
  Span span;
};

struct ExprStmt : Stmt {
  ExprStmt() : Stmt(StmtKind::Expr) {}
  ExprPtr value;
};
struct AssignStmt : Stmt {  // a = b = value
  AssignStmt() : Stmt(StmtKind::Assign) {}
  ExprList targets;
  ExprPtr value;
};
struct AugAssignStmt : Stmt {
  AugAssignStmt() : Stmt(StmtKind::AugAssign) {}
  ExprPtr target;
  BinOpKind op = BinOpKind::Add;
  ExprPtr value;
};
struct IfStmt : Stmt {
  IfStmt() : Stmt(StmtKind::If) {}
  ExprPtr test;
  StmtList body, orelse;  // elif becomes a nested If in orelse
};
struct ForStmt : Stmt {
  ForStmt() : Stmt(StmtKind::For) {}
  ExprPtr target, iter;
  StmtList body, orelse;
};
struct WhileStmt : Stmt {
  WhileStmt() : Stmt(StmtKind::While) {}
  ExprPtr test;
  StmtList body, orelse;
};
struct SimpleStmt : Stmt {  // Break, Continue, Pass
  explicit SimpleStmt(StmtKind k) : Stmt(k) {}
};
struct ReturnStmt : Stmt {
  ReturnStmt() : Stmt(StmtKind::Return) {}
  ExprPtr value;  // may be null
};
struct FunctionDefStmt : Stmt {
  FunctionDefStmt() : Stmt(StmtKind::FunctionDef) {}
  std::string name;
  std::vector<Param> params;
  StmtList body;
  ExprList decorators;
};
struct ClassDefStmt : Stmt {
  ClassDefStmt() : Stmt(StmtKind::ClassDef) {}
  std::string name;
  ExprList bases;
  StmtList body;
  ExprList decorators;
};
struct ExceptHandler {
  ExprPtr type;  // null for a bare except
  std::string name;
  StmtList body;
  Span span;
};
struct TryStmt : Stmt {
  TryStmt() : Stmt(StmtKind::Try) {}
  StmtList body;
  std::vector<ExceptHandler> handlers;
  StmtList orelse, finalbody;
};
struct WithItem {
  ExprPtr context;
  ExprPtr target;  // may be null
};
struct WithStmt : Stmt {
  WithStmt() : Stmt(StmtKind::With) {}
  std::vector<WithItem> items;
  StmtList body;
};
struct RaiseStmt : Stmt {
  RaiseStmt() : Stmt(StmtKind::Raise) {}
  ExprPtr exc, cause;  // both may be null
};
struct AssertStmt : Stmt {
  AssertStmt() : Stmt(StmtKind::Assert) {}
  ExprPtr test, msg;
};
struct DelStmt : Stmt {
  DelStmt() : Stmt(StmtKind::Del) {}
  ExprList targets;
};
struct NamesStmt : Stmt {  // Global, Nonlocal
  explicit NamesStmt(StmtKind k) : Stmt(k) {}
  std::vector<std::string> names;
};
struct ImportAlias {
  std::string name;    // dotted: "torch.nn"
  std::string asname;  // empty when none
};
struct ImportStmt : Stmt {  // import a.b as c, d
  ImportStmt() : Stmt(StmtKind::Import) {}
  std::vector<ImportAlias> names;
};
struct ImportFromStmt : Stmt {  // from a.b import c as d, e
  ImportFromStmt() : Stmt(StmtKind::ImportFrom) {}
  std::string module;
  std::vector<ImportAlias> names;  // a single "*" for import *
};

// A parsed file or REPL input.
struct Module {
  std::string source;
  std::string filename;  // "<stdin>" in the REPL
  StmtList body;
};

}  // namespace tp::lang
