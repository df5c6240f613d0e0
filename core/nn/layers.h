// The builtin layers of torch.nn with their C++ forward: Linear, the activations, Dropout,
// Flatten and Identity (containers are in core/nn/containers.h, included here). Each layer
// keeps its hyperparameters as fields and its tensors in Module's dicts, so a replica whose
// dicts are refilled (DataParallel) computes with the new tensors.
#pragma once

#include <optional>

#include "core/nn/containers.h"
#include "core/nn/module.h"

namespace tp::nn {

// nn.Linear(in, out, bias): y = x W^T + b, W and b initialised as PyTorch's reset_parameters
// (kaiming_uniform_(a=sqrt(5)), bias U(-1/sqrt(in), 1/sqrt(in))). The values are drawn on the
// CPU in `dtype`, then moved to `device`.
class Linear : public Module {
 public:
  Linear(int64_t in_features, int64_t out_features, bool bias = true,
         std::optional<Device> device = std::nullopt, std::optional<DType> dtype = std::nullopt);
  void reset_parameters();
  Tensor weight() const;
  Tensor bias() const;  // undefined when bias=False
  int64_t in_features() const { return in_features_; }
  int64_t out_features() const { return out_features_; }
  Tensor forward(const Tensor& x) override;
  std::string extra_repr() const override;
  std::shared_ptr<Module> clone_empty() const override;

 private:
  int64_t in_features_;
  int64_t out_features_;
};

// nn.ReLU(inplace=False).
class ReLU : public Module {
 public:
  explicit ReLU(bool inplace = false) : Module("ReLU"), inplace_(inplace) {}
  Tensor forward(const Tensor& x) override;
  std::string extra_repr() const override { return inplace_ ? "inplace=True" : ""; }
  std::shared_ptr<Module> clone_empty() const override;

 private:
  bool inplace_;
};

class Sigmoid : public Module {
 public:
  Sigmoid() : Module("Sigmoid") {}
  Tensor forward(const Tensor& x) override;
  std::shared_ptr<Module> clone_empty() const override;
};

class Tanh : public Module {
 public:
  Tanh() : Module("Tanh") {}
  Tensor forward(const Tensor& x) override;
  std::shared_ptr<Module> clone_empty() const override;
};

// nn.Softmax(dim=None); None means PyTorch's legacy implicit dim.
class Softmax : public Module {
 public:
  explicit Softmax(std::optional<int64_t> dim = std::nullopt) : Module("Softmax"), dim_(dim) {}
  Tensor forward(const Tensor& x) override;
  std::string extra_repr() const override;
  std::shared_ptr<Module> clone_empty() const override;

 private:
  std::optional<int64_t> dim_;
};

class LogSoftmax : public Module {
 public:
  explicit LogSoftmax(std::optional<int64_t> dim = std::nullopt) : Module("LogSoftmax"), dim_(dim) {}
  Tensor forward(const Tensor& x) override;
  std::string extra_repr() const override;
  std::shared_ptr<Module> clone_empty() const override;

 private:
  std::optional<int64_t> dim_;
};

// nn.Flatten(start_dim=1, end_dim=-1): keeps the batch dim.
class Flatten : public Module {
 public:
  explicit Flatten(int64_t start_dim = 1, int64_t end_dim = -1)
      : Module("Flatten"), start_dim_(start_dim), end_dim_(end_dim) {}
  Tensor forward(const Tensor& x) override;
  std::string extra_repr() const override;
  std::shared_ptr<Module> clone_empty() const override;

 private:
  int64_t start_dim_;
  int64_t end_dim_;
};

// nn.Dropout(p=0.5, inplace=False): active in training mode, the identity in eval mode.
// Raises ValueError for p outside [0, 1].
class Dropout : public Module {
 public:
  explicit Dropout(double p = 0.5, bool inplace = false);
  double p() const { return p_; }
  Tensor forward(const Tensor& x) override;
  std::string extra_repr() const override;
  std::shared_ptr<Module> clone_empty() const override;

 private:
  double p_;
  bool inplace_;
};

// nn.Identity: returns its input.
class Identity : public Module {
 public:
  Identity() : Module("Identity") {}
  Tensor forward(const Tensor& x) override { return x; }
  std::shared_ptr<Module> clone_empty() const override;
};

}  // namespace tp::nn
