// SPDX-FileCopyrightText: 2026 KokkosTile developers
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
#pragma once
// Array reversal through team scratch, the seed's two forms generalised to any length and any
// execution space:
//
//   KokkosTile::reverse(view);                       // run-time-sized scratch chunks
//   KokkosTile::reverse_static<64>(view);            // compile-time-sized scratch chunks
//   KokkosTile::reverse_copy(src, dst);              // out of place; dst at least as long
//
// Each has an overload taking an execution-space instance first; it is asynchronous on that
// instance like any Kokkos parallel_for. Without one, the View's default execution space is used.
// Views may have any layout and stride (subviews included). Kernels are labelled
// "KokkosTile::reverse..." for Kokkos Tools.
//
// On host backends (Serial, OpenMP, Threads) scratch staging only adds a pass through memory, so
// every form runs a plain loop instead: each thread swaps (or copies) one contiguous block of
// mirrored elements (impl/reverse/Reverse_Host.hpp). There the chunk extent (the run-time `chunk`
// argument and reverse_static's ChunkExtent) decides nothing; it is still validated exactly as on
// devices (a chunk beyond INT_MAX, or whose scratch fits no level, throws on every backend), so
// that a call that works on the host works on a device too.
//
// On devices, reverse and reverse_copy of contiguous, 16-byte-aligned Views whose length is a whole
// number of 16-byte packets (pairs of them in place) run a packet kernel instead of scratch chunks
// (impl/reverse/Reverse_Packets.hpp); the chunk extent is validated but decides nothing there
// either. reverse_static always stages its compile-time chunks in scratch; on such Views it moves
// them in packets too. On CUDA devices of compute capability 9.0 and newer that are rich in
// bandwidth (the H200), in-place reversals of such Views move chunks through shared memory with
// bulk copies (impl/reverse/Reverse_BulkChunks.hpp): reverse in chunks of 4 KiB, reverse_static
// in its own chunks where they are 2 to 16 KiB.

#include <Kokkos_Core.hpp>
#include <Kokkos_Profiling_ScopedRegion.hpp>

#include "KokkosTile_Assert.hpp"
#include "KokkosTile_ScratchBudget.hpp"
#include "impl/core/Core_DeviceBandwidth.hpp"
#include "impl/core/Core_LaunchDefaults.hpp"
#include "impl/reverse/Reverse_BulkChunks.hpp"
#include "impl/reverse/Reverse_Packets.hpp"
#include "impl/reverse/Reverse_Team.hpp"
#include "impl/core/Core_ViewChecks.hpp"
#include "impl/reverse/Reverse_Host.hpp"

#include <algorithm>
#include <climits>
#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>

