// Python's tokenizer rules, written out for the subset: see lexer.h.
#include "repl/lang/lexer.h"

#include <cctype>
#include <cstdio>

namespace tp::lang {

namespace {

const char* const kOperators[] = {
    "**=", "//=", ">>=", "<<=", "...", "->", ":=", "**", "//", "==", "!=", "<=", ">=", "<<",
    ">>", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "@=", "+", "-", "*", "/", "%", "@",
    "<", ">", "=", ".", ",", ":", ";", "(", ")", "[", "]", "{", "}", "&", "|", "^", "~",
};

bool is_name_start(unsigned char c) { return std::isalpha(c) || c == '_' || c >= 0x80; }
bool is_name_char(unsigned char c) { return std::isalnum(c) || c == '_' || c >= 0x80; }

class Lexer {
 public:
  explicit Lexer(const std::string& src) : src_(src) {}

  std::vector<Token> run() {
    indents_.push_back(0);
    alt_indents_.push_back(0);
    while (pos_ < src_.size()) {
      if (at_line_start_ && brackets_.empty()) {
        if (!read_indentation()) continue;  // blank or comment-only line
      }
      lex_one();
    }
    if (!brackets_.empty()) {
      const Bracket& b = brackets_.back();
      throw SyntaxError("SyntaxError", std::string("'") + b.ch + "' was never closed", b.line,
                        b.col);
    }
    if (!tokens_.empty() && tokens_.back().kind != TokenKind::Newline) push(TokenKind::Newline, "");
    while (indents_.size() > 1) {
      indents_.pop_back();
      push(TokenKind::Dedent, "");
    }
    push(TokenKind::End, "");
    return std::move(tokens_);
  }

 private:
  struct Bracket {
    char ch;
    int line, col;
  };

  const std::string& src_;
  size_t pos_ = 0;
  int line_ = 1;
  size_t line_start_ = 0;
  bool at_line_start_ = true;
  std::vector<int> indents_, alt_indents_;
  std::vector<Bracket> brackets_;
  std::vector<Token> tokens_;

  int col() const { return static_cast<int>(pos_ - line_start_); }
  char peek(size_t ahead = 0) const {
    return pos_ + ahead < src_.size() ? src_[pos_ + ahead] : '\0';
  }

  void push(TokenKind kind, std::string text, int line = -1, int col = -1) {
    Token t;
    t.kind = kind;
    t.text = std::move(text);
    t.line = line < 0 ? line_ : line;
    t.col = col < 0 ? this->col() : col;
    tokens_.push_back(std::move(t));
  }

  void newline_seen() {
    ++pos_;
    ++line_;
    line_start_ = pos_;
  }

  [[noreturn]] void error(const std::string& msg, int line, int col,
                          const char* kind = "SyntaxError") {
    throw SyntaxError(kind, msg, line, col);
  }

  // Measures the indentation of a new logical line and emits INDENT/DEDENT.
  // Returns false for a blank or comment-only line (consumed whole).
  bool read_indentation() {
    int width = 0, alt_width = 0;
    while (peek() == ' ' || peek() == '\t' || peek() == '\f') {
      if (peek() == ' ') {
        ++width;
        ++alt_width;
      } else if (peek() == '\t') {
        width = (width / 8 + 1) * 8;
        ++alt_width;
      } else {
        width = alt_width = 0;
      }
      ++pos_;
    }
    if (peek() == '#' || peek() == '\n' || peek() == '\r' || peek() == '\0') {
      while (pos_ < src_.size() && peek() != '\n') ++pos_;
      if (pos_ < src_.size()) newline_seen();
      return false;
    }
    at_line_start_ = false;
    if (width == indents_.back()) {
      if (alt_width != alt_indents_.back()) tab_error();
    } else if (width > indents_.back()) {
      if (alt_width <= alt_indents_.back()) tab_error();
      indents_.push_back(width);
      alt_indents_.push_back(alt_width);
      push(TokenKind::Indent, "", line_, 0);
    } else {
      while (indents_.size() > 1 && width < indents_.back()) {
        indents_.pop_back();
        alt_indents_.pop_back();
        push(TokenKind::Dedent, "", line_, col());
      }
      if (width != indents_.back()) {
        error("unindent does not match any outer indentation level", line_, col(),
              "IndentationError");
      }
      if (alt_width != alt_indents_.back()) tab_error();
    }
    return true;
  }

