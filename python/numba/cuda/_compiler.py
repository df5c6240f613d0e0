"""The kernel compiler: a @cuda.jit function's Python (its `ast`) to the typed register
program the warp interpreter runs (core/backends/sim/warp_program.h). One pass over the
tree emits instructions; control flow becomes nested regions (IF, LOOP, FUNC) whose lengths
are patched once their bodies are emitted. Variable types are found by compiling again until
no variable's type widens. Typing follows numba's CUDA simulator (numpy scalars: a Python
number beside a float32 stays float32; int / int is float64), which the tests record from.
Device functions are inlined at each call.
"""
import ast
import inspect
import math
import textwrap

import numpy as np
import torch

OP = {name: i for i, name in enumerate(torch._C._numba_ops())}
I64, F64, F32, BOOL = 0, 1, 2, 3
# numpy dtype -> the interpreter's element code (warp_program.h's WElem)
ELEM = {np.dtype(n): i for i, n in enumerate(
    ['float32', 'float64', 'int8', 'int16', 'int32', 'int64', 'uint8', 'uint16', 'uint32', 'uint64', 'bool'])}
SPACE_GLOBAL, SPACE_SHARED, SPACE_LOCAL, SPACE_CONST = 0, 1, 2, 3
ATOMICS = ['add', 'sub', 'max', 'min', 'exch', 'compare_and_swap', 'and_', 'or_', 'xor', 'inc', 'dec']
MATH1 = {'sqrt': 'SQRT', 'exp': 'EXP', 'expm1': 'EXPM1', 'log': 'LOG', 'log2': 'LOG2', 'log10': 'LOG10',
         'log1p': 'LOG1P', 'sin': 'SIN', 'cos': 'COS', 'tan': 'TAN', 'asin': 'ASIN', 'acos': 'ACOS',
         'atan': 'ATAN', 'sinh': 'SINH', 'cosh': 'COSH', 'tanh': 'TANH', 'erf': 'ERF', 'erfc': 'ERFC',
         'fabs': 'ABS'}
MATH2 = {'atan2': 'ATAN2', 'hypot': 'HYPOT', 'copysign': 'COPYSIGN', 'fmod': 'FMOD', 'pow': 'POW'}
BINOPS = {ast.Add: 'ADD', ast.Sub: 'SUB', ast.Mult: 'MUL', ast.Div: 'DIV', ast.FloorDiv: 'FLOORDIV',
          ast.Mod: 'MOD', ast.Pow: 'POW', ast.BitAnd: 'BAND', ast.BitOr: 'BOR', ast.BitXor: 'BXOR',
          ast.LShift: 'SHL', ast.RShift: 'SHR'}
CMPOPS = {ast.Lt: 'LT', ast.LtE: 'LE', ast.Gt: 'GT', ast.GtE: 'GE', ast.Eq: 'EQ', ast.NotEq: 'NE'}


def kind_of_dtype(dtype):
    dtype = np.dtype(dtype)
    if dtype == np.float32:
        return F32
    if dtype.kind == 'f':
        return F64
    if dtype.kind == 'b':
        return BOOL
    return I64


class CompileError(Exception):
    """What the kernel's Python uses that the simulated GPU cannot run."""
    __module__ = 'numba.cuda'


class Reg:
    """A register and its type: kind (I64/F64/F32/BOOL) and whether it is 'weak' (a Python
    number, which adopts the other operand's precision, as numpy scalars do)."""
    def __init__(self, index, kind, weak):
        self.index, self.kind, self.weak = index, kind, weak


class Array:
    def __init__(self, slot, dtype, ndim):
        self.slot, self.dtype, self.ndim = slot, np.dtype(dtype), ndim


class Special:
    """threadIdx/blockIdx/blockDim/gridDim: .x .y .z read a special register."""
    def __init__(self, base):
        self.base = base


SPECIALS = {'threadIdx': 0, 'blockIdx': 3, 'blockDim': 6, 'gridDim': 9}


def category(kind):
    return {BOOL: 0, I64: 1, F32: 2, F64: 2}[kind]


def promote(k1, w1, k2, w2):
    """The result type of a binary operation (numpy 2's rules for scalars)."""
    if k1 == k2:
        return k1, w1 and w2
    if w1 != w2:
        (sk, _), (wk, _) = ((k1, w1), (k2, w2)) if w2 else ((k2, w2), (k1, w1))
        if category(wk) <= category(sk):
            return sk, False
        return (F64 if category(wk) == 2 else I64), False
    cats = sorted([k1, k2], key=category)
    lo, hi = cats
    if category(lo) == category(hi):  # float32 with float64
        return F64, w1 and w2
    if category(hi) == 2 and lo == I64 and not w1:
        return F64, False  # int64 with float32: float64
    return hi, w1 and w2


