"""The losses' old size_average/reduce arguments, mapped to reduction= as PyTorch does (with
its deprecation UserWarning)."""
import warnings


def legacy_get_string(size_average, reduce, emit_warning=True):
    """'mean', 'sum' or 'none' for the old (size_average, reduce) pair; None means True."""
    if size_average is None:
        size_average = True
    if reduce is None:
        reduce = True
    if size_average and reduce:
        ret = "mean"
    elif reduce:
        ret = "sum"
    else:
        ret = "none"
    if emit_warning:
        warnings.warn(f"size_average and reduce args will be deprecated, please use reduction='{ret}' instead.",
                      stacklevel=2)
    return ret


def reduction_of(size_average, reduce, reduction):
    """reduction, unless one of the old arguments was given."""
    if size_average is not None or reduce is not None:
        return legacy_get_string(size_average, reduce)
    return reduction