  [[noreturn]] void tab_error() {
    error("inconsistent use of tabs and spaces in indentation", line_, col(), "TabError");
  }

  void lex_one() {
    char c = peek();
    if (c == ' ' || c == '\t' || c == '\f' || c == '\r') {
      ++pos_;
      return;
    }
    if (c == '#') {
      while (pos_ < src_.size() && peek() != '\n') ++pos_;
      return;
    }
    if (c == '\n') {
      if (brackets_.empty()) {
        if (!tokens_.empty() && tokens_.back().kind != TokenKind::Newline &&
            tokens_.back().kind != TokenKind::Indent && tokens_.back().kind != TokenKind::Dedent) {
          push(TokenKind::Newline, "");
        }
        at_line_start_ = true;
      }
      newline_seen();
      return;
    }
    if (c == '\\') {
      size_t p = pos_ + 1;
      if (p < src_.size() && src_[p] == '\r') ++p;
      if (p < src_.size() && src_[p] == '\n') {
        pos_ = p;
        newline_seen();
        return;
      }
      if (p >= src_.size()) error("unexpected EOF while parsing", line_, col());
      error("unexpected character after line continuation character", line_, col() + 1);
    }
    unsigned char uc = static_cast<unsigned char>(c);
    if (std::isdigit(uc) || (c == '.' && std::isdigit(static_cast<unsigned char>(peek(1))))) {
      lex_number();
      return;
    }
    if (is_name_start(uc)) {
      size_t start = pos_;
      while (pos_ < src_.size() && is_name_char(static_cast<unsigned char>(peek()))) ++pos_;
      std::string word = src_.substr(start, pos_ - start);
      if ((peek() == '\'' || peek() == '"') && is_string_prefix(word)) {
        pos_ = start;
        lex_string(word.size());
        return;
      }
      push(TokenKind::Name, word, line_, static_cast<int>(start - line_start_));
      return;
    }
    if (c == '\'' || c == '"') {
      lex_string(0);
      return;
    }
    lex_operator();
  }

