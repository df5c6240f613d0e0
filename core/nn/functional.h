// torch.nn.functional's layers (linear, activations, dropout): each function composes the core
// ops the way ATen does, so results, gradients and grad_fn names (AddmmBackward0,
// MulBackward0, ...) and device errors are PyTorch's.
#pragma once

#include <optional>

#include "core/tensor.h"

namespace tp::nn::functional {

// F.linear(x, w, b): x @ w.T + b. A 2-D input with a bias is one addmm (AddmmBackward0);
// other contiguous inputs with a bias are folded to 2-D, addmm'ed and viewed back
// (UnsafeViewBackward0); without a bias it is matmul.
Tensor linear(const Tensor& x, const Tensor& weight, const Tensor& bias = {});
Tensor relu(const Tensor& x, bool inplace = false);
Tensor sigmoid(const Tensor& x);
Tensor tanh(const Tensor& x);
// F.softmax(x, dim); dim=None picks PyTorch's legacy implicit dim (0 for 0-, 1- and 3-D
// inputs, else 1).
Tensor softmax(const Tensor& x, std::optional<int64_t> dim);
Tensor log_softmax(const Tensor& x, std::optional<int64_t> dim);
// F.dropout(x, p, training): zeroes each element with probability p (Bernoulli draws from the
// CPU generator, as PyTorch's CPU kernel) and scales the rest by 1/(1-p); x itself when not
// training. Raises ValueError for p outside [0, 1].
Tensor dropout(const Tensor& x, double p = 0.5, bool training = true, bool inplace = false);
// _VF.feature_dropout (F.dropout1d/dropout2d): zeroes whole channels, one Bernoulli draw per
// (sample, channel), noise of shape (N, C, 1, ...); MulBackward0 like dropout.
Tensor feature_dropout(const Tensor& x, double p = 0.5, bool training = true, bool inplace = false);
Tensor flatten(const Tensor& x, int64_t start_dim = 0, int64_t end_dim = -1);

// torch.embedding(weight, indices, padding_idx, scale_grad_by_freq) (at::embedding): the rows
// of the 2-D weight named by the int64/int32 indices, shaped indices.shape + (embedding_dim,)
// (index_select, then a view unless indices is 1-D). EmbeddingBackward0 adds each gradient row
// into its weight row in index order (embedding_dense_backward), none into padding_idx (-1:
// none), each divided by its index's count with scale_grad_by_freq. IndexError "index out of
// range in self" for an index outside [0, num_embeddings); index_select's device check.
Tensor embedding(const Tensor& weight, const Tensor& indices, int64_t padding_idx = -1,
                 bool scale_grad_by_freq = false);

// The recurrent layers are composed from core ops in Python (torch/nn/modules/rnn.py); this
// renames the grad_fn of a tensor such an op just made to the node PyTorch's own kernel gives
// (MkldnnRnnLayerBackward0 for nn.LSTM on the CPU, CudnnRnnBackward0 on a GPU,
// TransposeBackward1 for ATen's in-place transpose_). Nothing when t has no grad_fn.
void rename_grad_fn(const Tensor& t, const std::string& name);

}  // namespace tp::nn::functional
