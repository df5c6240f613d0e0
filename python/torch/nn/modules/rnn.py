"""The recurrent layers: nn.RNN, nn.LSTM, nn.GRU and their one-step cells nn.RNNCell,
nn.LSTMCell, nn.GRUCell, with PyTorch's constructor arguments, parameter names
(weight_ih_l0, weight_hh_l0, bias_ih_l0, bias_hh_l0, ..._reverse), initial draws, checks and
error texts (torch/nn/modules/rnn.py).

The computation is composed from the differentiable core ops (linear, chunk, sigmoid, tanh,
stack, cat) in ATen's order (aten/src/ATen/native/RNN.cpp: the input projection of a whole
layer first, then per step linear_hh(h) + that step's projection; gates i, f, g, o for the
LSTM, r, z, n for the GRU), so the same code runs on every device and autograd differentiates
it; a PackedSequence input runs ATen's packed layers (each step on the sequences still
running). Where PyTorch runs a fused kernel instead (oneDNN's LSTM for float32 on the CPU, cuDNN on a
GPU, the fused cells on a GPU), the result is renamed to that kernel's grad_fn
(MkldnnRnnLayerBackward0, CudnnRnnBackward0, ...), so printed outputs read as PyTorch's; those
kernels' own float rounding is not reproduced."""
import math
import numbers
import warnings

import torch
from torch._C import _nn
from torch.nn import functional as F
from torch.nn import init
from torch.nn.modules.module import Module
from torch.nn.parameter import Parameter
from torch.nn.utils.rnn import PackedSequence

__all__ = ["RNNBase", "RNN", "LSTM", "GRU", "RNNCellBase", "RNNCell", "LSTMCell", "GRUCell"]


# ---- the computation (what torch._VF.lstm / gru / rnn_tanh / *_cell run in ATen) ----

def _rename(t, name):
    _nn._rename_grad_fn(t, name)
    return t


def _check_attributes(mode, input, params, hiddens):
    """RNN.cpp check_attributes: every hidden state and parameter on the input's device. The
    error carries the fields the REPL's hints read (as a C++ device check's does)."""
    device = input.device
    for name, tensors in (("hidden", hiddens), ("parameter", params)):
        for t in tensors:
            if t is not None and t.device != device:
                # The odd one out: a hidden state, or the input the weights (the module) did not get.
                odd, common, other = ("hidden", device, t.device) if name == "hidden" else ("input", t.device, device)
                raise torch._C._device_mismatch_error(
                    f"Input and {name} tensors are not at the same device, found input tensor at {device} and "
                    f"{name} tensor at {t.device}", mode.lower(), odd, common, other)


def _lstm_step(gates_x, h, c, w_hh, b_hh, w_hr):
    """LSTMCell::operator(): gates_x is linear_ih(x) (precomputed for a whole layer)."""
    gates = F.linear(h, w_hh, b_hh) + gates_x
    ingate, forgetgate, cellgate, outgate = gates.chunk(4, 1)
    ingate = ingate.sigmoid()
    forgetgate = forgetgate.sigmoid()
    cellgate = cellgate.tanh()
    outgate = outgate.sigmoid()
    c = forgetgate * c + ingate * cellgate
    h = outgate * c.tanh()
    if w_hr is not None:
        h = h.matmul(w_hr.t())
    return h, c


def _gru_step(gates_x, h, w_hh, b_hh):
    """GRUCell::operator(): h' = (h - n) * z + n."""
    i_r, i_z, i_n = gates_x.chunk(3, 1)
    h_r, h_z, h_n = F.linear(h, w_hh, b_hh).chunk(3, 1)
    reset_gate = (h_r + i_r).sigmoid()
    input_gate = (h_z + i_z).sigmoid()
    new_gate = (i_n + h_n * reset_gate).tanh()
    return (h - new_gate) * input_gate + new_gate


def _simple_step(gates_x, h, w_hh, b_hh, relu):
    """SimpleCell::operator(): tanh or relu of linear_hh(h) + linear_ih(x)."""
    pre = F.linear(h, w_hh, b_hh) + gates_x
    return pre.relu() if relu else pre.tanh()


