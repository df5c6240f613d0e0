// Parsing a step's prose into blocks and styled runs, and wrapping runs to a width.
#include "gui/lesson_text.h"

#include <algorithm>
#include <cctype>

namespace tp::gui {

namespace {

int leading_spaces(const std::string& line) {
  int n = 0;
  while (n < int(line.size()) && line[size_t(n)] == ' ') ++n;
  return n;
}

std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t");
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(" \t") - b + 1);
}

// "12. item" -> 4 (the item text's start), or 0 when the line is no numbered item.
size_t numbered_item(const std::string& t) {
  size_t k = 0;
  while (k < t.size() && k < 4 && std::isdigit(static_cast<unsigned char>(t[k]))) ++k;
  if (k == 0 || k + 1 >= t.size() || t[k] != '.' || t[k + 1] != ' ') return 0;
  return k + 2;
}

void add_span(std::vector<TextSpan>& spans, const std::string& text, SpanStyle style) {
  if (text.empty()) return;
  if (!spans.empty() && spans.back().style == style) {
    spans.back().text += text;
  } else {
    spans.push_back({text, style});
  }
}

// A block being filled line by line; its text is parsed into spans when it ends.
struct Pending {
  TextBlock block;
  std::string text;
};

}  // namespace

std::vector<TextSpan> parse_inline(const std::string& text) {
  std::vector<TextSpan> spans;
  std::string plain;
  size_t i = 0;
  auto flush = [&] {
    add_span(spans, plain, SpanStyle::Plain);
    plain.clear();
  };
  while (i < text.size()) {
    const char c = text[i];
    if (c == '`') {
      size_t end = text.find('`', i + 1);
      if (end != std::string::npos && end > i + 1) {
        flush();
        add_span(spans, text.substr(i + 1, end - i - 1), SpanStyle::Code);
        i = end + 1;
        continue;
      }
    } else if (c == '*') {
      const bool strong = text.compare(i, 2, "**") == 0;
      const size_t open = strong ? 2 : 1;
      // An opening marker touches its word ("2 * 3" stays literal).
      if (i + open < text.size() && text[i + open] != ' ' && text[i + open] != '*') {
        size_t end = text.find(strong ? "**" : "*", i + open);
        if (end != std::string::npos && text[end - 1] != ' ') {
          flush();
          add_span(spans, text.substr(i + open, end - i - open), strong ? SpanStyle::Strong : SpanStyle::Emphasis);
          i = end + open;
          continue;
        }
      }
    }
    plain += c;
    ++i;
  }
  flush();
  return spans;
}

std::vector<TextBlock> parse_prose(const std::string& prose) {
  std::vector<TextBlock> blocks;
  Pending cur;
  bool open = false;  // cur holds a block
  auto finish = [&] {
    if (!open) return;
    if (cur.block.kind != BlockKind::Code) cur.block.spans = parse_inline(cur.text);
    blocks.push_back(cur.block);
    cur = Pending{};
    open = false;
  };
  auto begin = [&](BlockKind kind) {
    finish();
    cur.block.kind = kind;
    open = true;
  };
  std::vector<std::string> lines;
  size_t start = 0;
  while (start <= prose.size()) {
    size_t end = prose.find('\n', start);
    if (end == std::string::npos) end = prose.size();
    lines.push_back(prose.substr(start, end - start));
    start = end + 1;
  }
  bool in_fence = false;
  for (const std::string& line : lines) {
    const std::string t = trim(line);
    if (in_fence) {
      if (t == "```") {
        in_fence = false;
        finish();
      } else {
        cur.block.code.push_back(line);
      }
      continue;
    }
    if (t.rfind("```", 0) == 0) {
      begin(BlockKind::Code);
      in_fence = true;
      continue;
    }
    if (t.empty()) {
      // A blank line inside an indented code block belongs to it only when more code follows;
      // ending the block here is simpler and looks the same.
      finish();
      continue;
    }
    const int indent = leading_spaces(line);
    const bool in_item = open && (cur.block.kind == BlockKind::Bullet || cur.block.kind == BlockKind::Numbered);
    if (in_item && indent > 0) {  // an item's continuation line
      cur.text += " " + t;
      continue;
    }
    if (indent >= 4 && (!open || cur.block.kind == BlockKind::Code)) {
      if (!open) begin(BlockKind::Code);
      cur.block.code.push_back(line.substr(4));
      continue;
    }
    if (t.rfind("### ", 0) == 0 || t.rfind("#### ", 0) == 0) {
      begin(BlockKind::Heading);
      cur.text = trim(t.substr(t.find(' ')));
      finish();
      continue;
    }
    if (t.rfind("- ", 0) == 0 || t.rfind("* ", 0) == 0) {
      begin(BlockKind::Bullet);
      cur.text = trim(t.substr(2));
      continue;
    }
    if (size_t k = numbered_item(t)) {
      begin(BlockKind::Numbered);
      cur.block.marker = t.substr(0, k - 1);
      cur.text = trim(t.substr(k));
      continue;
    }
    if (!open || cur.block.kind != BlockKind::Paragraph) {
      begin(BlockKind::Paragraph);
      cur.text = t;
    } else {
      cur.text += " " + t;
    }
  }
  finish();
  return blocks;
}

