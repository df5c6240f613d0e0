// The device-error hints: the text builder with hand-built inputs, then whole sessions
// (a simulated cuda:0) where the engine finds the operands in the failing line itself.
#include <doctest/doctest.h>

#include <sstream>

#include "core/backends/caching_allocator.h"
#include "core/device_registry.h"
#include "repl/hints.h"

using namespace tp;
using namespace tp::repl;

namespace {

const char kFoundTwo[] =
    "Expected all tensors to be on the same device, but found at least two devices, cuda:0 and "
    "cpu!";
const char kAddmm[] =
    "Expected all tensors to be on the same device, but got mat1 is on cpu, different from other "
    "tensors on cuda:0 (when checking argument in method wrapper_CUDA_addmm)";
// The fields the exceptions above carry as exc.device_mismatch.
const HintMismatch kFoundTwoFields{"", "", "cuda:0", "cpu"};
const HintMismatch kAddmmFields{"addmm", "mat1", "cuda:0", "cpu"};
const char kNumpy[] =
    "can't convert cuda:0 device type tensor to numpy. Use Tensor.cpu() to copy the tensor to "
    "host memory first.";

HintInput same_device(std::vector<HintOperand> ops) {
  return HintInput{"RuntimeError", kFoundTwo, std::move(ops), "", {}, {}, kFoundTwoFields};
}

// A model's addmm with its input on the CPU: `operands` and `parameters` as found.
HintInput addmm(std::vector<HintOperand> operands, std::vector<HintOperand> parameters = {}) {
  return HintInput{"RuntimeError", kAddmm, std::move(operands), "", {}, std::move(parameters), kAddmmFields};
}

}  // namespace

TEST_CASE("same-device hint names each operand and where it lives") {
  auto lines = hint_lines(same_device({{"x", "cpu"}, {"y", "cuda:0"}}));
  REQUIRE(lines.size() == 1);
  CHECK(lines[0] ==
        "hint: `x` is on cpu, `y` is on cuda:0 — move one: `x = x.to(y.device)` or `y = y.cpu()`");
}

TEST_CASE("the CPU operand is the one moved, whatever the order") {
  auto lines = hint_lines(same_device({{"w", "cuda:0"}, {"b", "cpu"}}));
  REQUIRE(lines.size() == 1);
  CHECK(lines[0] ==
        "hint: `w` is on cuda:0, `b` is on cpu — move one: `b = b.to(w.device)` or `w = w.cpu()`");
}

TEST_CASE("two GPUs: either moves to the other") {
  auto lines = hint_lines(same_device({{"a", "cuda:0"}, {"b", "cuda:1"}}));
  REQUIRE(lines.size() == 1);
  CHECK(lines[0] == "hint: `a` is on cuda:0, `b` is on cuda:1 — move one: "
                    "`a = a.to(b.device)` or `b = b.to(a.device)`");
}

TEST_CASE("operands not found: the devices come from the error's fields") {
  auto lines = hint_lines(same_device({}));
  REQUIRE(lines.size() == 1);
  CHECK(lines[0] == "hint: this line mixes tensors on cuda:0 and cpu — move them to one device "
                    "with `.to(device)` before combining them");
}

TEST_CASE("a dropped .to() result adds a note") {
  HintInput in = same_device({{"x", "cpu"}, {"y", "cuda:0"}});
  in.unmoved = {{"x", "x.to(cuda)", 2}};
  auto lines = hint_lines(in);
  REQUIRE(lines.size() == 2);
  CHECK(lines[1] == "note: `x.to(cuda)` on line 2 returned a new tensor; `x` itself did not move "
                    "— write `x = x.to(cuda)`");
  in.unmoved = {{"x", "x.cuda()", 0}};
  lines = hint_lines(in);
  REQUIRE(lines.size() == 2);
  CHECK(lines[1] == "note: `x.cuda()` (typed earlier) returned a new tensor; `x` itself did not "
                    "move — write `x = x.cuda()`");
  in.unmoved = {{"z", "z.to(cuda)", 1}};  // not an operand here
  CHECK(hint_lines(in).size() == 1);
}

TEST_CASE(".numpy() on a device tensor") {
  HintInput in{"TypeError", kNumpy, {}, "y", {}};
  in.problem = HintProblem{"not_on_host", "", "cuda:0", 0};
  auto lines = hint_lines(in);
  REQUIRE(lines.size() == 1);
  CHECK(lines[0] == "hint: `y` is on cuda:0 and numpy arrays live in host memory — copy it first: "
                    "`y.cpu().numpy()`");
  in.numpy_receiver = "";
  CHECK(hint_lines(in)[0] == "hint: the tensor is on cuda:0 and numpy arrays live in host memory "
                             "— copy it first: `.cpu().numpy()`");
}

