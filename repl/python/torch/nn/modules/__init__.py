"""The module classes of torch.nn, one file per family as in PyTorch."""
from torch.nn.modules.module import Module  # noqa: F401
from torch.nn.modules.container import ModuleDict, ModuleList, ParameterList, Sequential  # noqa: F401
from torch.nn.modules.linear import Identity, Linear  # noqa: F401
from torch.nn.modules.bilinear import Bilinear  # noqa: F401
from torch.nn.modules.parameter_dict import ParameterDict  # noqa: F401
from torch.nn.modules.activation import LogSoftmax, ReLU, Sigmoid, Softmax, Tanh  # noqa: F401
from torch.nn.modules.dropout import Dropout, Dropout1d, Dropout2d  # noqa: F401
from torch.nn.modules.conv import Conv1d, Conv2d  # noqa: F401
from torch.nn.modules.pooling import (  # noqa: F401
    AdaptiveAvgPool1d, AdaptiveAvgPool2d, AdaptiveMaxPool1d, AdaptiveMaxPool2d, AvgPool1d, AvgPool2d, MaxPool1d,
    MaxPool2d,
)
from torch.nn.modules.batchnorm import BatchNorm1d, BatchNorm2d  # noqa: F401
from torch.nn.modules.flatten import Flatten, Unflatten  # noqa: F401
from torch.nn.modules.distance import CosineSimilarity, PairwiseDistance  # noqa: F401
from torch.nn.modules.loss import (  # noqa: F401
    BCELoss, BCEWithLogitsLoss, CrossEntropyLoss, HuberLoss, L1Loss, MSELoss, NLLLoss, SmoothL1Loss,
)
from torch.nn.modules.sparse import Embedding  # noqa: F401
from torch.nn.modules.lazy import LazyModuleMixin  # noqa: F401
from torch.nn.modules.linear import LazyLinear  # noqa: F401
from torch.nn.modules.rnn import GRU, GRUCell, LSTM, LSTMCell, RNN, RNNBase, RNNCell, RNNCellBase  # noqa: F401

__all__ = [
    "Module", "Sequential", "ModuleList", "ModuleDict", "ParameterList", "Identity", "Linear", "ReLU", "Sigmoid",
    "Tanh", "Softmax", "LogSoftmax", "Dropout", "Flatten", "L1Loss", "MSELoss", "NLLLoss", "CrossEntropyLoss",
    "BCELoss", "BCEWithLogitsLoss", "SmoothL1Loss", "HuberLoss",
    "Conv1d", "Conv2d", "MaxPool1d", "MaxPool2d", "AvgPool1d", "AvgPool2d", "AdaptiveAvgPool1d",
    "AdaptiveAvgPool2d", "AdaptiveMaxPool1d", "AdaptiveMaxPool2d", "BatchNorm1d", "BatchNorm2d", "Dropout1d",
    "Dropout2d",
]

from torch.nn.modules.activation import (  # noqa: F401,E402
    CELU, ELU, GELU, Hardtanh, LeakyReLU, LogSigmoid, Mish, ReLU6, SELU, SiLU, Softplus,
)

__all__ += ["SiLU", "GELU", "LeakyReLU", "ELU", "SELU", "CELU", "Softplus", "Hardtanh", "ReLU6", "Mish", "LogSigmoid"]

from torch.nn.modules.activation import (  # noqa: F401,E402
    GLU, Hardshrink, Hardsigmoid, Hardswish, PReLU, RReLU, Softmax2d, Softmin, Softshrink, Softsign, Tanhshrink,
    Threshold,
)
from torch.nn.modules.dropout import AlphaDropout, Dropout3d, FeatureAlphaDropout  # noqa: F401,E402
from torch.nn.modules.loss import (  # noqa: F401,E402
    CosineEmbeddingLoss, CTCLoss, GaussianNLLLoss, HingeEmbeddingLoss, MarginRankingLoss, MultiLabelMarginLoss,
    MultiLabelSoftMarginLoss, MultiMarginLoss, PoissonNLLLoss, SoftMarginLoss, TripletMarginLoss,
    TripletMarginWithDistanceLoss,
)

__all__ += ["Threshold", "Hardshrink", "Softshrink", "Hardswish", "Hardsigmoid", "Tanhshrink", "Softsign", "GLU",
            "PReLU", "RReLU", "Softmin", "Softmax2d", "Dropout3d", "AlphaDropout", "FeatureAlphaDropout",
            "CosineEmbeddingLoss", "MarginRankingLoss", "HingeEmbeddingLoss", "TripletMarginLoss",
            "TripletMarginWithDistanceLoss", "PoissonNLLLoss", "GaussianNLLLoss", "SoftMarginLoss",
            "MultiLabelSoftMarginLoss", "MultiMarginLoss", "MultiLabelMarginLoss", "CTCLoss"]
__all__ += ["Embedding", "LazyModuleMixin", "LazyLinear", "RNNBase", "RNN", "LSTM", "GRU", "RNNCellBase", "RNNCell",
            "LSTMCell", "GRUCell"]
__all__ += ["Unflatten", "CosineSimilarity", "PairwiseDistance"]

from torch.nn.modules.normalization import LayerNorm  # noqa: F401,E402

__all__ += ["LayerNorm"]

from torch.nn.modules.activation import MultiheadAttention  # noqa: F401,E402
from torch.nn.modules.transformer import (  # noqa: F401,E402
    Transformer, TransformerDecoder, TransformerDecoderLayer, TransformerEncoder, TransformerEncoderLayer,
)

__all__ += ["MultiheadAttention", "Transformer", "TransformerEncoder", "TransformerDecoder",
            "TransformerEncoderLayer", "TransformerDecoderLayer"]
from torch.nn.modules.conv import ConvTranspose1d, ConvTranspose2d  # noqa: F401,E402
from torch.nn.modules.normalization import GroupNorm  # noqa: F401,E402
from torch.nn.modules.instancenorm import InstanceNorm1d, InstanceNorm2d  # noqa: F401,E402

__all__ += ["ConvTranspose1d", "ConvTranspose2d", "GroupNorm", "InstanceNorm1d", "InstanceNorm2d"]
from torch.nn.modules.upsampling import Upsample, UpsamplingBilinear2d, UpsamplingNearest2d  # noqa: F401,E402

__all__ += ["Upsample", "UpsamplingNearest2d", "UpsamplingBilinear2d"]
from torch.nn.modules.padding import (  # noqa: F401,E402
    CircularPad1d, CircularPad2d, ConstantPad1d, ConstantPad2d, ReflectionPad1d, ReflectionPad2d, ReplicationPad1d,
    ReplicationPad2d, ZeroPad1d, ZeroPad2d,
)

__all__ += ["ZeroPad1d", "ZeroPad2d", "ConstantPad1d", "ConstantPad2d", "ReflectionPad1d", "ReflectionPad2d",
            "ReplicationPad1d", "ReplicationPad2d", "CircularPad1d", "CircularPad2d"]
from torch.nn.modules.pixelshuffle import PixelShuffle, PixelUnshuffle  # noqa: F401,E402

__all__ += ["PixelShuffle", "PixelUnshuffle"]
from torch.nn.modules.fold import Fold, Unfold  # noqa: F401,E402

__all__ += ["Fold", "Unfold"]
from torch.nn.modules.unpooling import MaxUnpool1d, MaxUnpool2d  # noqa: F401,E402

__all__ += ["MaxUnpool1d", "MaxUnpool2d"]
__all__ += ["Bilinear", "ParameterDict"]
