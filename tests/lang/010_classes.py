class Point:
    dims = 2
    def __init__(self, x, y=0):
        self.x = x
        self.y = y
    def norm2(self):
        return self.x ** 2 + self.y ** 2
    def __repr__(self):
        return f"Point({self.x}, {self.y})"
    def __eq__(self, other):
        return isinstance(other, Point) and self.x == other.x and self.y == other.y
    def __add__(self, other):
        return Point(self.x + other.x, self.y + other.y)
p = Point(3, 4)
print(p, p.norm2(), Point.dims, p.dims, Point(1) + p, p == Point(3, 4), p != Point(0, 0))
print(str(p), [p], type(p).__name__, type(p) is Point, isinstance(p, Point), isinstance(p, (int, Point)))
p.z = 5
print(p.z, hasattr(p, "z"), hasattr(p, "w"), getattr(p, "w", "none"))
setattr(p, "w", 1)
print(p.w, Point.norm2(p))
class Animal:
    sound = "..."
    def __init__(self, name):
        self.name = name
    def speak(self):
        return f"{self.name} says {self.sound}"
class Dog(Animal):
    sound = "woof"
    def __init__(self, name, tricks):
        super().__init__(name)
        self.tricks = tricks
    def speak(self):
        return super().speak() + "!"
class Puppy(Dog):
    def speak(self):
        return super(Puppy, self).speak().upper()
d = Dog("Rex", ["sit"])
print(d.speak(), Puppy("Bit", []).speak(), isinstance(d, Animal), issubclass(Puppy, Animal))
print(Dog.__name__, Dog.__base__.__name__, d.tricks)
class Plain:
    pass
o = Plain()
print(type(o).__name__, o.__class__.__name__)
class Counter:
    instances = 0
    def __init__(self):
        Counter.instances += 1
for _ in range(3):
    Counter()
print(Counter.instances)