namespace KokkosTile {

/// Elements each team stages per chunk when the caller passes no chunk extent.
inline constexpr std::size_t default_reverse_chunk = 1024;

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

template <std::size_t StaticExtent, class ExecSpace, class ViewType>
void launch_reverse(const std::string& call, const ExecSpace& space, const ViewType& view,
                    std::size_t chunk) {
  check_reversible_view<ExecSpace, ViewType>();
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

}  // namespace Impl

/// Reverses `view` in place on `space`, staging chunks of `chunk` elements (0: a default) in
/// run-time-sized team scratch.
template <class ExecSpace, class ViewType,
          std::enable_if_t<Kokkos::is_execution_space<ExecSpace>::value, int> = 0>
void reverse(const ExecSpace& space, const ViewType& view, std::size_t chunk = 0) {
  const std::string call = "KokkosTile::reverse";
  // A region per call, so that Kokkos Tools see the call around its kernels.
  const Kokkos::Profiling::ScopedRegion region(call);
  Impl::launch_reverse<0>(call, space, view, Impl::checked_chunk(call, chunk));
}

/// Reverses `view` in place on its default execution space.
template <class ViewType, std::enable_if_t<Kokkos::is_view<ViewType>::value, int> = 0>
void reverse(const ViewType& view, std::size_t chunk = 0) {
  reverse(typename ViewType::execution_space{}, view, chunk);
}

/// Reverses `view` in place on `space`, staging chunks of ChunkExtent elements in team scratch
/// whose size is a compile-time constant.
template <std::size_t ChunkExtent, class ExecSpace, class ViewType,
          std::enable_if_t<Kokkos::is_execution_space<ExecSpace>::value, int> = 0>
void reverse_static(const ExecSpace& space, const ViewType& view) {
  static_assert(ChunkExtent > 0 && ChunkExtent <= static_cast<std::size_t>(INT_MAX),
                "KokkosTile::reverse_static: the chunk extent must be in [1, INT_MAX]");
  const std::string call = "KokkosTile::reverse_static";
  const Kokkos::Profiling::ScopedRegion region(call);
  Impl::launch_reverse<ChunkExtent>(call, space, view, ChunkExtent);
}

template <std::size_t ChunkExtent, class ViewType,
          std::enable_if_t<Kokkos::is_view<ViewType>::value, int> = 0>
void reverse_static(const ViewType& view) {
  reverse_static<ChunkExtent>(typename ViewType::execution_space{}, view);
}

/// Writes src reversed into dst on `space`: dst(i) = src(n - 1 - i). The Views must have the same
/// extent and must not overlap (use reverse for in place).
template <class ExecSpace, class SrcView, class DstView,
          std::enable_if_t<Kokkos::is_execution_space<ExecSpace>::value, int> = 0>
void reverse_copy(const ExecSpace& space, const SrcView& src, const DstView& dst,
                  std::size_t chunk = 0) {
  const std::string call = "KokkosTile::reverse_copy";
  const Kokkos::Profiling::ScopedRegion region(call);
  Impl::check_reversible_view<ExecSpace, SrcView>();
  Impl::check_reversible_view<ExecSpace, DstView>();
  static_assert(
      std::is_assignable_v<typename DstView::reference_type, typename SrcView::const_value_type>,
      "KokkosTile::reverse_copy: src elements cannot be assigned to dst elements");
  // Kokkos' rule (Kokkos::Experimental::reverse_copy): dst has at least src's extent, and only
  // its first src.extent(0) elements are written.
  KOKKOSTILE_EXPECT(dst.extent(0) >= src.extent(0), InvalidArgument, call,
                    "src has " << src.extent(0) << " elements but dst only " << dst.extent(0)
                               << "; dst needs at least as many");
  const std::size_t n = src.extent(0);
  if (n == 0)
    return;
  const auto head = Kokkos::subview(dst, Kokkos::pair<std::size_t, std::size_t>(0, n));
  KOKKOSTILE_EXPECT(!Impl::views_overlap(src, head), InvalidArgument, call,
                    "src and dst overlap: they share elements (dst's first "
                        << n
                        << " elements); "
                           "use KokkosTile::reverse to reverse in place");
  chunk = Impl::checked_chunk(call, chunk);

  using chunk_tile =
      Impl::ReverseChunkTile<typename decltype(head)::non_const_value_type, ExecSpace, 0>;
  const ScratchPlacement placement =
      place_team_scratch(call, space, chunk_tile::scratch_bytes(chunk));
  const int league =
      Impl::checked_league_size(call, Impl::ceil_div(static_cast<std::int64_t>(n), chunk));
  if constexpr (Impl::is_host_backend<ExecSpace>()) {
    (void)placement;
    (void)league;
    Impl::host_reverse::reverse_copy(call, space, src, head);
  } else {
    using value_type = typename SrcView::non_const_value_type;
    if constexpr (std::is_same_v<value_type, typename DstView::non_const_value_type>) {
      if (Impl::reverses_in_packets<ExecSpace>(src, 1) &&
          Impl::reverses_in_packets<ExecSpace>(head, 1)) {
        const std::int64_t packets = n / Impl::packet_width<value_type>();
        Kokkos::parallel_for(
            call,
            Kokkos::RangePolicy<ExecSpace, Kokkos::IndexType<std::int64_t>>(space, 0, packets),
            Impl::ReverseCopyPackets<value_type>{src.data(), head.data(), packets});
        return;
      }
    }
    const Kokkos::TeamPolicy<ExecSpace> policy(space, league, Impl::default_team_size<ExecSpace>());
    with_scratch_level(placement, [&](auto level) {
      Kokkos::parallel_for(
          call, with_scratch(policy, placement),
          Impl::ReverseCopy<ExecSpace, SrcView, decltype(head), decltype(level)::value>{
              src, head, static_cast<int>(chunk)});
    });
  }
}

template <class SrcView, class DstView, std::enable_if_t<Kokkos::is_view<SrcView>::value, int> = 0>
void reverse_copy(const SrcView& src, const DstView& dst, std::size_t chunk = 0) {
  reverse_copy(typename DstView::execution_space{}, src, dst, chunk);
}

}  // namespace KokkosTile
