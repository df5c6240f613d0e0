"""F.scaled_dot_product_attention and F.multi_head_attention_forward (with the mask helpers
_canonical_mask, _none_or_dtype, _mha_shape_check, _in_projection[_packed]), composed from
existing ops so autograd and every device work; checks and texts follow torch/nn/functional.py."""
import math
import warnings

import torch
from torch._C import _nn


def _dtype_text(dtype):
    """The dtype as ATen's error messages name it (caffe2 type-meta names)."""
    names = {"float32": "float", "float64": "double", "float16": "c10::Half", "bfloat16": "c10::BFloat16",
             "int64": "long int", "int32": "int", "int16": "short int", "int8": "signed char",
             "uint8": "unsigned char", "bool": "bool"}
    name = str(dtype).replace("torch.", "")
    return names.get(name, name)


def _scalar_type_name(dtype):
    """The dtype as ATen's ScalarType names it (Long, Int, ...)."""
    names = {"int64": "Long", "int32": "Int", "int16": "Short", "int8": "Char", "uint8": "Byte", "bool": "Bool"}
    name = str(dtype).replace("torch.", "")
    return names.get(name, name)


def _sdpa_check_inputs(query, key, value, attn_mask, dropout_p, is_causal):
    # ATen's validate_sdpa_input and the math kernel's checks, in their order.
    if not (query.dtype == key.dtype == value.dtype):
        raise RuntimeError("Expected query, key, and value to have the same dtype, but got query.dtype: "
                           f"{_dtype_text(query.dtype)} key.dtype: {_dtype_text(key.dtype)} and value.dtype: "
                           f"{_dtype_text(value.dtype)} instead.")
    if not (query.device == key.device == value.device):
        # The odd one out names the argument the hints show: the one whose device differs.
        odd, common = (("query", key.device) if key.device == value.device else
                       ("key", query.device) if value.device == query.device else ("value", query.device))
        other = {"query": query, "key": key, "value": value}[odd].device
        raise torch._C._device_mismatch_error(
            "Expected query, key, and value to have the same device type, but got query.device: "
            f"{query.device} key.device: {key.device} and value.device: {value.device} instead.",
            "scaled_dot_product_attention", odd, common, other)
    if query.dim() < 2 or key.dim() < 2 or value.dim() < 2:
        raise RuntimeError("Expected query, key, and value to all be  at least 2 dimensional, but got query.dim: "
                           f"{query.dim()} key.dim: {key.dim()} and value.dim: {value.dim()} instead.")
    if attn_mask is not None:
        if attn_mask.dtype != torch.bool and not attn_mask.is_floating_point() or \
                attn_mask.is_floating_point() and attn_mask.dtype != query.dtype:
            raise RuntimeError("Expected attn_mask dtype to be bool or float or to match query dtype, but got "
                               f"attn_mask.dtype: {_dtype_text(attn_mask.dtype)} and  query.dtype: "
                               f"{_dtype_text(query.dtype)} instead.")
        if is_causal:
            raise RuntimeError("_scaled_dot_product_attention: Explicit attn_mask should not be set when "
                               "is_causal=True")
    if dropout_p > 1.0:
        raise RuntimeError(f"dropout probability has to be between 0 and 1, but got {dropout_p}")
    if not query.is_floating_point():
        raise RuntimeError(f"expected scalar type Float but found {_scalar_type_name(query.dtype)}")


