// A lesson step's prose as the panel draws it: the markdown-ish text of lessons/README.md
// (### headings, *emphasis*, **strong**, `inline code`, lists, fenced and indented blocks)
// split into blocks and styled runs, and word wrapping to a width. Plain data, no ImGui.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace tp::gui {

// How a run of text is drawn.
enum class SpanStyle { Plain, Emphasis, Strong, Code };

struct TextSpan {
  std::string text;
  SpanStyle style = SpanStyle::Plain;
};

enum class BlockKind { Paragraph, Heading, Bullet, Numbered, Code };

// One block of prose.
struct TextBlock {
  BlockKind kind = BlockKind::Paragraph;
  std::string marker;            // "1." for a numbered item
  std::vector<TextSpan> spans;   // everything but Code
  std::vector<std::string> code; // a Code block's lines, verbatim
};

// Splits a step's prose into blocks.
std::vector<TextBlock> parse_prose(const std::string& prose);
// `*emphasis*`, `**strong**` and backquoted code in one line of text; unmatched markers
// stay literal.
std::vector<TextSpan> parse_inline(const std::string& text);

// The width of a piece of text in the font that draws it.
using MeasureText = std::function<float(const std::string& text, SpanStyle style)>;

// Spans broken into lines no wider than `width` at spaces (a single word wider than the
// width gets a line of its own and is broken by characters).
std::vector<std::vector<TextSpan>> wrap_spans(const std::vector<TextSpan>& spans, float width,
                                              const MeasureText& measure);

// A line of code cut into pieces of at most `max_chars` characters (at least one piece):
// after a space where one is near the end, the pieces after the first indented two spaces.
std::vector<std::string> wrap_code_line(const std::string& line, int max_chars);

}  // namespace tp::gui
