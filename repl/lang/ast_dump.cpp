// Writes the tree as CPython's ast.dump() does (minus ctx=), so tests can compare the
// parser with CPython's own on the same source.
#include "repl/lang/ast_dump.h"

#include <sstream>

#include "repl/lang/pyrepr.h"

namespace tp::lang {

namespace {

class Dumper {
 public:
  std::string out;

  void module(const Module& m) {
    out += "Module(body=";
    stmts(m.body);
    out += ", type_ignores=[])";
  }

  void stmts(const StmtList& list) {
    out += "[";
    for (size_t i = 0; i < list.size(); ++i) {
      if (i) out += ", ";
      stmt(*list[i]);
    }
    out += "]";
  }

  void exprs(const ExprList& list) {
    out += "[";
    for (size_t i = 0; i < list.size(); ++i) {
      if (i) out += ", ";
      if (list[i]) expr(*list[i]);
      else out += "None";
    }
    out += "]";
  }

  void field(const char* name, const Expr* e, bool first = false) {
    if (!e) return;
    if (!first) out += ", ";
    out += name;
    out += "=";
    expr(*e);
  }

  static const char* binop(BinOpKind k) {
    switch (k) {
      case BinOpKind::Add: return "Add()";
      case BinOpKind::Sub: return "Sub()";
      case BinOpKind::Mul: return "Mult()";
      case BinOpKind::Div: return "Div()";
      case BinOpKind::FloorDiv: return "FloorDiv()";
      case BinOpKind::Mod: return "Mod()";
      case BinOpKind::Pow: return "Pow()";
      case BinOpKind::MatMul: return "MatMult()";
      case BinOpKind::LShift: return "LShift()";
      case BinOpKind::RShift: return "RShift()";
      case BinOpKind::BitAnd: return "BitAnd()";
      case BinOpKind::BitOr: return "BitOr()";
      case BinOpKind::BitXor: return "BitXor()";
    }
    return "?";
  }

  static const char* cmpop(CmpOpKind k) {
    switch (k) {
      case CmpOpKind::Eq: return "Eq()";
      case CmpOpKind::NotEq: return "NotEq()";
      case CmpOpKind::Lt: return "Lt()";
      case CmpOpKind::LtE: return "LtE()";
      case CmpOpKind::Gt: return "Gt()";
      case CmpOpKind::GtE: return "GtE()";
      case CmpOpKind::Is: return "Is()";
      case CmpOpKind::IsNot: return "IsNot()";
      case CmpOpKind::In: return "In()";
      case CmpOpKind::NotIn: return "NotIn()";
    }
    return "?";
  }

  void arguments(const std::vector<Param>& params) {
    std::string args, kwonly, kw_defaults, defaults, vararg, kwarg;
    auto arg = [](const Param& p) { return "arg(arg='" + p.name + "')"; };
    for (const Param& p : params) {
      switch (p.kind) {
        case Param::Kind::Positional:
          args += (args.empty() ? "" : ", ") + arg(p);
          if (p.default_value) defaults += (defaults.empty() ? "" : ", ") + sub(*p.default_value);
          break;
        case Param::Kind::VarArgs: vararg = arg(p); break;
        case Param::Kind::KeywordOnly:
          kwonly += (kwonly.empty() ? "" : ", ") + arg(p);
          kw_defaults += (kw_defaults.empty() ? "" : ", ") +
                         (p.default_value ? sub(*p.default_value) : std::string("None"));
          break;
        case Param::Kind::VarKeywords: kwarg = arg(p); break;
      }
    }
    out += "arguments(posonlyargs=[], args=[" + args + "]";
    if (!vararg.empty()) out += ", vararg=" + vararg;
    out += ", kwonlyargs=[" + kwonly + "], kw_defaults=[" + kw_defaults + "]";
    if (!kwarg.empty()) out += ", kwarg=" + kwarg;
    out += ", defaults=[" + defaults + "])";
  }

  std::string sub(const Expr& e) {
    Dumper d;
    d.expr(e);
    return d.out;
  }

