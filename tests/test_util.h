// Helpers for unit tests: build a tensor from plain values, read one back, and load
// fixtures recorded from real PyTorch (tests/fixtures/*.txt).
#pragma once

#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/device_registry.h"
#include "core/ops/copy.h"
#include "core/tensor.h"

namespace tp::test {

// A CPU tensor of `shape` holding `values` (row-major), converted to `dtype`.
inline Tensor make_tensor(const std::vector<double>& values, const Shape& shape,
                          DType dtype = DType::Float32) {
  Tensor t = empty(shape, TensorOptions(dtype));
  if (static_cast<int64_t>(values.size()) != t.numel())
    throw std::logic_error("make_tensor: value count does not match shape");
  visit_any_dtype(dtype, [&](auto tag) {
    using T = typename decltype(tag)::type;
    T* p = t.data<T>();
    for (size_t i = 0; i < values.size(); ++i) {
      if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat16>)
        p[i] = T(static_cast<float>(values[i]));
      else
        p[i] = static_cast<T>(values[i]);
    }
  });
  return t;
}

// The elements of t (any device, any strides) in row-major order, as doubles.
inline std::vector<double> values_of(const Tensor& t) {
  Tensor host = contiguous(to(t, Device::cpu(), std::nullopt));
  std::vector<double> out(static_cast<size_t>(host.numel()));
  for (int64_t i = 0; i < host.numel(); ++i) out[i] = element_at(host, i).to_double();
  return out;
}

// Fixture files hold named blocks recorded from PyTorch:
//   === name
//   <expected text, any number of lines>
// Returns name -> text (without the trailing newline).
inline std::map<std::string, std::string> load_fixture(const std::string& file) {
  std::ifstream in(std::string(TP_FIXTURES_DIR) + "/" + file);
  if (!in) throw std::runtime_error("missing fixture " + file);
  std::map<std::string, std::string> blocks;
  std::string line, name, text;
  bool open = false;
  auto flush = [&] {
    if (open) {
      if (!text.empty() && text.back() == '\n') text.pop_back();
      blocks[name] = text;
    }
  };
  while (std::getline(in, line)) {
    if (line.rfind("=== ", 0) == 0) {
      flush();
      name = line.substr(4);
      text.clear();
      open = true;
    } else {
      text += line + "\n";
    }
  }
  flush();
  return blocks;
}

// Sets up `n` simulated GPUs (optionally an mps device, or no GPUs at all) with a small
// memory cap, as the device tests need.
inline void use_sim_gpus(int n, bool mps = false, bool no_sim = false) {
  DeviceConfig c;
  c.force_sim = true;
  c.sim_gpus = n;
  c.sim_mps = mps;
  c.no_sim = no_sim;
  c.sim_memory_limit = size_t{256} << 20;
  configure_devices(c);
}

// Whitespace-separated numbers as PyTorch prints them in fixtures ("nan", "inf" included).
inline std::vector<double> parse_numbers(const std::string& text) {
  std::istringstream in(text);
  std::vector<double> v;
  std::string tok;
  while (in >> tok) v.push_back(std::stod(tok));
  return v;
}

}  // namespace tp::test
