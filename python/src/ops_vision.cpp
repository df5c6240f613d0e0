// The op table's vision part: torch.pixel_shuffle and torch.pixel_unshuffle (also
// F.pixel_shuffle / F.pixel_unshuffle), over core/nn/pixel_shuffle.
#include "core/nn/pixel_shuffle.h"
#include "python/src/args.h"
#include "python/src/op_table.h"
#include "python/src/py_types.h"

namespace tp::torchpy {

namespace {

py::object c_pixel_shuffle(const py::args& a, const py::kwargs& kw) {
  OpArgs p("pixel_shuffle", a, kw, {"input", "upscale_factor"});
  return wrap(nn::functional::pixel_shuffle(p.tensor(0), p.integer(1)));
}

py::object c_pixel_unshuffle(const py::args& a, const py::kwargs& kw) {
  OpArgs p("pixel_unshuffle", a, kw, {"input", "downscale_factor"});
  return wrap(nn::functional::pixel_unshuffle(p.tensor(0), p.integer(1)));
}

}  // namespace

std::vector<OpSpec> vision_ops() {
  using W = OpWhere;
  return {
      {"pixel_shuffle", c_pixel_shuffle, W::Function,
       "pixel_shuffle(input, upscale_factor): (*, C*r*r, H, W) -> (*, C, H*r, W*r)"},
      {"pixel_unshuffle", c_pixel_unshuffle, W::Function,
       "pixel_unshuffle(input, downscale_factor): (*, C, H*r, W*r) -> (*, C*r*r, H, W)"},
  };
}

}  // namespace tp::torchpy
