// Tensor printing against torch 2.15's repr(): each block of fixtures/printing.txt
// (recorded by gen_printing.py) says how to build a tensor and which print options to
// set, and holds the exact repr PyTorch printed for it.
#include <doctest/doctest.h>

#include <cmath>
#include <sstream>

#include "core/ops/creation.h"
#include "core/printing.h"
#include "test_util.h"

using namespace tp;

namespace {

// One recorded case: the header fields, the values line and the expected repr.
struct PrintCase {
  std::map<std::string, std::string> fields;
  std::string values;
  std::string expected;
};

PrintCase parse_case(const std::string& block) {
  PrintCase c;
  size_t first = block.find('\n');
  size_t second = block.find('\n', first + 1);
  std::istringstream header(block.substr(0, first));
  std::string token;
  while (header >> token) {
    size_t eq = token.find('=');
    c.fields[token.substr(0, eq)] = token.substr(eq + 1);
  }
  c.values = block.substr(first + 1, second - first - 1);
  c.expected = block.substr(second + 1);
  return c;
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> parts;
  std::string part;
  std::istringstream in(s);
  while (std::getline(in, part, sep)) parts.push_back(part);
  return parts;
}

Shape parse_shape(const std::string& s) {
  Shape shape;
  for (const std::string& d : split(s, ',')) shape.push_back(std::stoll(d));
  return shape;
}

// "v v v" or "range A B D" (value i is (A + i*B) / D), as gen_printing.py writes them.
std::vector<double> parse_values(const std::string& line, int64_t n) {
  std::istringstream in(line);
  std::string word;
  std::vector<double> out;
  if (line.rfind("range ", 0) == 0) {
    int64_t a, b, d;
    in >> word >> a >> b >> d;
    for (int64_t i = 0; i < n; ++i) out.push_back(static_cast<double>(a + i * b) / static_cast<double>(d));
    return out;
  }
  while (in >> word) out.push_back(std::strtod(word.c_str(), nullptr));
  return out;
}

// "precision:2;sci_mode:True" -> the same torch.set_printoptions call.
PrintOptionsUpdate parse_options(const std::string& s) {
  PrintOptionsUpdate u;
  for (const std::string& kv : split(s, ';')) {
    size_t colon = kv.find(':');
    std::string key = kv.substr(0, colon), value = kv.substr(colon + 1);
    if (key == "precision") u.precision = std::stoi(value);
    else if (key == "threshold") u.threshold = std::strtod(value.c_str(), nullptr);
    else if (key == "edgeitems") u.edgeitems = std::stoi(value);
    else if (key == "linewidth") u.linewidth = std::stoi(value);
    else if (key == "sci_mode") u.sci_mode = value == "True";
    else if (key == "profile") u.profile = value;
    else FAIL("unknown print option " << key);
  }
  return u;
}

void reset_options() {
  PrintOptionsUpdate defaults;
  defaults.profile = "default";
  set_printoptions(defaults);
}

// The repr of c's tensor, built and printed as the generator did.
std::string print_case(const PrintCase& c) {
  DType dtype = *parse_dtype(c.fields.at("dtype"));
  Shape shape = parse_shape(c.fields.at("shape"));
  Tensor t = test::make_tensor(parse_values(c.values, shape_numel(shape)), shape, dtype);
  if (c.fields.count("transposed")) {
    t = t.as_strided({shape[1], shape[0]}, {t.stride(1), t.stride(0)}, 0);
  }
  if (c.fields.count("opts")) set_printoptions(parse_options(c.fields.at("opts")));
  std::string text;
  if (c.fields.count("autograd")) {
    // tensorplay's autograd is not in this test: describe the result it would carry.
    ReprInfo info = repr_info(t);
    const std::string& autograd = c.fields.at("autograd");
    if (autograd == "requires_grad") info.requires_grad = true;
    else info.grad_fn = autograd;
    text = add_suffixes("tensor(" + tensor_contents_str(t, 7), repr_suffixes(info), 7);
  } else {
    text = tensor_repr(t);
  }
  reset_options();
  return text;
}

}  // namespace

TEST_CASE("tensor_repr matches torch 2.15 repr for every recorded case") {
  auto blocks = test::load_fixture("printing.txt");
  int checked = 0;
  for (const auto& [name, block] : blocks) {
    if (name.rfind("sequence_", 0) == 0) continue;
    CAPTURE(name);
    PrintCase c = parse_case(block);
    CHECK(print_case(c) == c.expected);
    ++checked;
  }
  CHECK(checked >= 100);
}

TEST_CASE("set_printoptions always overwrites sci_mode, as PyTorch does") {
  auto blocks = test::load_fixture("printing.txt");
  PrintOptionsUpdate sci;
  sci.sci_mode = true;
  set_printoptions(sci);
  CHECK(get_printoptions().sci_mode == std::optional<bool>(true));
  PrintOptionsUpdate precision;
  precision.precision = 3;
  set_printoptions(precision);
  CHECK_FALSE(get_printoptions().sci_mode.has_value());
  CHECK(tensor_repr(test::make_tensor({1.5, 2.0, 3.0}, {3})) == blocks.at("sequence_sci_mode_reset"));
  reset_options();
  CHECK(get_printoptions().precision == 4);
  CHECK(get_printoptions().threshold == 1000);
}

// Device suffixes, with the texts from shared/reference/pytorch_device_semantics.md
// section 3 (no device backend is needed: the suffix rules only read the metadata).
TEST_CASE("a non-CPU tensor prints its device first among the suffixes") {
  auto repr_on = [](const Tensor& t, Device device, const std::string& grad_fn = "") {
    ReprInfo info = repr_info(t);
    info.device = device;
    info.grad_fn = grad_fn;
    return add_suffixes("tensor(" + tensor_contents_str(t, 7), repr_suffixes(info), 7);
  };
  Device cuda0 = Device::cuda(0);
  CHECK(repr_on(test::make_tensor({1, 2}, {2}), cuda0) == "tensor([1., 2.], device='cuda:0')");
  CHECK(repr_on(test::make_tensor({1, 2}, {2}, DType::Int32), cuda0) ==
        "tensor([1, 2], device='cuda:0', dtype=torch.int32)");
  CHECK(repr_on(test::make_tensor({0.5}, {}), cuda0, "MseLossBackward0") ==
        "tensor(0.5000, device='cuda:0', grad_fn=<MseLossBackward0>)");
  CHECK(repr_on(test::make_tensor({3}, {}), cuda0) == "tensor(3., device='cuda:0')");
}

TEST_CASE("creation ops print as PyTorch shows them") {
  CHECK(tensor_repr(arange(Scalar(int64_t{5}))) == "tensor([0, 1, 2, 3, 4])");
  CHECK(tensor_repr(eye(2)) == "tensor([[1., 0.],\n        [0., 1.]])");
  CHECK(tensor_repr(zeros({2}, DType::Float64)) == "tensor([0., 0.], dtype=torch.float64)");
  CHECK(tensor_repr(eye(0)) == "tensor([], size=(0, 0))");
}
