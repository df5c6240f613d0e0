#!/usr/bin/env bash
# Every kernel of numba_001_docs.py as CUDA C++ (numbadev_005_cuda_source.py), compiled by
# NVRTC as the real-GPU path compiles it (C++17, FMA contraction off), and by nvcc with every
# warning an error. Needs no GPU. usage: cuda_source_compiles.sh TENSORPLAY NVCC
set -eu
bin=$(realpath "$1") nvcc=$2
out=$(mktemp -d /tmp/tp-cuda-source.XXXXXX)
trap 'rm -rf "$out"' EXIT
cd "$(dirname "$0")"
TENSORPLAY_SIM_GPUS= "$bin" --sim run numbadev_005_cuda_source.py "$out/kernels.cu" --nvrtc
"$nvcc" -c -std=c++17 -arch=sm_75 --fmad=false -Werror all-warnings "$out/kernels.cu" -o "$out/kernels.o"
echo "compiled: $(grep -c '__global__' "$out/kernels.cu") kernels"