def _fused_kernel(mode, input, proj_size):
    """The kernel PyTorch 2.x runs a whole RNN with, when it has one: cuDNN on a GPU, oneDNN
    for a float32 LSTM without projections on the CPU (a CPU with oneDNN, as PyTorch's wheels)."""
    if input.is_cuda and input.dtype in (torch.float32, torch.float64, torch.float16):
        return "cudnn"
    if mode == "LSTM" and proj_size == 0 and input.device.type == "cpu" and input.dtype == torch.float32:
        return "mkldnn"
    return None


_warned_projections = []


def _warn_projections_once():
    """PyTorch's TORCH_WARN_ONCE for an LSTM with projections where oneDNN would run it."""
    if not _warned_projections:
        _warned_projections.append(True)
        warnings.warn("LSTM with projections is not supported with oneDNN. Using default implementation. "
                      "(Triggered internally at /pytorch/aten/src/ATen/native/RNN.cpp:1603.)", stacklevel=3)


def _rnn(mode, input, hx, cx, weights, has_biases, num_layers, dropout, train, bidirectional, batch_first,
         proj_size=0):
    """torch._VF.lstm / gru / rnn_tanh / rnn_relu on a padded input: (output, h_n[, c_n])."""
    _check_attributes(mode, input, weights, [hx] if cx is None else [hx, cx])
    kernel = _fused_kernel(mode, input, proj_size)
    if proj_size > 0 and _fused_kernel(mode, input, 0) == "mkldnn":
        _warn_projections_once()
    x = input.transpose(0, 1) if batch_first else input
    if x.size(0) == 0:
        raise RuntimeError("Expected sequence length to be larger than 0 in RNN")
    num_directions = 2 if bidirectional else 1
    stride = (4 if has_biases else 2) + (1 if proj_size > 0 else 0)
    layer_hx = hx.unbind(0)
    layer_cx = cx.unbind(0) if cx is not None else None
    hy, cy = [], []
    layer_input = x
    for layer in range(num_layers):
        outputs = []
        for direction in range(num_directions):
            index = layer * num_directions + direction
            w = weights[index * stride:(index + 1) * stride]
            w_ih, w_hh = w[0], w[1]
            b_ih, b_hh = (w[2], w[3]) if has_biases else (None, None)
            w_hr = w[-1] if proj_size > 0 else None
            # FullLayer on the CPU: the input projection of every step at once, then the steps.
            steps_x = F.linear(layer_input, w_ih, b_ih).unbind(0)
            if direction == 1:
                steps_x = steps_x[::-1]
            h = layer_hx[index]
            c = layer_cx[index] if layer_cx is not None else None
            step_outputs = []
            for gates_x in steps_x:
                if mode == "LSTM":
                    h, c = _lstm_step(gates_x, h, c, w_hh, b_hh, w_hr)
                elif mode == "GRU":
                    h = _gru_step(gates_x, h, w_hh, b_hh)
                else:
                    h = _simple_step(gates_x, h, w_hh, b_hh, mode == "RNN_RELU")
                step_outputs.append(h)
            if direction == 1:
                step_outputs.reverse()
            out = torch.stack(step_outputs, 0)
            if kernel == "mkldnn":
                _rename(out, "MkldnnRnnLayerBackward0")
            outputs.append(out)
            hy.append(h)
            cy.append(c)
        layer_input = outputs[0] if num_directions == 1 else torch.cat(outputs, outputs[0].dim() - 1)
        if dropout != 0 and train and layer < num_layers - 1:
            layer_input = F.dropout(layer_input, dropout, True)
    output = layer_input
    if batch_first:
        # ATen's native path transposes its result in place (transpose_: TransposeBackward1);
        # oneDNN's returns a transposed view.
        output = output.transpose(0, 1)
        if kernel is None:
            _rename(output, "TransposeBackward1")
    h_n = torch.stack(hy, 0)
    c_n = torch.stack(cy, 0) if cx is not None else None
    if kernel == "cudnn":
        for t in (output, h_n, c_n):
            if t is not None:
                _rename(t, "CudnnRnnBackward0")
    return output, h_n, c_n


def _packed_cell(mode, gates_x, hidden, w_hh, b_hh, w_hr):
    """One step of a packed layer: hidden is h, or (h, c) for the LSTM."""
    if mode == "LSTM":
        return _lstm_step(gates_x, hidden[0], hidden[1], w_hh, b_hh, w_hr)
    if mode == "GRU":
        return _gru_step(gates_x, hidden, w_hh, b_hh)
    return _simple_step(gates_x, hidden, w_hh, b_hh, mode == "RNN_RELU")


