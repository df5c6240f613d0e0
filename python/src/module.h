// Registers torch._C (tensorplay's bindings over core/) as a builtin module of the embedded
// interpreter; call before the interpreter starts.
#pragma once

namespace tp::torchpy {

void register_torch_c();

}  // namespace tp::torchpy
