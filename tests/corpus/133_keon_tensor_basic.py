# Source: keon/3-min-pytorch, 03-파이토치로_구현하는_ANN/tensor_basic.py
#   commit a68ea4dcb73f6003b3e2b60244c35c67c85883ce, MIT licence
#!/usr/bin/env python
# coding: utf-8

# # 3.1 텐서와 Autograd
# ## 3.1.1 텐서 다루기 기본:  차원(Rank)과 Shape

import torch

x = torch.tensor([[1,2,3], [4,5,6], [7,8,9]])
print(x)
print("Size:", x.size())
print("Shape:", x.shape)
print("랭크(차원):", x.ndimension())


# 랭크 늘리기
x = torch.unsqueeze(x, 0)
print(x)
print("Size:", x.size())
print("Shape:", x.shape)
print("랭크(차원):", x.ndimension())


# 랭크 줄이기
x = torch.squeeze(x)
print(x)
print("Size:", x.size())
print("Shape:", x.shape) #[3, 3] 2개의 차원에 각 3개의 원소를 가진 텐서
print("랭크(차원):", x.ndimension())


# 랭크의 형태 바꾸기
x = x.view(9)
print(x)
print("Size:", x.size())
print("Shape:", x.shape)
print("랭크(차원):", x.ndimension())


try:
    x = x.view(2,4)
except Exception as e:
    print(e) #에러 출력

