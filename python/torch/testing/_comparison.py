"""torch.testing.assert_close, following torch/testing/_comparison.py: inputs are paired up
(recursing through sequences and mappings), each pair (None, bool, number or tensor) is compared,
and the first failure is raised with PyTorch's message. Quantized, sparse, float8 and dataclass
inputs, which tensorplay does not have, are left out."""
import cmath
import collections.abc

import torch

# {dtype: (rtol, atol)}; other dtypes compare exactly.
_DTYPE_PRECISIONS = {
    torch.float16: (0.001, 1e-5),
    torch.bfloat16: (0.016, 1e-5),
    torch.float32: (1.3e-6, 1e-5),
    torch.float64: (1e-7, 1e-7),
    torch.complex64: (1.3e-6, 1e-5),
    torch.complex128: (1e-7, 1e-7),
}


class _ErrorMeta(Exception):
    """A failure found while comparing: the exception type, its message and the item it is about."""

    def __init__(self, type, msg, *, id=()):
        super().__init__(msg)
        self.type, self.msg, self.id = type, msg, id

    def to_error(self, msg=None):
        if not isinstance(msg, str):
            generated_msg = self.msg
            if self.id:
                generated_msg += f"\n\nThe failure occurred for item {''.join(str([item]) for item in self.id)}"
            msg = msg(generated_msg) if callable(msg) else generated_msg
        return self.type(msg)


class _UnsupportedInputs(Exception):
    """Raised by a pair type that does not handle the inputs: the next one is tried."""


def _default_tolerances(*dtypes):
    rtols, atols = zip(*[_DTYPE_PRECISIONS.get(dtype, (0.0, 0.0)) for dtype in dtypes])
    return max(rtols), max(atols)


def _get_tolerances(*dtypes, rtol, atol, id=()):
    if (rtol is None) ^ (atol is None):
        # Both or neither: atol=0.0 alone would still let rtol's default pass values.
        raise _ErrorMeta(ValueError, "Both 'rtol' and 'atol' must be either specified or omitted, "
                                     f"but got no {'rtol' if rtol is None else 'atol'}.", id=id)
    if rtol is not None:
        return rtol, atol
    return _default_tolerances(*dtypes)


def _make_mismatch_msg(*, default_identifier, identifier=None, extra=None, abs_diff, abs_diff_idx=None, atol,
                       rel_diff, rel_diff_idx=None, rtol):
    equality = rtol == 0 and atol == 0

    def make_diff_msg(*, type, diff, idx, tol):
        if idx is None:
            msg = f"{type.title()} difference: {diff}"
        else:
            msg = f"Greatest {type} difference: {diff} at index {idx}"
        if not equality:
            msg += f" (up to {tol} allowed)"
        return msg + "\n"

    if identifier is None:
        identifier = default_identifier
    elif callable(identifier):
        identifier = identifier(default_identifier)
    msg = f"{identifier} are not {'equal' if equality else 'close'}!\n\n"
    if extra:
        msg += f"{extra.strip()}\n"
    msg += make_diff_msg(type="absolute", diff=abs_diff, idx=abs_diff_idx, tol=atol)
    msg += make_diff_msg(type="relative", diff=rel_diff, idx=rel_diff_idx, tol=rtol)
    return msg.strip()


def _make_scalar_mismatch_msg(actual, expected, *, rtol, atol):
    abs_diff = abs(actual - expected)
    rel_diff = float("inf") if expected == 0 else abs_diff / abs(expected)
    return _make_mismatch_msg(default_identifier="Scalars", extra=f"Expected {expected} but got {actual}.",
                              abs_diff=abs_diff, atol=atol, rel_diff=rel_diff, rtol=rtol)


