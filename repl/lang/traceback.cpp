// Printing uncaught exceptions as CPython 3.11 does: chained exceptions (cause/context),
// "Traceback (most recent call last):", one File/line/function entry per frame with the
// stripped source line, then "Type: message" with NameError/AttributeError suggestions.
// CPython 3.11 also underlines the failing expression with ^^^^ when it runs a file; we
// never print those marker lines (they depend on bytecode positions tensorplay lacks).
#include <algorithm>
#include <ostream>
#include <set>

#include "repl/lang/interpreter.h"
#include "repl/lang/lexer.h"
#include "repl/lang/suggest.h"

namespace tp::lang {

namespace {

std::string strip(const std::string& s) {
  size_t a = s.find_first_not_of(" \t\f\r\n");
  if (a == std::string::npos) return "";
  size_t b = s.find_last_not_of(" \t\f\r\n");
  return s.substr(a, b - a + 1);
}

// dir(obj) as AttributeError suggestions see it: sorted attribute names.
std::vector<std::string> attribute_names(Interpreter& I, const Value& obj) {
  std::vector<std::string> names;
  TypeObject* t = obj.type();
  if (obj.is_obj()) {
    if (auto* inst = dynamic_cast<InstanceObject*>(obj.obj())) {
      for (auto& [k, v] : inst->attrs.items()) names.push_back(k);
    } else if (t == ty::module) {
      for (auto& [k, v] : obj.as<ModuleObject>()->attrs.items()) names.push_back(k);
    } else if (t == ty::type) {
      t = obj.as<TypeObject>();
    } else if (auto* n = dynamic_cast<NativeObject*>(obj.obj())) {
      for (auto& k : n->dir(I)) names.push_back(k);
    }
  }
  for (TypeObject* c = t; c; c = c->base.get())
    for (auto& [k, v] : c->dict.items()) names.push_back(k);
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

}  // namespace

void Interpreter::print_exception(const PyError& e) {
  std::ostream& os = *err_;
  std::set<const Object*> seen;
  // Prints the chain oldest first, as CPython does.
  auto print_one = [&](auto& self, ExceptionObject* exc) -> void {
    seen.insert(exc);
    if (exc->cause.is_obj() && !seen.count(exc->cause.obj())) {
      self(self, exc->cause.as<ExceptionObject>());
      os << "\nThe above exception was the direct cause of the following exception:\n\n";
    } else if (!exc->suppress_context && exc->context.is_obj() && !seen.count(exc->context.obj())) {
      self(self, exc->context.as<ExceptionObject>());
      os << "\nDuring handling of the above exception, another exception occurred:\n\n";
    }
    if (!exc->traceback.empty()) {
      os << "Traceback (most recent call last):\n";
      for (auto it = exc->traceback.rbegin(); it != exc->traceback.rend(); ++it) {
        std::string file = it->unit ? it->unit->ast->filename : "<unknown>";
        os << "  File \"" << file << "\", line " << it->line << ", in " << it->function << "\n";
        if (it->unit && it->line >= 1 && static_cast<size_t>(it->line) <= it->unit->lines.size()) {
          std::string src = strip(it->unit->lines[static_cast<size_t>(it->line) - 1]);
          if (!src.empty()) os << "    " << src << "\n";
        }
      }
    }
    TypeObject* t = exc->type;
    std::string name = t->module == "builtins" || t->module == "__main__" ? t->name : t->module + "." + t->name;
    std::string msg;
    try {
      msg = str(Value::object(exc));
    } catch (PyError&) {
      msg = "<exception str() failed>";
    }
    os << name;
    if (!msg.empty()) os << ": " << msg;
    std::string hint = exc->suggestion;
    if (hint.empty() && t->is_subtype(ty::AttributeError)) {
      Value* obj = exc->attrs.find("obj");
      Value* attr = exc->attrs.find("name");
      if (obj && attr && is_str(*attr)) hint = suggest_name(str_of(*attr), attribute_names(*this, *obj));
    }
    if (!hint.empty()) os << ". Did you mean: '" << hint << "'?";
    os << "\n";
  };
  print_one(print_one, e.exc.get());
  os.flush();
}

void Interpreter::print_syntax_error(const SyntaxError& e, const std::string& source, const std::string& filename) {
  std::ostream& os = *err_;
  os << "  File \"" << filename << "\", line " << e.line << "\n";
  std::vector<std::string> lines;
  size_t start = 0;
  while (start <= source.size()) {
    size_t nl = source.find('\n', start);
    if (nl == std::string::npos) nl = source.size();
    lines.push_back(source.substr(start, nl - start));
    start = nl + 1;
  }
  if (e.line >= 1 && static_cast<size_t>(e.line) <= lines.size()) {
    std::string text = lines[static_cast<size_t>(e.line) - 1];
    while (!text.empty() && (text.back() == '\r' || text.back() == '\n')) text.pop_back();
    size_t spaces = 0;
    while (spaces < text.size() && (text[spaces] == ' ' || text[spaces] == '\f')) ++spaces;
    std::string ltext = text.substr(spaces);
    // CPython shows a range of carets when it knows where the bad node ends; the lexer
    // and parser report one column, so one caret.
    // CPython prints no caret for an unclosed bracket (its offset lands on another line).
    bool unclosed = std::string(e.what()).find("was never closed") != std::string::npos;
    if (!ltext.empty()) {
      os << "    " << ltext << "\n";
      int colno = e.col - static_cast<int>(spaces);
      if (colno >= 0 && !unclosed) {
        std::string caret;
        for (int i = 0; i < colno && static_cast<size_t>(i) < ltext.size(); ++i) caret += ltext[static_cast<size_t>(i)] == '\t' ? '\t' : ' ';
        for (int i = static_cast<int>(ltext.size()); i < colno; ++i) caret += ' ';
        os << "    " << caret << "^\n";
      }
    }
  }
  os << e.kind << ": " << e.what() << "\n";
  os.flush();
}

}  // namespace tp::lang