TEST_CASE("device errors are read from their fields, not their text") {
  // The same words without the exception's fields (a learner's own RuntimeError): no hint.
  HintInput in{"TypeError", kNumpy, {}, "y", {}};
  CHECK(hint_lines(in).empty());
  in = HintInput{"RuntimeError", "Expected one of cpu, cuda device type at start of device string: gpu"};
  CHECK(hint_lines(in).empty());
  in.problem = HintProblem{"unknown_name", "gpu", "", 0};
  CHECK(hint_lines(in) == std::vector<std::string>{"hint: PyTorch calls an NVIDIA GPU 'cuda': write `.to('cuda')` "
                                                   "(or 'cuda:0', 'cuda:1', ... for one of several)"});
  in = HintInput{"torch.OutOfMemoryError", "CUDA out of memory."};
  in.problem = HintProblem{"out_of_memory", "", "cuda:0", size_t{3} << 30};
  CHECK(hint_lines(in)[0].rfind("hint: this simulated GPU may use 3.00 GiB (the smaller", 0) == 0);
}

TEST_CASE("a model on one device fed data on another") {
  HintInput in = addmm({{"x", "cpu"}});
  auto lines = hint_lines(in);
  REQUIRE(lines.size() == 1);
  CHECK(lines[0] == "hint: the model's weights are on cuda:0 but its input `x` is on cpu — move "
                    "the input: `x = x.to('cuda:0')`");
  in.unmoved = {{"x", "x.to(cuda)", 3}};
  lines = hint_lines(in);
  REQUIRE(lines.size() == 2);
  CHECK(lines[1] == "note: `x.to(cuda)` on line 3 returned a new tensor; `x` itself did not move "
                    "— write `x = x.to(cuda)`");
  in = addmm({});
  CHECK(hint_lines(in)[0] == "hint: the model's weights are on cuda:0 but its input is on cpu — "
                             "move the input: `.to('cuda:0')`");
  // The model is on the line: its first parameter is named.
  in = addmm({{"x", "cpu"}}, {{"model.fc1.weight", "cuda:0"}});
  CHECK(hint_lines(in)[0] == "hint: the model's weights (`model.fc1.weight`) are on cuda:0 but its "
                             "input `x` is on cpu — move the input: `x = x.to('cuda:0')`");
  // F.cross_entropy(model(x), y) with x and y on the CPU: the model's input is x, named first.
  in.operands = {{"x", "cpu"}, {"y", "cpu"}};
  CHECK(hint_lines(in)[0] == "hint: the model's weights (`model.fc1.weight`) are on cuda:0 but its "
                             "input `x` is on cpu — move the input: `x = x.to('cuda:0')`");
  // Both operands visible (F.linear(x, w)): name them instead.
  in.operands = {{"x", "cpu"}, {"w", "cuda:0"}};
  CHECK(hint_lines(in)[0] ==
        "hint: `x` is on cpu, `w` is on cuda:0 — move one: `x = x.to(w.device)` or `w = w.cpu()`");
}

TEST_CASE("other errors get no hint") {
  // The same text without the fields is not a device mix-up tensorplay raised.
  CHECK(hint_lines({"RuntimeError", kFoundTwo, {{"x", "cpu"}, {"y", "cuda:0"}}, "", {}}).empty());
  CHECK(hint_lines({"RuntimeError", "The size of tensor a (2) must match", {}, "", {}}).empty());
  CHECK(hint_lines({"NameError", "name 'x' is not defined", {{"x", "cpu"}}, "", {}}).empty());
  CHECK(hint_lines({"TypeError", "unsupported operand type(s)", {}, "x", {}}).empty());
}

TEST_CASE("paint_hint colours only the leading word") {
  CHECK(paint_hint("hint: `x` is on cpu") == "\033[1;36mhint:\033[0m `x` is on cpu");
  CHECK(paint_hint("note: n") == "\033[1;33mnote:\033[0m n");
}

// ---- whole sessions -----------------------------------------------------------------