def _hidden_slice(mode, hidden, start, end):
    if mode == "LSTM":
        return hidden[0][start:end], hidden[1][start:end]
    return hidden[start:end]


def _hidden_concat(mode, hiddens):
    if mode == "LSTM":
        return torch.cat([h[0] for h in hiddens], 0), torch.cat([h[1] for h in hiddens], 0)
    return torch.cat(hiddens, 0)


def _packed_layer(mode, data, batch_sizes, hidden, w_ih, w_hh, b_ih, b_hh, w_hr):
    """ATen's PackedLayer: step t runs the first batch_sizes[t] sequences; when the batch
    shrinks, the rows of finished sequences are set aside as their final hidden state."""
    gates = F.linear(data, w_ih, b_ih)  # the input projection of every step at once (CPU path)
    step_outputs, finished = [], []
    offset, last_batch_size = 0, batch_sizes[0]
    for batch_size in batch_sizes:
        step_x = gates[offset:offset + batch_size]
        offset += batch_size
        if batch_size < last_batch_size:
            finished.append(_hidden_slice(mode, hidden, batch_size, last_batch_size))
            hidden = _hidden_slice(mode, hidden, 0, batch_size)
        last_batch_size = batch_size
        hidden = _packed_cell(mode, step_x, hidden, w_hh, b_hh, w_hr)
        step_outputs.append(hidden[0] if mode == "LSTM" else hidden)
    finished.append(hidden)
    finished.reverse()
    return torch.cat(step_outputs, 0), _hidden_concat(mode, finished)


def _reversed_packed_layer(mode, data, batch_sizes, input_hidden, w_ih, w_hh, b_ih, b_hh, w_hr):
    """ATen's ReversedPackedLayer: from the last step back, starting with the sequences that
    run longest and taking in the others' initial states as their last steps come up."""
    gates = F.linear(data, w_ih, b_ih)
    step_outputs = []
    offset, last_batch_size = data.size(0), batch_sizes[-1]
    hidden = _hidden_slice(mode, input_hidden, 0, last_batch_size)
    for batch_size in reversed(batch_sizes):
        if batch_size > last_batch_size:
            hidden = _hidden_concat(mode, [hidden, _hidden_slice(mode, input_hidden, last_batch_size, batch_size)])
        step_x = gates[offset - batch_size:offset]
        offset -= batch_size
        last_batch_size = batch_size
        hidden = _packed_cell(mode, step_x, hidden, w_hh, b_hh, w_hr)
        step_outputs.append(hidden[0] if mode == "LSTM" else hidden)
    step_outputs.reverse()
    return torch.cat(step_outputs, 0), hidden


def _rnn_packed(mode, data, batch_sizes, hx, cx, weights, has_biases, num_layers, dropout, train, bidirectional,
                proj_size=0):
    """torch._VF.lstm / gru / rnn_* on packed data (ATen's _rnn_impl with PackedLayer; PyTorch
    runs no fused CPU kernel here): (output data, h_n[, c_n])."""
    _check_attributes(mode, data, weights, [hx] if cx is None else [hx, cx])
    kernel = _fused_kernel(mode, data, proj_size)
    sizes = batch_sizes.tolist()
    num_directions = 2 if bidirectional else 1
    stride = (4 if has_biases else 2) + (1 if proj_size > 0 else 0)
    layer_hx = hx.unbind(0)
    layer_cx = cx.unbind(0) if cx is not None else None
    hy, cy = [], []
    layer_input = data
    for layer in range(num_layers):
        outputs = []
        for direction in range(num_directions):
            index = layer * num_directions + direction
            w = weights[index * stride:(index + 1) * stride]
            b_ih, b_hh = (w[2], w[3]) if has_biases else (None, None)
            w_hr = w[-1] if proj_size > 0 else None
            hidden = (layer_hx[index], layer_cx[index]) if mode == "LSTM" else layer_hx[index]
            run = _reversed_packed_layer if direction == 1 else _packed_layer
            out, hidden = run(mode, layer_input, sizes, hidden, w[0], w[1], b_ih, b_hh, w_hr)
            outputs.append(out)
            hy.append(hidden[0] if mode == "LSTM" else hidden)
            cy.append(hidden[1] if mode == "LSTM" else None)
        layer_input = outputs[0] if num_directions == 1 else torch.cat(outputs, -1)
        if dropout != 0 and train and layer < num_layers - 1:
            layer_input = F.dropout(layer_input, dropout, True)
    h_n = torch.stack(hy, 0)
    c_n = torch.stack(cy, 0) if cx is not None else None
    if kernel == "cudnn":
        for t in (layer_input, h_n, c_n):
            if t is not None:
                _rename(t, "CudnnRnnBackward0")
    return layer_input, h_n, c_n


