// Runs the torch binding's language scripts: tests/lang/torch_NNN_topic.py, whose .expected
// files are recorded from real PyTorch 2.15 on CPU by tests/lang/gen_expected.py, and
// torchdev_NNN_topic.py, simulated-GPU behaviour with hand-written expected output. Both run
// on the default device set-up (one simulated GPU), as a learner's session does.
#include <doctest/doctest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "core/device_registry.h"
#include "repl/lang/interpreter.h"
#include "tests/lang_scripts.h"
#include "repl/torch/install.h"

namespace {

using tp::test::mask_addresses;
using tp::test::read_file;
using tp::test::run_script;
const std::filesystem::path& kDir = tp::test::kLangDir;

}  // namespace

TEST_CASE("torch scripts print what PyTorch prints") {
  tp::DeviceConfig config;
  config.force_sim = true;  // the same simulated GPU on every machine
  tp::configure_devices(config);
  std::vector<std::filesystem::path> scripts;
  for (auto& e : std::filesystem::directory_iterator(kDir)) {
    std::string n = e.path().filename().string();
    if (e.path().extension() == ".py" && n.rfind("torch", 0) == 0) scripts.push_back(e.path());
  }
  std::sort(scripts.begin(), scripts.end());
  REQUIRE(scripts.size() >= 6);
  for (auto& p : scripts) {
    std::string name = p.filename().string();
    auto expected_path = p;
    expected_path.replace_extension(".expected");
    REQUIRE_MESSAGE(std::filesystem::exists(expected_path), name);
    const std::string printed = run_script(read_file(p), name);
    INFO("script: ", name);
    CHECK(mask_addresses(printed) == mask_addresses(read_file(expected_path)));
  }
}

TEST_CASE("the op table drives torch's names, Tensor methods and help") {
  tp::DeviceConfig config;
  config.force_sim = true;
  tp::configure_devices(config);
  tp::lang::Interpreter interp;
  std::ostringstream out;
  interp.set_output(&out, &out);
  auto has = [](const std::vector<std::string>& v, const char* n) { return std::find(v.begin(), v.end(), n) != v.end(); };
  auto torch_names = interp.dir_names(interp.import_module("torch"));
  CHECK(has(torch_names, "zeros"));
  CHECK(has(torch_names, "matmul"));
  CHECK_FALSE(has(torch_names, "add_"));  // methods only
  REQUIRE(interp.run_interactive("x = ones(2)"));
  auto methods = interp.dir_names(interp.get_global("x"));
  CHECK(has(methods, "to"));
  CHECK(has(methods, "tolist"));
  CHECK(has(methods, "add_"));
  CHECK(has(methods, "shape"));
  CHECK_FALSE(has(methods, "zeros"));  // functions only
  auto help = tp::torchlang::help_entries();
  auto it = std::find_if(help.begin(), help.end(), [](auto& e) { return e.first == "Tensor.to"; });
  REQUIRE(it != help.end());
  CHECK(it->second.find("non_blocking") != std::string::npos);
  // Quick names are predefined, and what tensorplay lacks fails by name, never crashes.
  out.str("");
  CHECK(interp.run_interactive("y = x.to(cuda)\ny.device\ncpu"));
  CHECK(out.str() == "device(type='cuda', index=0)\ndevice(type='cpu')\n");
  out.str("");
  CHECK(interp.run_interactive("nn.Linear(3, 2)"));
  CHECK(out.str() == "Linear(in_features=3, out_features=2, bias=True)\n");
  out.str("");
  CHECK(interp.run_interactive("class Net(nn.Module):\n    pass\n\nNet()"));
  CHECK(out.str() == "Net()\n");
  out.str("");
  CHECK_FALSE(interp.run_interactive("torch.save(x, 'x.pt')"));
  CHECK(out.str().find("NotImplementedError: torch.save is not implemented in tensorplay yet") != std::string::npos);
  out.str("");
  CHECK(interp.run_interactive("import torch.cuda\nfrom torch import cuda as c\nc.is_available()"));
  CHECK(out.str() == "True\n");
}