def _expand_kv_heads(query, key, value):
    """enable_gqa: each key/value head serves query.size(-3) / key.size(-3) query heads."""
    q_heads, kv_heads = query.size(-3), key.size(-3)
    if q_heads % kv_heads != 0 or q_heads % value.size(-3) != 0:
        raise RuntimeError("Number of heads in key and value must divide the number of heads in query")
    key = key.repeat_interleave(q_heads // kv_heads, -3)
    value = value.repeat_interleave(q_heads // value.size(-3), -3)
    return key, value


def _safe_softmax(scores):
    """softmax over the last dim where a row whose every score is -inf gives zeros, not NaN
    (ATen's _safe_softmax)."""
    fully_masked = (scores == float("-inf")).all(-1, keepdim=True)
    return torch.where(fully_masked, torch.zeros((), dtype=scores.dtype, device=scores.device),
                       _nn.softmax(scores, -1, 3, None))


def scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0, is_causal=False, scale=None,
                                 enable_gqa=False):
    """softmax(Q K^T * scale + mask) V, ATen's math formulation (_scaled_dot_product_attention_math):
    q and k each scaled by sqrt(scale) before the product. PyTorch's CPU build usually runs its flash
    kernel instead, which agrees to float32 rounding but is not bit-identical."""
    _sdpa_check_inputs(query, key, value, attn_mask, dropout_p, is_causal)
    L, S = query.size(-2), key.size(-2)
    scale_value = 1.0 / math.sqrt(query.size(-1)) if scale is None else scale
    # A negative scale is applied to q only (the square root is of its magnitude).
    root = math.sqrt(abs(scale_value))
    q = query * (-root if scale_value < 0 else root)
    if enable_gqa and query.dim() >= 3 and key.dim() >= 3:
        key, value = _expand_kv_heads(query, key, value)
    if is_causal:
        attn_mask = torch.ones(L, S, dtype=torch.bool, device=query.device).tril()
    if attn_mask is not None and attn_mask.dtype == torch.bool:
        attn_mask = torch.zeros(attn_mask.shape, dtype=query.dtype, device=query.device).masked_fill_(
            attn_mask.logical_not(), float("-inf"))
    scores = torch.matmul(q, key.transpose(-2, -1) * root)
    if attn_mask is not None:
        scores.add_(attn_mask)
    weights = _safe_softmax(scores)
    if dropout_p > 0.0:
        weights = _nn.dropout(weights, dropout_p, True)
    return torch.matmul(weights, value)


def _none_or_dtype(input):
    if input is None:
        return None
    elif isinstance(input, torch.Tensor):
        return input.dtype
    raise RuntimeError("input to _none_or_dtype() must be None or torch.Tensor")


def _canonical_mask(mask, mask_name, other_type, other_name, target_type, check_other=True):
    """A bool mask becomes a float one (-inf where True) of target_type; a float mask is kept."""
    if mask is not None:
        _mask_dtype = mask.dtype
        _mask_is_float = torch.is_floating_point(mask)
        if _mask_dtype != torch.bool and not _mask_is_float:
            raise AssertionError(f"only bool and floating types of {mask_name} are supported")
        if check_other and other_type is not None:
            if _mask_dtype != other_type:
                warnings.warn(f"Support for mismatched {mask_name} and {other_name} "
                              "is deprecated. Use same type for both instead.", stacklevel=3)
        if not _mask_is_float:
            mask = torch.zeros_like(mask, dtype=target_type).masked_fill_(mask, float("-inf"))
    return mask


def _mha_shape_check(query, key, value, key_padding_mask, attn_mask, num_heads):
    """Whether the input is batched (3-D) or not (2-D), with PyTorch's texts for a mix."""
    if query.dim() == 3:
        is_batched = True
        if key.dim() != 3 or value.dim() != 3:
            raise AssertionError("For batched (3-D) `query`, expected `key` and `value` to be 3-D"
                                 f" but found {key.dim()}-D and {value.dim()}-D tensors respectively")
        if key_padding_mask is not None and key_padding_mask.dim() != 2:
            raise AssertionError("For batched (3-D) `query`, expected `key_padding_mask` to be `None` or 2-D"
                                 f" but found {key_padding_mask.dim()}-D tensor instead")
        if attn_mask is not None and attn_mask.dim() not in (2, 3):
            raise AssertionError("For batched (3-D) `query`, expected `attn_mask` to be `None`, 2-D or 3-D"
                                 f" but found {attn_mask.dim()}-D tensor instead")
    elif query.dim() == 2:
        is_batched = False
        if key.dim() != 2 or value.dim() != 2:
            raise AssertionError("For unbatched (2-D) `query`, expected `key` and `value` to be 2-D"
                                 f" but found {key.dim()}-D and {value.dim()}-D tensors respectively")
        if key_padding_mask is not None and key_padding_mask.dim() != 1:
            raise AssertionError("For unbatched (2-D) `query`, expected `key_padding_mask` to be `None` or 1-D"
                                 f" but found {key_padding_mask.dim()}-D tensor instead")
        if attn_mask is not None:
            if attn_mask.dim() not in (2, 3):
                raise AssertionError("For unbatched (2-D) `query`, expected `attn_mask` to be `None`, 2-D or 3-D"
                                     f" but found {attn_mask.dim()}-D tensor instead")
            if attn_mask.dim() == 3:
                expected_shape = (num_heads, query.shape[0], key.shape[0])
                if attn_mask.shape != expected_shape:
                    raise AssertionError(f"Expected `attn_mask` shape to be {expected_shape} but got "
                                         f"{attn_mask.shape}")
    else:
        raise AssertionError(f"query should be unbatched 2D or batched 3D tensor but received {query.dim()}-D "
                             "query tensor")
    return is_batched


def _in_projection_packed(q, k, v, w, b=None):
    """q, k, v projected by one (3E, E) weight; self-attention does one linear and splits it."""
    E = q.size(-1)
    if k is v:
        if q is k:
            proj = _nn.linear(q, w, b)
            proj = proj.unflatten(-1, (3, E)).unsqueeze(0).transpose(0, -2).squeeze(-2).contiguous()
            return proj[0], proj[1], proj[2]
        w_q, w_kv = w.split([E, E * 2])
        b_q, b_kv = (None, None) if b is None else b.split([E, E * 2])
        q_proj = _nn.linear(q, w_q, b_q)
        kv_proj = _nn.linear(k, w_kv, b_kv)
        kv_proj = kv_proj.unflatten(-1, (2, E)).unsqueeze(0).transpose(0, -2).squeeze(-2).contiguous()
        return q_proj, kv_proj[0], kv_proj[1]
    w_q, w_k, w_v = w.chunk(3)
    b_q, b_k, b_v = (None, None, None) if b is None else b.chunk(3)
    return _nn.linear(q, w_q, b_q), _nn.linear(k, w_k, b_k), _nn.linear(v, w_v, b_v)


def _in_projection(q, k, v, w_q, w_k, w_v, b_q=None, b_k=None, b_v=None):
    """q, k, v projected by their own weights (kdim/vdim differ from embed_dim)."""
    Eq, Ek, Ev = q.size(-1), k.size(-1), v.size(-1)
    for name, w, shape in (("query", w_q, (Eq, Eq)), ("key", w_k, (Eq, Ek)), ("value", w_v, (Eq, Ev))):
        if w.shape != shape:
            raise AssertionError(f"expecting {name} weights shape of {shape}, but got {w.shape}")
    for name, b in (("query", b_q), ("key", b_k), ("value", b_v)):
        if b is not None and b.shape != (Eq,):
            raise AssertionError(f"expecting {name} bias shape of {(Eq,)}, but got {b.shape}")
    return _nn.linear(q, w_q, b_q), _nn.linear(k, w_k, b_k), _nn.linear(v, w_v, b_v)


def _check_key_padding_mask(key_padding_mask, src_len, bsz):
    if key_padding_mask.shape[0] != bsz:
        raise AssertionError(f"Expected key_padded_mask.shape[0] to be {bsz}, but got {key_padding_mask.shape[0]}")
    if key_padding_mask.shape[1] != src_len:
        raise AssertionError(f"Expected key_padded_mask.shape[1] to be {src_len}, but got "
                             f"{key_padding_mask.shape[1]}")


def _check_attn_mask_shape(attn_mask, tgt_len, src_len, bsz, num_heads):
    """attn_mask as a 3-D (1 or bsz*num_heads, tgt_len, src_len) tensor."""
    if attn_mask.dim() == 2:
        correct_2d_size = (tgt_len, src_len)
        if attn_mask.shape != correct_2d_size:
            raise RuntimeError(f"The shape of the 2D attn_mask is {attn_mask.shape}, but should be "
                               f"{correct_2d_size}.")
        return attn_mask.unsqueeze(0)
    if attn_mask.dim() == 3:
        correct_3d_size = (bsz * num_heads, tgt_len, src_len)
        if attn_mask.shape != correct_3d_size:
            raise RuntimeError(f"The shape of the 3D attn_mask is {attn_mask.shape}, but should be "
                               f"{correct_3d_size}.")
        return attn_mask
    raise RuntimeError(f"attn_mask's dimension {attn_mask.dim()} is not supported")


def _pad_last(mask):
    """One more (unmasked) key column, for bias_k/bias_v and add_zero_attn."""
    return _nn.pad(mask, (0, 1), "constant", None)


def multi_head_attention_forward(query, key, value, embed_dim_to_check, num_heads, in_proj_weight, in_proj_bias,
                                 bias_k, bias_v, add_zero_attn, dropout_p, out_proj_weight, out_proj_bias,
                                 training=True, key_padding_mask=None, need_weights=True, attn_mask=None,
                                 use_separate_proj_weight=False, q_proj_weight=None, k_proj_weight=None,
                                 v_proj_weight=None, static_k=None, static_v=None, average_attn_weights=True,
                                 is_causal=False):
    """torch/nn/functional.py's multi_head_attention_forward step for step: the weights path
    (baddbmm, softmax, bmm) when need_weights, scaled_dot_product_attention otherwise."""
    is_batched = _mha_shape_check(query, key, value, key_padding_mask, attn_mask, num_heads)
    if not is_batched:
        query, key, value = query.unsqueeze(1), key.unsqueeze(1), value.unsqueeze(1)
        if key_padding_mask is not None:
            key_padding_mask = key_padding_mask.unsqueeze(0)

    tgt_len, bsz, embed_dim = query.shape
    src_len, _, _ = key.shape
    key_padding_mask = _canonical_mask(key_padding_mask, "key_padding_mask", _none_or_dtype(attn_mask), "attn_mask",
                                       query.dtype)
    if is_causal and attn_mask is None:
        raise RuntimeError("Need attn_mask if specifying the is_causal hint. You may use the Transformer module "
                           "method `generate_square_subsequent_mask` to create this mask.")
    if is_causal and key_padding_mask is None and not need_weights:
        # The causal hint alone drives scaled_dot_product_attention.
        attn_mask = None
    else:
        attn_mask = _canonical_mask(attn_mask, "attn_mask", None, "", query.dtype, check_other=False)
        if key_padding_mask is not None:
            is_causal = False

    if embed_dim != embed_dim_to_check:
        raise AssertionError(f"was expecting embedding dimension of {embed_dim_to_check}, but got {embed_dim}")
    head_dim = embed_dim // num_heads
    if head_dim * num_heads != embed_dim:
        raise AssertionError(f"embed_dim {embed_dim} not divisible by num_heads {num_heads}")
    if use_separate_proj_weight:
        if key.shape[:2] != value.shape[:2]:
            raise AssertionError(f"key's sequence and batch dims {key.shape[:2]} do not match value's "
                                 f"{value.shape[:2]}")
    elif key.shape != value.shape:
        raise AssertionError(f"key shape {key.shape} does not match value shape {value.shape}")

    if not use_separate_proj_weight:
        if in_proj_weight is None:
            raise AssertionError("use_separate_proj_weight is False but in_proj_weight is None")
        q, k, v = _in_projection_packed(query, key, value, in_proj_weight, in_proj_bias)
    else:
        for name, w in (("q", q_proj_weight), ("k", k_proj_weight), ("v", v_proj_weight)):
            if w is None:
                raise AssertionError(f"use_separate_proj_weight is True but {name}_proj_weight is None")
        b_q, b_k, b_v = (None, None, None) if in_proj_bias is None else in_proj_bias.chunk(3)
        q, k, v = _in_projection(query, key, value, q_proj_weight, k_proj_weight, v_proj_weight, b_q, b_k, b_v)

    if attn_mask is not None:
        attn_mask = _check_attn_mask_shape(attn_mask, tgt_len, src_len, bsz, num_heads)

    if bias_k is not None and bias_v is not None:
        if static_k is not None:
            raise AssertionError("bias cannot be added to static key.")
        if static_v is not None:
            raise AssertionError("bias cannot be added to static value.")
        k = torch.cat([k, bias_k.repeat(1, bsz, 1)])
        v = torch.cat([v, bias_v.repeat(1, bsz, 1)])
        if attn_mask is not None:
            attn_mask = _pad_last(attn_mask)
        if key_padding_mask is not None:
            key_padding_mask = _pad_last(key_padding_mask)
    elif bias_k is not None:
        raise AssertionError("bias_k is set but bias_v is None")
    elif bias_v is not None:
        raise AssertionError("bias_v is set but bias_k is None")

    # (seq, batch, embed) -> (batch * heads, seq, head_dim)
    q = q.view(tgt_len, bsz * num_heads, head_dim).transpose(0, 1)
    k = _heads_of(k, static_k, "static_k", bsz * num_heads, head_dim)
    v = _heads_of(v, static_v, "static_v", bsz * num_heads, head_dim)

    if add_zero_attn:
        zero_attn_shape = (bsz * num_heads, 1, head_dim)
        k = torch.cat([k, torch.zeros(zero_attn_shape, dtype=k.dtype, device=k.device)], dim=1)
        v = torch.cat([v, torch.zeros(zero_attn_shape, dtype=v.dtype, device=v.device)], dim=1)
        if attn_mask is not None:
            attn_mask = _pad_last(attn_mask)
        if key_padding_mask is not None:
            key_padding_mask = _pad_last(key_padding_mask)

    src_len = k.size(1)
    if key_padding_mask is not None:
        _check_key_padding_mask(key_padding_mask, src_len, bsz)
        key_padding_mask = (key_padding_mask.view(bsz, 1, 1, src_len).expand(-1, num_heads, -1, -1)
                            .reshape(bsz * num_heads, 1, src_len))
        attn_mask = key_padding_mask if attn_mask is None else attn_mask + key_padding_mask

    if not training:
        dropout_p = 0.0

    if need_weights:
        _B, _Nt, E = q.shape
        q_scaled = q * math.sqrt(1.0 / float(E))
        if is_causal and attn_mask is None:
            raise AssertionError("FIXME: is_causal not implemented for need_weights")
        if attn_mask is not None:
            # torch.baddbmm(attn_mask, q_scaled, k^T) with beta = alpha = 1: ATen adds the
            # finished product to the mask, so bmm then add gives the same bits.
            attn_output_weights = attn_mask + torch.bmm(q_scaled, k.transpose(-2, -1))
        else:
            attn_output_weights = torch.bmm(q_scaled, k.transpose(-2, -1))
        attn_output_weights = _nn.softmax(attn_output_weights, -1, 3, None)
        if dropout_p > 0.0:
            attn_output_weights = _nn.dropout(attn_output_weights, dropout_p, True)
        attn_output = torch.bmm(attn_output_weights, v)
        attn_output = attn_output.transpose(0, 1).reshape(tgt_len * bsz, embed_dim)
        attn_output = _nn.linear(attn_output, out_proj_weight, out_proj_bias)
        attn_output = attn_output.view(tgt_len, bsz, attn_output.size(1))
        attn_output_weights = attn_output_weights.view(bsz, num_heads, tgt_len, src_len)
        if average_attn_weights:
            attn_output_weights = attn_output_weights.mean(dim=1)
        if not is_batched:
            attn_output = attn_output.squeeze(1)
            attn_output_weights = attn_output_weights.squeeze(0)
        return attn_output, attn_output_weights

    if attn_mask is not None:
        if attn_mask.size(0) == 1 and attn_mask.dim() == 3:
            attn_mask = attn_mask.unsqueeze(0)
        else:
            attn_mask = attn_mask.view(bsz, num_heads, -1, src_len)
    q = q.view(bsz, num_heads, tgt_len, head_dim)
    k = k.view(bsz, num_heads, src_len, head_dim)
    v = v.view(bsz, num_heads, src_len, head_dim)
    attn_output = scaled_dot_product_attention(q, k, v, attn_mask, dropout_p, is_causal)
    attn_output = attn_output.permute(2, 0, 1, 3).reshape(bsz * tgt_len, embed_dim)
    attn_output = _nn.linear(attn_output, out_proj_weight, out_proj_bias)
    attn_output = attn_output.view(tgt_len, bsz, attn_output.size(1))
    if not is_batched:
        attn_output = attn_output.squeeze(1)
    return attn_output, None


def _heads_of(x, static, static_name, batch_heads, head_dim):
    """Keys or values split into heads, or the caller's precomputed static_k/static_v."""
    if static is None:
        return x.view(x.shape[0], batch_heads, head_dim).transpose(0, 1)
    if static.size(0) != batch_heads:
        raise AssertionError(f"expecting {static_name}.size(0) of {batch_heads}, but got {static.size(0)}")
    if static.size(2) != head_dim:
        raise AssertionError(f"expecting {static_name}.size(2) of {head_dim}, but got {static.size(2)}")
    return static