def _check_cell_input(input, input_size):
    if input.size(1) != input_size:
        raise RuntimeError(f"input has inconsistent input_size: got {input.size(1)} expected {input_size}")


def _check_cell_hidden(input, hx, hidden_size, label):
    if input.size(0) != hx.size(0):
        raise RuntimeError(f"Input batch size {input.size(0)} doesn't match hidden{label} batch size {hx.size(0)}")
    if hx.size(1) != hidden_size:
        raise RuntimeError(f"hidden{label} has inconsistent hidden_size: got {hx.size(1)}, expected {hidden_size}")


def _lstm_cell(input, hx, w_ih, w_hh, b_ih, b_hh):
    """torch._VF.lstm_cell: (h', c')."""
    _check_cell_input(input, w_ih.size(1))
    hidden_size = w_hh.size(1)
    _check_cell_hidden(input, hx[0], hidden_size, 0)
    _check_cell_hidden(input, hx[1], hidden_size, 1)
    h, c = _lstm_step(F.linear(input, w_ih, b_ih), hx[0], hx[1], w_hh, b_hh, None)
    if input.is_cuda:  # _thnn_fused_lstm_cell
        _rename(h, "ThnnFusedLstmCellBackward0")
        _rename(c, "ThnnFusedLstmCellBackward0")
    return h, c


def _gru_cell(input, hx, w_ih, w_hh, b_ih, b_hh):
    _check_cell_input(input, w_ih.size(1))
    _check_cell_hidden(input, hx, w_hh.size(1), 0)
    h = _gru_step(F.linear(input, w_ih, b_ih), hx, w_hh, b_hh)
    if input.is_cuda:  # _thnn_fused_gru_cell
        _rename(h, "ThnnFusedGruCellBackward0")
    return h


def _simple_cell(input, hx, w_ih, w_hh, b_ih, b_hh, relu):
    _check_cell_input(input, w_ih.size(1))
    _check_cell_hidden(input, hx, w_hh.size(1), 0)
    return _simple_step(F.linear(input, w_ih, b_ih), hx, w_hh, b_hh, relu)


def _any_autocast():
    return any(torch.is_autocast_enabled(device_type) for device_type in ("cpu", "cuda"))


# ---- the modules ----