def _make_tensor_mismatch_msg(actual, expected, matches, *, rtol, atol):
    def unravel_flat_index(flat_index):
        if not matches.shape:
            return ()
        inverse_index = []
        for size in matches.shape[::-1]:
            flat_index, mod = divmod(flat_index, size)
            inverse_index.append(mod)
        return tuple(inverse_index[::-1])

    number_of_elements = matches.numel()
    total_mismatches = number_of_elements - int(torch.sum(matches))
    extra = (f"Mismatched elements: {total_mismatches} / {number_of_elements} "
             f"({total_mismatches / number_of_elements:.1%})")
    actual_flat, expected_flat, matches_flat = actual.flatten(), expected.flatten(), matches.flatten()
    if not actual.dtype.is_floating_point and not actual.dtype.is_complex:
        # Integers are widened so that the difference cannot overflow.
        actual_flat, expected_flat = actual_flat.to(torch.int64), expected_flat.to(torch.int64)
    abs_diff = torch.abs(actual_flat - expected_flat)
    abs_diff[matches_flat] = 0  # only mismatches count for the greatest difference
    max_abs_diff, max_abs_diff_flat_idx = torch.max(abs_diff, 0)
    rel_diff = abs_diff / torch.abs(expected_flat)
    rel_diff[matches_flat] = 0
    max_rel_diff, max_rel_diff_flat_idx = torch.max(rel_diff, 0)
    return _make_mismatch_msg(default_identifier="Tensor-likes", extra=extra, abs_diff=max_abs_diff.item(),
                              abs_diff_idx=unravel_flat_index(int(max_abs_diff_flat_idx)), atol=atol,
                              rel_diff=max_rel_diff.item(),
                              rel_diff_idx=unravel_flat_index(int(max_rel_diff_flat_idx)), rtol=rtol)


class _Pair:
    def __init__(self, actual, expected, *, id=(), **unused_options):
        self.actual, self.expected, self.id = actual, expected, id

    def _fail(self, type, msg):
        raise _ErrorMeta(type, msg, id=self.id)


class _NonePair(_Pair):
    def __init__(self, actual, expected, **options):
        if not (actual is None or expected is None):
            raise _UnsupportedInputs
        super().__init__(actual, expected, **options)

    def compare(self):
        if not (self.actual is None and self.expected is None):
            self._fail(AssertionError, f"None mismatch: {self.actual} is not {self.expected}")


class _BooleanPair(_Pair):
    def __init__(self, actual, expected, **options):
        if not (isinstance(actual, bool) and isinstance(expected, bool)):
            raise _UnsupportedInputs
        super().__init__(actual, expected, **options)

    def compare(self):
        if self.actual is not self.expected:
            self._fail(AssertionError, f"Booleans mismatch: {self.actual} is not {self.expected}")


class _NumberPair(_Pair):
    _TYPE_TO_DTYPE = {int: torch.int64, float: torch.float64, complex: torch.float64}

    def __init__(self, actual, expected, *, id=(), rtol=None, atol=None, equal_nan=False, check_dtype=False,
                 **options):
        if not all(isinstance(x, (int, float, complex)) for x in (actual, expected)):
            raise _UnsupportedInputs
        super().__init__(actual, expected, id=id)
        self.rtol, self.atol = _get_tolerances(*[self._TYPE_TO_DTYPE[type(x)] for x in (actual, expected)],
                                               rtol=rtol, atol=atol, id=id)
        self.equal_nan = equal_nan
        self.check_dtype = check_dtype

    def compare(self):
        if self.check_dtype and type(self.actual) is not type(self.expected):
            self._fail(AssertionError, f"The (d)types do not match: {type(self.actual)} != {type(self.expected)}.")
        if self.actual == self.expected:
            return
        if self.equal_nan and cmath.isnan(self.actual) and cmath.isnan(self.expected):
            return
        abs_diff = abs(self.actual - self.expected)
        tolerance = self.atol + self.rtol * abs(self.expected)
        if cmath.isfinite(abs_diff) and abs_diff <= tolerance:
            return
        self._fail(AssertionError, _make_scalar_mismatch_msg(self.actual, self.expected, rtol=self.rtol,
                                                             atol=self.atol))


