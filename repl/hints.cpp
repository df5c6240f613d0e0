// Hints after an uncaught error: the text builder (pure, unit-tested) and the engine that
// asks tensorplay/hints.py for the failing line's tensor operands and dropped `.to(...)` calls.
#include "repl/hints.h"

#include <cctype>

#include "core/backends/caching_allocator.h"
#include "core/device_registry.h"

namespace tp::repl {

namespace {

bool starts_with(const std::string& s, const std::string& prefix) {
  return s.rfind(prefix, 0) == 0;
}

std::string quoted(const std::string& code) { return "`" + code + "`"; }

// True for a name or attribute path ("x", "model.w"), which can be assigned to.
bool is_path(const std::string& code) {
  return !code.empty() && code.find_first_of("()[] '\"") == std::string::npos;
}

// Where `op` is, as code: `op.device` for a name, the device itself for an expression such
// as `A.to('cuda')`.
std::string device_of(const HintOperand& op) {
  return is_path(op.source) ? op.source + ".device" : "'" + op.device + "'";
}

// `a = a.to(b.device)`-style fixes for two operands on different devices; only a name can
// be assigned to.
std::string move_fix(const HintOperand& a, const HintOperand& b) {
  // The one on the CPU moves to the other's device; a device tensor can come back with .cpu().
  const HintOperand& host = b.device == "cpu" ? b : a;
  const HintOperand& dev = b.device == "cpu" ? a : b;
  std::vector<std::string> fixes;
  if (host.device == "cpu") {
    if (is_path(host.source)) fixes.push_back(quoted(host.source + " = " + host.source + ".to(" + device_of(dev) + ")"));
    if (is_path(dev.source)) fixes.push_back(quoted(dev.source + " = " + dev.source + ".cpu()"));
  } else {
    if (is_path(a.source)) fixes.push_back(quoted(a.source + " = " + a.source + ".to(" + device_of(b) + ")"));
    if (is_path(b.source)) fixes.push_back(quoted(b.source + " = " + b.source + ".to(" + device_of(a) + ")"));
  }
  if (fixes.empty()) return "`.to(device)` one of them";
  return fixes.size() == 1 ? fixes[0] : fixes[0] + " or " + fixes[1];
}

// The hints that need no operands, read off the error's fields: a device name or ordinal the
// session lacks, a GPU out of memory, .numpy() on a device tensor. Empty for other errors.
std::vector<std::string> device_hints(const HintInput& in) {
  if (!in.problem) return {};
  const HintProblem& p = *in.problem;
  if (p.kind == "unknown_name") {
    const std::string& name = p.name;
    std::string lower;
    for (char c : name) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (starts_with(lower, "gpu") || lower == "nvidia") {
      return {"hint: PyTorch calls an NVIDIA GPU 'cuda': write `.to('cuda')` (or 'cuda:0', "
              "'cuda:1', ... for one of several)"};
    }
    return {"hint: PyTorch has no device '" + name + "': the processor is 'cpu', an NVIDIA GPU "
            "'cuda' (or 'cuda:0', 'cuda:1', ...)"};
  }
  if (p.kind == "missing_ordinal") {
    std::string have = in.gpu_count == 1 ? "1 GPU, cuda:0"
                                         : std::to_string(in.gpu_count) + " GPUs, cuda:0 to cuda:" +
                                               std::to_string(in.gpu_count - 1);
    std::string hint = "hint: this session has " + have + " (torch.cuda.device_count() is " +
                       std::to_string(in.gpu_count) + ")";
    if (in.gpus_simulated) hint += " — to simulate more, start tensorplay with `--sim-gpus N`";
    return {hint};
  }
  if (p.kind == "out_of_memory") {
    std::string hint = "hint: ";
    if (in.gpus_simulated && p.capacity > 0) {
      hint += "this simulated GPU may use " + format_size(p.capacity) +
              " (the smaller of its card's memory and --sim-memory, by default a quarter of this "
              "machine's RAM); ";
    }
    hint += "free what you no longer need (`del x`, then `torch.cuda.empty_cache()`) or use a "
            "smaller batch";
    if (in.gpus_simulated) hint += ", or start tensorplay with `--sim-memory SIZE` (e.g. 8GiB)";
    return {hint};
  }
  if (p.kind == "not_on_host") {
    if (in.numpy_receiver.empty()) {
      return {"hint: the tensor is on " + p.device +
              " and numpy arrays live in host memory — copy it first: `.cpu().numpy()`"};
    }
    return {"hint: " + quoted(in.numpy_receiver) + " is on " + p.device +
            " and numpy arrays live in host memory — copy it first: " +
            quoted(in.numpy_receiver + ".cpu().numpy()")};
  }
  return {};
}

// The note about a dropped `.to(...)` result for one of `names`, if any.
std::string unmoved_note(const std::vector<UnmovedCall>& unmoved,
                         const std::vector<std::string>& names) {
  for (const std::string& name : names) {
    for (const UnmovedCall& u : unmoved) {
      if (u.receiver != name) continue;
      std::string where = u.line > 0 ? " on line " + std::to_string(u.line) : " (typed earlier)";
      return "note: " + quoted(u.call) + where + " returned a new tensor; " + quoted(name) +
             " itself did not move — write " + quoted(name + " = " + u.call);
    }
  }
  return "";
}

std::vector<std::string> with_note(std::string hint, const std::string& note) {
  std::vector<std::string> lines{std::move(hint)};
  if (!note.empty()) lines.push_back(note);
  return lines;
}

}  // namespace

std::vector<std::string> hint_lines(const HintInput& in) {
  if (std::vector<std::string> lines = device_hints(in); !lines.empty()) return lines;
  if (!in.mismatch) return {};
  const HintMismatch& m = *in.mismatch;

  // Two operands on different devices: name every operand and show the move.
  const HintOperand* first = in.operands.empty() ? nullptr : &in.operands[0];
  const HintOperand* other = nullptr;
  for (const HintOperand& op : in.operands) {
    if (first && op.device != first->device) {
      other = &op;
      break;
    }
  }
  if (other) {
    std::string hint = "hint: ";
    std::vector<std::string> names;
    for (size_t i = 0; i < in.operands.size(); ++i) {
      if (i > 0) hint += ", ";
      hint += quoted(in.operands[i].source) + " is on " + in.operands[i].device;
      names.push_back(in.operands[i].source);
    }
    hint += " — move one: " + move_fix(*first, *other);
    return with_note(hint, unmoved_note(in.unmoved, names));
  }

  // (c) addmm's mat1 (the input) on one device, the other tensors (the model's weights) on
  // another.
  const std::string& arg_device = m.other;
  const std::string& others = m.common;
  if (m.argument == "mat1" && m.op == "addmm" && !in.layer_made_in_forward.empty()) {
    // The layer is new at every call, made on the CPU: moving the input would lead away.
    const std::string& layer = in.layer_made_in_forward;
    const std::string attribute = is_path(layer) ? layer : "layer";
    return {"hint: " + quoted(layer) + " is made inside forward(), so every call builds a new layer "
            "with its weights on " + others + " that model.to(...) never moved — make it once in "
            "__init__ (" + quoted("self." + attribute + " = " + (is_path(layer) ? "nn.Linear(...)" : layer)) +
            ") and call " + quoted("self." + attribute + "(x)") + " in forward"};
  }
  // The same for a recurrent layer (nn.LSTM, nn.GRU, nn.RNN: RNN.cpp's check_attributes).
  const bool rnn_input = m.argument == "input" && (m.op == "lstm" || m.op == "gru" || m.op.rfind("rnn_", 0) == 0);
  if ((m.argument == "mat1" && m.op == "addmm") || rnn_input) {
    const HintOperand* input = nullptr;
    for (const HintOperand& op : in.operands) {
      if (op.device == arg_device) {
        input = &op;  // the first in source order: the model's own argument
        break;
      }
    }
    std::string fix_device = "'" + others + "'";
    std::string weights = "the model's weights are on " + others;
    for (const HintOperand& p : in.parameters) {
      if (p.device == others) weights = "the model's weights (" + quoted(p.source) + ") are on " + others;
    }
    if (!input) {
      return {"hint: " + weights + " but its input is on " + arg_device +
              " — move the input: `.to(" + fix_device + ")`"};
    }
    return with_note("hint: " + weights + " but its input " +
                         quoted(input->source) + " is on " + arg_device + " — move the input: " +
                         quoted(input->source + " = " + input->source + ".to(" + fix_device + ")"),
                     unmoved_note(in.unmoved, {input->source}));
  }

  // The operands are not plain names: say which devices are mixed.
  const std::string& a = m.common;
  const std::string& b = m.other;
  std::vector<std::string> names;
  for (const HintOperand& op : in.operands) names.push_back(op.source);
  return with_note("hint: this line mixes tensors on " + a + " and " + b +
                       " — move them to one device with `.to(device)` before combining them",
                   unmoved_note(in.unmoved, names));
}

std::string paint_hint(const std::string& line) {
  size_t colon = line.find(':');
  if (colon == std::string::npos) return line;
  const char* color = starts_with(line, "note") ? "\033[1;33m" : "\033[1;36m";
  return color + line.substr(0, colon + 1) + "\033[0m" + line.substr(colon + 1);
}

HintEngine::HintEngine(PythonSession& session, bool color, bool script)
    : session_(session), color_(color), script_(script) {}

namespace {

std::vector<HintOperand> operand_list(py::handle items) {
  std::vector<HintOperand> out;
  for (py::handle item : items) out.push_back({py::str(item[py::int_(0)]), py::str(item[py::int_(1)])});
  return out;
}

}  // namespace

void HintEngine::observe(const RunOutcome& outcome) {
  if (outcome.exited) return;
  try {
    py::module_ hints = py::module_::import("tensorplay.hints");
    // Dropped moves before the failing line; the known ones carry over between prompt runs.
    py::object stop = outcome.ok ? py::object(py::none())
                                 : hints.attr("failing_line")(outcome.exception, outcome.filename);
    py::list known;
    for (const UnmovedCall& u : unmoved_) known.append(py::make_tuple(u.receiver, u.call, u.line));
    unmoved_.clear();
    for (py::handle f : hints.attr("dropped_moves")(outcome.source, session_.globals(), stop, known)) {
      int line = f[py::int_(2)].cast<int>();
      // At the prompt a line number means nothing to the learner ("typed earlier").
      unmoved_.push_back({py::str(f[py::int_(0)]), py::str(f[py::int_(1)]), script_ ? line : 0});
    }
    if (outcome.ok) return;

    HintInput in;
    in.exc_type = outcome.exc_type;
    in.message = outcome.message;
    py::object fields = py::getattr(outcome.exception, "device_mismatch", py::none());
    if (!fields.is_none()) {
      py::tuple devices = fields["devices"];
      in.mismatch = HintMismatch{py::str(fields["op"]), py::str(fields["argument"]), py::str(devices[0]),
                                 py::str(devices[1])};
    }
    py::object problem = py::getattr(outcome.exception, "device_problem", py::none());
    if (!problem.is_none()) {
      in.problem = HintProblem{py::str(problem["kind"]), py::str(problem["name"]), py::str(problem["device"]),
                               problem["capacity"].cast<size_t>()};
    }
    py::tuple found = hints.attr("operands")(outcome.exception, outcome.source, outcome.filename);
    in.operands = operand_list(found[0]);
    in.parameters = operand_list(found[1]);
    in.numpy_receiver = py::str(found[2]);
    in.layer_made_in_forward = py::str(found[3]);
    const std::vector<DeviceEntry>& gpus = cuda_devices();
    in.gpu_count = static_cast<int>(gpus.size());
    in.gpus_simulated = !cuda_devices_are_real();
    in.unmoved = unmoved_;
    std::string text;
    for (const std::string& line : hint_lines(in)) text += (color_ ? paint_hint(line) : line) + "\n";
    if (!text.empty()) session_.write_err(text);
  } catch (const py::error_already_set&) {  // a hint must never disturb the session
  }
}

}  // namespace tp::repl