class RNNBase(Module):
    """Base class of RNN, LSTM and GRU: the parameters of every layer and direction."""

    def __init__(self, mode, input_size, hidden_size, num_layers=1, bias=True, batch_first=False, dropout=0.0,
                 bidirectional=False, proj_size=0, device=None, dtype=None):
        super().__init__()
        self.mode = mode
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.num_layers = num_layers
        self.bias = bias
        self.batch_first = batch_first
        self.dropout = float(dropout)
        self.bidirectional = bidirectional
        self.proj_size = proj_size
        num_directions = 2 if bidirectional else 1

        if not isinstance(dropout, numbers.Number) or not 0 <= dropout <= 1 or isinstance(dropout, bool):
            raise ValueError("dropout should be a number in range [0, 1] representing the probability of an "
                             "element being zeroed")
        if dropout > 0 and num_layers == 1:
            warnings.warn("dropout option adds dropout after all but last recurrent layer, so non-zero dropout "
                          f"expects num_layers greater than 1, but got dropout={dropout} and "
                          f"num_layers={num_layers}", stacklevel=2)
        if not isinstance(bias, bool):
            raise TypeError(f"bias should be of type bool, got: {type(bias).__name__}")
        if not isinstance(batch_first, bool):
            raise TypeError(f"batch_first should be of type bool, got: {type(batch_first).__name__}")
        if not isinstance(input_size, int):
            raise TypeError(f"input_size should be of type int, got: {type(input_size).__name__}")
        if input_size <= 0:
            raise ValueError("input_size must be greater than zero")
        if not isinstance(hidden_size, int):
            raise TypeError(f"hidden_size should be of type int, got: {type(hidden_size).__name__}")
        if hidden_size <= 0:
            raise ValueError("hidden_size must be greater than zero")
        if num_layers <= 0:
            raise ValueError("num_layers must be greater than zero")
        if proj_size < 0:
            raise ValueError("proj_size should be a positive integer or zero to disable projections")
        if proj_size >= hidden_size:
            raise ValueError("proj_size has to be smaller than hidden_size")

        if mode == "LSTM":
            gate_size = 4 * hidden_size
        elif mode == "GRU":
            gate_size = 3 * hidden_size
        elif mode in ("RNN_TANH", "RNN_RELU"):
            gate_size = hidden_size
        else:
            raise ValueError("Unrecognized RNN mode: " + mode)

        # Made on the CPU and drawn there, then moved: the values do not depend on the device.
        kwargs = {} if dtype is None else {"dtype": dtype}
        self._flat_weights_names = []
        self._all_weights = []
        for layer in range(num_layers):
            for direction in range(num_directions):
                real_hidden_size = proj_size if proj_size > 0 else hidden_size
                layer_input_size = input_size if layer == 0 else real_hidden_size * num_directions
                w_ih = Parameter(torch.empty((gate_size, layer_input_size), **kwargs))
                w_hh = Parameter(torch.empty((gate_size, real_hidden_size), **kwargs))
                b_ih = Parameter(torch.empty(gate_size, **kwargs))
                b_hh = Parameter(torch.empty(gate_size, **kwargs))
                layer_params = (w_ih, w_hh, b_ih, b_hh) if bias else (w_ih, w_hh)
                if proj_size > 0:
                    layer_params += (Parameter(torch.empty((proj_size, hidden_size), **kwargs)),)
                suffix = "_reverse" if direction == 1 else ""
                param_names = ["weight_ih_l{}{}", "weight_hh_l{}{}"]
                if bias:
                    param_names += ["bias_ih_l{}{}", "bias_hh_l{}{}"]
                if proj_size > 0:
                    param_names += ["weight_hr_l{}{}"]
                param_names = [x.format(layer, suffix) for x in param_names]
                for name, param in zip(param_names, layer_params):
                    setattr(self, name, param)
                self._flat_weights_names.extend(param_names)
                self._all_weights.append(param_names)
        self.reset_parameters()
        if device is not None:
            self.to(device)

    @property
    def _flat_weights(self):
        return [getattr(self, name, None) for name in self._flat_weights_names]

    def __getstate__(self):
        # torch.save(model): PyTorch's RNNBase.__setstate__ expects the list of weights.
        state = super().__getstate__()
        state["_flat_weights"] = self._flat_weights
        return state

    @property
    def all_weights(self):
        return [[getattr(self, weight) for weight in weights] for weights in self._all_weights]

    def flatten_parameters(self):
        """cuDNN's packing of the weights into one buffer: nothing to do here."""

    def reset_parameters(self):
        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)

    def check_input(self, input, batch_sizes):
        weight_dtype = self._flat_weights[0].dtype
        if input.dtype != weight_dtype and not _any_autocast():
            raise ValueError(f"RNN input dtype ({input.dtype}) does not match weight dtype ({weight_dtype}). "
                             f"Convert input: input.to({weight_dtype}), or convert model: model.to({input.dtype})")
        expected_input_dim = 2 if batch_sizes is not None else 3
        if input.dim() != expected_input_dim:
            raise RuntimeError(f"input must have {expected_input_dim} dimensions, got {input.dim()}")
        if self.input_size != input.size(-1):
            raise RuntimeError(f"input.size(-1) must be equal to input_size. Expected {self.input_size}, "
                               f"got {input.size(-1)}")

    def get_expected_hidden_size(self, input, batch_sizes):
        if batch_sizes is not None:
            mini_batch = int(batch_sizes[0])
        else:
            mini_batch = input.size(0) if self.batch_first else input.size(1)
        num_directions = 2 if self.bidirectional else 1
        size = self.proj_size if self.proj_size > 0 else self.hidden_size
        return (self.num_layers * num_directions, mini_batch, size)

    def check_hidden_size(self, hx, expected_hidden_size, msg="Expected hidden size {}, got {}"):
        if hx.size() != expected_hidden_size:
            raise RuntimeError(msg.format(expected_hidden_size, list(hx.size())))

    def check_forward_args(self, input, hidden, batch_sizes):
        self.check_input(input, batch_sizes)
        expected_hidden_size = self.get_expected_hidden_size(input, batch_sizes)
        self.check_hidden_size(hidden, expected_hidden_size)

    def permute_hidden(self, hx, permutation):
        if permutation is None:
            return hx
        return hx.index_select(1, permutation)

    def extra_repr(self):
        s = "{input_size}, {hidden_size}"
        if self.proj_size != 0:
            s += ", proj_size={proj_size}"
        if self.num_layers != 1:
            s += ", num_layers={num_layers}"
        if self.bias is not True:
            s += ", bias={bias}"
        if self.batch_first is not False:
            s += ", batch_first={batch_first}"
        if self.dropout != 0:
            s += ", dropout={dropout}"
        if self.bidirectional is not False:
            s += ", bidirectional={bidirectional}"
        return s.format(**self.__dict__)

    def _forward_one_state(self, input, hx, input_dim_error):
        """RNN.forward and GRU.forward (one hidden state): PyTorch's checks, then the layers."""
        if isinstance(input, PackedSequence):
            return self._forward_packed(input, hx)
        if input.dim() not in (2, 3):
            raise ValueError(input_dim_error.format(input.dim()))
        is_batched = input.dim() == 3
        batch_dim = 0 if self.batch_first else 1
        if not is_batched:
            input = input.unsqueeze(batch_dim)
            if hx is not None:
                if hx.dim() != 2:
                    raise RuntimeError(f"For unbatched 2-D input, hx should also be 2-D but got {hx.dim()}-D tensor")
                hx = hx.unsqueeze(1)
        else:
            if hx is not None and hx.dim() != 3:
                raise RuntimeError(f"For batched 3-D input, hx should also be 3-D but got {hx.dim()}-D tensor")
        if hx is None:
            hx = self._zeros_hidden(input, self.hidden_size)
        self.check_forward_args(input, hx, None)
        output, hidden, _ = _rnn(self.mode, input, hx, None, self._flat_weights, self.bias, self.num_layers,
                                 self.dropout, self.training, self.bidirectional, self.batch_first)
        if not is_batched:
            output = output.squeeze(batch_dim)
            hidden = hidden.squeeze(1)
        return output, hidden

    def _forward_packed(self, packed, hx):
        """forward() on a PackedSequence: a PackedSequence out, and final states per sequence
        (each sequence's state at its own last step), in the caller's order."""
        input, batch_sizes, sorted_indices, unsorted_indices = packed
        max_batch_size = int(batch_sizes[0])
        num_directions = 2 if self.bidirectional else 1
        real_hidden_size = self.proj_size if self.proj_size > 0 else self.hidden_size
        lstm = self.mode == "LSTM"
        if hx is None:
            zeros = [torch.zeros(self.num_layers * num_directions, max_batch_size, size, dtype=input.dtype,
                                 device=input.device) for size in (real_hidden_size, self.hidden_size)]
            hx = (zeros[0], zeros[1]) if lstm else zeros[0]
        else:
            hx = self.permute_hidden(hx, sorted_indices)
        self.check_forward_args(input, hx, batch_sizes)
        output, h_n, c_n = _rnn_packed(self.mode, input, batch_sizes, hx[0] if lstm else hx, hx[1] if lstm else None,
                                       self._flat_weights, self.bias, self.num_layers, self.dropout, self.training,
                                       self.bidirectional, self.proj_size)
        output = PackedSequence(output, batch_sizes, sorted_indices, unsorted_indices)
        return output, self.permute_hidden((h_n, c_n) if lstm else h_n, unsorted_indices)

    def _zeros_hidden(self, input, size):
        num_directions = 2 if self.bidirectional else 1
        max_batch_size = input.size(0) if self.batch_first else input.size(1)
        return torch.zeros(self.num_layers * num_directions, max_batch_size, size, dtype=input.dtype,
                           device=input.device)


