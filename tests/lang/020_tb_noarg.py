def check():
    raise NotImplementedError
print("before")
check()