  static bool is_string_prefix(const std::string& w) {
    std::string l;
    for (char ch : w) l.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(ch))));
    return l == "r" || l == "b" || l == "f" || l == "u" || l == "rb" || l == "br" || l == "fr" ||
           l == "rf";
  }

  void lex_number() {
    size_t start = pos_;
    int start_col = col();
    bool is_float = false;
    auto digits = [&](auto pred) {
      while (pos_ < src_.size() && (pred(static_cast<unsigned char>(peek())) || peek() == '_')) ++pos_;
    };
    if (peek() == '0' && (peek(1) == 'x' || peek(1) == 'X' || peek(1) == 'o' || peek(1) == 'O' ||
                          peek(1) == 'b' || peek(1) == 'B')) {
      pos_ += 2;
      digits([](unsigned char ch) { return std::isxdigit(ch) != 0; });
    } else {
      digits([](unsigned char ch) { return std::isdigit(ch) != 0; });
      if (peek() == '.') {
        is_float = true;
        ++pos_;
        digits([](unsigned char ch) { return std::isdigit(ch) != 0; });
      }
      if (peek() == 'e' || peek() == 'E') {
        size_t save = pos_;
        ++pos_;
        if (peek() == '+' || peek() == '-') ++pos_;
        if (std::isdigit(static_cast<unsigned char>(peek()))) {
          is_float = true;
          digits([](unsigned char ch) { return std::isdigit(ch) != 0; });
        } else {
          pos_ = save;
        }
      }
    }
    if (peek() == 'j' || peek() == 'J') error("complex numbers are not supported in tensorplay", line_, start_col);
    if (is_name_start(static_cast<unsigned char>(peek()))) error("invalid decimal literal", line_, start_col);
    std::string text;
    for (size_t i = start; i < pos_; ++i) {
      if (src_[i] != '_') text.push_back(src_[i]);
    }
    if (!is_float && text.size() > 1 && text[0] == '0' && std::isdigit(static_cast<unsigned char>(text[1]))) {
      bool all_zero = text.find_first_not_of('0') == std::string::npos;
      if (!all_zero) {
        error("leading zeros in decimal integer literals are not permitted; use an 0o prefix for "
              "octal integers", line_, start_col);
      }
    }
    push(is_float ? TokenKind::Float : TokenKind::Int, text, line_, start_col);
  }

  void lex_string(size_t prefix_len) {
    int start_line = line_, start_col = col();
    std::string prefix;
    for (size_t i = 0; i < prefix_len; ++i) {
      prefix.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(src_[pos_ + i]))));
    }
    pos_ += prefix_len;
    char quote = peek();
    bool triple = peek(1) == quote && peek(2) == quote;
    pos_ += triple ? 3 : 1;
    bool raw = prefix.find('r') != std::string::npos;
    std::string body;
    while (true) {
      if (pos_ >= src_.size()) {
        if (triple) {
          error("unterminated triple-quoted string literal (detected at line " +
                    std::to_string(line_) + ")", start_line, start_col);
        }
        error("unterminated string literal (detected at line " + std::to_string(line_) + ")",
              start_line, start_col);
      }
      char ch = peek();
      if (ch == '\\') {
        body.push_back(ch);
        ++pos_;
        if (pos_ < src_.size()) {
          if (peek() == '\n') {
            body.push_back('\n');
            newline_seen();
          } else {
            body.push_back(peek());
            ++pos_;
          }
        }
        continue;
      }
      if (ch == '\n') {
        if (!triple) {
          error("unterminated string literal (detected at line " + std::to_string(line_) + ")",
                start_line, start_col);
        }
        body.push_back(ch);
        newline_seen();
        continue;
      }
      if (ch == quote && (!triple || (peek(1) == quote && peek(2) == quote))) {
        pos_ += triple ? 3 : 1;
        break;
      }
      body.push_back(ch);
      ++pos_;
    }
    Token t;
    t.kind = TokenKind::String;
    t.prefix = prefix;
    // f-strings keep their source text: the parser splits out the {expressions}.
    t.text = prefix.find('f') != std::string::npos ? body
                                                   : decode_escapes(body, raw, start_line, start_col);
    t.line = start_line;
    t.col = start_col;
    tokens_.push_back(std::move(t));
  }

  void lex_operator() {
    for (const char* op : kOperators) {
      size_t n = std::char_traits<char>::length(op);
      if (src_.compare(pos_, n, op) == 0) {
        char c = op[0];
        if (n == 1 && (c == '(' || c == '[' || c == '{')) {
          brackets_.push_back({c, line_, col()});
        } else if (n == 1 && (c == ')' || c == ']' || c == '}')) {
          close_bracket(c);
        }
        push(TokenKind::Op, op);
        pos_ += n;
        return;
      }
    }
    unsigned char uc = static_cast<unsigned char>(peek());
    if (uc >= 0x80) error("invalid non-printable or non-ASCII character in identifier", line_, col());
    if (peek() == '!') error("invalid syntax", line_, col());
    error("invalid syntax", line_, col());
  }

  void close_bracket(char c) {
    char open = c == ')' ? '(' : c == ']' ? '[' : '{';
    if (brackets_.empty()) error(std::string("unmatched '") + c + "'", line_, col());
    if (brackets_.back().ch != open) {
      // Python calls every bracket a parenthesis in this message.
      std::string msg = std::string("closing parenthesis '") + c +
                        "' does not match opening parenthesis '" + brackets_.back().ch + "'";
      if (brackets_.back().line != line_) {
        msg += " on line " + std::to_string(brackets_.back().line);
      }
      error(msg, line_, col());
    }
    brackets_.pop_back();
  }
};