class RNN(RNNBase):
    """An Elman RNN: h_t = tanh(x_t W_ih^T + b_ih + h_(t-1) W_hh^T + b_hh) (or relu)."""

    def __init__(self, *args, **kwargs):
        if "proj_size" in kwargs:
            raise ValueError("proj_size argument is only supported for LSTM, not RNN or GRU")
        if len(args) > 3:
            self.nonlinearity = args[3]
            args = args[:3] + args[4:]
        else:
            self.nonlinearity = kwargs.pop("nonlinearity", "tanh")
        if self.nonlinearity == "tanh":
            mode = "RNN_TANH"
        elif self.nonlinearity == "relu":
            mode = "RNN_RELU"
        else:
            raise ValueError(f"Unknown nonlinearity '{self.nonlinearity}'. Select from 'tanh' or 'relu'.")
        super().__init__(mode, *args, **kwargs)

    def forward(self, input, hx=None):
        return self._forward_one_state(input, hx, "RNN: Expected input to be 2D or 3D, got {}D tensor instead")


class LSTM(RNNBase):
    """A long short-term memory RNN: gates i, f, g, o; c_t = f * c_(t-1) + i * g, h_t = o * tanh(c_t)."""

    def __init__(self, *args, **kwargs):
        super().__init__("LSTM", *args, **kwargs)

    def get_expected_cell_size(self, input, batch_sizes):
        if batch_sizes is not None:
            mini_batch = int(batch_sizes[0])
        else:
            mini_batch = input.size(0) if self.batch_first else input.size(1)
        num_directions = 2 if self.bidirectional else 1
        return (self.num_layers * num_directions, mini_batch, self.hidden_size)

    def check_forward_args(self, input, hidden, batch_sizes):
        self.check_input(input, batch_sizes)
        self.check_hidden_size(hidden[0], self.get_expected_hidden_size(input, batch_sizes),
                               "Expected hidden[0] size {}, got {}")
        self.check_hidden_size(hidden[1], self.get_expected_cell_size(input, batch_sizes),
                               "Expected hidden[1] size {}, got {}")

    def permute_hidden(self, hx, permutation):
        if permutation is None:
            return hx
        return hx[0].index_select(1, permutation), hx[1].index_select(1, permutation)

    def forward(self, input, hx=None):
        if isinstance(input, PackedSequence):
            return self._forward_packed(input, hx)
        real_hidden_size = self.proj_size if self.proj_size > 0 else self.hidden_size
        if input.dim() not in (2, 3):
            raise ValueError(f"LSTM: Expected input to be 2D or 3D, got {input.dim()}D instead")
        is_batched = input.dim() == 3
        batch_dim = 0 if self.batch_first else 1
        if not is_batched:
            input = input.unsqueeze(batch_dim)
        if hx is None:
            hx = (self._zeros_hidden(input, real_hidden_size), self._zeros_hidden(input, self.hidden_size))
            self.check_forward_args(input, hx, None)
        else:
            if is_batched:
                if hx[0].dim() != 3 or hx[1].dim() != 3:
                    raise RuntimeError("For batched 3-D input, hx and cx should also be 3-D but got "
                                       f"({hx[0].dim()}-D, {hx[1].dim()}-D) tensors")
            else:
                if hx[0].dim() != 2 or hx[1].dim() != 2:
                    raise RuntimeError("For unbatched 2-D input, hx and cx should also be 2-D but got "
                                       f"({hx[0].dim()}-D, {hx[1].dim()}-D) tensors")
                hx = (hx[0].unsqueeze(1), hx[1].unsqueeze(1))
            self.check_forward_args(input, hx, None)
        output, h_n, c_n = _rnn("LSTM", input, hx[0], hx[1], self._flat_weights, self.bias, self.num_layers,
                                self.dropout, self.training, self.bidirectional, self.batch_first, self.proj_size)
        if not is_batched:
            output = output.squeeze(batch_dim)
            h_n, c_n = h_n.squeeze(1), c_n.squeeze(1)
        return output, (h_n, c_n)


