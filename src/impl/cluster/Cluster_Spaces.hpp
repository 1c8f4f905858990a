// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Which execution spaces run clusters (KokkosTile_Cluster.hpp): every space compiles every cluster
// call, so that code written for clusters builds on every backend; where they cannot run, the
// launches throw and the queries answer "none".

#include <Kokkos_Core.hpp>

#include "impl/core/Core_BackendTraits.hpp"

namespace KokkosTile {
namespace Impl {

/// Whether clusters and large scratch run on ExecSpace: natively or emulated on Cuda, emulated on
/// the host backends. Other devices (HIP) compile every call: launches throw ResourceError and the
/// queries answer "none". HIP has no clusters; its large scratch (64 KB of LDS on MI300) is a
/// TeamPolicy's level-0 scratch, which these launches could use (TODO: a HIP launch through
/// Kokkos::TeamPolicy with set_scratch_size, compiled and tested where an AMD GPU is available).
template <class ExecSpace>
constexpr bool clusters_run_on() {
  return is_host_backend<ExecSpace>() || Impl::is_cuda<ExecSpace>();
}

template <class ExecSpace>
constexpr void check_cluster_space() {
  static_assert(Kokkos::is_execution_space<ExecSpace>::value,
                "KokkosTile clusters take a Kokkos execution space");
}

}  // namespace Impl
}  // namespace KokkosTile