std::vector<std::vector<TextSpan>> wrap_spans(const std::vector<TextSpan>& spans, float width,
                                              const MeasureText& measure) {
  // Words: runs of text between spaces; a word may mix styles ("`RuntimeError`:").
  struct Word {
    std::vector<TextSpan> parts;
    SpanStyle space_style = SpanStyle::Plain;  // of the space before it
  };
  std::vector<Word> words;
  bool space_pending = true;  // the next character starts a new word
  SpanStyle prev_style = SpanStyle::Plain;
  for (const TextSpan& s : spans) {
    for (char c : s.text) {
      if (c == ' ') {
        space_pending = true;
        prev_style = s.style;
        continue;
      }
      if (space_pending || words.empty()) {
        Word w;
        // A space inside a code span keeps the code's background.
        w.space_style = (prev_style == s.style) ? s.style : SpanStyle::Plain;
        words.push_back(w);
        space_pending = false;
      }
      add_span(words.back().parts, std::string(1, c), s.style);
      prev_style = s.style;
    }
  }
  std::vector<std::vector<TextSpan>> lines;
  std::vector<TextSpan> line;
  float line_w = 0;
  auto new_line = [&] {
    lines.push_back(line);
    line.clear();
    line_w = 0;
  };
  for (const Word& w : words) {
    float ww = 0;
    for (const TextSpan& p : w.parts) ww += measure(p.text, p.style);
    const float space_w = line.empty() ? 0 : measure(" ", w.space_style);
    if (!line.empty() && line_w + space_w + ww > width) new_line();
    if (!line.empty()) {
      add_span(line, " ", w.space_style);
      line_w += space_w;
    }
    if (ww <= width) {
      for (const TextSpan& p : w.parts) add_span(line, p.text, p.style);
      line_w += ww;
      continue;
    }
    // Wider than a whole line: break it between characters.
    for (const TextSpan& p : w.parts) {
      for (char c : p.text) {
        const std::string ch(1, c);
        const float cw = measure(ch, p.style);
        if (!line.empty() && line_w + cw > width) new_line();
        add_span(line, ch, p.style);
        line_w += cw;
      }
    }
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

std::vector<std::string> wrap_code_line(const std::string& line, int max_chars) {
  const size_t max = size_t(std::max(1, max_chars));
  // Continuation pieces are indented two spaces when there is room, so they read as one line.
  const std::string indent = max >= 12 ? "  " : "";
  std::vector<std::string> out;
  std::string rest = line;
  while (true) {
    const std::string prefix = out.empty() ? "" : indent;
    const size_t room = max - prefix.size();
    if (rest.size() <= room) {
      out.push_back(prefix + rest);
      break;
    }
    // Break after the last space in the second half of the room, else between characters.
    size_t cut = rest.rfind(' ', room - 1);
    cut = (cut != std::string::npos && cut >= room / 2) ? cut + 1 : room;
    out.push_back(prefix + rest.substr(0, cut));
    rest = rest.substr(cut);
  }
  return out;
}

}  // namespace tp::gui