class GRU(RNNBase):
    """A gated recurrent unit RNN: gates r, z, n; h_t = (1 - z) * n + z * h_(t-1)."""

    def __init__(self, *args, **kwargs):
        if "proj_size" in kwargs:
            raise ValueError("proj_size argument is only supported for LSTM, not RNN or GRU")
        super().__init__("GRU", *args, **kwargs)

    def forward(self, input, hx=None):
        return self._forward_one_state(input, hx, "GRU: Expected input to be 2D or 3D, got {}D instead")


class RNNCellBase(Module):
    def __init__(self, input_size, hidden_size, bias, num_chunks, device=None, dtype=None):
        super().__init__()
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.bias = bias
        kwargs = {} if dtype is None else {"dtype": dtype}
        self.weight_ih = Parameter(torch.empty((num_chunks * hidden_size, input_size), **kwargs))
        self.weight_hh = Parameter(torch.empty((num_chunks * hidden_size, hidden_size), **kwargs))
        if bias:
            self.bias_ih = Parameter(torch.empty(num_chunks * hidden_size, **kwargs))
            self.bias_hh = Parameter(torch.empty(num_chunks * hidden_size, **kwargs))
        else:
            self.register_parameter("bias_ih", None)
            self.register_parameter("bias_hh", None)
        self.reset_parameters()
        if device is not None:
            self.to(device)

    def extra_repr(self):
        s = "{input_size}, {hidden_size}"
        if "bias" in self.__dict__ and self.bias is not True:
            s += ", bias={bias}"
        if "nonlinearity" in self.__dict__ and self.nonlinearity != "tanh":
            s += ", nonlinearity={nonlinearity}"
        return s.format(**self.__dict__)

    def reset_parameters(self):
        stdv = 1.0 / math.sqrt(self.hidden_size) if self.hidden_size > 0 else 0
        for weight in self.parameters():
            init.uniform_(weight, -stdv, stdv)

    def _batched(self, input, hx, name, what="hidden"):
        """The checks and unsqueezing every cell's forward starts with."""
        if input.dim() not in (1, 2):
            raise ValueError(f"{name}: Expected input to be 1D or 2D, got {input.dim()}D instead")
        if hx is not None and hx.dim() not in (1, 2):
            raise ValueError(f"{name}: Expected {what} to be 1D or 2D, got {hx.dim()}D instead")
        is_batched = input.dim() == 2
        if not is_batched:
            input = input.unsqueeze(0)
        if hx is None:
            hx = torch.zeros(input.size(0), self.hidden_size, dtype=input.dtype, device=input.device)
        else:
            hx = hx.unsqueeze(0) if not is_batched else hx
        return input, hx, is_batched