  void fstring_parts(const std::vector<FStringPart>& parts) {
    // CPython merges neighbouring literal text (including a field's "x=" prefix).
    out += "JoinedStr(values=[";
    bool first = true;
    std::string pending;
    auto flush = [&] {
      if (pending.empty()) return;
      if (!first) out += ", ";
      out += "Constant(value=" + str_repr(pending) + ")";
      pending.clear();
      first = false;
    };
    for (const FStringPart& p : parts) {
      if (!p.value) {
        pending += p.literal;
        continue;
      }
      pending += p.self_doc;
      flush();
      if (!first) out += ", ";
      first = false;
      out += "FormattedValue(value=";
      expr(*p.value);
      int conversion = p.conversion ? static_cast<int>(p.conversion) : -1;
      out += ", conversion=" + std::to_string(conversion);
      if (p.spec) {
        out += ", format_spec=";
        fstring_parts(p.spec->parts);
      }
      out += ")";
    }
    flush();
    out += "])";
  }

  void comprehensions(const std::vector<Comprehension>& gens) {
    out += "generators=[";
    for (size_t i = 0; i < gens.size(); ++i) {
      if (i) out += ", ";
      out += "comprehension(target=";
      expr(*gens[i].target);
      out += ", iter=";
      expr(*gens[i].iter);
      out += ", ifs=";
      exprs(gens[i].ifs);
      out += ", is_async=0)";
    }
    out += "]";
  }

  void expr(const Expr& e) {
    switch (e.kind) {
      case ExprKind::Name: out += "Name(id='" + static_cast<const NameExpr&>(e).id + "')"; break;
      case ExprKind::Int: out += "Constant(value=" + strip_int(static_cast<const IntExpr&>(e).digits) + ")"; break;
      case ExprKind::Float: out += "Constant(value=" + float_repr(static_cast<const FloatExpr&>(e).value) + ")"; break;
      case ExprKind::Str: out += "Constant(value=" + str_repr(static_cast<const StrExpr&>(e).value) + ")"; break;
      case ExprKind::Bool: out += std::string("Constant(value=") + (static_cast<const BoolExpr&>(e).value ? "True" : "False") + ")"; break;
      case ExprKind::None: out += "Constant(value=None)"; break;
      case ExprKind::Ellipsis: out += "Constant(value=Ellipsis)"; break;
      case ExprKind::FString: fstring_parts(static_cast<const FStringExpr&>(e).parts); break;
      case ExprKind::List:
      case ExprKind::Tuple:
      case ExprKind::Set: {
        const auto& s = static_cast<const SequenceExpr&>(e);
        out += e.kind == ExprKind::List ? "List(elts=" : e.kind == ExprKind::Tuple ? "Tuple(elts=" : "Set(elts=";
        exprs(s.elts);
        out += ")";
        break;
      }
      case ExprKind::Dict: {
        const auto& d = static_cast<const DictExpr&>(e);
        out += "Dict(keys=";
        exprs(d.keys);
        out += ", values=";
        exprs(d.values);
        out += ")";
        break;
      }
      case ExprKind::ListComp:
      case ExprKind::SetComp:
      case ExprKind::GeneratorExp:
      case ExprKind::DictComp: {
        const auto& c = static_cast<const ComprehensionExpr&>(e);
        if (e.kind == ExprKind::DictComp) {
          out += "DictComp(key=";
          expr(*c.elt);
          out += ", value=";
          expr(*c.value);
        } else {
          out += e.kind == ExprKind::ListComp ? "ListComp(elt=" : e.kind == ExprKind::SetComp ? "SetComp(elt=" : "GeneratorExp(elt=";
          expr(*c.elt);
        }
        out += ", ";
        comprehensions(c.generators);
        out += ")";
        break;
      }
      case ExprKind::Attribute: {
        const auto& a = static_cast<const AttributeExpr&>(e);
        out += "Attribute(value=";
        expr(*a.value);
        out += ", attr='" + a.attr + "')";
        break;
      }
      case ExprKind::Subscript: {
        const auto& s = static_cast<const SubscriptExpr&>(e);
        out += "Subscript(value=";
        expr(*s.value);
        out += ", slice=";
        expr(*s.index);
        out += ")";
        break;
      }
      case ExprKind::Slice: {
        const auto& s = static_cast<const SliceExpr&>(e);
        out += "Slice(";
        bool first = true;
        for (auto [name, part] : {std::pair{"lower", s.lower.get()}, std::pair{"upper", s.upper.get()},
                                  std::pair{"step", s.step.get()}}) {
          if (!part) continue;
          field(name, part, first);
          first = false;
        }
        out += ")";
        break;
      }
      case ExprKind::Call: {
        const auto& c = static_cast<const CallExpr&>(e);
        out += "Call(func=";
        expr(*c.func);
        out += ", args=";
        exprs(c.args);
        out += ", keywords=[";
        for (size_t i = 0; i < c.keywords.size(); ++i) {
          if (i) out += ", ";
          out += "keyword(";
          if (!c.keywords[i].name.empty()) out += "arg='" + c.keywords[i].name + "', ";
          out += "value=";
          expr(*c.keywords[i].value);
          out += ")";
        }
        out += "])";
        break;
      }
      case ExprKind::Unary: {
        const auto& u = static_cast<const UnaryExpr&>(e);
        const char* op = u.op == UnaryOpKind::Neg ? "USub()" : u.op == UnaryOpKind::Pos ? "UAdd()"
                         : u.op == UnaryOpKind::Invert ? "Invert()" : "Not()";
        out += std::string("UnaryOp(op=") + op + ", operand=";
        expr(*u.operand);
        out += ")";
        break;
      }
      case ExprKind::Binary: {
        const auto& b = static_cast<const BinaryExpr&>(e);
        out += "BinOp(left=";
        expr(*b.left);
        out += std::string(", op=") + binop(b.op) + ", right=";
        expr(*b.right);
        out += ")";
        break;
      }
      case ExprKind::BoolOp: {
        const auto& b = static_cast<const BoolOpExpr&>(e);
        out += std::string("BoolOp(op=") + (b.is_and ? "And()" : "Or()") + ", values=";
        exprs(b.values);
        out += ")";
        break;
      }
      case ExprKind::Compare: {
        const auto& c = static_cast<const CompareExpr&>(e);
        out += "Compare(left=";
        expr(*c.left);
        out += ", ops=[";
        for (size_t i = 0; i < c.ops.size(); ++i) out += (i ? ", " : "") + std::string(cmpop(c.ops[i]));
        out += "], comparators=";
        exprs(c.comparators);
        out += ")";
        break;
      }
      case ExprKind::IfExp: {
        const auto& i = static_cast<const IfExpExpr&>(e);
        out += "IfExp(test=";
        expr(*i.test);
        out += ", body=";
        expr(*i.body);
        out += ", orelse=";
        expr(*i.orelse);
        out += ")";
        break;
      }
      case ExprKind::Lambda: {
        const auto& l = static_cast<const LambdaExpr&>(e);
        out += "Lambda(args=";
        arguments(l.params);
        out += ", body=";
        expr(*l.body);
        out += ")";
        break;
      }
      case ExprKind::Starred:
        out += "Starred(value=";
        expr(*static_cast<const StarredExpr&>(e).value);
        out += ")";
        break;
    }
  }

