try:
    [1, 2][5]
except IndexError as e:
    print("IndexError:", e, e.args)
try:
    {}["missing"]
except KeyError as e:
    print("KeyError:", e, repr(e), e.args)
try:
    int("abc")
except (TypeError, ValueError) as e:
    print(type(e).__name__, e)
try:
    undefined_name
except NameError as e:
    print(e)
try:
    None.foo
except AttributeError as e:
    print(e)
try:
    1 + "a"
except Exception as e:
    print(type(e).__name__, e)
def risky(n):
    try:
        if n == 0:
            raise ValueError("zero")
        return 10 / n
    except ValueError as e:
        return f"handled {e}"
    else:
        print("no error for", n)
    finally:
        print("finally", n)
print(risky(0), risky(5))
class AppError(Exception):
    pass
class ShapeError(AppError):
    def __init__(self, shape):
        super().__init__(f"bad shape {shape}")
        self.shape = shape
try:
    raise ShapeError((2, 3))
except AppError as e:
    print(type(e).__name__, e, e.shape, isinstance(e, Exception), e.args)
try:
    try:
        raise RuntimeError("inner")
    except RuntimeError:
        print("re-raising")
        raise
except RuntimeError as e:
    print("outer got", e)
try:
    raise ValueError
except ValueError as e:
    print(repr(e), str(e) == "", e.args)
try:
    assert 1 + 1 == 3, "math is broken"
except AssertionError as e:
    print("assert:", e)
for exc in (ZeroDivisionError, KeyError, IndexError, StopIteration, NotImplementedError):
    try:
        raise exc("x")
    except LookupError:
        print(exc.__name__, "is a LookupError")
    except ArithmeticError:
        print(exc.__name__, "is an ArithmeticError")
    except Exception as e:
        print(exc.__name__, "is an Exception:", repr(e))
try:
    1 / 0
except:
    print("bare except")
def f():
    try:
        return "from try"
    finally:
        print("cleanup")
print(f())
print(issubclass(KeyboardInterrupt, Exception), issubclass(KeyboardInterrupt, BaseException))
e = RuntimeError("a", 1)
print(e, repr(e), e.args)
