// The lessons in the window: the Lesson tab (the list, with progress, to open or demo one)
// and the open lesson's column beside the views (the step's text, its code with Run, the
// live check mark, the hint, Back/Next), drawn from LessonPanel (lesson_panel.h).
#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "gui/app.h"

namespace tp::gui {

namespace {

const ImVec4 kAccent(0.45f, 0.75f, 1.00f, 1);
const ImVec4 kEmphasis(0.60f, 0.88f, 1.00f, 1);
const ImVec4 kCodeText(1.00f, 0.80f, 0.50f, 1);
const ImVec4 kGood(0.30f, 0.80f, 0.40f, 1);
const ImVec4 kHint(1.00f, 0.85f, 0.35f, 1);
const ImU32 kCodeBg = IM_COL32(40, 42, 54, 255);
const ImU32 kStepCodeBg = IM_COL32(24, 36, 60, 255);

float measure(const std::string& text, SpanStyle) { return ImGui::CalcTextSize(text.c_str()).x; }

ImVec4 colour_of(SpanStyle s) {
  switch (s) {
    case SpanStyle::Emphasis: return kEmphasis;
    case SpanStyle::Code: return kCodeText;
    default: return ImGui::GetStyle().Colors[ImGuiCol_Text];
  }
}

// Styled text wrapped to `width`, starting `indent` pixels right of the cursor.
void draw_spans(const std::vector<TextSpan>& spans, float width, float indent = 0,
                const ImVec4* colour = nullptr) {
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float line_h = ImGui::GetTextLineHeight();
  for (const std::vector<TextSpan>& line : wrap_spans(spans, width - indent, measure)) {
    const ImVec2 pos = ImGui::GetCursorScreenPos();
    float x = pos.x + indent;
    for (const TextSpan& piece : line) {
      const std::string text = display_text(piece.text);
      const ImVec2 size = ImGui::CalcTextSize(text.c_str());
      if (piece.style == SpanStyle::Code) {
        dl->AddRectFilled(ImVec2(x - 1, pos.y), ImVec2(x + size.x + 1, pos.y + line_h), kCodeBg, 2);
      }
      const ImU32 c = ImGui::GetColorU32(colour ? *colour : colour_of(piece.style));
      dl->AddText(ImVec2(x, pos.y), c, text.c_str());
      if (piece.style == SpanStyle::Strong) dl->AddText(ImVec2(x + 1, pos.y), c, text.c_str());  // bold
      x += size.x;
    }
    ImGui::Dummy(ImVec2(x - pos.x, line_h));
  }
}

// Lines of code in a box, wrapped by characters so nothing runs past `width`.
void draw_code_box(const std::vector<std::string>& lines, float width, ImU32 bg, const ImVec4& fg) {
  const ImVec2 pad = ImGui::GetStyle().FramePadding;
  const float char_w = ImGui::CalcTextSize("M").x;
  const int max_chars = int((width - 2 * pad.x) / char_w);
  std::vector<std::string> rows;
  for (const std::string& line : lines) {
    for (const std::string& piece : wrap_code_line(display_text(line), max_chars)) rows.push_back(piece);
  }
  const float line_h = ImGui::GetTextLineHeight();
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float h = rows.size() * line_h + 2 * pad.y;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(p, ImVec2(p.x + width, p.y + h), bg, 4);
  for (size_t i = 0; i < rows.size(); ++i) {
    dl->AddText(ImVec2(p.x + pad.x, p.y + pad.y + i * line_h), ImGui::GetColorU32(fg), rows[i].c_str());
  }
  ImGui::Dummy(ImVec2(width, h));
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

void draw_prose(const std::vector<TextBlock>& blocks, float width) {
  const float font = ImGui::GetFontSize();
  for (const TextBlock& b : blocks) {
    switch (b.kind) {
      case BlockKind::Heading: {
        std::vector<TextSpan> bold = b.spans;
        for (TextSpan& s : bold) s.style = SpanStyle::Strong;
        draw_spans(bold, width, 0, &kAccent);
        break;
      }
      case BlockKind::Paragraph: draw_spans(b.spans, width); break;
      case BlockKind::Bullet:
      case BlockKind::Numbered: {
        const ImVec2 p = ImGui::GetCursorScreenPos();
        const ImU32 c = ImGui::GetColorU32(ImGuiCol_Text);
        if (b.kind == BlockKind::Bullet) {
          ImGui::GetWindowDrawList()->AddCircleFilled(ImVec2(p.x + font * 0.5f, p.y + font * 0.5f), font * 0.17f, c);
        } else {
          ImGui::GetWindowDrawList()->AddText(p, c, b.marker.c_str());
        }
        draw_spans(b.spans, width, font * 1.4f);
        break;
      }
      case BlockKind::Code: draw_code_box(b.code, width, kCodeBg, ImVec4(0.85f, 0.85f, 0.85f, 1)); break;
    }
    ImGui::Spacing();
  }
}

// A round mark: a green disc with a tick when `on`, an empty ring when not.
void draw_check_mark(bool on, float size) {
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const ImVec2 c(p.x + size * 0.5f, p.y + size * 0.5f);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  if (on) {
    dl->AddCircleFilled(c, size * 0.5f, ImGui::GetColorU32(kGood));
    const ImVec2 tick[3] = {ImVec2(c.x - size * 0.25f, c.y), ImVec2(c.x - size * 0.07f, c.y + size * 0.2f),
                            ImVec2(c.x + size * 0.27f, c.y - size * 0.2f)};
    dl->AddPolyline(tick, 3, IM_COL32(255, 255, 255, 255), 0, std::max(2.0f, size * 0.12f));
  } else {
    dl->AddCircle(c, size * 0.5f - 1, IM_COL32(150, 150, 160, 255), 0, std::max(1.5f, size * 0.08f));
  }
  ImGui::Dummy(ImVec2(size, size));
}

ButtonRect rect_of_last_item() {
  const ImVec2 p = ImGui::GetItemRectMin(), s = ImGui::GetItemRectSize();
  return {p.x, p.y, s.x, s.y};
}

// The step's code: typed out while the demo types it, then whole.
std::string code_shown(const App& app) {
  const std::string& code = app.lesson.current().code;
  const DemoState& d = app.demo;
  if (!d.active() || d.step() != app.lesson.step || d.ran(d.step())) return code;
  return code.substr(0, size_t(d.typed_chars())) + "_";
}

void draw_step_body(App& app, float width) {
  LessonPanel& p = app.lesson;
  const lesson::Step& st = p.current();
  const std::string note = lesson::missing_gpus_note(*p.lesson, int(app.devices.gpus.size()),
                                                     app.devices.gpus_real, "tensorplay-gui");
  if (!note.empty()) {
    draw_spans(parse_inline(note), width, 0, &kHint);
    ImGui::Spacing();
  }
  // Resumed in this session (by the panel or :lesson), earlier steps not replayed (by the
  // button or :replay).
  if (p.earlier_steps_unrun && p.step > 0) {
    const std::string steps = lesson::earlier_steps(p.step);
    draw_spans(parse_inline("Resumed: this session has not run the code of " + steps + "."), width, 0, &kHint);
    ImGui::BeginDisabled(app.busy());
    if (ImGui::SmallButton(("Run " + steps + " first").c_str())) app.run(":replay");  // as typed
    ImGui::EndDisabled();
    ImGui::Spacing();
  }
  draw_prose(p.text, width);
  if (!st.code.empty()) {
    ImGui::Spacing();
    draw_code_box(split_lines(code_shown(app)), width, kStepCodeBg, kCodeText);
    // While the demo types, the code stays in sight.
    if (app.demo.active() && app.demo.phase() == DemoPhase::Typing) ImGui::SetScrollHereY(1.0f);
  }
  ImGui::Spacing();
  ImGui::Separator();
  // The live check: the mark, what is still wanted, each check.
  const float font = ImGui::GetFontSize();
  draw_check_mark(p.passed, font * 1.3f);
  ImGui::SameLine();
  std::vector<TextSpan> summary = parse_inline(p.check_summary());
  const ImVec4 summary_colour = p.passed ? kGood : ImGui::GetStyle().Colors[ImGuiCol_Text];
  ImGui::BeginGroup();
  draw_spans(summary, ImGui::GetContentRegionAvail().x, 0, &summary_colour);
  ImGui::EndGroup();
  if (!st.expect_error.empty()) {
    draw_check_mark(p.passed || p.expected_error_hit, font * 0.8f);
    ImGui::SameLine();
    ImGui::BeginGroup();
    draw_spans({{"raises: ", SpanStyle::Plain}, {st.expect_error, SpanStyle::Code}}, ImGui::GetContentRegionAvail().x);
    ImGui::EndGroup();
  }
  // Marks are off until first evaluated; a step done (now or before, as the saved progress
  // says after Back) shows all of them on, as its own mark.
  for (size_t i = 0; i < st.checks.size(); ++i) {
    draw_check_mark(p.passed || (i < p.checks.size() && p.checks[i].passed), font * 0.8f);
    ImGui::SameLine();
    ImGui::BeginGroup();
    draw_spans({{st.checks[i].expr, SpanStyle::Code}}, ImGui::GetContentRegionAvail().x);
    ImGui::EndGroup();
  }
  if (!st.hint.empty()) {
    ImGui::Spacing();
    if (ImGui::SmallButton(p.hint_open ? "Hide hint" : "Hint")) p.hint_open = !p.hint_open;
    if (p.hint_open) draw_spans(parse_inline(st.hint), width, 0, &kHint);
  }
  // After Run, the check's outcome comes into sight (the console shows the output).
  if (p.scroll_to_check) ImGui::SetScrollHereY(1.0f);
  p.scroll_to_check = false;
}

}  // namespace

void draw_lesson_panel(App& app) {
  LessonPanel& p = app.lesson;
  if (!p.lesson) return;
  app.lesson_run = ButtonRect{};  // a step without code has no Run button
  const float font = ImGui::GetFontSize();
  // Title, and a close button at the right.
  const float close_w = ImGui::CalcTextSize("Close").x + ImGui::GetStyle().FramePadding.x * 2;
  const float title_w = ImGui::GetContentRegionAvail().x - close_w - ImGui::GetStyle().ItemSpacing.x;
  ImGui::BeginGroup();
  draw_spans({{"Lesson " + std::to_string(p.lesson->number) + ": " + p.lesson->title, SpanStyle::Strong}}, title_w,
             0, &kAccent);
  ImGui::EndGroup();
  ImGui::SameLine(ImGui::GetContentRegionMax().x - close_w);
  ImGui::BeginDisabled(app.busy());  // the lesson moves once the code it may be checking ends
  const bool close = ImGui::SmallButton("Close");
  ImGui::EndDisabled();
  if (close) {
    if (app.demo.active()) demo_key(app, DemoKey::End);
    p.close(app.session);
    return;
  }
  // The step, with its check mark always in sight.
  draw_check_mark(p.passed, font * 1.1f);
  ImGui::SameLine();
  ImGui::BeginGroup();
  draw_spans({{p.step_label() + ": ", SpanStyle::Plain}, {p.current().name, SpanStyle::Strong}},
             ImGui::GetContentRegionAvail().x);
  ImGui::EndGroup();
  ImGui::Separator();

  const float footer_h = ImGui::GetFrameHeightWithSpacing() + ImGui::GetStyle().ItemSpacing.y;
  ImGui::BeginChild("step_body", ImVec2(0, -footer_h), false);
  draw_step_body(app, ImGui::GetContentRegionAvail().x - font * 0.3f);
  ImGui::EndChild();

  // Back / Run / Next, always at the bottom of the column; they wait while code runs.
  ImGui::Separator();
  ImGui::BeginDisabled(app.busy());
  const float bw = std::min(font * 6, (ImGui::GetContentRegionAvail().x - 2 * ImGui::GetStyle().ItemSpacing.x) / 3);
  ImGui::BeginDisabled(p.step == 0);
  if (ImGui::Button("< Back", ImVec2(bw, 0))) {
    if (app.demo.active()) {
      demo_key(app, DemoKey::Back);
    } else {
      p.move(app.session, -1);
    }
  }
  ImGui::EndDisabled();
  app.lesson_back = rect_of_last_item();
  if (!p.current().code.empty()) {
    ImGui::SameLine((ImGui::GetWindowContentRegionMin().x + ImGui::GetContentRegionMax().x - bw) / 2);
    ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.55f, 0.35f, 0.05f, 1));
    ImGui::PushStyleColor(ImGuiCol_ButtonHovered, ImVec4(0.70f, 0.45f, 0.10f, 1));
    if (ImGui::Button("Run", ImVec2(bw, 0))) {
      if (app.demo.active() && !app.demo.ran(app.demo.step())) {
        demo_key(app, DemoKey::Next);  // the demo runs it, once
      } else {
        run_step_code(app);
      }
    }
    ImGui::PopStyleColor(2);
    app.lesson_run = rect_of_last_item();
  }
  ImGui::SameLine(ImGui::GetContentRegionMax().x - bw);
  const bool last = p.step + 1 >= p.step_count();
  ImGui::BeginDisabled(last && !app.demo.active());
  const bool green = p.passed;  // the click below may show a step not yet passed
  if (green) ImGui::PushStyleColor(ImGuiCol_Button, ImVec4(0.15f, 0.55f, 0.25f, 1));
  if (ImGui::Button(last ? "Last step" : "Next >", ImVec2(bw, 0))) {
    if (app.demo.active()) {
      demo_key(app, DemoKey::Next);
    } else {
      p.move(app.session, +1);
    }
  }
  if (green) ImGui::PopStyleColor();
  ImGui::EndDisabled();
  app.lesson_next = rect_of_last_item();
  ImGui::EndDisabled();
}

