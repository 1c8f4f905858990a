// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// gemm_batched's instantiations in the compiled library (impl/core/Core_Eti.hpp): the dispatch
// for one value type in A, B and C, every enabled execution space, its own memory space, as
// GEMM's (impl/gemm/Gemm_Eti.hpp).

#include "impl/core/Core_Eti.hpp"
#include "impl/gemm_batched/GemmBatched_Dispatch.hpp"

#define KOKKOSTILE_GEMM_BATCHED_VIEW_(T, SPACE) \
  KokkosTile::Impl::GemmBatchedKernelView<T, SPACE::memory_space>
#define KOKKOSTILE_GEMM_BATCHED_ETI_(PREFIX, SPACE, T)                                         \
  PREFIX template void KokkosTile::Impl::gemm_batched_dispatch<                                \
      SPACE, KOKKOSTILE_GEMM_BATCHED_VIEW_(const T, SPACE),                                    \
      KOKKOSTILE_GEMM_BATCHED_VIEW_(const T, SPACE), KOKKOSTILE_GEMM_BATCHED_VIEW_(T, SPACE)>( \
      const std::string&, const SPACE&, bool, bool, bool, bool, T,                             \
      const KOKKOSTILE_GEMM_BATCHED_VIEW_(const T, SPACE)&,                                    \
      const KOKKOSTILE_GEMM_BATCHED_VIEW_(const T, SPACE)&, T,                                 \
      const KOKKOSTILE_GEMM_BATCHED_VIEW_(T, SPACE)&);
#define KOKKOSTILE_GEMM_BATCHED_INSTANTIATE(SPACE, T) KOKKOSTILE_GEMM_BATCHED_ETI_(, SPACE, T)
#define KOKKOSTILE_GEMM_BATCHED_DECLARE_(SPACE, T) KOKKOSTILE_GEMM_BATCHED_ETI_(extern, SPACE, T)

#ifdef KOKKOSTILE_ETI
KOKKOSTILE_ETI_FOR_EACH_SPACE(KOKKOSTILE_GEMM_BATCHED_DECLARE_, float)
KOKKOSTILE_ETI_FOR_EACH_SPACE(KOKKOSTILE_GEMM_BATCHED_DECLARE_, double)
KOKKOSTILE_ETI_FOR_EACH_SPACE(KOKKOSTILE_GEMM_BATCHED_DECLARE_, Kokkos::complex<float>)
KOKKOSTILE_ETI_FOR_EACH_SPACE(KOKKOSTILE_GEMM_BATCHED_DECLARE_, Kokkos::complex<double>)
#endif