class FunctionCompiler:
    def __init__(self, fn, kernel_name, program, var_types, kernel):
        self.fn, self.name, self.p, self.var_types, self.kernel = fn, kernel_name, program, var_types, kernel
        self.vars = {}
        self.widened = False
        self.line_offset = fn.__code__.co_firstlineno - 1
        self.env = dict(fn.__globals__)
        if fn.__closure__:
            for name, cell in zip(fn.__code__.co_freevars, fn.__closure__):
                self.env[name] = cell.cell_contents
        self.ret_reg = None
        self.ret_stack = []

    # ---- emission ----
    def emit(self, op, dst=-1, a=-1, b=-1, c=-1, d=-1, e=-1, f=-1, k=0, x=0.0):
        self.p.code.append([OP[op], dst, a, b, c, d, e, f, int(k), float(x), self.line])
        return len(self.p.code) - 1

    def new(self, kind, weak=False):
        self.p.reg_types.append(kind)
        return Reg(len(self.p.reg_types) - 1, kind, weak)

    def const(self, value):
        if isinstance(value, (bool, np.bool_)):
            r = self.new(BOOL, True)
            self.emit('CONST', r.index, k=int(value), x=float(value))
        elif isinstance(value, (int, np.integer)):
            if not -2**63 <= int(value) < 2**63:
                raise self.error(f"the integer {value} does not fit in 64 bits, a GPU register's integers")
            r = self.new(I64, isinstance(value, int))
            self.emit('CONST', r.index, k=int(value), x=float(value))
        elif isinstance(value, (float, np.floating)):
            kind = F32 if isinstance(value, np.float32) else F64
            r = self.new(kind, isinstance(value, float))
            self.emit('CONST', r.index, k=0, x=float(value))
        else:
            raise self.error(f"cannot use a value of type {type(value).__name__} in a kernel")
        return r

    def reg(self, v):
        if isinstance(v, Reg):
            return v
        if isinstance(v, (bool, int, float, np.number, np.bool_)):
            return self.const(v)
        raise self.error(f"cannot use {v!r} as a number in a kernel")

    def convert(self, r, kind, weak=False):
        r = self.reg(r)
        if r.kind == kind:
            return r
        out = self.new(kind, weak)
        self.emit('CVT', out.index, r.index)
        return out

    def error(self, text):
        return CompileError(f"{text} (line {self.line} of kernel '{self.name}')")

    # ---- statements ----
    def compile_body(self, stmts):
        for s in stmts:
            self.stmt(s)

    def stmt(self, s):
        self.line = s.lineno + self.line_offset
        meth = getattr(self, 'stmt_' + type(s).__name__, None)
        if meth is None:
            raise self.error(f"tensorplay's numba.cuda cannot compile a '{type(s).__name__}' statement")
        meth(s)

    def stmt_Pass(self, s):
        pass

    def stmt_Expr(self, s):
        if isinstance(s.value, ast.Constant) and isinstance(s.value.value, str):
            return  # a docstring
        self.expr(s.value)

    def assign_name(self, name, value):
        if isinstance(value, (Reg, bool, int, float, np.number, np.bool_)):
            r = self.reg(value)
            want = self.var_types.get(name)
            if want is None:
                want = (r.kind, r.weak)
            else:
                merged = promote(want[0], want[1], r.kind, r.weak)
                if merged != want and merged[0] != want[0]:
                    self.widened = True
                    want = merged
            self.var_types[name] = want
            var = self.vars.get(name)
            if var is None:
                var = self.vars[name] = self.new(want[0], want[1])
            self.emit('MOV', var.index, self.convert(r, var.kind).index)
        else:
            if isinstance(value, Array) and '#' in self.p.arrays[value.slot]['name']:
                self.p.arrays[value.slot]['name'] = name  # errors and the report name it as the learner does
            self.vars[name] = value  # an array, a tuple, a module: a compile-time name

    def assign(self, target, value):
        if isinstance(target, ast.Name):
            self.assign_name(target.id, value)
        elif isinstance(target, ast.Tuple):
            values = value if isinstance(value, tuple) else None
            if values is None or len(values) != len(target.elts):
                raise self.error("cannot unpack this value")
            for t, v in zip(target.elts, values):
                self.assign(t, v)
        elif isinstance(target, ast.Subscript):
            arr = self.expr(target.value)
            if not isinstance(arr, Array):
                raise self.error("only arrays can be assigned to by index")
            idx = self.indices(arr, target.slice)
            self.emit('STORE', -1, arr.slot, *idx, e=self.reg(value).index)
        else:
            raise self.error(f"cannot assign to a {type(target).__name__}")

    def stmt_Assign(self, s):
        value = self.expr(s.value)
        for t in s.targets:
            self.assign(t, value)

    def stmt_AnnAssign(self, s):
        if s.value is not None:
            self.assign(s.target, self.expr(s.value))

    def stmt_AugAssign(self, s):
        load = ast.copy_location(ast.BinOp(left=_as_load(s.target), op=s.op, right=s.value), s)
        self.assign(s.target, self.expr(load))

    def truth(self, v):
        if isinstance(v, Reg):
            return self.convert(v, BOOL) if v.kind != BOOL else v
        return bool(v)

    def region(self, op, stmts_or_fn, **fields):
        at = self.emit(op, **fields)
        if callable(stmts_or_fn):
            stmts_or_fn()
        else:
            self.compile_body(stmts_or_fn)
        return at, len(self.p.code) - at - 1

    def stmt_If(self, s):
        cond = self.truth(self.expr(s.test))
        if not isinstance(cond, Reg):  # decided when compiling (a closure constant)
            self.compile_body(s.body if cond else s.orelse)
            return
        at = self.emit('IF', a=cond.index)
        self.compile_body(s.body)
        n_then = len(self.p.code) - at - 1
        self.compile_body(s.orelse)
        n_else = len(self.p.code) - at - 1 - n_then
        self.p.code[at][3], self.p.code[at][4] = n_then, n_else

    def loop(self, cond_fn, body, step_fn):
        at = self.emit('LOOP')
        start = len(self.p.code)
        cond = cond_fn()
        n_cond = len(self.p.code) - start
        self.compile_body(body)
        n_body = len(self.p.code) - start - n_cond
        step_fn()
        n_step = len(self.p.code) - start - n_cond - n_body
        self.p.code[at][2:6] = [cond.index, n_cond, n_body, n_step]

    def stmt_While(self, s):
        if s.orelse:
            raise self.error("while ... else is not supported in a kernel")

        def cond():
            c = self.truth(self.expr(s.test))
            return c if isinstance(c, Reg) else self.const(bool(c))
        self.loop(cond, s.body, lambda: None)

    def stmt_For(self, s):
        it = s.iter
        if s.orelse or not (isinstance(it, ast.Call) and isinstance(it.func, ast.Name) and it.func.id == 'range'):
            raise self.error("a kernel's for loop must run over range(...)")
        args = [self.expr(a) for a in it.args]
        if len(args) == 1:
            args = [0] + args
        start, stop = args[0], args[1]
        step = args[2] if len(args) > 2 else 1
        stop_r = self.convert(stop, I64, True) if isinstance(stop, Reg) else stop
        step_r = self.convert(step, I64, True) if isinstance(step, Reg) else step
        if not isinstance(s.target, ast.Name):
            raise self.error("a for loop's variable must be a name")
        name = s.target.id
        self.assign_name(name, self.convert(start, I64, True) if isinstance(start, Reg) else int(start))

        def cond():
            var = self.vars[name]
            if isinstance(step_r, Reg):  # sign known only at run time
                pos = self.binop('GT', step_r, 0)
                lt = self.binop('LT', var, stop_r)
                gt = self.binop('GT', var, stop_r)
                out = self.new(BOOL)
                self.emit('SELECT', out.index, pos.index, lt.index, gt.index)
                return out
            return self.binop('LT' if step_r > 0 else 'GT', var, stop_r)

        def step_fn():
            var = self.vars[name]
            self.emit('MOV', var.index, self.convert(self.binop('ADD', var, step_r), var.kind).index)
        self.loop(cond, s.body, step_fn)

    def stmt_Break(self, s):
        self.emit('BREAK')

    def stmt_Continue(self, s):
        self.emit('CONTINUE')

    def stmt_Return(self, s):
        if not self.ret_stack:  # the kernel itself
            if s.value is not None and not (isinstance(s.value, ast.Constant) and s.value.value is None):
                raise self.error("a kernel cannot return a value")
            self.emit('RETURN')
            return
        frame = self.ret_stack[-1]
        if s.value is not None:
            value = self.expr(s.value)
            values = value if isinstance(value, tuple) else (value,)
            regs = [self.reg(v) for v in values]
            if frame['reg'] is None:
                frame['reg'] = [self.new(r.kind, r.weak) for r in regs]
                frame['tuple'] = isinstance(value, tuple)
            if len(frame['reg']) != len(regs):
                raise self.error("a device function must return the same number of values at every return")
            for dst, r in zip(frame['reg'], regs):
                self.emit('MOV', dst.index, self.convert(r, dst.kind).index)
        self.emit('RETVAL')

    # ---- expressions ----
    def expr(self, e):
        meth = getattr(self, 'expr_' + type(e).__name__, None)
        if meth is None:
            raise self.error(f"tensorplay's numba.cuda cannot compile a '{type(e).__name__}' expression")
        return meth(e)

    def expr_Constant(self, e):
        return e.value

    def expr_Name(self, e):
        if e.id in self.vars:
            return self.vars[e.id]
        if e.id in self.env:
            return self.env[e.id]
        import builtins
        if hasattr(builtins, e.id):
            return getattr(builtins, e.id)
        raise self.error(f"NameError: name '{e.id}' is not defined")

    def expr_Tuple(self, e):
        return tuple(self.expr(x) for x in e.elts)

    def expr_Attribute(self, e):
        base = self.expr(e.value)
        if isinstance(base, Special):
            axis = 'xyz'.find(e.attr)
            if axis < 0:
                raise self.error(f"no attribute '{e.attr}'")
            r = self.new(I64, True)
            self.emit('SPECIAL', r.index, k=base.base + axis)
            return r
        if isinstance(base, Array):
            if e.attr == 'shape':
                return tuple(self.dim(base, i) for i in range(base.ndim))
            if e.attr == 'size':
                out = self.dim(base, 0)
                for i in range(1, base.ndim):
                    out = self.binop('MUL', out, self.dim(base, i))
                return out
            if e.attr == 'ndim':
                return base.ndim
            if e.attr == 'dtype':
                return base.dtype
            raise self.error(f"arrays in a kernel have no attribute '{e.attr}'")
        from numba import cuda as cuda_module
        if base is cuda_module or getattr(base, '_tensorplay_cuda', False):
            if e.attr in SPECIALS:
                return Special(SPECIALS[e.attr])
            if e.attr in ('laneid', 'warpsize'):
                r = self.new(I64, True)
                self.emit('SPECIAL', r.index, k=12 if e.attr == 'laneid' else 13)
                return r
            return _CudaName(e.attr)
        if isinstance(base, _CudaName):
            return _CudaName(base.name + '.' + e.attr)
        return getattr(base, e.attr)

    def dim(self, arr, i):
        r = self.new(I64, True)
        self.emit('DIM', r.index, arr.slot, k=i)
        return r

    def binop(self, opname, a, b):
        if not isinstance(a, Reg) and not isinstance(b, Reg):
            return _fold(opname, a, b)
        a, b = self.reg(a), self.reg(b)
        if opname in ('LT', 'LE', 'GT', 'GE', 'EQ', 'NE'):
            kind, _ = promote(a.kind, a.weak, b.kind, b.weak)
            out = self.new(BOOL, True)
            self.emit(opname, out.index, self.convert(a, kind).index, self.convert(b, kind).index)
            return out
        kind, weak = promote(a.kind, a.weak, b.kind, b.weak)
        if opname in ('BAND', 'BOR', 'BXOR', 'SHL', 'SHR'):
            if category(kind) == 2:
                raise self.error("bitwise operations need integers")
            if opname in ('SHL', 'SHR') or kind != BOOL:
                kind = I64
        elif kind == BOOL:
            kind = I64
        if opname == 'DIV' and category(kind) < 2:
            kind = F64
        out = self.new(kind, weak)
        self.emit(opname, out.index, self.convert(a, kind).index, self.convert(b, kind).index)
        return out

    def expr_BinOp(self, e):
        op = BINOPS.get(type(e.op))
        if op is None:
            raise self.error(f"the operator {type(e.op).__name__} is not supported in a kernel")
        return self.binop(op, self.expr(e.left), self.expr(e.right))

    def expr_UnaryOp(self, e):
        v = self.expr(e.operand)
        if not isinstance(v, Reg):
            return {ast.USub: lambda x: -x, ast.UAdd: lambda x: +x, ast.Not: lambda x: not x,
                    ast.Invert: lambda x: ~x}[type(e.op)](v)
        if isinstance(e.op, ast.UAdd):
            return v
        if isinstance(e.op, ast.Not):
            out = self.new(BOOL, True)
            self.emit('NOT', out.index, self.truth(v).index)
            return out
        kind = I64 if v.kind == BOOL else v.kind
        out = self.new(kind, v.weak)
        self.emit('NEG' if isinstance(e.op, ast.USub) else 'INV', out.index, self.convert(v, kind).index)
        return out

    def expr_Compare(self, e):
        left = self.expr(e.left)
        result = None
        for op, right_e in zip(e.ops, e.comparators):
            right = self.expr(right_e)
            name = CMPOPS.get(type(op))
            if name is None:
                raise self.error(f"the comparison {type(op).__name__} is not supported in a kernel")
            c = self.binop(name, left, right)
            result = c if result is None else self.binop('BAND', self.truth(result), self.truth(c))
            left = right
        return result

    def short_circuit(self, values, is_and):
        first = self.truth(self.expr(values[0]))
        if len(values) == 1:
            return first
        if not isinstance(first, Reg):
            if first != is_and:
                return first
            return self.short_circuit(values[1:], is_and)
        out = self.new(BOOL, True)
        self.emit('MOV', out.index, first.index)
        at = self.emit('IF', a=out.index)

        def rest():
            r = self.reg(self.short_circuit(values[1:], is_and))
            self.emit('MOV', out.index, self.convert(r, BOOL).index)
        if is_and:
            rest()
            self.p.code[at][3], self.p.code[at][4] = len(self.p.code) - at - 1, 0
        else:
            start = len(self.p.code)
            rest()
            self.p.code[at][3], self.p.code[at][4] = 0, len(self.p.code) - start
        return out

    def expr_BoolOp(self, e):
        return self.short_circuit(e.values, isinstance(e.op, ast.And))

    def expr_IfExp(self, e):
        cond = self.truth(self.expr(e.test))
        if not isinstance(cond, Reg):
            return self.expr(e.body if cond else e.orelse)
        at = self.emit('IF', a=cond.index)
        v1 = self.reg(self.expr(e.body))
        then_end = len(self.p.code)
        v2 = self.reg(self.expr(e.orelse))
        kind, weak = promote(v1.kind, v1.weak, v2.kind, v2.weak)
        out = self.new(kind, weak)
        self.emit('MOV', out.index, self.convert(v2, kind).index)
        else_code = self.p.code[then_end:]
        del self.p.code[then_end:]
        self.emit('MOV', out.index, self.convert(v1, kind).index)
        n_then = len(self.p.code) - at - 1
        self.p.code.extend(else_code)
        self.p.code[at][3], self.p.code[at][4] = n_then, len(else_code)
        return out

    def indices(self, arr, node):
        items = node.elts if isinstance(node, ast.Tuple) else [node]
        if any(isinstance(i, ast.Slice) for i in items):
            raise self.error("slicing an array is not supported in a kernel; index one element")
        vals = []
        for i in items:
            v = self.expr(i)
            vals.extend(v if isinstance(v, tuple) else [v])
        if len(vals) != arr.ndim:
            raise self.error(f"a {arr.ndim}-D array takes {arr.ndim} {'index' if arr.ndim == 1 else 'indices'}, "
                             f"got {len(vals)}")
        regs = []
        for v in vals:
            r = self.reg(v)
            if category(r.kind) == 2:
                raise self.error("an array index must be an integer, not a float")
            regs.append(self.convert(r, I64).index)
        return regs + [-1] * (3 - len(regs))

    def expr_Subscript(self, e):
        base = self.expr(e.value)
        if isinstance(base, Array):
            idx = self.indices(base, e.slice)
            out = self.new(kind_of_dtype(base.dtype), False)
            self.emit('LOAD', out.index, base.slot, *idx)
            return out
        if isinstance(base, tuple):
            i = self.expr(e.slice)
            if isinstance(i, Reg):
                raise self.error("a tuple's index must be a constant")
            return base[i]
        raise self.error("only arrays and tuples can be indexed in a kernel")

    # ---- calls ----
    def expr_Call(self, e):
        fn = self.expr(e.func)
        args = [self.expr(a) for a in e.args]
        kwargs = {k.arg: self.expr(k.value) for k in e.keywords}
        from numba.cuda._dispatcher import Dispatcher
        if isinstance(fn, Dispatcher):
            return self.inline(fn, args)
        if isinstance(fn, _CudaName):
            return self.cuda_call(fn.name, args, kwargs)
        if fn is math.floor or fn is math.ceil or fn is math.trunc:
            return self.unary({math.floor: 'FLOOR', math.ceil: 'CEIL', math.trunc: 'TRUNC'}[fn], args[0], I64)
        if fn in (math.isnan, math.isinf):
            return self.unary('ISNAN' if fn is math.isnan else 'ISINF', args[0], BOOL)
        if getattr(fn, '__module__', None) == 'math' and fn.__name__ in MATH1:
            return self.unary(MATH1[fn.__name__], self.convert(args[0], F64, True), F64)
        if getattr(fn, '__module__', None) == 'math' and fn.__name__ in MATH2:
            a, b = self.convert(args[0], F64, True), self.convert(args[1], F64, True)
            out = self.new(F64, True)
            self.emit(MATH2[fn.__name__], out.index, a.index, b.index)
            return out
        if fn in (min, max):
            vals = args[0] if len(args) == 1 and isinstance(args[0], tuple) else args
            out = vals[0]
            for v in vals[1:]:
                out = self.binop('MIN' if fn is min else 'MAX', out, v)
            return out
        if fn is abs:
            v = self.reg(args[0])
            out = self.new(v.kind, v.weak)
            self.emit('ABS', out.index, v.index)
            return out
        if fn is len:
            if isinstance(args[0], Array):
                return self.dim(args[0], 0)
            return len(args[0])
        if fn in (int, float, bool):
            kind = {int: I64, float: F64, bool: BOOL}[fn]
            return self.convert(args[0], kind, True) if isinstance(args[0], Reg) else fn(args[0])
        from numba import _types
        if isinstance(fn, _types.NumberClass) or (isinstance(fn, type) and issubclass(fn, np.generic)):
            dtype = np.dtype(fn.dtype if isinstance(fn, _types.NumberClass) else fn)
            if isinstance(args[0], Reg):
                return self.convert(args[0], kind_of_dtype(dtype), False)
            return dtype.type(args[0])
        if fn is range:
            raise self.error("range(...) only in a for loop")
        if fn is print:
            return self.print_call(args, kwargs)
        raise self.error(f"cannot call {getattr(fn, '__name__', fn)!r} in a kernel")

    def print_call(self, args, kwargs):
        """print() in a kernel: each thread's line, printed after the launch (as a GPU's
        printf buffer is); the text between the values is known when compiling."""
        sep, end = kwargs.get('sep', ' '), kwargs.get('end', '\n')
        parts, regs = [], []
        for v in args:
            if isinstance(v, Reg):
                if len(regs) == 6:
                    raise self.error("print() in a kernel takes at most 6 values that vary by thread")
                parts.append(('value', v.kind))
                regs.append(v.index)
            elif isinstance(v, (str, int, float, bool, np.number)):
                parts.append(('text', str(v)))
            else:
                raise self.error(f"print() in a kernel cannot show a {type(v).__name__}")
        self.p.prints.append((parts, sep, end))
        regs += [-1] * (6 - len(regs))
        self.emit('PRINT', -1, *regs, k=len(self.p.prints) - 1)
        return None

    def unary(self, op, v, kind):
        v = self.reg(v)
        src = self.convert(v, F64) if op not in ('FLOOR', 'CEIL', 'TRUNC', 'ISNAN', 'ISINF', 'ABS') else v
        if op in ('ISNAN', 'ISINF') and category(v.kind) < 2:
            return False
        out = self.new(kind, True)
        self.emit(op, out.index, src.index)
        return out

    def cuda_call(self, name, args, kw):
        if name == 'grid' or name == 'gridsize':
            n = args[0]
            vals = []
            for axis in range(n):
                t = self.new(I64, True)
                self.emit('SPECIAL', t.index, k=axis)
                bid = self.new(I64, True)
                self.emit('SPECIAL', bid.index, k=3 + axis)
                bdim = self.new(I64, True)
                self.emit('SPECIAL', bdim.index, k=6 + axis)
                gdim = self.new(I64, True)
                self.emit('SPECIAL', gdim.index, k=9 + axis)
                if name == 'grid':
                    vals.append(self.binop('ADD', self.binop('MUL', bid, bdim), t))
                else:
                    vals.append(self.binop('MUL', bdim, gdim))
            return vals[0] if n == 1 else tuple(vals)
        if name in ('shared.array', 'local.array'):
            shape = args[0] if args else kw['shape']
            dtype = args[1] if len(args) > 1 else kw['dtype']
            shape = shape if isinstance(shape, tuple) else (shape,)
            if any(isinstance(s, Reg) for s in shape):
                raise self.error(f"cuda.{name}'s shape must be a constant (a number known when compiling)")
            dtype = np.dtype(dtype.dtype if hasattr(dtype, 'dtype') and not isinstance(dtype, np.dtype) else dtype)
            dynamic = name == 'shared.array' and shape == (0,)
            return self.declare(name.split('.')[0], dtype, shape, dynamic)
        if name == 'const.array_like':
            return self.kernel._const_array(self, args[0])
        if name.startswith('syncthreads'):
            kinds = {'syncthreads': 0, 'syncthreads_count': 1, 'syncthreads_and': 2, 'syncthreads_or': 3}
            k = kinds[name]
            if k == 0:
                self.emit('SYNC', k=0)
                return None
            out = self.new(I64, True)
            self.emit('SYNC', out.index, self.truth(self.reg(args[0])).index, k=k)
            return out
        if name == 'syncwarp':
            self.emit('SYNCWARP')
            return None
        if name.startswith('threadfence'):
            self.emit('FENCE')
            return None
        if name.startswith('atomic.'):
            op = name.split('.', 1)[1]
            if op not in ATOMICS:
                raise self.error(f"cuda.atomic has no function '{op}'")
            arr = args[0]
            if op == 'compare_and_swap':
                idx_vals, cmp, val = (0,), args[1], args[2]
            elif op in ('cas',):
                idx_vals, cmp, val = args[1], args[2], args[3]
            else:
                idx_vals, cmp, val = args[1], None, args[2]
            idx_vals = idx_vals if isinstance(idx_vals, tuple) else (idx_vals,)
            idx = [self.convert(v, I64).index for v in idx_vals] + [-1] * (3 - len(idx_vals))
            out = self.new(kind_of_dtype(arr.dtype), False)
            self.emit('ATOMIC', out.index, arr.slot, *idx, e=self.reg(val).index,
                      f=self.reg(cmp).index if cmp is not None else -1, k=ATOMICS.index(op))
            return out
        if name in ('shfl_sync', 'shfl_up_sync', 'shfl_down_sync', 'shfl_xor_sync'):
            mode = ['shfl_sync', 'shfl_up_sync', 'shfl_down_sync', 'shfl_xor_sync'].index(name)
            mask, val, lane = self.reg(args[0]), self.reg(args[1]), self.convert(args[2], I64)
            out = self.new(val.kind, val.weak)
            self.emit('SHFL', out.index, val.index, lane.index, -1, e=mask.index, k=mode)
            return out
        if name == 'ballot_sync':
            out = self.new(I64, True)
            self.emit('BALLOT', out.index, self.truth(self.reg(args[1])).index, e=self.reg(args[0]).index)
            return out
        if name == 'activemask':
            out = self.new(I64, True)
            self.emit('ACTIVEMASK', out.index)
            return out
        if name == 'fma':
            return self.binop('ADD', self.binop('MUL', args[0], args[1]), args[2])
        raise self.error(f"cuda.{name}(...) is not supported in a kernel on the simulated GPU")

    def declare(self, space, dtype, shape, dynamic):
        self.p.arrays.append({'name': f"{space}.array#{len(self.p.arrays)}", 'space':
                              SPACE_SHARED if space == 'shared' else SPACE_LOCAL,
                              'elem': ELEM[dtype], 'shape': list(shape), 'strides': _c_strides(shape, dtype.itemsize),
                              'data': 0, 'dynamic': dynamic})
        return Array(len(self.p.arrays) - 1, dtype, len(shape))

    def inline(self, disp, args):
        fn = disp.py_func
        if any(f is fn for f in getattr(self, 'inline_stack', [])):
            raise self.error(f"device function '{fn.__name__}' calls itself; recursion is not supported")
        sub = FunctionCompiler(fn, self.name, self.p, self.var_types.setdefault(('fn', fn.__name__), {}), self.kernel)
        sub.inline_stack = getattr(self, 'inline_stack', []) + [fn]
        sub.line = self.line
        tree = _function_ast(fn)
        params = [a.arg for a in tree.args.args]
        if len(params) != len(args):
            raise self.error(f"{fn.__name__}() takes {len(params)} arguments but {len(args)} were given")
        frame = {'reg': None, 'tuple': False}
        sub.ret_stack.append(frame)
        at = self.emit('FUNC')
        for name, value in zip(params, args):
            sub.assign_name(name, value)
        sub.compile_body(tree.body)
        self.p.code[at][3] = len(self.p.code) - at - 1
        self.widened |= sub.widened
        if frame['reg'] is None:
            return None
        return tuple(frame['reg']) if frame['tuple'] else frame['reg'][0]