void draw_lesson_view(App& app) {
  if (!app.busy()) {  // while code runs, the list as it was (a run may load or save progress)
    app.lesson_rows = app.lesson.rows(app.session);
    app.lesson_load_errors = app.session.lessons().load_errors;
  }
  const std::vector<LessonRow>& rows = app.lesson_rows;
  if (!app.lesson.notes.empty()) {
    app.console.add(LineKind::Error, display_text(app.lesson.notes));
    app.lesson.notes.clear();
  }
  ImGui::TextColored(kAccent, "Guided lessons");
  ImGui::TextWrapped("A lesson opens beside the views: read the step, press Run (or type the code in the "
                     "console), watch the check mark, then Next. :lessons, :lesson N, :next and :back in "
                     "the console move the same lesson.");
  // Files that could not be read, so an instructor sees why their lesson is missing.
  for (const std::string& e : app.lesson_load_errors) {
    ImGui::PushStyleColor(ImGuiCol_Text, kHint);
    ImGui::TextWrapped("skipped %s", display_text(e).c_str());
    ImGui::PopStyleColor();
  }
  ImGui::Spacing();
  if (rows.empty()) {
    ImGui::TextUnformatted("No lessons found.");
    return;
  }
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerH | ImGuiTableFlags_ScrollY;
  if (!ImGui::BeginTable("lessons", 4, flags)) return;
  ImGui::TableSetupColumn("#", ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableSetupColumn("Lesson", ImGuiTableColumnFlags_WidthStretch);
  ImGui::TableSetupColumn("Progress", ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableSetupColumn("", ImGuiTableColumnFlags_WidthFixed);
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableHeadersRow();
  for (const LessonRow& r : rows) {
    ImGui::PushID(r.number);
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::Text("%d", r.number);
    ImGui::TableNextColumn();
    if (r.open) {
      ImGui::TextColored(kAccent, "%s", display_text(r.title).c_str());
    } else {
      ImGui::TextWrapped("%s", display_text(r.title).c_str());
    }
    ImGui::SameLine();
    ImGui::TextDisabled("%d min", r.minutes);
    ImGui::TableNextColumn();
    if (r.status == "done") {
      ImGui::TextColored(kGood, "done");
    } else {
      ImGui::TextUnformatted(r.status.c_str());
    }
    ImGui::TableNextColumn();
    ImGui::BeginDisabled(app.busy());
    if (ImGui::SmallButton(r.open ? "Shown" : r.status == "not started" ? "Start" : "Resume")) open_lesson(app, r.number);
    ImGui::SameLine();
    if (ImGui::SmallButton("Demo")) start_demo(app, r.number);
    ImGui::EndDisabled();
    ImGui::PopID();
  }
  ImGui::EndTable();
}

void apply_lesson_options(App& app, const GuiOptions& o) {
  lesson::LessonSession& ls = app.session.lessons();
  ls.extra_dir = o.lessons_dir;
  if (o.no_config) ls.progress_path.clear();  // scripted runs leave the learner's progress alone
  if (o.lesson > 0) open_lesson(app, o.lesson);
  if (o.demo > 0) start_demo(app, o.demo);
  if (!o.view.empty()) app.lesson.wanted_view.clear();  // an explicit --view wins
}

bool open_lesson(App& app, int number) {
  const bool found = app.lesson.open(app.session, number);
  if (!found) {
    app.lesson.notes += "no lesson " + std::to_string(number) + " (the Lesson tab lists them)\n";
    std::fprintf(stderr, "tensorplay-gui: no lesson %d\n", number);
  }
  if (!app.lesson.notes.empty()) app.console.add(LineKind::Error, display_text(app.lesson.notes));
  app.lesson.notes.clear();
  if (found) {
    app.console.add(LineKind::Info, display_text("Lesson " + std::to_string(number) + ": " + app.lesson.lesson->title +
                                                 " - " + app.lesson.step_label()));
  }
  return found;
}

void run_step_code(App& app) {
  if (!app.lesson.lesson || app.lesson.current().code.empty() || app.busy()) return;
  const std::string code = app.lesson.current().code;
  app.console.add(LineKind::Input, console_echo(code));
  app.run(code, /*step_code=*/true);
}

std::string lesson_layout(const App& app) {
  const LessonPanel& p = app.lesson;
  if (!p.lesson) return "lesson none\n";
  auto rect = [](const char* name, const ButtonRect& r) {
    return std::string(name) + " " + std::to_string(r.x) + " " + std::to_string(r.y) + " " + std::to_string(r.w) +
           " " + std::to_string(r.h) + "\n";
  };
  std::string out = "lesson " + std::to_string(p.lesson->number) + " step " + std::to_string(p.step + 1) + " of " +
                    std::to_string(p.step_count()) + " passed " + (p.passed ? "1" : "0") + " view " +
                    view_id(app.view) + "\n";
  out += rect("run", app.lesson_run) + rect("next", app.lesson_next) + rect("back", app.lesson_back);
  if (app.demo.active()) out += "demo step " + std::to_string(app.demo.step() + 1) + "\n";
  return out;
}

}  // namespace tp::gui