class RNNCell(RNNCellBase):
    def __init__(self, input_size, hidden_size, bias=True, nonlinearity="tanh", device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=1, device=device, dtype=dtype)
        self.nonlinearity = nonlinearity

    def forward(self, input, hx=None):
        input, hx, is_batched = self._batched(input, hx, "RNNCell")
        if self.nonlinearity not in ("tanh", "relu"):
            raise RuntimeError(f"Unknown nonlinearity: {self.nonlinearity}")
        ret = _simple_cell(input, hx, self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh,
                           self.nonlinearity == "relu")
        if not is_batched:
            ret = ret.squeeze(0)
        return ret


class LSTMCell(RNNCellBase):
    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=4, device=device, dtype=dtype)

    def forward(self, input, hx=None):
        if input.dim() not in (1, 2):
            raise ValueError(f"LSTMCell: Expected input to be 1D or 2D, got {input.dim()}D instead")
        if hx is not None:
            for idx, value in enumerate(hx):
                if value.dim() not in (1, 2):
                    raise ValueError(f"LSTMCell: Expected hx[{idx}] to be 1D or 2D, got {value.dim()}D instead")
        is_batched = input.dim() == 2
        if not is_batched:
            input = input.unsqueeze(0)
        if hx is None:
            zeros = torch.zeros(input.size(0), self.hidden_size, dtype=input.dtype, device=input.device)
            hx = (zeros, zeros)
        else:
            hx = (hx[0].unsqueeze(0), hx[1].unsqueeze(0)) if not is_batched else hx
        ret = _lstm_cell(input, hx, self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)
        if not is_batched:
            ret = (ret[0].squeeze(0), ret[1].squeeze(0))
        return ret


class GRUCell(RNNCellBase):
    def __init__(self, input_size, hidden_size, bias=True, device=None, dtype=None):
        super().__init__(input_size, hidden_size, bias, num_chunks=3, device=device, dtype=dtype)

    def forward(self, input, hx=None):
        input, hx, is_batched = self._batched(input, hx, "GRUCell")
        ret = _gru_cell(input, hx, self.weight_ih, self.weight_hh, self.bias_ih, self.bias_hh)
        if not is_batched:
            ret = ret.squeeze(0)
        return ret