class _TensorLikePair(_Pair):
    def __init__(self, actual, expected, *, id=(), allow_subclasses=True, rtol=None, atol=None, equal_nan=False,
                 check_device=True, check_dtype=True, check_layout=True, check_stride=False, **options):
        directly_related = isinstance(actual, type(expected)) or isinstance(expected, type(actual))
        if not directly_related or (not allow_subclasses and type(actual) is not type(expected)):
            raise _UnsupportedInputs
        actual, expected = (self._to_tensor(x) for x in (actual, expected))
        super().__init__(actual, expected, id=id)
        self.rtol, self.atol = _get_tolerances(actual.dtype, expected.dtype, rtol=rtol, atol=atol, id=id)
        self.equal_nan = equal_nan
        self.check_device, self.check_dtype, self.check_stride = check_device, check_dtype, check_stride

    @staticmethod
    def _to_tensor(tensor_like):
        if isinstance(tensor_like, torch.Tensor):
            return tensor_like
        try:
            return torch.as_tensor(tensor_like)
        except Exception:
            raise _UnsupportedInputs from None

    def compare(self):
        actual, expected = self.actual, self.expected
        self._compare_attributes(actual, expected)
        if any(x.device.type == "meta" for x in (actual, expected)):
            return
        if actual.device != expected.device:
            actual, expected = actual.cpu(), expected.cpu()
        if actual.dtype != expected.dtype:
            dtype = torch.promote_types(actual.dtype, expected.dtype)
            actual, expected = actual.to(dtype), expected.to(dtype)
        self._compare_values(actual, expected)

    def _compare_attributes(self, actual, expected):
        def mismatch(attribute_name, actual_value, expected_value):
            self._fail(AssertionError, f"The values for attribute '{attribute_name}' do not match: "
                                       f"{actual_value} != {expected_value}.")

        if actual.shape != expected.shape:
            mismatch("shape", actual.shape, expected.shape)
        if self.check_stride and actual.stride() != expected.stride():
            mismatch("stride()", actual.stride(), expected.stride())
        if self.check_device and actual.device != expected.device:
            mismatch("device", actual.device, expected.device)
        if self.check_dtype and actual.dtype != expected.dtype:
            mismatch("dtype", actual.dtype, expected.dtype)

    def _compare_values(self, actual, expected):
        matches = torch.isclose(actual, expected, rtol=self.rtol, atol=self.atol, equal_nan=self.equal_nan)
        if torch.all(matches):
            return
        if actual.shape == torch.Size([]):
            msg = _make_scalar_mismatch_msg(actual.item(), expected.item(), rtol=self.rtol, atol=self.atol)
        else:
            msg = _make_tensor_mismatch_msg(actual, expected, matches, rtol=self.rtol, atol=self.atol)
        self._fail(AssertionError, msg)


_PAIR_TYPES = (_NonePair, _BooleanPair, _NumberPair, _TensorLikePair)


def _is_sequence(x):
    return isinstance(x, collections.abc.Sequence) and not isinstance(x, str)


def _originate_pairs(actual, expected, *, id=(), **options):
    if _is_sequence(actual) and _is_sequence(expected):
        if len(actual) != len(expected):
            raise _ErrorMeta(AssertionError,
                             f"The length of the sequences mismatch: {len(actual)} != {len(expected)}", id=id)
        pairs = []
        for idx in range(len(actual)):
            pairs.extend(_originate_pairs(actual[idx], expected[idx], id=(*id, idx), **options))
        return pairs
    if isinstance(actual, collections.abc.Mapping) and isinstance(expected, collections.abc.Mapping):
        actual_keys, expected_keys = set(actual.keys()), set(expected.keys())
        if actual_keys != expected_keys:
            raise _ErrorMeta(AssertionError,
                             "The keys of the mappings do not match:\n"
                             f"Missing keys in the actual mapping: {sorted(expected_keys - actual_keys)}\n"
                             f"Additional keys in the actual mapping: {sorted(actual_keys - expected_keys)}", id=id)
        keys = actual_keys
        try:
            keys = sorted(keys)
        except Exception:
            pass
        pairs = []
        for key in keys:
            pairs.extend(_originate_pairs(actual[key], expected[key], id=(*id, key), **options))
        return pairs
    for pair_type in _PAIR_TYPES:
        try:
            return [pair_type(actual, expected, id=id, **options)]
        except _UnsupportedInputs:
            continue
    raise _ErrorMeta(TypeError,
                     f"No comparison pair was able to handle inputs of type {type(actual)} and {type(expected)}.",
                     id=id)


def assert_close(actual, expected, *, allow_subclasses=True, rtol=None, atol=None, equal_nan=False,
                 check_device=True, check_dtype=True, check_layout=True, check_stride=False, msg=None):
    try:
        pairs = _originate_pairs(actual, expected, allow_subclasses=allow_subclasses, rtol=rtol, atol=atol,
                                 equal_nan=equal_nan, check_device=check_device, check_dtype=check_dtype,
                                 check_layout=check_layout, check_stride=check_stride)
    except _ErrorMeta as error_meta:
        raise error_meta.to_error() from None
    for pair in pairs:
        try:
            pair.compare()
        except _ErrorMeta as error_meta:
            raise error_meta.to_error(msg) from None
