// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// The compiled library (CMake option KOKKOSTILE_ENABLE_ETI, explicit template instantiation): it
// holds each algorithm's dispatch function (<Algo>_Dispatch.hpp) for every execution space Kokkos
// enables, on that space's own memory space, for the value types the algorithm's <Algo>_Eti.hpp
// names. Every user of such a library compiles with KOKKOSTILE_ETI defined (KokkosTile::kokkostile
// carries it), so that the <Algo>_Eti.hpp headers declare those instantiations extern and a call
// of those types compiles no kernel in the user's file. Any other type, execution space or memory
// space is instantiated where it is called, as in a header-only build.

#include <Kokkos_Core.hpp>

// KOKKOSTILE_ETI_FOR_EACH_SPACE(M, T) expands M(Space, T) for every enabled execution space.
#ifdef KOKKOS_ENABLE_SERIAL
#define KOKKOSTILE_ETI_SERIAL_(M, T) M(Kokkos::Serial, T)
#else
#define KOKKOSTILE_ETI_SERIAL_(M, T)
#endif
#ifdef KOKKOS_ENABLE_OPENMP
#define KOKKOSTILE_ETI_OPENMP_(M, T) M(Kokkos::OpenMP, T)
#else
#define KOKKOSTILE_ETI_OPENMP_(M, T)
#endif
#ifdef KOKKOS_ENABLE_THREADS
#define KOKKOSTILE_ETI_THREADS_(M, T) M(Kokkos::Threads, T)
#else
#define KOKKOSTILE_ETI_THREADS_(M, T)
#endif
#ifdef KOKKOS_ENABLE_CUDA
#define KOKKOSTILE_ETI_CUDA_(M, T) M(Kokkos::Cuda, T)
#else
#define KOKKOSTILE_ETI_CUDA_(M, T)
#endif
#define KOKKOSTILE_ETI_FOR_EACH_SPACE(M, T) \
  KOKKOSTILE_ETI_SERIAL_(M, T)              \
  KOKKOSTILE_ETI_OPENMP_(M, T) KOKKOSTILE_ETI_THREADS_(M, T) KOKKOSTILE_ETI_CUDA_(M, T)
