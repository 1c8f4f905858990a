// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
// The compiled library's one copy of the host GEMM's x86 micro-kernels
// (impl/gemm/Gemm_HostMicroKernel.hpp declares them extern for every other file of a build with
// the library). Empty where they do not exist (nvcc, other architectures).
#define KOKKOSTILE_GEMM_X86_KERNELS_DEFINED_HERE
#include "impl/gemm/Gemm_HostMicroKernel.hpp"

#ifdef KOKKOSTILE_GEMM_HOST_X86
KOKKOSTILE_GEMM_X86_KERNELS_(, float)
KOKKOSTILE_GEMM_X86_KERNELS_(, double)
#endif
