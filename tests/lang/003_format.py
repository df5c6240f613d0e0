pi = 3.14159265
print(f"{pi:.2f} {pi:8.3f}| {pi:<8.1f}| {pi:^9.2f}| {pi:+.1f} {-pi:.0f}")
print(f"{42:5d}|{42:<5d}|{42:^5}|{42:05d}|{-42:05d}|{42:+d}|{1234567:,}|{1234567.891:,.2f}")
print(f"{255:x} {255:X} {255:#x} {5:b} {8:o} {65:c}")
print(f"{0.000123:e} {123456.789:.3e} {0.5:%} {0.123:.1%}")
print(f"{'left':<10}|{'right':>10}|{'mid':^10}|{'fill':*^10}")
print(f"{1.0:g} {1e-7:g} {123456789.0:g} {0.0001:g} {100.0:.2g}")
print(f"{1.5} {1e20} {1.0:.3} {1234.5:.3} {12:3} {'ab':3}|")
x = 10
name = "loss"
print(f"{x=} {name!r} {name!s} {x*2=}")
loss = 0.123456
print(f"epoch {3}: {name}={loss:.4f}")
w = 8
print(f"{pi:{w}.{2}f}|")
print("{} + {} = {}".format(1, 2, 3), "{0}{1}{0}".format("a", "b"), "{x}-{y}".format(x=1, y=2))
print("{:>6.2f}|{:<4}|{!r}".format(2.5, "ab", "q"), "{0[1]} {1[k]}".format([7, 8], {"k": "v"}))
print(format(3.5, ".3f"), format(42, "08b"), format("s", ">3"), format(7))
print(f"{True} {None} {[1, 2]} {(1,)} {{literal}}")
print(f"{1e16:.2f} {2.5:.0f} {3.5:.0f} {-0.0:.1f} {float('inf'):.2f} {float('nan')}")
print(f"{12345.6789:10.2f}|{-1.5:=+8.2f}|{3:>{w}}|")