  static std::string strip_int(const std::string& digits) {
    // Python prints the value: hex/octal/binary and leading zeros become decimal.
    if (digits.size() > 2 && digits[0] == '0' && std::isalpha(static_cast<unsigned char>(digits[1]))) {
      int base = (digits[1] == 'x' || digits[1] == 'X') ? 16 : (digits[1] == 'o' || digits[1] == 'O') ? 8 : 2;
      return std::to_string(std::stoull(digits.substr(2), nullptr, base));
    }
    size_t nz = digits.find_first_not_of('0');
    return nz == std::string::npos ? "0" : digits.substr(nz);
  }

  void stmt(const Stmt& s) {
    switch (s.kind) {
      case StmtKind::Expr:
        out += "Expr(value=";
        expr(*static_cast<const ExprStmt&>(s).value);
        out += ")";
        break;
      case StmtKind::Assign: {
        const auto& a = static_cast<const AssignStmt&>(s);
        out += "Assign(targets=";
        exprs(a.targets);
        out += ", value=";
        expr(*a.value);
        out += ")";
        break;
      }
      case StmtKind::AugAssign: {
        const auto& a = static_cast<const AugAssignStmt&>(s);
        out += "AugAssign(target=";
        expr(*a.target);
        out += std::string(", op=") + binop(a.op) + ", value=";
        expr(*a.value);
        out += ")";
        break;
      }
      case StmtKind::If: {
        const auto& i = static_cast<const IfStmt&>(s);
        out += "If(test=";
        expr(*i.test);
        out += ", body=";
        stmts(i.body);
        out += ", orelse=";
        stmts(i.orelse);
        out += ")";
        break;
      }
      case StmtKind::For: {
        const auto& f = static_cast<const ForStmt&>(s);
        out += "For(target=";
        expr(*f.target);
        out += ", iter=";
        expr(*f.iter);
        out += ", body=";
        stmts(f.body);
        out += ", orelse=";
        stmts(f.orelse);
        out += ")";
        break;
      }
      case StmtKind::While: {
        const auto& w = static_cast<const WhileStmt&>(s);
        out += "While(test=";
        expr(*w.test);
        out += ", body=";
        stmts(w.body);
        out += ", orelse=";
        stmts(w.orelse);
        out += ")";
        break;
      }
      case StmtKind::Break: out += "Break()"; break;
      case StmtKind::Continue: out += "Continue()"; break;
      case StmtKind::Pass: out += "Pass()"; break;
      case StmtKind::Return: {
        const auto& r = static_cast<const ReturnStmt&>(s);
        out += "Return(";
        field("value", r.value.get(), true);
        out += ")";
        break;
      }
      case StmtKind::FunctionDef: {
        const auto& f = static_cast<const FunctionDefStmt&>(s);
        out += "FunctionDef(name='" + f.name + "', args=";
        arguments(f.params);
        out += ", body=";
        stmts(f.body);
        out += ", decorator_list=";
        exprs(f.decorators);
        out += ")";
        break;
      }
      case StmtKind::ClassDef: {
        const auto& c = static_cast<const ClassDefStmt&>(s);
        out += "ClassDef(name='" + c.name + "', bases=";
        exprs(c.bases);
        out += ", keywords=[], body=";
        stmts(c.body);
        out += ", decorator_list=";
        exprs(c.decorators);
        out += ")";
        break;
      }
      case StmtKind::Try: {
        const auto& t = static_cast<const TryStmt&>(s);
        out += "Try(body=";
        stmts(t.body);
        out += ", handlers=[";
        for (size_t i = 0; i < t.handlers.size(); ++i) {
          if (i) out += ", ";
          const ExceptHandler& h = t.handlers[i];
          out += "ExceptHandler(";
          field("type", h.type.get(), true);
          if (!h.name.empty()) out += std::string(h.type ? ", " : "") + "name='" + h.name + "'";
          out += (h.type || !h.name.empty()) ? ", body=" : "body=";
          stmts(h.body);
          out += ")";
        }
        out += "], orelse=";
        stmts(t.orelse);
        out += ", finalbody=";
        stmts(t.finalbody);
        out += ")";
        break;
      }
      case StmtKind::With: {
        const auto& w = static_cast<const WithStmt&>(s);
        out += "With(items=[";
        for (size_t i = 0; i < w.items.size(); ++i) {
          if (i) out += ", ";
          out += "withitem(context_expr=";
          expr(*w.items[i].context);
          field("optional_vars", w.items[i].target.get());
          out += ")";
        }
        out += "], body=";
        stmts(w.body);
        out += ")";
        break;
      }
      case StmtKind::Raise: {
        const auto& r = static_cast<const RaiseStmt&>(s);
        out += "Raise(";
        field("exc", r.exc.get(), true);
        field("cause", r.cause.get(), !r.exc);
        out += ")";
        break;
      }
      case StmtKind::Assert: {
        const auto& a = static_cast<const AssertStmt&>(s);
        out += "Assert(test=";
        expr(*a.test);
        field("msg", a.msg.get());
        out += ")";
        break;
      }
      case StmtKind::Del: {
        out += "Delete(targets=";
        exprs(static_cast<const DelStmt&>(s).targets);
        out += ")";
        break;
      }
      case StmtKind::Global:
      case StmtKind::Nonlocal: {
        const auto& n = static_cast<const NamesStmt&>(s);
        out += s.kind == StmtKind::Global ? "Global(names=[" : "Nonlocal(names=[";
        for (size_t i = 0; i < n.names.size(); ++i) out += (i ? ", '" : "'") + n.names[i] + "'";
        out += "])";
        break;
      }
      case StmtKind::Import:
        out += "Import(names=";
        aliases(static_cast<const ImportStmt&>(s).names);
        out += ")";
        break;
      case StmtKind::ImportFrom: {
        const auto& f = static_cast<const ImportFromStmt&>(s);
        out += "ImportFrom(module='" + f.module + "', names=";
        aliases(f.names);
        out += ", level=0)";
        break;
      }
    }
  }

  void aliases(const std::vector<ImportAlias>& names) {
    out += "[";
    for (size_t i = 0; i < names.size(); ++i) {
      if (i) out += ", ";
      out += "alias(name='" + names[i].name + "'";
      if (!names[i].asname.empty()) out += ", asname='" + names[i].asname + "'";
      out += ")";
    }
    out += "]";
  }
};

}  // namespace

std::string dump(const Module& module) {
  Dumper d;
  d.module(module);
  return d.out;
}

}  // namespace tp::lang