namespace {

// Runs `source` as a script with hints on; returns what went to the error stream.
std::string run_with_hints(const std::string& source, bool script = true) {
  configure_devices(DeviceConfig{});  // one simulated cuda:0
  PythonSession session;
  std::ostringstream out, err;
  session.set_output(&out, &err);
  HintEngine engine(session, false, script);
  session.set_run_observer([&](const RunOutcome& o) { engine.observe(o); });
  session.run_file(source, "t.py");
  return err.str();
}

// Runs each of `inputs` as one prompt input (hints on); returns what went to the error stream.
std::string run_at_prompt(const std::vector<std::string>& inputs) {
  configure_devices(DeviceConfig{});
  PythonSession session;
  std::ostringstream out, err;
  session.set_output(&out, &err);
  HintEngine engine(session, false, /*script=*/false);
  session.set_run_observer([&](const RunOutcome& o) { engine.observe(o); });
  for (const std::string& input : inputs) session.run_interactive(input);
  return err.str();
}

std::string last_lines(const std::string& text, int n) {
  size_t pos = text.size();
  if (pos > 0 && text[pos - 1] == '\n') --pos;
  for (int i = 0; i < n && pos != std::string::npos && pos > 0; ++i) pos = text.rfind('\n', pos - 1);
  return pos == std::string::npos ? text : text.substr(pos + 1);
}

}  // namespace

TEST_CASE("session: x + y with y moved to cuda") {
  std::string err = run_with_hints("x = ones(2,3)\ny = x.to(cuda)\nx + y\n");
  CHECK(last_lines(err, 2) ==
        "RuntimeError: Expected all tensors to be on the same device, but found at least two "
        "devices, cuda:0 and cpu!\n"
        "hint: `x` is on cpu, `y` is on cuda:0 — move one: `x = x.to(y.device)` or `y = y.cpu()`\n");
}

TEST_CASE("session: a dropped x.to(cuda) is remembered") {
  std::string err = run_with_hints("x = ones(2)\nw = ones(2).to(cuda)\nx.to(cuda)\nz = x * w\n");
  CHECK(last_lines(err, 2) ==
        "hint: `x` is on cpu, `w` is on cuda:0 — move one: `x = x.to(w.device)` or `w = w.cpu()`\n"
        "note: `x.to(cuda)` on line 3 returned a new tensor; `x` itself did not move — write "
        "`x = x.to(cuda)`\n");
  // Reassigning x forgets the dropped move.
  err = run_with_hints("x = ones(2)\nx.to(cuda)\nx = ones(3)\nw = ones(3).to(cuda)\nx + w\n");
  CHECK(last_lines(err, 1).rfind("hint: `x` is on cpu, `w` is on cuda:0", 0) == 0);
}

TEST_CASE("session: operands inside calls, attributes and loops") {
  std::string err = run_with_hints(
      "class M:\n    pass\nm = M()\nm.w = ones(2).to(cuda)\nb = ones(2)\n"
      "for i in range(1):\n    print(torch.add(m.w, b))\n");
  CHECK(last_lines(err, 1) ==
        "hint: `m.w` is on cuda:0, `b` is on cpu — move one: `b = b.to(m.w.device)` or "
        "`m.w = m.w.cpu()`\n");
}

TEST_CASE("session: .numpy() on a device tensor") {
  std::string err = run_with_hints("y = ones(2).to(cuda)\na = y.numpy()\n");
  CHECK(last_lines(err, 1) == "hint: `y` is on cuda:0 and numpy arrays live in host memory — "
                              "copy it first: `y.cpu().numpy()`\n");
}

TEST_CASE("session: a model fed input on the other device") {
  std::string err = run_with_hints(
      "import torch\nmodel = torch.nn.Linear(3, 2).to(cuda)\nx = ones(1, 3)\nout = model(x)\n");
  CHECK(last_lines(err, 1) == "hint: the model's weights (`model.weight`) are on cuda:0 but its input `x` "
                              "is on cpu — move the input: `x = x.to('cuda:0')`\n");
}

TEST_CASE("session: a recurrent layer fed input, or a hidden state, on the other device") {
  std::string err = run_with_hints(
      "import torch\nlstm = torch.nn.LSTM(3, 2).to(cuda)\nx = ones(4, 1, 3)\nout, _ = lstm(x)\n");
  CHECK(last_lines(err, 2) ==
        "RuntimeError: Input and parameter tensors are not at the same device, found input tensor at cpu and "
        "parameter tensor at cuda:0\n"
        "hint: the model's weights (`lstm.weight_ih_l0`) are on cuda:0 but its input `x` is on cpu — move the "
        "input: `x = x.to('cuda:0')`\n");
  err = run_with_hints(
      "import torch\ngru = torch.nn.GRU(3, 2).to(cuda)\nx = ones(4, 1, 3).to(cuda)\nh0 = zeros(1, 1, 2)\n"
      "out, h = gru(x, h0)\n");
  CHECK(last_lines(err, 2) ==
        "RuntimeError: Input and hidden tensors are not at the same device, found input tensor at cuda:0 and "
        "hidden tensor at cpu\n"
        "hint: `x` is on cuda:0, `h0` is on cpu — move one: `h0 = h0.to(x.device)` or `x = x.cpu()`\n");
}

