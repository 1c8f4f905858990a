// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Which kernel a validated reversal runs: reverse_dispatch (in place; reverse and reverse_static)
// and reverse_copy_dispatch take the call on the reversal's kernel Views (Core_KernelViews.hpp:
// contiguous or strided, one type each per element type and memory space) and choose by execution
// space, device, contiguity and alignment. reverse_dispatch<0> and reverse_copy_dispatch are the
// functions per execution space and element type that the compiled library instantiates
// (Reverse_Eti.hpp); reverse_static's chunk is the caller's, so it is compiled where it is called.

#include <Kokkos_Core.hpp>

#include "KokkosTile_Assert.hpp"
#include "KokkosTile_ScratchBudget.hpp"
#include "impl/core/Core_DeviceBandwidth.hpp"
#include "impl/core/Core_KernelViews.hpp"
#include "impl/core/Core_LaunchDefaults.hpp"
#include "impl/core/Core_ViewChecks.hpp"
#include "impl/reverse/Reverse_BulkChunks.hpp"
#include "impl/reverse/Reverse_Host.hpp"
#include "impl/reverse/Reverse_Packets.hpp"
#include "impl/reverse/Reverse_Team.hpp"
#include "impl/reverse/Reverse_Tuning.hpp"

#include <climits>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

namespace KokkosTile {
namespace Impl {

template <class ExecSpace, class ViewType>
constexpr void check_reversible_view() {
  static_assert(Kokkos::is_view<ViewType>::value, "KokkosTile: reversal needs a Kokkos::View");
  static_assert(ViewType::rank() == 1, "KokkosTile: reversal needs a rank-1 View");
  static_assert(Kokkos::SpaceAccessibility<ExecSpace, typename ViewType::memory_space>::accessible,
                "KokkosTile: the execution space cannot access the View's memory space");
}

inline std::size_t checked_chunk(const std::string& call, std::size_t chunk) {
  if (chunk == 0)
    return default_reverse_chunk;
  KOKKOSTILE_EXPECT(chunk <= static_cast<std::size_t>(INT_MAX), InvalidArgument, call,
                    "a chunk of " << chunk << " elements is larger than the limit " << INT_MAX);
  return chunk;
}

/// Reverses `view` (a kernel View) in place, in chunks of `chunk` elements (StaticExtent: the
/// compile-time chunk of reverse_static, else 0); `chunk` is checked_chunk's.
template <std::size_t StaticExtent, class ExecSpace, class ViewType>
void reverse_dispatch(const std::string& call, const ExecSpace& space, const ViewType& view,
                      std::size_t chunk) {
  using chunk_tile =
      ReverseChunkTile<typename ViewType::non_const_value_type, ExecSpace, StaticExtent>;

  const std::size_t bytes = ScratchBudget{}
                                .add_bytes(chunk_tile::scratch_bytes(chunk))
                                .add_bytes(chunk_tile::scratch_bytes(chunk))
                                .bytes();
  const ScratchPlacement placement = place_team_scratch(call, space, bytes);
  const auto extent = static_cast<std::int64_t>(view.extent(0));
  const int league = checked_league_size(call, ceil_div(extent / 2, chunk));
  if constexpr (is_host_backend<ExecSpace>()) {
    // The checks above still ran, so that chunks a device would reject are rejected here too.
    (void)placement;
    (void)league;
    host_reverse::reverse(call, space, view);
  } else {
    if (league == 0)
      return;
    using value_type = typename ViewType::non_const_value_type;
#if defined(KOKKOS_ENABLE_CUDA) && defined(__CUDACC__)
    if constexpr (is_cuda<ExecSpace>()) {
      if (launch_reverse_bulk_chunks<StaticExtent>(call, space, view))
        return;
    }
#endif
    if (StaticExtent == 0 && reverses_in_packets<ExecSpace>(view, 2)) {
      const std::int64_t packets = extent / packet_width<value_type>();
      Kokkos::parallel_for(
          call,
          Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>>(space, 0, packets / 2),
          ReverseInPlacePackets<value_type>{view.data(), packets});
      return;
    }

    const Kokkos::TeamPolicy<ExecSpace> policy(space, league, default_team_size<ExecSpace>());
    if constexpr (std::is_trivially_copyable_v<value_type>) {
      constexpr int V = packet_width<value_type>();
      if (reverses_in_packets<ExecSpace>(view, 2) && chunk % V == 0) {
        const int threads =
            reverse_staged_threads(static_cast<int>(chunk / V), device_bandwidth_rich(call, space));
        const Kokkos::TeamPolicy<ExecSpace> staged(space, league, threads);
        with_scratch_level(placement, [&](auto level) {
          Kokkos::parallel_for(call, with_scratch(staged, placement),
                               ReverseInPlaceStagedPackets<ExecSpace, value_type, StaticExtent,
                                                           decltype(level)::value>{
                                   view.data(), extent, static_cast<int>(chunk)});
        });
        return;
      }
    }
    with_scratch_level(placement, [&](auto level) {
      Kokkos::parallel_for(
          call, with_scratch(policy, placement),
          ReverseInPlace<ExecSpace, ViewType, StaticExtent, decltype(level)::value>{
              view, extent, static_cast<int>(chunk)});
    });
  }
}

/// dst(i) = src(n - 1 - i) for a call KokkosTile::reverse_copy validated: src and dst are kernel
/// Views of the same non-zero extent n that share no element; `chunk` is checked_chunk's.
template <class ExecSpace, class SrcKernel, class DstKernel>
void reverse_copy_dispatch(const std::string& call, const ExecSpace& space, const SrcKernel& src,
                           const DstKernel& dst, std::size_t chunk) {
  const std::size_t n = src.extent(0);
  using chunk_tile = ReverseChunkTile<typename DstKernel::non_const_value_type, ExecSpace, 0>;
  const ScratchPlacement placement =
      place_team_scratch(call, space, chunk_tile::scratch_bytes(chunk));
  const int league = checked_league_size(call, ceil_div(static_cast<std::int64_t>(n), chunk));
  if constexpr (is_host_backend<ExecSpace>()) {
    (void)placement;
    (void)league;
    host_reverse::reverse_copy(call, space, src, dst);
  } else {
    using value_type = typename SrcKernel::non_const_value_type;
    if constexpr (std::is_same_v<value_type, typename DstKernel::non_const_value_type>) {
      if (reverses_in_packets<ExecSpace>(src, 1) && reverses_in_packets<ExecSpace>(dst, 1)) {
        const std::int64_t packets = n / packet_width<value_type>();
        Kokkos::parallel_for(
            call,
            Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>>(space, 0, packets),
            ReverseCopyPackets<value_type>{src.data(), dst.data(), packets});
        return;
      }
    }
    const Kokkos::TeamPolicy<ExecSpace> policy(space, league, default_team_size<ExecSpace>());
    with_scratch_level(placement, [&](auto level) {
      Kokkos::parallel_for(call, with_scratch(policy, placement),
                           ReverseCopy<ExecSpace, SrcKernel, DstKernel, decltype(level)::value>{
                               src, dst, static_cast<int>(chunk)});
    });
  }
}

/// The kernel Views of reverse_copy: both contiguous when both are (LayoutLeft or LayoutRight),
/// else both strided, so that the compiled library's two pairs cover every combination.
template <class SrcView, class DstView>
using reverse_copy_layout_t =
    std::conditional_t<std::is_same_v<kernel_layout_1d_t<SrcView>, Kokkos::LayoutRight> &&
                           std::is_same_v<kernel_layout_1d_t<DstView>, Kokkos::LayoutRight>,
                       Kokkos::LayoutRight, Kokkos::LayoutStride>;

}  // namespace Impl
}  // namespace KokkosTile