class _CudaName:
    """A name under numba.cuda used inside a kernel (cuda.syncthreads, cuda.atomic.add, ...)."""
    def __init__(self, name):
        self.name = name


def _fold(op, a, b):
    import operator
    fns = {'ADD': operator.add, 'SUB': operator.sub, 'MUL': operator.mul, 'DIV': operator.truediv,
           'FLOORDIV': operator.floordiv, 'MOD': operator.mod, 'POW': operator.pow, 'BAND': operator.and_,
           'BOR': operator.or_, 'BXOR': operator.xor, 'SHL': operator.lshift, 'SHR': operator.rshift,
           'LT': operator.lt, 'LE': operator.le, 'GT': operator.gt, 'GE': operator.ge, 'EQ': operator.eq,
           'NE': operator.ne, 'MIN': min, 'MAX': max}
    return fns[op](a, b)


def _as_load(target):
    t = ast.parse(ast.unparse(target), mode='eval').body
    return ast.copy_location(t, target) if hasattr(target, 'lineno') else t


def _c_strides(shape, itemsize):
    strides, acc = [], itemsize
    for s in reversed(shape):
        strides.insert(0, acc)
        acc *= s
    return strides


def source_lines(fn):
    """The kernel's source lines and the file line of the first (its first decorator's, the
    line co_firstlineno names): from its file, or from what the prompt or -c ran (inputs there
    share one name, "<stdin>", so what linecache holds under it may be a later input's)."""
    try:
        lines, first = inspect.getsourcelines(fn)
        if _defines(lines, fn.__name__):
            return lines, first
    except (OSError, TypeError, SyntaxError):
        pass
    from tensorplay.console import source_lines as unfiled
    found = unfiled(fn.__code__)
    if found is None:
        raise CompileError(f"cannot find the source of kernel '{fn.__name__}': numba.cuda on tensorplay compiles "
                           f"a kernel from its Python source (a script, or code typed at the prompt)") from None
    return found


