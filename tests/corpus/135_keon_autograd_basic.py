# Source: keon/3-min-pytorch, 03-파이토치로_구현하는_ANN/autograd_basic.py
#   commit a68ea4dcb73f6003b3e2b60244c35c67c85883ce, MIT licence
#!/usr/bin/env python
# coding: utf-8

import torch


w = torch.tensor(1.0, requires_grad=True)


a = w*3
l = a**2
l.backward()
print(w.grad)
print('l을 w로 미분한 값은 {}'.format(w.grad))