void append_utf8(std::string& out, unsigned long cp) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xc0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3f)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xe0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3f)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3f)));
  } else {
    out.push_back(static_cast<char>(0xf0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3f)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3f)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3f)));
  }
}

}  // namespace

std::string decode_escapes(const std::string& body, bool raw, int line, int col) {
  if (raw) return body;
  std::string out;
  for (size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (c != '\\' || i + 1 >= body.size()) {
      out.push_back(c);
      continue;
    }
    char e = body[++i];
    switch (e) {
      case '\n': break;  // line continuation inside a string
      case 'n': out.push_back('\n'); break;
      case 't': out.push_back('\t'); break;
      case 'r': out.push_back('\r'); break;
      case '0': out.push_back('\0'); break;
      case 'a': out.push_back('\a'); break;
      case 'b': out.push_back('\b'); break;
      case 'f': out.push_back('\f'); break;
      case 'v': out.push_back('\v'); break;
      case '\\': out.push_back('\\'); break;
      case '\'': out.push_back('\''); break;
      case '"': out.push_back('"'); break;
      case 'x':
      case 'u':
      case 'U': {
        size_t n = e == 'x' ? 2 : e == 'u' ? 4 : 8;
        if (i + n >= body.size()) {
          throw SyntaxError("SyntaxError",
                            std::string("(unicode error) truncated \\") + e + " escape", line, col);
        }
        std::string hex = body.substr(i + 1, n);
        for (char h : hex) {
          if (!std::isxdigit(static_cast<unsigned char>(h))) {
            throw SyntaxError("SyntaxError",
                              std::string("(unicode error) truncated \\") + e + " escape", line, col);
          }
        }
        append_utf8(out, std::stoul(hex, nullptr, 16));
        i += n;
        break;
      }
      default:  // unknown escapes stay as written, as Python keeps them
        out.push_back('\\');
        out.push_back(e);
    }
  }
  return out;
}

std::vector<Token> tokenize(const std::string& source) { return Lexer(source).run(); }

bool needs_more_input(const std::string& source) {
  size_t last = source.find_last_not_of("\r\n");
  if (last != std::string::npos && source[last] == '\\') return true;  // line continuation
  try {
    std::vector<Token> tokens = tokenize(source);
    // A compound statement keeps the prompt open until a blank line, as in Python's REPL,
    // even when its body is on the same line (`for i in r: print(i)`).
    static const char* const kCompound[] = {"if", "for", "while", "def", "class", "try", "with"};
    bool block = false;
    if (!tokens.empty()) {
      const Token& first = tokens.front();
      for (const char* kw : kCompound) block |= first.kind == TokenKind::Name && first.text == kw;
      block |= first.kind == TokenKind::Op && first.text == "@";
    }
    bool ends_with_colon = false;  // a header whose body follows on the next lines
    for (const Token& t : tokens) {
      if (t.kind == TokenKind::Newline) break;
      ends_with_colon = t.kind == TokenKind::Op && t.text == ":";
    }
    block |= ends_with_colon;
    if (!block) return false;
    return !(source.size() >= 2 && source.compare(source.size() - 2, 2, "\n\n") == 0);
  } catch (const SyntaxError& e) {
    std::string msg = e.what();
    return msg.find("was never closed") != std::string::npos ||
           msg.find("unterminated triple-quoted") != std::string::npos ||
           msg == "unexpected EOF while parsing";
  }
}

}  // namespace tp::lang
