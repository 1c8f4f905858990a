// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// KOKKOSTILE_UNROLL before a loop of compile-time trip count asks the device compiler to unroll
// it. Kernels that index small arrays (packets, staged registers, stencil weights) with the loop
// counter need the unrolling: a counter left in a loop turns the array into local memory, and a
// kernel parameter indexed by it into a per-thread copy in local memory. Host compilers get
// nothing (GCC would warn about an unknown pragma); they unroll such loops by themselves.

#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)
#define KOKKOSTILE_UNROLL _Pragma("unroll")
#else
#define KOKKOSTILE_UNROLL
#endif
