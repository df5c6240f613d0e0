// The parts of torch._C, each bound in its own file; module.cpp calls them in this order.
#pragma once

#include <pybind11/pybind11.h>

namespace tp::torchpy {

namespace py = pybind11;

void bind_errors(py::module_& m);        // errors.cpp: torch.OutOfMemoryError, C++ -> Python errors
void bind_value_types(py::module_& m);   // py_types.cpp: device, dtype, Tensor, registration hooks
void bind_ops(py::module_& m);           // op_table.cpp: every torch function and Tensor method
void bind_tensor_methods(py::module_& m);  // tensor_methods.cpp: operators, properties, indexing
void bind_finfo(py::module_& m);         // finfo_binding.cpp: torch.finfo, torch.iinfo
void bind_cuda(py::module_& m);          // cuda_binding.cpp: torch.cuda, torch.backends.mps
void bind_profiler(py::module_& m);      // profiler_binding.cpp: torch.profiler's recorder
void bind_memory(py::module_& m);        // memory_binding.cpp: torch.cuda.memory's statistics and snapshots
void bind_autograd(py::module_& m);      // autograd_binding.cpp: grad mode, backward, grad_fn
void bind_function(py::module_& m);      // function_binding.cpp: torch.autograd.Function's node
void bind_nn(py::module_& m);            // nn_binding.cpp: torch.nn.functional ops, init, losses
void bind_unary_nn(py::module_& nn);     // ops_unary.cpp: torch._C._nn's unary activations (silu, ...)
void bind_amp(py::module_& m);           // amp_binding.cpp: autocast state, GradScaler kernels
void bind_numpy(py::module_& m);         // numpy_binding.cpp: .numpy(), from_numpy, as_tensor
void bind_optim(py::module_& m);         // optim_binding.cpp: the optimizer steps (core/optim)
void bind_generator(py::module_& m);    // generator_binding.cpp: torch.Generator, manual_seed, seeds
void bind_data(py::module_& m);          // data_binding.cpp: DataLoader draws, DataParallel scatter/gather
void bind_session(py::module_& m);       // session_binding.cpp: output sinks, simulated clock
void bind_distributed(py::module_& m);   // distributed_binding.cpp: TCPStore, the Gloo group
void bind_serialization(py::module_& m); // serialization_binding.cpp: storages for torch.save / load
void bind_linalg(py::module_& m);        // ops_linalg.cpp: torch._C._linalg, the factorisations
void bind_threads(py::module_& m);       // threads_binding.cpp: torch.get_num_threads / set_num_threads
void bind_special(py::module_& m);
void bind_numba(py::module_& m);         // numba_binding.cpp: numba.cuda's kernel launches on the simulated GPU       // ops_elementwise.cpp: torch._C._special (torch.special's kernels)

}  // namespace tp::torchpy