def _defines(lines, name):
    try:
        tree = ast.parse(textwrap.dedent(''.join(lines)))
    except SyntaxError:
        return False
    return bool(tree.body) and isinstance(tree.body[0], ast.FunctionDef) and tree.body[0].name == name


def _function_ast(fn):
    source = textwrap.dedent(''.join(source_lines(fn)[0]))
    tree = ast.parse(source)
    node = tree.body[0]
    node.decorator_list = []
    return node


class Program:
    def __init__(self, name):
        self.name = name
        self.code = []
        self.reg_types = []
        self.arrays = []
        self.prints = []  # print() formats: ([('text', s) | ('value', kind)], sep, end)


def format_print(fmt, values):
    """One thread's print() line, as numba's simulator prints it (numpy scalars)."""
    parts, sep, end = fmt
    it = iter(values)
    out = []
    for kind, x in parts:
        if kind == 'text':
            out.append(x)
        else:
            v = next(it)
            out.append(str(np.float32(v)) if x == F32 else str(v))
    return sep.join(out) + end


def compile_kernel(kernel, fn, arg_specs):
    """arg_specs: per parameter, an Array spec (dtype, ndim) or a scalar value."""
    tree = _function_ast(fn)
    params = [a.arg for a in tree.args.args]
    if len(params) != len(arg_specs):
        raise TypeError(f"{fn.__name__}() takes {len(params)} positional argument{'s' if len(params) != 1 else ''} "
                        f"but {len(arg_specs)} {'were' if len(arg_specs) != 1 else 'was'} given")
    var_types = {}
    for _ in range(8):
        prog = Program(fn.__name__)
        fc = FunctionCompiler(fn, fn.__name__, prog, var_types, kernel)
        fc.line = fn.__code__.co_firstlineno
        for name, spec in zip(params, arg_specs):
            if isinstance(spec, tuple):
                dtype, ndim = spec
                prog.arrays.append({'name': name, 'space': SPACE_GLOBAL, 'elem': ELEM[np.dtype(dtype)],
                                    'shape': [1] * ndim, 'strides': [0] * ndim, 'data': 0, 'dynamic': False})
                fc.vars[name] = Array(len(prog.arrays) - 1, dtype, ndim)
            else:
                fc.assign_name(name, spec)
        fc.compile_body(tree.body)
        if not fc.widened:
            return prog
    return prog