TEST_CASE("session: at the prompt, a dropped move is remembered between inputs") {
  std::string err = run_at_prompt({"x = ones(2)\nw = ones(2).to(cuda)\n", "x.to(cuda)\n", "x + w\n"});
  CHECK(last_lines(err, 1) == "note: `x.to(cuda)` (typed earlier) returned a new tensor; `x` itself "
                                    "did not move — write `x = x.to(cuda)`\n");
}

TEST_CASE("session: at the prompt, a model whose forward an earlier input defined") {
  // Every prompt input is "<stdin>": the failing line is this input's, not forward's line 5.
  std::string err = run_at_prompt(
      {"class Net(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
       "        self.fc = nn.Linear(3, 2)\n    def forward(self, x):\n        return self.fc(x)\n\n",
       "model = Net().to(cuda)\ninp = ones(4, 3)\n", "out = model(inp)\n"});
  CHECK(last_lines(err, 1) == "hint: the model's weights (`model.fc.weight`) are on cuda:0 but its "
                                    "input `inp` is on cpu — move the input: `inp = inp.to('cuda:0')`\n");
}

TEST_CASE("session: no hint for other errors") {
  std::string err = run_with_hints("x = ones(2)\ny = ones(3)\nx + y\n");
  CHECK(err.find("hint:") == std::string::npos);
  CHECK(err.find("RuntimeError: The size of tensor a (2) must match") != std::string::npos);
}

TEST_CASE("session: a device name PyTorch lacks") {
  std::string err = run_with_hints("x = ones(2)\ny = x.to('gpu')\n");
  CHECK(last_lines(err, 1) == "hint: PyTorch calls an NVIDIA GPU 'cuda': write `.to('cuda')` (or "
                              "'cuda:0', 'cuda:1', ... for one of several)\n");
  err = run_with_hints("y = ones(2, device='tpu')\n");
  CHECK(last_lines(err, 1) == "hint: PyTorch has no device 'tpu': the processor is 'cpu', an "
                              "NVIDIA GPU 'cuda' (or 'cuda:0', 'cuda:1', ...)\n");
}

TEST_CASE("session: a GPU ordinal the session lacks") {
  // CUDA's message ends in a newline: the hint follows the traceback's blank line.
  std::string err = run_with_hints("y = ones(2, device='cuda:1')\n");
  CHECK(last_lines(err, 2) == "\nhint: this session has 1 GPU, cuda:0 (torch.cuda.device_count() is 1) "
                              "— to simulate more, start tensorplay with `--sim-gpus N`\n");
}

TEST_CASE("session: the simulated GPU out of memory") {
  std::string err = run_with_hints("y = torch.empty(10**12, device='cuda')\n");
  const std::string last = last_lines(err, 1);
  CHECK(last.rfind("hint: this simulated GPU may use " + format_size(cuda_devices()[0].capacity_bytes) +
                       " (the smaller of its card's memory and --sim-memory, by default a quarter of "
                       "this machine's RAM); free what you no longer need (`del x`, then "
                       "`torch.cuda.empty_cache()`) or use a smaller batch, or start tensorplay with "
                       "`--sim-memory SIZE` (e.g. 8GiB)\n",
                   0) == 0);
}

TEST_CASE("session: a tensor moved in the failing line is an operand of its own") {
  std::string err = run_with_hints("A = ones(2, 2)\nB = ones(2, 2)\nC = A.to('cuda') @ B\n");
  CHECK(last_lines(err, 1) == "hint: `A.to('cuda')` is on cuda:0, `B` is on cpu — move one: "
                              "`B = B.to('cuda:0')`\n");
}

TEST_CASE("session: a layer made inside forward()") {
  const std::string net =
      "class Net(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
      "    def forward(self, x):\n";
  std::string err = run_with_hints(net + "        fc = nn.Linear(3, 2)\n        return fc(x)\n" +
                                   "model = Net().to(cuda)\nout = model(ones(4, 3).to(cuda))\n");
  CHECK(last_lines(err, 1) == "hint: `fc` is made inside forward(), so every call builds a new layer "
                              "with its weights on cpu that model.to(...) never moved — make it once "
                              "in __init__ (`self.fc = nn.Linear(...)`) and call `self.fc(x)` in forward\n");
  err = run_with_hints(net + "        return nn.Linear(3, 2)(x)\n" +
                       "model = Net().to(cuda)\nout = model(ones(4, 3).to(cuda))\n");
  CHECK(last_lines(err, 1) == "hint: `nn.Linear(3, 2)` is made inside forward(), so every call builds "
                              "a new layer with its weights on cpu that model.to(...) never moved — "
                              "make it once in __init__ (`self.layer = nn.Linear(3, 2)`) and call "
                              "`self.layer(x)` in forward\n");
}
